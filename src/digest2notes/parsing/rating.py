"""One clause's rating: the cue classes it holds, read in order, with what they cover.

A clause rates only where it gives advice: framed by a recommendation, a permission, a
priority or a "… is enough", or standing where a verdict stands (the start of its
clause: "Skim it.", "Light read, 3 min."). It does not rate when its reading verb has an
object ("look closely at X", "仔细看 X 的实现": that points at a part, see `focus`),
when it only says when ("阅读时…", "while reading"), or when a dismissal verb describes
code ("可跳过校验", "we skip the barrier"). A negation covers the cues right after it
("不必精读", "no reading required"); a condition before the advice, or a part of the PR
as its subject, makes the rating count only when nothing rates the whole (tier 1).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, reduce
from operator import or_

from ..model import Verdict
from . import combination as cb
from . import lexicon as lx
from .clauses import BEFORE, LABEL, article_before, has_content
from .combination import LABELS, READING, Cues, classify, negation, time_nouns
from .scanner import Scan
from .scope import (
    READ_FOR,
    introduces_object,
    only_part,
    passive_of_part,
    phrase_span,
    rating_scope,
    worth_nothing_after,
    worth_points,
)
from .text import Para
from .verb_objects import clean_after, drop_descriptive

__all__ = ["WANTED", "Rating", "rate_clause"]

_GATE = (
    lx.RECOMMEND | lx.MODAL | lx.ENDORSE | lx.HIGH | lx.LOW | lx.OPTIONAL | lx.SUFFICE | lx.NEED
    | lx.DISMISS
)
#: A clause can rate only if it holds one of these (see `verdict.read_verdict`).
WANTED = lx.RATING & ~(lx.MODAL | lx.RECOMMEND | lx.NEG | lx.NEED | lx.SUFFICE)


@dataclass(frozen=True, slots=True)
class Rating:
    """One clause that rates the entry, and how it was read."""

    verdict: Verdict
    start: int  # the rating phrase, [start, end) of the paragraph
    end: int
    clause: tuple[int, int]
    #: 0 rates the whole PR; 1 rates a part of it, or only under a condition.
    tier: int
    #: The rule that decided, in words ("depth", "negated reading", ...).
    rule: str
    #: The cue words that took part, as found (lowercase).
    cues: tuple[str, ...]
    #: A negated close read ("无需精读"): a skip that yields to a quick read after it.
    weak: bool = False
    #: Why a part or conditional rating does not rate the whole ("part: 测试").
    scope: str = ""
    #: A score on a scale (stars, "9/10") or a bare priority: words on how to read the
    #: whole say more, and win.
    scale: bool = False


def rate_clause(
    para: Para,
    scan: Scan,
    start: int,
    end: int,
    extra: Mapping[str, Verdict] | None,
    first_index: int,
    stop_index: int,
    *,
    asked: bool = False,
) -> Rating | None:
    """The rating of the clause [start, end) (its cues are `first_index`..`stop_index`), or
    None. `asked`: the clause is a question ("Worth a look?", "Shall we read it?"), rated
    as if it were said, for `verdict` to weigh against its answer."""
    flags, words = scan.flags, scan.words
    if extra:
        for i in range(first_index, stop_index):
            verdict = extra.get(words[i]) if flags[i] == 0 else None
            if verdict is not None:
                return Rating(
                    verdict, scan.starts[i], scan.ends[i], (start, end), 0,
                    "a phrase from the config file", (words[i],),
                )
    if para.brackets and "?" in para.norm[start:end]:
        scan = _without_asked_asides(para, scan, first_index, stop_index)
        flags = scan.flags
    held = _held(flags, first_index, stop_index)
    if held & lx.TITLE and para.norm.startswith(":", end) and not has_content(
        para, scan, start, end, LABEL
    ):
        return None  # "Recommendation:", "结论：": the rating follows
    if _summary_label(para, scan, end, first_index, stop_index):
        return None  # "Gist: …", "**Gist** — …": a summary follows
    if not asked and para.norm.startswith("?", para.sentence_end(start)):
        return None  # "要细看吗？不必，…", "Worth it? …": the answer rates, not the question
    if _own_reading().search(para.norm, start, end):
        return None  # "这篇我还没仔细看", "I haven't read it closely yet": the writer's state
    only = only_part(para, start) if held & _CARE else -1
    if only >= 0 and not asked:  # "The only part I'd slow down for is X": a skim
        cue = next((i for i in range(first_index, stop_index) if flags[i] & _CARE), first_index)
        return Rating(Verdict.SKIM, start, max(only, scan.ends[cue]), (start, end), 0,
                      "only a part deserves care", (words[cue],))
    if held & lx.READ and ("time" in para.norm or "时间" in para.norm):
        flags = time_nouns(para, scan, first_index, stop_index)
        scan = Scan(scan.starts, scan.ends, flags, words, scan.present)
        held = _held(flags, first_index, stop_index)
    if held & lx.BARE:
        flags = _bare_verbs(para, scan, start, first_index, stop_index)
        scan = Scan(scan.starts, scan.ends, flags, words, scan.present | lx.DISMISS)
        held = _held(flags, first_index, stop_index)
    if held & lx.RECOMMEND and held & (lx.BREVITY | lx.DEPTH) and not held & lx.READ:
        scan = cb.manner_nouns(para, scan, first_index, stop_index)  # "Worth a quick stop"
        flags, words, held = scan.flags, scan.words, _held(scan.flags, first_index, stop_index)
    if not held & (lx.NEG | lx.DISMISS | lx.TEMPORAL):
        # The usual clause: nothing negated, dismissed or timed; each cue counts as it is.
        if classify(held, 0, True) is None and not (asked and held & lx.READ):
            return None  # nothing here could rate, whatever its words' order
        # "重点" rates only through the reading word beside it: it points (see `focus`).
        pairs = [
            (i, flags[i] & ~lx.HIGH if flags[i] & lx.ATTEND else flags[i])
            for i in range(first_index, stop_index)
            if flags[i] & lx.RATING
        ]
        pairs = [(i, bits) for i, bits in pairs if bits & lx.RATING and not worth_points(
            para, words[i], scan.ends[i])]
        if not pairs:
            return None
        positive = negative = 0
        for _, bits in pairs:
            positive |= bits
        cues = Cues([i for i, _ in pairs], [bits for _, bits in pairs], [False] * len(pairs))
    else:
        found = negation(para, scan, first_index, stop_index)
        if found is None:
            return None
        cues = found
        drop_descriptive(para, scan, cues, end)
        if not cues.indices or all(bits & lx.NEG for bits in cues.flags):
            return None
        positive = negative = 0
        for bits, negated in zip(cues.flags, cues.negated, strict=True):
            if negated:
                negative |= bits
            elif bits & lx.NEG:
                if bits & lx.NEED:  # "no need to read", "无需精读": not a refusal to read
                    negative |= lx.NEED
            else:
                positive |= bits
    every = positive | negative
    if negative & lx.DEPTH and not every & (_ABOUT_READING | LABELS):
        return None  # "Top of the list, and it isn't close": an adjective, no reading
    first, last = cues.indices[0], cues.indices[-1]
    if negative & (lx.RECOMMEND | lx.ENDORSE) and not every & (READING | lx.DISMISS) and (
        not worth_nothing_after(para, scan, scan.ends[last], end)
    ):
        return None  # "不建议在生产环境开启": advice on using it, not on reading it
    first_start = scan.starts[first]
    if not (every & _GATE or negative):
        # Advice governs its sentence: "建议搬个小板凳，对着源码认真研究一下"; a subject or a
        # modal may come first ("这一篇要求精读", "you have to study it").
        framed = (
            asked
            or _short_lead(para, start, first_start)
            or _short_lead(para, _coordinated(para, start, first_start), first_start)
            or not has_content(para, scan, start, first_start, BEFORE)
            or scan.any(lx.WHOLE | lx.AUDIENCE, start, first_start)
            or scan.any(lx.RECOMMEND | lx.ENDORSE, para.sentence_start(start), start)
        )
        if not framed:
            return None
    # A bare label ("High priority", "Irrelevant unless you …") rates, as a title's value does.
    titled, qualified = _titled(para, scan, start, first_index), scan.first(_QUALIFY, start, end)
    bare_end = scan.starts[qualified] if qualified >= 0 else end
    label = (bool(every & LABELS) or titled) and not has_content(para, scan, start, bare_end, LABEL)
    decided = classify(positive, negative, label)
    if (negative | positive) & lx.BREVITY and cb.limit_negated(para, scan, cues):
        decided = Verdict.DEEP, "a quick read negated (more than a skim)", False
    elif positive & lx.DISMISS and cb.read_then_on(para, scan, cues, start):
        decided = Verdict.SKIM, cb.THEN_ON, False
    if decided is None and asked and positive & lx.READ:
        decided = Verdict.DEEP, "a question of reading", False  # "Shall we read it?"
    if decided is None:
        return None
    verdict, rule, weak = decided
    pointed = not asked and not negative and not label and every & lx.READ and not clean_after(
        para, scan, cues, start, end
    )
    if pointed and rule not in ("depth", "brevity", cb.THEN_ON):
        return None  # "look at X", "值得一读的是 X": a pointer, not a rating
    span_start, span_end = phrase_span(para, scan, first, last)
    tier, scope = rating_scope(para, scan, start, first_start)
    if pointed:  # "仔细看 X 的实现": how to read a part; the whole, if nothing else rates it
        tier, scope = 1, scope or READ_FOR
    elif not tier and passive_of_part(para, scan, cues, start):
        tier, scope = 1, "part: the subject of the advice"
    elif not tier and introduces_object(para, end):
        tier, scope = 1, "part: what its colon introduces"
    # A priority alone ("Priority: low") says less than advice on reading beside it.
    secondary = label and not every & (READING | lx.DISMISS)
    return Rating(
        verdict, span_start, span_end, (start, end), tier, rule,
        tuple(words[i] for i in range(first_index, stop_index) if flags[i] & _SHOWN),
        weak, scope, secondary,
    )


def _held(flags: list[int], first: int, stop: int) -> int:
    return reduce(or_, flags[first:stop], 0)


def _coordinated(para: Para, start: int, cue: int) -> int:
    """Where the last coordinated imperative starts ("… and go through it", "然后细读")."""
    found = start
    for match in cb.and_then().finditer(para.norm, start, cue):
        found = match.end()
    return found


def _titled(para: Para, scan: Scan, start: int, first_index: int) -> bool:
    """Is the clause the value after a rating's title ("Verdict: deep")?"""
    before = para.norm[:start].rstrip(" *_")
    if not before.endswith(":") or not first_index:
        return False
    title = first_index - 1
    return bool(scan.flags[title] & lx.TITLE) and scan.ends[title] >= len(before) - 3


def _short_lead(para: Para, start: int, cue: int) -> bool:
    """A few words before the first cue, as a subject and a modal take ("这一篇要求精读",
    "you must study it"), and no past tense ("作者仔细读了…" describes)."""
    lead = para.norm[start:cue].strip()
    if not lead:
        return True
    if lead.isascii():  # "Give X and Y your full attention": an imperative frames advice
        short = len(lead.split()) <= 2 and not lead.endswith(("ed", "s"))
        return short or para.norm[para.sentence_start(start) : cue].lstrip().startswith("give ")
    return len(lead) <= 6 and not any(mark in lead for mark in _DESCRIBED)


_QUALIFY = lx.EXCEPT | lx.COND
_CARE = lx.DEPTH | lx.READ | lx.ATTEND | lx.VALUE | lx.RECOMMEND | lx.HIGH
_ABOUT_READING = (
    lx.READ | lx.LIGHT | lx.BREVITY | lx.NEED | lx.RECOMMEND | lx.MODAL | lx.DISMISS | lx.SUFFICE
)
_DESCRIBED = ("了", "已", "曾", "过", "作者", "我们", "他", "她")
_SHOWN = lx.RATING | lx.WHOLE


def _bare_verbs(para: Para, scan: Scan, start: int, first: int, stop: int) -> list[int]:
    """`scan.flags` with each bare dismissal verb read as one: "otherwise pass", "Pass." and
    "you can pass" dismiss; "a light pass", "all tests pass" do not (an article or an
    adjective before it, or a subject: no advice)."""
    flags = list(scan.flags)
    for i in range(first, stop):
        if not flags[i] & lx.BARE:
            continue
        before = flags[i - 1] if i > first else 0
        advice = before & (lx.EXCEPT | lx.MODAL | lx.RECOMMEND) or not has_content(
            para, scan, start, scan.starts[i], BEFORE
        )
        article = article_before().search(para.norm, max(start, scan.starts[i] - 3), scan.starts[i])
        if advice and not article and not before & (lx.BREVITY | lx.DEPTH):
            flags[i] = lx.DISMISS
        elif not flags[i] & lx.READ:
            flags[i] = 0  # "调度策略", "页面跳转": a character of another word, no verb
    return flags


def _summary_label(para: Para, scan: Scan, end: int, first: int, stop: int) -> bool:
    rating = [i for i in range(first, stop) if scan.flags[i] & lx.RATING]
    return bool(rating) and all(scan.words[i] in lx.SUMMARY_NOUNS for i in rating) and (
        para.norm[end : end + 4].lstrip(" *_")[:1] in (":", "—", "–", "-")
    )


def _without_asked_asides(para: Para, scan: Scan, first: int, stop: int) -> Scan:
    """`scan` without the cues of a bracketed question ("Skim (how deep can it go?)"): an
    aside that asks rates nothing."""
    flags = list(scan.flags)
    for open_at, close_at in para.brackets:
        if para.norm[close_at - 2 : close_at].rstrip(")）]】").endswith("?"):
            for i in range(first, stop):
                if open_at <= scan.starts[i] < close_at:
                    flags[i] = 0
    return Scan(scan.starts, scan.ends, flags, scan.words, scan.present)


@cache
def _own_reading() -> re.Pattern[str]:
    return re.compile(  # (the lookahead: what a match can start with, tried first)
        r"(?=[我i])(?:我\s*(?:还|都|也|尚)?\s*(?:没|未)|(?<![a-z])i\s+(?:haven't|have\s+not|didn't|did\s+not|"
        r"have\s+yet\s+to)(?![a-z]))"
    )
