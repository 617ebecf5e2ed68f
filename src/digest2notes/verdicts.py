"""The one table of reading-verdict phrases, and finding the verdict in a paragraph.

Digest writers phrase the same three verdicts in many ways and in two languages,
so the phrases live in one table (`VERDICT_PHRASES`) that the reader's config can
extend. Detection rules, and why:

* the *earliest* phrase in the paragraph wins, because the verdict normally opens
  the paragraph and later sentences quote or discuss reading ("对照阅读") rather
  than judge; at one position the *longest* phrase wins, so a negation such as
  "无需精读" or "No need to read closely" beats the "精读" / "read closely" it
  contains;
* text inside `inline code` never counts (``should_skip_weight`` is not "skip");
* English matches whole words only and ignores case ("skipped" is not "Skip");
* a few short words are verdicts only in verdict position (see `_CLAUSE_INITIAL`
  and `_CLAUSE_FINAL`): "Skip." opens a clause, while "we skip the barrier" or
  "该配置可跳过校验" describe code;
* "无需精读，快速浏览即可" means *skim*: a negated close read followed at once by
  a skim phrase yields to the skim phrase.

All patterns are compiled at import (or once per distinct set of extra phrases),
and they are tries of literals, so matching is linear in the paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .model import Verdict

__all__ = [
    "VERDICT_PHRASES",
    "VerdictHit",
    "coerce_verdict",
    "find_verdict",
    "fold",
    "locate_verdict",
    "mask_code_spans",
    "trie_regex",
]

#: Stands in for every character inside `inline code`, so positions stay valid
#: while code can never look like a verdict, a marker or a separator.
MASK = "\ue000"


def _combine(prefixes: Iterable[str], stems: Iterable[str]) -> list[str]:
    stems = list(stems)
    return [prefix + stem for prefix in prefixes for stem in stems]


# --- Chinese building blocks ------------------------------------------------------------------
_ZH_DEEP_STEMS = (
    "精读", "细读", "通读", "深读", "研读", "细看", "细品", "仔细阅读", "认真阅读", "深入阅读",
    "仔细读", "认真读", "逐行阅读", "逐行读", "完整阅读", "详细阅读", "仔细研读", "认真研读",
    "深入研读", "深入研究", "仔细看", "认真看", "逐行看", "反复阅读", "全文阅读",
)
_ZH_DEEP_PREFIXES = (
    "值得", "建议", "推荐", "强烈推荐", "强烈建议", "非常值得", "十分值得", "很值得", "极其值得",
    "务必", "必须", "一定要", "最好", "可以", "值得认真", "值得仔细", "推荐大家", "建议大家",
)
_ZH_SKIM_STEMS = (
    "快速阅读", "快速浏览", "快速过一遍", "快速看看", "快速看一下", "快速了解", "快读", "速读",
    "略读", "粗读", "泛读", "浏览", "扫读", "扫一眼", "扫一遍", "过一遍", "大致了解", "简单了解",
    "粗略浏览", "粗略阅读", "粗略看看", "简单浏览", "简单看看", "大致浏览", "快速扫一眼",
)
_ZH_SKIM_PREFIXES = (
    "值得", "建议", "推荐", "可以", "可", "只需", "仅需", "只要", "不妨", "适合", "值得花几分钟",
)
_ZH_SKIM_SUFFIXED = (
    "浏览即可", "略读即可", "粗读即可", "速读即可", "快速浏览即可", "快速阅读即可", "扫一眼即可",
    "看一眼即可", "看看即可", "了解即可", "知道即可", "大致了解即可", "过一遍即可", "浏览就行",
    "扫一眼就行", "看看就行", "了解就行", "知道就行", "浏览就好", "了解就好", "看看就好",
    "略读就够了", "浏览就够了", "扫一眼就够了", "了解一下即可", "了解一下就行",
)
_ZH_NEGATIONS = (
    "无需", "无须", "不必", "不用", "不需要", "不需", "没必要", "没有必要", "无必要", "不值得",
    "不建议", "不推荐", "用不着",
)
_ZH_NEGATED_STEMS = (
    *_ZH_DEEP_STEMS, "一读", "阅读", "看", "细究", "深究", "深入", "花时间", "关注", "浏览",
    "花时间阅读",
)
_ZH_SKIP = (
    "可跳过", "可以跳过", "直接跳过", "建议跳过", "跳过即可", "跳过就行", "跳过就好", "可略过",
    "可以略过", "略过即可", "建议略过", "直接略过", "忽略即可", "可直接忽略", "可以直接忽略",
    "可不看", "可以不看", "不看也行", "不看也可以", "不读也行", "可不读", "跳过", "略过",
)

# --- English building blocks ------------------------------------------------------------------
_EN_DEEP = (
    "worth a close read", "worth a careful read", "worth a deep read", "worth a deep dive",
    "worth a thorough read", "worth a full read", "worth a detailed read", "worth reading closely",
    "worth reading carefully", "worth reading in full", "worth reading", "worth a read",
    "worth studying", "worth studying closely", "well worth reading", "well worth a read",
    "must read", "must-read", "a must read", "a must-read", "read closely", "read it closely",
    "read carefully", "read it carefully", "read in full", "read it in full", "read in detail",
    "read thoroughly", "read it thoroughly", "close read", "careful read", "thorough read",
    "deep read", "deep dive", "deep-dive", "recommended for a careful read",
    "recommended for a close read", "recommended for a deep read", "recommended reading",
    "highly recommended", "strongly recommended", "study closely", "study it closely",
    "study carefully", "essential reading", "required reading", "read line by line",
)
_EN_SKIM = (
    "skim", "skim it", "skim this", "skim only", "just skim", "just skim it", "worth a skim",
    "worth skimming", "a skim is enough", "a quick skim", "quick skim", "skim-read", "skim read",
    "skimmable", "quick read", "a quick read", "worth a quick read", "quick look", "a quick look",
    "a quick look is enough", "worth a quick look", "worth a look", "worth a glance",
    "worth a quick glance", "a glance is enough", "glance over it", "glance through it",
    "read quickly", "light read", "light reading", "browse it", "optional read",
    "optional reading", "nice to know", "skim-worthy", "skim through", "skim through it",
)
_EN_SKIP = (
    "skip", "skip it", "skip this", "skip this one", "safe to skip", "you can skip",
    "you can skip it", "feel free to skip", "skippable", "can be skipped", "can safely be skipped",
    "safe to ignore", "can be ignored", "can safely be ignored", "ignore", "ignore it",
    "not worth reading", "not worth a read", "not worth your time", "not worth the time",
    "not even worth a skim", "not worth a skim", "no need to read", "no need to read it",
    "no need to read closely", "no need to read carefully", "no need to read it closely",
    "no need to read in full", "no need for a close read", "no need for a careful read",
    "no need to study", "not a must-read", "not a must read", "don't bother", "do not bother",
    "nothing to see here", "nothing to study", "low priority", "not required reading",
    "doesn't need a close read", "does not need a close read", "needn't be read closely",
)
_EN_NEGATED_DEEP = tuple(
    prefix + phrase
    for prefix in ("not ", "isn't ", "is not ", "not really ", "hardly ")
    for phrase in (
        "worth a close read", "worth a careful read", "worth a deep read", "worth a deep dive",
        "worth reading closely", "worth reading carefully", "worth reading", "worth a read",
        "worth studying", "worth a look",
    )
)


def _build_table() -> tuple[tuple[str, Verdict], ...]:
    """Expand the building blocks into one flat table, first definition of a phrase wins."""
    rows: list[tuple[str, Verdict]] = []
    rows += [(p, Verdict.SKIP) for p in _combine(_ZH_NEGATIONS, _ZH_NEGATED_STEMS)]
    rows += [(p, Verdict.SKIP) for p in _ZH_SKIP]
    rows += [(p, Verdict.DEEP) for p in _combine(_ZH_DEEP_PREFIXES, _ZH_DEEP_STEMS)]
    rows += [(p, Verdict.DEEP) for p in (
        "必读", "必看", "强烈推荐", "精读", "细读", "值得一读", "值得好好读", "值得反复读",
        "值得逐行看", "推荐阅读", "建议阅读", "建议通读全文", "值得深挖", "值得深入研究",
    )]
    rows += [(p, Verdict.SKIM) for p in _combine(_ZH_SKIM_PREFIXES, _ZH_SKIM_STEMS)]
    rows += [(p, Verdict.SKIM) for p in _ZH_SKIM_SUFFIXED]
    rows += [(p, Verdict.SKIM) for p in (
        "略读", "粗读", "速读", "泛读", "值得一看", "可以看看", "可选阅读", "选读", "有空再看",
        "有空可看", "有空看看", "快速浏览", "快速阅读", "扫一眼",
    )]
    rows += [(p, Verdict.SKIP) for p in _EN_NEGATED_DEEP + _EN_SKIP]
    rows += [(p, Verdict.DEEP) for p in _EN_DEEP]
    rows += [(p, Verdict.SKIM) for p in _EN_SKIM]
    seen: set[str] = set()
    table: list[tuple[str, Verdict]] = []
    for phrase, verdict in rows:
        key = _normalise(phrase)
        if key not in seen:
            seen.add(key)
            table.append((phrase, verdict))
    return tuple(table)


def _normalise(phrase: str) -> str:
    """Matching ignores case and treats any run of whitespace as one space."""
    return " ".join(phrase.split()).lower()


#: THE table: every built-in verdict phrase, Chinese and English. Extra phrases
#: from the reader's config are matched together with these (and win on a tie).
VERDICT_PHRASES: tuple[tuple[str, Verdict], ...] = _build_table()

#: Phrases that are verdicts only where a verdict sits: at the start of a clause.
#: As ordinary words they describe code ("we skip the barrier", "精读" in a title).
_CLAUSE_INITIAL = frozenset(
    _normalise(p)
    for p in (
        "skip", "skip it", "skip this", "skip this one", "skim", "skim it", "skim this",
        "skim through", "skim through it", "ignore", "ignore it", "精读", "细读", "必读", "必看",
        "跳过", "略过", "quick look", "close read", "careful read", "deep read", "deep dive",
        "deep-dive", "thorough read", "light read", "强烈推荐",
    )
)
#: Phrases that are verdicts only when nothing follows them in their clause:
#: "可跳过。" judges the entry, "可跳过校验" describes the code.
_CLAUSE_FINAL = frozenset(
    _normalise(p)
    for p in (
        "跳过", "略过", "可跳过", "可以跳过", "直接跳过", "可略过", "可以略过", "直接略过",
        "can be skipped", "can safely be skipped", "can be ignored", "can safely be ignored",
        "safe to skip", "safe to ignore", "可浏览", "可以浏览",
    )
)
#: Words that may follow a clause-final phrase without making it descriptive.
_FINAL_CONTINUATIONS = re.compile(
    r"\s*(?:$|[。．.!?！？；;，,、：:)）」』”’\]】*_~—–\-]|即可|就行|就好|除非|如果|若|"
    r"(?:unless|if|for|except)\b)"
)
#: Nouns after "skip" that make it a technical term rather than a verdict.
_SKIP_NOUNS = re.compile(
    r"\s*[-\s]?(?:connections?|lists?|layers?|grams?|logic|flags?|paths?|checks?|steps?)\b",
    re.IGNORECASE,
)
_CLAUSE_OPENERS = frozenset("。．.!?！？；;：:，,、(（[【「『“\"'*_>#—–-|")
_NEGATED_READING = frozenset(
    _normalise(p)
    for p in (
        _combine(_ZH_NEGATIONS, _ZH_DEEP_STEMS)
        + list(_EN_NEGATED_DEEP)
        + [p for p in _EN_SKIP if p.startswith(("no need", "doesn't need", "does not need"))]
    )
)
_SENTENCE_END = frozenset("。．!?！？\n")
# Phrases `_acceptable` has a rule for; every other phrase is accepted wherever it is.
_POSITIONAL = _CLAUSE_INITIAL | _CLAUSE_FINAL | {"skip"} | frozenset(
    key for key in (_normalise(phrase) for phrase, _ in VERDICT_PHRASES) if key.endswith("浏览")
)


class VerdictHit(NamedTuple):
    """Where the verdict was found: analysis needs the position to read a nearby duration."""

    verdict: Verdict
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _Matcher:
    pattern: re.Pattern[str]
    verdicts: Mapping[str, Verdict]
    extras: frozenset[str]


_Trie = dict[str, "_Trie"]
_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def trie_regex(phrases: Iterable[str]) -> str:
    """A regex source matching any of `phrases` (lowercase) in `fold`-ed text, built as a trie.

    Why a trie: every alternative starts with a literal, so the regex engine
    skips positions that cannot start a phrase with a character-set test, and
    matching never backtracks further than one phrase. At each node the longer
    continuation is tried before stopping, which gives the longest phrase at a
    position. ASCII words get word boundaries ("skip" never matches inside
    "skipped", "should_skip" or "non-skippable"); the leading one is a
    lookbehind placed after the first character, which keeps the literal-first
    shape. A space in a
    phrase matches any run of whitespace (wrapped Markdown lines).
    """
    root: _Trie = {}
    for phrase in phrases:
        node = root
        for ch in phrase:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: _Trie, last: str) -> str:
        branches = []
        for ch in sorted(k for k in node if k):
            head = r"\s+" if ch == " " else re.escape(ch)
            branches.append(head + emit(node[ch], ch))
        stop = ""
        if "" in node:
            stop = r"(?![a-z0-9_]|-[a-z])" if last in _ASCII_WORD else ""
        if not branches:
            return stop
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" in node:
            return f"(?:{body}|{stop})" if stop else f"(?:{body})?"
        return body

    alternatives = []
    for ch in sorted(k for k in root if k and not k.isspace()):
        head = re.escape(ch)
        guard = rf"(?<![a-z0-9_\-]{head})" if ch in _ASCII_WORD else ""
        alternatives.append(head + guard + emit(root[ch], ch))
    if not alternatives:
        return r"(?!)"
    return "(?:" + "|".join(alternatives) + ")"


_ASCII_UPPER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold(text: str) -> str:
    """Lowercase `text` without changing its length, so positions carry over to the original.

    Matching folded text with lowercase patterns is several times faster than
    IGNORECASE. The rare letters whose lowercase is longer ("İ") make us fall
    back to folding ASCII only.
    """
    low = text.lower()
    return low if len(low) == len(text) else text.translate(_ASCII_UPPER)


def _make_matcher(extras: frozenset[tuple[str, Verdict]]) -> _Matcher:
    verdicts: dict[str, Verdict] = {}
    extra_keys: set[str] = set()
    for phrase, verdict in extras:
        key = _normalise(phrase)
        if key:
            verdicts[key] = verdict
            extra_keys.add(key)
    for phrase, verdict in VERDICT_PHRASES:
        verdicts.setdefault(_normalise(phrase), verdict)
    pattern = re.compile(trie_regex(verdicts))
    return _Matcher(pattern, verdicts, frozenset(extra_keys))


_BUILTIN = _make_matcher(frozenset())


@lru_cache(maxsize=64)
def _cached_matcher(extras: frozenset[tuple[str, Verdict]]) -> _Matcher:
    return _make_matcher(extras)


def _matcher_for(extra: Mapping[str, Verdict] | None) -> _Matcher:
    """One compiled matcher per distinct set of extra phrases, built once and reused."""
    if not extra:
        return _BUILTIN
    items: set[tuple[str, Verdict]] = set()
    for phrase, verdict in extra.items():
        if not isinstance(phrase, str) or not phrase.strip():
            continue
        coerced = coerce_verdict(verdict)
        if coerced is not None:
            items.add((phrase, coerced))
    if not items:
        return _BUILTIN
    return _cached_matcher(frozenset(items))


def coerce_verdict(value: object) -> Verdict | None:
    """Config files give strings ("deep"); accept those as well as `Verdict` members."""
    if isinstance(value, Verdict):
        return value
    if isinstance(value, str):
        try:
            return Verdict(value.strip().lower())
        except ValueError:
            return None
    return None


_BACKTICK_RUN = re.compile(r"`+")


def mask_code_spans(text: str) -> str:
    """`text` with the inside of every `inline code` span replaced by `MASK` (same length).

    Pairs backtick runs as CommonMark does (a run closes at the next run of the
    same length; unmatched runs are literal), in one linear pass: a lazy regex
    would be quadratic on a paragraph full of unmatched backticks.
    """
    if "`" not in text:
        return text
    if "``" not in text:
        # Only single backticks (the usual case): they pair up in order, and an odd one
        # out at the end stays literal.
        parts = text.split("`")
        for index in range(1, len(parts) - 1, 2):
            parts[index] = MASK * len(parts[index])
        return "`".join(parts)
    runs = [(m.start(), m.end()) for m in _BACKTICK_RUN.finditer(text)]
    following: list[int] = [-1] * len(runs)
    latest: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        length = runs[index][1] - runs[index][0]
        following[index] = latest.get(length, -1)
        latest[length] = index
    pieces: list[str] = []
    done = 0
    index = 0
    while index < len(runs):
        close = following[index]
        if close < 0:
            index += 1
            continue
        inner_start, inner_end = runs[index][1], runs[close][0]
        pieces.append(text[done:inner_start])
        pieces.append(MASK * (inner_end - inner_start))
        done = inner_end
        index = close + 1
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def _clause_initial(masked: str, start: int) -> bool:
    """Does a clause start at `start`? A line break alone does not tell: paragraphs wrap."""
    index = start - 1
    while index >= 0 and masked[index] in " \t\u3000\u00a0\r\n":
        index -= 1
    return index < 0 or masked[index] in _CLAUSE_OPENERS


def _acceptable(matcher: _Matcher, masked: str, start: int, end: int, key: str) -> bool:
    """Position rules for the ambiguous phrases; extra phrases are taken as the user wrote them."""
    if key not in _POSITIONAL:
        return True  # no rule applies (the usual case)
    if key in matcher.extras:
        return True
    if key in _CLAUSE_INITIAL and not _clause_initial(masked, start):
        return False
    if key in _CLAUSE_FINAL and not _FINAL_CONTINUATIONS.match(masked, end):
        return False
    if key == "skip" and _SKIP_NOUNS.match(masked, end):
        return False  # "Skip connections are fused" is about the model, not the reader
    return not (key.endswith("浏览") and masked.startswith("器", end))  # 浏览器 = browser


def _next_hit(matcher: _Matcher, folded: str, text: str, pos: int) -> VerdictHit | None:
    """The first acceptable verdict phrase at or after `pos` (longest at its position)."""
    search = matcher.pattern.search
    verdicts = matcher.verdicts
    while True:
        match = search(folded, pos)
        if match is None:
            return None
        start, end = match.span()
        found = match.group()
        verdict = verdicts.get(found)
        if verdict is None:  # a phrase matched across a line break or a run of spaces
            found = _normalise(found)
            verdict = verdicts.get(found)
        if verdict is not None and _acceptable(matcher, folded, start, end, found):
            return VerdictHit(verdict, start, end, text[start:end])
        pos = start + 1


def locate_verdict(
    text: str, extra: Mapping[str, Verdict] | None = None, *, folded: str | None = None
) -> VerdictHit | None:
    """The verdict phrase that decides the paragraph, with its position; None if there is none.

    `folded` is ``fold(mask_code_spans(text))``, for callers that already have it.
    """
    masked = folded if folded is not None else fold(mask_code_spans(text))
    matcher = _matcher_for(extra)
    first = _next_hit(matcher, masked, text, 0)
    if first is None or first.verdict is not Verdict.SKIP:
        return first
    if _normalise(first.text) in _NEGATED_READING:
        # "无需精读，快速浏览即可": the negated close read yields to the skim right after it.
        second = _next_hit(matcher, masked, text, first.end)
        if (
            second is not None
            and second.verdict is Verdict.SKIM
            and second.start - first.end <= 12
            and not any(ch in _SENTENCE_END for ch in masked[first.end : second.start])
            and not masked[first.end : second.start].rstrip().endswith(".")
        ):
            return second
    return first


def find_verdict(
    text: str, extra: Mapping[str, Verdict] | None = None
) -> tuple[Verdict, str | None]:
    """The paragraph's verdict and the phrase that carried it, verbatim; UNKNOWN if none."""
    hit = locate_verdict(text, extra)
    if hit is None:
        return Verdict.UNKNOWN, None
    return hit.verdict, hit.text
