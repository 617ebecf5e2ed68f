"""Reading time: durations in any form a writer uses, and which of them is the reading time.

Durations are found by `durations` (a range or a ceiling counts as its upper bound).
A duration is the *reading* time only when the text says so, because a wrong estimate
misplans the reader's queue while a missing one falls back to a default:

1. never when its clause, or its sentence before it, speaks of something else that
   takes time (a build, CI job, benchmark, timeout, delay: `lexicon.PROCESS`);
2. when its clause is about reading ("阅读用时约 6 分钟", "a 10-minute read") or rates the
   entry ("值得快速浏览（约 5 分钟）");
3. when it is time set aside ("建议预留一刻钟", "budget twenty minutes"), or time it
   takes with the entry as the subject or none ("and it takes under ten minutes",
   "需要半小时");
4. when it stands alone ("约莫 20 分钟", "~25 min.", "两三分钟的事") after a rating in
   its sentence or in the sentence before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import lexicon as lx
from .clauses import AFTER, has_content
from .durations import Duration
from .scanner import Scan, with_time_words
from .text import Para
from .verdict import Rating

__all__ = ["ReadingTime", "reading_time"]


@dataclass(frozen=True, slots=True)
class ReadingTime:
    """The reading time and why (None when the paragraph gives none), with every duration
    that was set aside and the reason, for `--explain`."""

    minutes: int | None
    duration: Duration | None
    rule: str
    others: tuple[tuple[Duration, str], ...]


def reading_time(
    para: Para, scan: Scan, durations: Sequence[Duration], ratings: Sequence[Rating]
) -> ReadingTime:
    """The first duration that is the reading time (see the module docs)."""
    others: list[tuple[Duration, str]] = []
    if durations:  # the words of durations, looked for only around them
        windows = [(max(0, d.start - 2 * _WINDOW), d.end + _WINDOW) for d in durations]
        scan = with_time_words(para.norm, scan, windows)
    chosen: Duration | None = None
    chosen_rule = ""
    for duration in durations:  # every one judged, so `--explain` can say why each is not
        rule = _judge(para, scan, duration, ratings)
        if chosen is None and rule.startswith("reading"):
            chosen, chosen_rule = duration, rule
        else:
            others.append((duration, rule))
    return ReadingTime(chosen.minutes if chosen else None, chosen, chosen_rule, tuple(others))


def _judge(para: Para, scan: Scan, duration: Duration, ratings: Sequence[Rating]) -> str:
    start, end = duration.start, duration.end
    # The clause around it, `_WINDOW` characters each way at most: what a duration is
    # about is said beside it (and thousands of durations in one clause stay linear).
    clause_start = max(para.clause_start(start), start - _WINDOW)
    clause_end = min(para.clause_end(end), end + _WINDOW)
    sentence_start = max(para.sentence_start(start), start - 2 * _WINDOW)
    process = scan.first(lx.PROCESS, clause_start, clause_end)
    if process >= 0:
        return f"not reading: {scan.words[process]}"
    if any(r.clause[0] <= start < r.clause[1] for r in ratings):
        return "reading: in the rating clause"
    reading = scan.first(lx.READ, clause_start, clause_end)
    if reading >= 0:
        return f"reading: beside {scan.words[reading]!r}"
    process = scan.first(lx.PROCESS, sentence_start, start)
    if process >= 0:
        return f"not reading: {scan.words[process]} earlier in the sentence"
    budget = _budget(para, scan, clause_start, start) or _allotted(scan, end, clause_end)
    if budget:
        return budget
    if not has_content(para, scan, clause_start, start, AFTER) and not has_content(
        para, scan, end, clause_end, AFTER
    ):
        for rating in ratings:
            if _just_before(para, rating, clause_start):
                return "reading: stands alone after the rating"
        return "not reading: stands alone, no rating before it"
    return "not reading: no reading word"


_WINDOW = 40
_STRONG_BUDGET = frozenset({
    "留", "预留", "留出", "腾出", "抽出", "安排", "花", "budget", "set aside", "allow", "allot",
    "allotted", "expect", "plan", "plan for", "reserve", "reserved", "block out", "spend",
    "give it", "estimated", "estimate",
})
_SUBJECT_BUDGET = frozenset({"takes", "take", "需要", "需", "要", "用", "用时", "花费"})


def _budget(para: Para, scan: Scan, clause_start: int, start: int) -> str:
    """Time given to reading: set aside (any subject), or taken by the entry itself."""
    for i in scan.between(clause_start, start):
        if not scan.flags[i] & lx.BUDGET:
            continue
        word = scan.words[i]
        if word in _STRONG_BUDGET:
            return f"reading: time set aside ({word!r})"
        if word in _SUBJECT_BUDGET:
            subject_is_entry = scan.any(lx.WHOLE | lx.READ, clause_start, scan.starts[i])
            if subject_is_entry or not has_content(
                para, scan, clause_start, scan.starts[i], AFTER
            ):
                return f"reading: the time it takes ({word!r})"
    return ""


def _allotted(scan: Scan, end: int, clause_end: int) -> str:
    """Time set aside in the passive, after it: "thirty-five minutes should be allotted"."""
    for i in scan.between(end, clause_end):
        if scan.flags[i] & lx.BUDGET and scan.words[i] in _PASSIVE_BUDGET:
            return f"reading: time set aside ({scan.words[i]!r})"
    return ""


_PASSIVE_BUDGET = frozenset({"allotted", "reserved", "set aside", "budgeted", "预留", "留出"})


def _just_before(para: Para, rating: Rating, clause_start: int) -> bool:
    """Is `rating` earlier in the same sentence, or in the sentence right before?"""
    if rating.clause[1] > clause_start:
        return False
    sentence = para.sentence_start(clause_start)
    if rating.start >= sentence:
        return True
    before = para.sentence_start(max(0, sentence - 1))
    while before and not para.norm[before:sentence].strip(" \t\n*_~"):
        before = para.sentence_start(before - 1)  # "…就好。**预计十二分钟": markup between
    return rating.start >= before
