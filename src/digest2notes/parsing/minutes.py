"""Reading time: durations in any form a writer uses, and which of them is the reading time.

Durations are found by `durations` (a range or a ceiling counts as its upper bound).
A duration is the *reading* time only when the text says so, because a wrong estimate
misplans the reader's queue while a missing one falls back to a default:

1. never when its clause, or its sentence before it, speaks of something else that
   takes time (a build, CI job, benchmark, timeout, delay: `lexicon.PROCESS`);
2. when its clause is about reading ("阅读用时约 6 分钟", "a 10-minute read") or rates the
   entry ("值得快速浏览（约 5 分钟）");
3. when it is time set aside ("建议预留一刻钟", "budget twenty minutes"), advised ("deserves
   a climb of 45 minutes"), or time it takes with the entry as the subject or none ("and it
   takes under ten minutes", "需要半小时"), or the reader takes to get through it ("you can
   get through it in five minutes", "三两分钟就能吃完");
4. when it follows a label that names a time and nothing else ("**Time:** 8 min",
   "Reading time — 10 min", "耗时：约 5 分钟"): a "CI time:" or "Build time:" label names
   something else, and the clause check of rule 1 still applies to the duration itself;
5. when it stands alone ("约莫 20 分钟", "~25 min.", "两三分钟的事") after a rating in
   its sentence or in the sentence before, or before one in its sentence or the sentence
   right after ("约十二分钟。建议：精读"): writers put the estimate on either side;
6. when it stands alone with a ceiling after or before it ("Ten minutes, tops", "顶多十分
   钟"): a limit set on the time is a plan for reading, and nothing else in a digest is
   budgeted that way;
7. when it answers a question of time ("How long? Five to eight minutes."), never when
   the question was about something else ("How long does CI take? 40 minutes.");
8. never when it is the value of a label naming something else ("Drain test: 14 min");
9. when none of these chose one, and the paragraph rates the entry for reading (deep or
   skim): its first duration that nothing ties to something else: no process in its
   sentence (or in the sentence before, when it opens its own), no part of the PR or
   other subject before it, and not a measurement or a setting ("from 6 minutes to 40
   seconds", "20 minutes longer", "默认 3 分钟扫一次", "30 分钟的会"). A writer who rates
   an entry and then says "五分钟左右" is giving its reading time; a skip gives none.

"Alone" allows a condition or a part it covers after it ("12 minutes if you take it",
"30 minutes with the tests"); inside brackets, the bracket's own commas part clauses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from . import lexicon as lx
from .clauses import AFTER, BEFORE, has_content
from .durations import Duration
from .rating import Rating
from .scanner import Scan, with_time_words
from .text import Para
from .time_context import (
    WINDOW,
    asked_time,
    ceiling_after,
    ceiling_before,
    is_measurement,
    other_label,
    time_label,
    time_to_finish,
)

__all__ = ["UNTIED", "ReadingTime", "reading_time", "without_last_resort"]


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
    """The first duration that is the reading time (see the module docs), as in a paragraph
    rated for reading: `without_last_resort` takes the last rule's time back elsewhere."""
    others: list[tuple[Duration, str]] = []
    if durations:  # the words of durations, looked for only around them
        windows = [(max(0, d.start - 2 * WINDOW), d.end + WINDOW) for d in durations]
        scan = with_time_words(para.norm, scan, windows)
    chosen: Duration | None
    chosen, chosen_rule = None, ""
    for n, duration in enumerate(durations):  # each judged, so `--explain` can say why
        # dozens of durations are text repeating itself, not estimates: judge the first
        rule = _judge(para, scan, duration, ratings) if n < _JUDGED else _NOT_JUDGED
        if chosen is None and rule.startswith("reading"):
            chosen, chosen_rule = duration, rule
        else:
            others.append((duration, rule))
    if chosen is None:
        # A rated paragraph's duration tied to nothing else (no process, label, question)
        # is its reading time, unless it is plainly a measurement or a setting.
        for k, (duration, rule) in enumerate(others):
            if rule in _UNTIED and not is_measurement(para, duration) and not _near_other(
                para, scan, duration
            ):
                alone = " (a clause of its own)" if rule == _ALONE else ""
                chosen, chosen_rule = duration, UNTIED + alone
                del others[k]
                break
    return ReadingTime(chosen.minutes if chosen else None, chosen, chosen_rule, tuple(others))


_JUDGED = 64
_NOT_JUDGED = f"not reading: past the first {_JUDGED} durations"


def without_last_resort(timed: ReadingTime) -> ReadingTime:
    """`timed` where nothing rates the reading: the last rule gives no time there."""
    if timed.duration is None or not timed.rule.startswith(UNTIED):
        return timed
    reason = _ALONE if timed.rule != UNTIED else _NO_READING_WORD
    others = sorted((*timed.others, (timed.duration, reason)), key=lambda o: o[0].start)
    return ReadingTime(None, None, "", tuple(others))


#: The last rule's reason: the one duration in a rated paragraph that nothing else claims.
UNTIED = "reading: the one time tied to nothing else"
# What `_judge` says of a duration nothing ties to anything: the last rule may take it.
_ALONE = "not reading: stands alone, no rating before it"
_NO_READING_WORD = "not reading: no reading word"
_UNTIED = (_ALONE, _NO_READING_WORD)
# What may stand before a budget word without being a subject of its own: a relative
# ("…, which takes fifteen minutes": the clause before) or the writer estimating the
# reading ("我估要成个钟", "I reckon it takes an hour").
_RELATIVE = frozenset({"which", "that", "这", "这个", "这些"})
_ESTIMATING = frozenset({
    "我估", "我估计", "我猜", "我看", "我觉得", "i reckon", "i'd say", "i guess", "i think",
})
_NO_SUBJECT = _RELATIVE | _ESTIMATING


def _near_other(para: Para, scan: Scan, duration: Duration) -> bool:
    """Does the duration's sentence speak of something else that takes time (a process,
    a part of the PR as its clause's subject, a subject of its own before "预计"/"takes"),
    or, when the duration opens its sentence, the sentence before it ("The suite runs for
    ages. Forty minutes.")?"""
    sentence = max(para.sentence_start(duration.start), duration.start - 2 * WINDOW)
    end = min(para.sentence_end(duration.end), duration.end + 2 * WINDOW)
    if not has_content(para, scan, sentence, duration.start, AFTER) and sentence:
        sentence = max(para.sentence_start(sentence - 1), sentence - 2 * WINDOW)
    if scan.any(lx.PROCESS, sentence, end) or scan.any(
        lx.PART, para.clause_start(duration.start), duration.start
    ):
        return True
    for i in scan.between(sentence, duration.start):
        if not scan.flags[i] & lx.BUDGET or scan.words[i] not in _SUBJECT_BUDGET:
            continue
        clause, at = para.clause_start(scan.starts[i]), scan.starts[i]
        if (
            para.norm[clause:at].strip() not in _NO_SUBJECT
            and has_content(para, scan, clause, at, AFTER)
            and not scan.any(lx.WHOLE | lx.READ, clause, at)
        ):
            return True  # "迁移预计两小时": a subject of its own takes that time
    return False


def _judge(para: Para, scan: Scan, duration: Duration, ratings: Sequence[Rating]) -> str:
    start, end = duration.start, duration.end
    # The clause around it, `WINDOW` characters each way at most: what a duration is
    # about is said beside it (and thousands of durations in one clause stay linear).
    clause_start = max(para.clause_start(start), start - WINDOW)
    clause_end = min(para.clause_end(end), end + WINDOW)
    if para.brackets and para.inside_brackets(start):
        clause_start, clause_end = _aside_clause(para, start, end, clause_start, clause_end)
    sentence_start = max(para.sentence_start(start), start - 2 * WINDOW)
    label = time_label(para.norm, start)
    # a process named in the label itself ("「耗时」5 分钟") is the label's word; one after
    # the time ("Time: 9 min of CI") is what takes it
    process = scan.first(lx.PROCESS, start if label else clause_start, clause_end)
    if process >= 0:
        return f"not reading: {scan.words[process]}"
    if label:
        return f"reading: after the label {label!r}"
    asked = asked_time(para, scan, start)
    if asked:
        return asked
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
    # "deserves a slow climb of about 45 minutes": a time advised (not "需", a budget word
    # that `_budget` weighs with its subject)
    advised = scan.first(lx.RECOMMEND, clause_start, start)
    if advised >= 0 and not scan.flags[advised] & lx.BUDGET and not (
        is_measurement(para, duration) or scan.any(lx.PART, clause_start, start)
    ):
        return f"reading: the time {scan.words[advised]!r} asks for"
    if time_to_finish(para, clause_start, start, end):
        return "reading: the reader through the entry in that time"
    other = other_label(para, scan, start)
    if other:
        return f"not reading: the value of {other!r}"
    # A condition after it qualifies the estimate ("twelve minutes if you take it"), and so
    # does a part it covers ("about 30 minutes with the tests").
    condition = scan.first(lx.COND | lx.EXCEPT, end, clause_end)
    tail = scan.starts[condition] if condition >= 0 else clause_end
    part = scan.first(lx.PART, end, tail)
    if part >= 0 and _covering().fullmatch(para.norm, end, scan.starts[part]) and not (
        has_content(para, scan, scan.ends[part], tail, AFTER)
    ):
        tail = end
    capped = ceiling_before(para, clause_start, duration)
    if (capped or not has_content(para, scan, clause_start, start, AFTER)) and not has_content(
        para, scan, end, tail, AFTER
    ):
        for rating in ratings:
            if _just_before(para, rating, clause_start):
                return "reading: stands alone after the rating"
        for rating in ratings:
            if _just_after(para, rating, clause_end):
                return "reading: stands alone before the rating"
        if _sentence_alone(para, scan, start, end) and any(
            _earlier(para, rating, clause_start, 3) and not scan.any(lx.PROCESS, rating.end, start)
            for rating in ratings
        ):
            return "reading: a sentence of its own, after the rating"
        if _opens_plain_sentence(para, scan, start, end) and _after_plain_sentence(
            para, scan, ratings, start
        ):
            return "reading: a sentence of its own, later in a rated paragraph"
        ceiling = ceiling_after(para, end) or capped
        if ceiling:
            return f"reading: a ceiling set on it ({ceiling!r})"
        return _opened(para, scan, sentence_start, start) or _ALONE
    return _opened(para, scan, sentence_start, start) or _NO_READING_WORD


def _opened(para: Para, scan: Scan, sentence_start: int, start: int) -> str:
    """Reading time when its sentence opens with a reading word ("Read: X only, 2 min")."""
    opener = scan.first(lx.READ, sentence_start, start)
    if opener >= 0 and not has_content(para, scan, sentence_start, scan.starts[opener], BEFORE):
        return f"reading: its sentence opens with {scan.words[opener]!r}"
    return ""


def _aside_clause(
    para: Para, start: int, end: int, clause_start: int, clause_end: int
) -> tuple[int, int]:
    """The clause of a duration inside brackets, within them: a bracket's own commas
    part its clauses ("跑一遍 40 秒（扫一眼就够，五分钟以内）")."""
    norm = para.norm
    for a, b in para.brackets:
        if a < start and end < b:
            lo, hi = max(clause_start, a + 1), min(clause_end, b - 1)
            marks = _aside_marks()
            for mark in marks.finditer(norm, lo, start):
                lo = mark.end()
            stop = marks.search(norm, end, hi)
            return lo, stop.start() if stop else hi
    return clause_start, clause_end


@cache
def _aside_marks() -> re.Pattern[str]:
    return re.compile("[,，;；:：、]")


_STRONG_BUDGET = frozenset({
    "留", "预留", "留出", "腾出", "抽出", "安排", "花", "budget", "set aside", "allow", "allot",
    "allotted", "expect", "plan", "plan for", "plan on", "reserve", "reserved", "block out",
    "clear", "拿出",
    "carve out", "spend",
    "give it", "estimated", "estimate", "i'd say", "i'd guess", "i reckon", "i guess", "call it",
})
# An estimate with no subject is the entry's ("预计 30 min 左右"), not one with a subject
# ("迁移预计两小时").
_SUBJECT_BUDGET = frozenset({
    "takes", "take", "需要", "需", "要", "用", "用时", "花费", "预计", "预估", "估计", "估摸",
    "估摸着",
})


def _budget(para: Para, scan: Scan, clause_start: int, start: int) -> str:
    """Time given to reading: set aside (any subject), or taken by the entry itself."""
    for i in scan.between(clause_start, start):
        if not scan.flags[i] & lx.BUDGET:
            continue
        word = scan.words[i]
        if word in _STRONG_BUDGET:
            return f"reading: time set aside ({word!r})"
        if word in _SUBJECT_BUDGET:
            if scan.any(lx.PART, clause_start, scan.starts[i]):
                continue  # "Tests take 5 minutes": the time of a part, not of reading
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


def _sentence_alone(para: Para, scan: Scan, start: int, end: int) -> bool:
    """Is the duration the whole of its sentence ("Ten to twelve minutes.")?"""
    sentence_start = max(para.sentence_start(start), start - 2 * WINDOW)
    sentence_end = min(para.sentence_end(end), end + 2 * WINDOW)
    return not has_content(para, scan, sentence_start, start, AFTER) and not (
        has_content(para, scan, end, sentence_end, AFTER)
    )


def _opens_plain_sentence(para: Para, scan: Scan, start: int, end: int) -> bool:
    """Is the duration its sentence, or its sentence's first clause with nothing after it
    that takes time ("Five minutes, one small coffee.")?"""
    if _sentence_alone(para, scan, start, end):
        return True
    sentence = para.sentence_start(start)
    if sentence < start - 2 * WINDOW:
        return False  # far from its sentence's start: it opens nothing (and stays linear)
    sentence_end = min(para.sentence_end(end), end + 2 * WINDOW)
    return not has_content(para, scan, sentence, start, AFTER) and not (
        scan.any(lx.PROCESS, end, sentence_end)
    )


def _after_plain_sentence(para: Para, scan: Scan, ratings: Sequence[Rating], start: int) -> bool:
    """A bare duration closing a rated paragraph ("…值得细看。…。二十分钟。") is its reading
    time however far the rating is, unless the sentence right before it spoke of something
    that takes time ("The suite runs for ages. Forty minutes.")."""
    sentence = para.sentence_start(start)
    # the first rating (they come in order) before it: one look, however many there are
    if not sentence or not ratings or ratings[0].clause[1] > sentence:
        return False
    before = max(para.sentence_start(sentence - 1), sentence - 2 * WINDOW)
    return not scan.any(lx.PROCESS, before, start)


def _earlier(para: Para, rating: Rating, clause_start: int, sentences: int) -> bool:
    """Is `rating` before `clause_start`, within the last `sentences` sentences?"""
    if rating.clause[1] > clause_start:
        return False
    at = para.sentence_start(clause_start)
    for _ in range(sentences):
        if not at:
            break
        at = para.sentence_start(at - 1)
    return rating.start >= at


def _just_after(para: Para, rating: Rating, clause_end: int) -> bool:
    """Is `rating` later in the same sentence, or in the sentence right after?"""
    if rating.start < clause_end:
        return False
    end = para.sentence_end(clause_end)
    if rating.start <= end:
        return True
    after = para.sentence_end(min(len(para.norm), end + 1))
    return rating.start <= after


@cache
def _covering() -> re.Pattern[str]:
    return re.compile(
        r"\s*(?:with|including|incl\.?|plus|counting)\s+(?:the\s+|its\s+)?|\s*(?:连同|包括|含)"
    )
