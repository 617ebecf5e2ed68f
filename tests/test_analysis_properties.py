"""Properties of `analyse` on arbitrary and adversarial text (hypothesis).

The reader calls `analyse` on whatever a digest holds, so it must never raise,
must give the same answer every time, must only ever quote the paragraph, and
must stay fast on hostile input: no pattern may backtrack catastrophically on,
say, 20,000 characters of enumeration markers or unmatched backticks.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from digest2notes.model import Verdict
from digest2notes.parsing.analysis import Analysis, analyse, analyse_uncached
from digest2notes.parsing.lexicon import table
from digest2notes.parsing.scanner import scan
from digest2notes.parsing.text import Para, mask_code_spans, normalise
from tests.test_analysis import VERDICT_PHRASES

# Pieces of real digest paragraphs, plus the characters that stress the parser.
FRAGMENTS = (
    "值得精读", "无需精读", "建议快速阅读", "值得快速浏览", "可跳过", "建议关注：", "重点关注",
    "尤其是", "特别是", "，以及", "值得关注的是", "也值得参考", "可关注的设计点：", "看点有三：",
    "阅读时留意", "可与 #48891 对照阅读，理解", "若生产环境使用", "使用时需明确边界：", "、", "；",
    "，", "。", "：", "——", "1) ", "2) ", "3) ", "(1) ", "（2）", "a) ", "b) ", "①", "②", "③",
    "一是", "二是", "其一，", "其二，", "第一，", "第二，", "First, ", "Second, ", "Finally, ",
    "Worth a close read", "Skim", "Skip", "skipped", "should_skip_weight", "Watch for: ",
    "Pay attention to ", "Focus on ", " and ", " or ", ", ", "; ", ". ", " is worth studying",
    "If you run X", "Note that ", "约 5 分钟", "（约 5 分钟）", "about 5 minutes", "~10 min read",
    "运行 5 分钟的压测", "timeout after 5 minutes", "#49013", "PR#12", "&#123;", "owner/repo#7",
    "https://github.com/o/r/pull/9", "（", "）", "(", ")", "「", "」", "“", "”", "'", '"', "`",
    "``", "`code`", "的", "调度器", "the cache", "\n", "\n- ", "\n1. ", " ", "\u3000", "\t",
    "\r\n", "e.g. ", "\ue000", "İ", "ß", "ﬁ", "K",
)
sample_like = st.lists(
    st.sampled_from(FRAGMENTS) | st.text(max_size=4), max_size=40
).map("".join)
any_text = st.text(max_size=300) | sample_like
verdicts = st.sampled_from([v for v in Verdict if v is not Verdict.UNKNOWN])  # as the config allows
extra_phrases = st.dictionaries(
    st.text(max_size=8) | st.sampled_from([p for p, _ in VERDICT_PHRASES[:40]]),
    verdicts,
    max_size=4,
)
_EDGE = " \t\r\n\u3000\u00a0。；;，,.：:、"


def _check(text: str, result: Analysis) -> None:
    assert isinstance(result.verdict, Verdict)
    assert (result.verdict is Verdict.UNKNOWN) == (result.verdict_text is None)
    if result.verdict_text is not None:
        assert result.verdict_text in text
    assert result.minutes is None or 0 < result.minutes <= 24 * 60
    assert len(set(result.focus_points)) == len(result.focus_points)
    for point in result.focus_points:
        assert point and point in text
        assert point[0] not in _EDGE and point[-1] not in _EDGE
    assert len(set(result.references)) == len(result.references)
    for ref in result.references:
        number = ref.rsplit("#", 1)[1]
        assert number.isdigit() and number in text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_text)
def test_analyse_never_raises_and_only_quotes_the_text(text: str) -> None:
    _check(text, analyse_uncached(text))


@settings(max_examples=200, deadline=None)
@given(any_text)
def test_analyse_is_deterministic_and_the_memo_changes_nothing(text: str) -> None:
    first = analyse_uncached(text)
    assert analyse_uncached(text) == first
    assert analyse(text) == first
    assert analyse(text) == first


@settings(max_examples=60, deadline=None)  # each new set of extras compiles a matcher
@given(any_text, extra_phrases)
def test_arbitrary_extra_phrases_never_break_the_analysis(
    text: str, extra: dict[str, Verdict]
) -> None:
    result = analyse(text, extra)
    _check(text, result)
    assert analyse_uncached(text, extra) == result


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(VERDICT_PHRASES), st.text(alphabet=st.characters(blacklist_characters="`"),
                                                  max_size=30))
def test_phrases_inside_inline_code_never_count(
    row: tuple[str, Verdict], filler: str
) -> None:
    phrase, _ = row
    text = f"`{phrase}`{filler}"
    result = analyse_uncached(text, evidence=True)
    assert result.evidence is not None
    rating = result.evidence.verdict.rating
    assert rating is None or rating.start >= len(phrase) + 2


@settings(max_examples=300, deadline=None)
@given(any_text)
def test_the_normalised_paragraph_keeps_every_position(text: str) -> None:
    para = Para.of(text)
    assert len(mask_code_spans(text)) == len(para.norm) == len(normalise(text)) == len(text)
    # Boundaries and brackets are positions of the paragraph, in order.
    for ends in (para.sentence_ends, para.chunk_ends, para.clause_ends):
        assert ends == sorted(ends) and all(0 <= at < len(text) for at in ends)
    assert set(para.sentence_ends) <= set(para.chunk_ends) <= set(para.clause_ends)


@settings(max_examples=200, deadline=None)
@given(sample_like)
def test_every_cue_is_a_word_of_the_lexicon_at_its_place(text: str) -> None:
    """The scanner is sound: cues in order, never overlapping, each a lexicon word."""
    norm = normalise(text)
    found = scan(norm)
    words = table()
    last_end = 0
    for start, end, word in zip(found.starts, found.ends, found.words, strict=True):
        assert last_end <= start < end <= len(norm)
        assert " ".join(norm[start:end].split()) == word and word in words
        last_end = end


# --- adversarial input: linear time ------------------------------------------------------------
_BUDGET = 2.0  # seconds for 20k characters: generous for slow CI; linear code needs ~0.05


def _time(text: str) -> float:
    start = time.process_time()
    result = analyse_uncached(text)
    elapsed = time.process_time() - start
    _check(text, result)
    return elapsed


@pytest.mark.parametrize(
    "unit",
    ["1) ", "①", "、", "；", "，以及 ", "建议关注：", "值得关注的是", "尤其是 ", "（", "(", "“", "'", '"',
     "`", "``` ", "`a", "#1", "a/b#1", "aaaa", "约 5 分钟", "5 minutes ", "First, ", "\n- ",
     "是", "其一，", "一是", "看点", "值得", "a and ", ", ", "Skip ", "无需精读", "read ",
     "若", "the interesting ", "\ue000", "\n", "   ", " - ", "值得看的是", "一刻钟",
     "Pay particular attention to ", "5 min ", "不必", "(i) ", "/ ", "How long? 5 minutes ",
     "5 minutes, then move on, ", "没有（不值得点开）", "Drain test: 14 min, ", "The only part ",
     "Worth reading, but briefly, ", "半小时到四十分钟", "? No, ", "值得精读，测试概览即可，",
     "值得精读其中，"],
)
def test_twenty_thousand_characters_of_one_pattern_stay_fast(unit: str) -> None:
    text = (unit * (20_000 // len(unit) + 1))[:20_000]
    assert _time(text) < _BUDGET


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=4))
def test_long_repetitions_of_fragments_stay_fast(pieces: list[str]) -> None:
    unit = "".join(pieces) or "x"
    text = (unit * (20_000 // len(unit) + 1))[:20_000]
    assert _time(text) < _BUDGET


@settings(max_examples=150, deadline=None)
@given(any_text)
def test_the_explanation_of_any_paragraph_never_raises(text: str) -> None:
    from digest2notes import Entry, Source
    from digest2notes.parsing.explain import explain_entry

    result = analyse_uncached(text)
    entry = Entry(
        id="o/r:000000000000", repo="o/r", title="t", text=text, verdict=result.verdict,
        verdict_text=result.verdict_text, minutes=result.minutes,
        focus_points=result.focus_points, references=result.references,
        sources=(Source("d.txt", 1, "2026-01-01", "option"),),
    )
    lines = explain_entry(entry)
    assert lines[0] == "t" and any(line.startswith("  verdict: ") for line in lines)
