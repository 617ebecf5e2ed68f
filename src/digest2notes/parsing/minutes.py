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
4. when it follows a label that names a time and nothing else ("**Time:** 8 min",
   "Reading time — 10 min", "耗时：约 5 分钟"): a "CI time:" or "Build time:" label names
   something else, and the clause check of rule 1 still applies to the duration itself;
5. when it stands alone ("约莫 20 分钟", "~25 min.", "两三分钟的事") after a rating in
   its sentence or in the sentence before, or before one in its sentence or the sentence
   right after ("约十二分钟。建议：精读"): writers put the estimate on either side;
6. when it stands alone with a ceiling after it ("Ten minutes, tops"): a limit set on
   the time is a plan for reading, and nothing else in a digest is budgeted that way;
7. when it answers a question of time ("How long? Five to eight minutes."), never when
   the question was about something else ("How long does CI take? 40 minutes.");
8. never when it is the value of a label naming something else ("Drain test: 14 min").

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
    if para.brackets and para.inside_brackets(start):
        clause_start, clause_end = _aside_clause(para, start, end, clause_start, clause_end)
    sentence_start = max(para.sentence_start(start), start - 2 * _WINDOW)
    process = scan.first(lx.PROCESS, clause_start, clause_end)
    if process >= 0:
        return f"not reading: {scan.words[process]}"
    label = _time_label(para.norm, start)
    if label:
        return f"reading: after the label {label!r}"
    asked = _asked_time(para, scan, start)
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
    other = _other_label(para, scan, start)
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
    if not has_content(para, scan, clause_start, start, AFTER) and not has_content(
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
        ceiling = _ceiling_after(para, end)
        if ceiling:
            return f"reading: a ceiling set on it ({ceiling!r})"
        return _opened(para, scan, sentence_start, start) or (
            "not reading: stands alone, no rating before it"
        )
    return _opened(para, scan, sentence_start, start) or "not reading: no reading word"


def _opened(para: Para, scan: Scan, sentence_start: int, start: int) -> str:
    """Reading time when its sentence opens with a reading word ("Read: X only, 2 min")."""
    opener = scan.first(lx.READ, sentence_start, start)
    if opener >= 0 and not has_content(para, scan, sentence_start, scan.starts[opener], BEFORE):
        return f"reading: its sentence opens with {scan.words[opener]!r}"
    return ""


_WINDOW = 40


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


def _other_label(para: Para, scan: Scan, start: int) -> str:
    """The label a duration is the value of, when it names something else and rates
    nothing ("Drain test on the 3-node cluster: 14 min"), or ""."""
    norm = para.norm
    near = max(0, start - 8)
    colon = near + len(norm[near:start].rstrip(" *_~≈")) - 1
    if colon < near or norm[colon] not in ":：":
        return ""
    label = max(para.clause_start(colon), colon - _WINDOW)
    if scan.any(lx.RATING | lx.BUDGET, label, colon) or not has_content(
        para, scan, label, colon, AFTER
    ):
        return ""
    return " ".join(norm[label:colon].split()).strip("*_ ")
_STRONG_BUDGET = frozenset({
    "留", "预留", "留出", "腾出", "抽出", "安排", "花", "budget", "set aside", "allow", "allot",
    "allotted", "expect", "plan", "plan for", "reserve", "reserved", "block out", "spend",
    "give it", "estimated", "estimate", "i'd say", "i'd guess", "i reckon", "i guess", "call it",
})
# An estimate with no subject is the entry's ("预计 30 min 左右"), not one with a subject
# ("迁移预计两小时").
_SUBJECT_BUDGET = frozenset({
    "takes", "take", "需要", "需", "要", "用", "用时", "花费", "预计", "预估", "估计",
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
    sentence_start = max(para.sentence_start(start), start - 2 * _WINDOW)
    sentence_end = min(para.sentence_end(end), end + 2 * _WINDOW)
    return not has_content(para, scan, sentence_start, start, AFTER) and not (
        has_content(para, scan, end, sentence_end, AFTER)
    )


def _opens_plain_sentence(para: Para, scan: Scan, start: int, end: int) -> bool:
    """Is the duration its sentence, or its sentence's first clause with nothing after it
    that takes time ("Five minutes, one small coffee.")?"""
    if _sentence_alone(para, scan, start, end):
        return True
    sentence = para.sentence_start(start)
    if sentence < start - 2 * _WINDOW:
        return False  # far from its sentence's start: it opens nothing (and stays linear)
    sentence_end = min(para.sentence_end(end), end + 2 * _WINDOW)
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
    before = max(para.sentence_start(sentence - 1), sentence - 2 * _WINDOW)
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


#: Words that name a time in a label ("Time:", "Reading time —", "预计："), and the reading
#: words that may stand with them ("time to read"); a label holding anything else
#: ("CI time:", "Build duration:") is about that other thing.
_TIME_NOUNS = frozenset({
    "time", "duration", "estimate", "est", "est.", "eta", "effort", "cost", "length",
    "时间", "耗时", "用时", "时长", "预计", "预估", "估计", "估时", "工作量",
})
_LABEL_READING = frozenset({"reading", "read", "to", "阅读", "读", "est.", "estimated"})


@cache
def _label_pattern() -> re.Pattern[str]:
    # The label ends right before the duration: a colon or a dash, markup and an
    # approximation word between them at most. What comes before the label is a
    # boundary: the start, a list marker, markup or the end of a sentence.
    return re.compile(
        r"(?:\A|(?<=[\s*_#>|(\[【。;!?.•-]))"
        r"(?P<label>[a-z\u4e00-\u9fff][a-z.\u4e00-\u9fff ]{0,22}?)"
        r"[\s*_]*(?::|—|–|-)[\s*_]*(?:about|around|roughly|approx\.?|约|大约|大概|~|≈)?\s*\Z"
    )


def _time_label(norm: str, start: int) -> str:
    """The label naming a time right before `start` ("time", "reading time"), or ""."""
    match = _label_pattern().search(norm, max(0, start - 32), start)
    if match is None:
        return ""
    label = match.group("label").strip().rsplit(". ", 1)[-1]  # "Skim it. Effort:" → "effort"
    words = label.split() if label.isascii() else [label]
    nouns = [w for w in words if w not in _LABEL_READING]
    if nouns and all(w in _TIME_NOUNS for w in nouns):
        return label
    if not label.isascii():  # "阅读时间", "预计阅读": a noun with a reading word around it
        rest = label.replace("阅读", "").replace("读", "")
        if rest in _TIME_NOUNS:
            return label
    return ""


@cache
def _covering() -> re.Pattern[str]:
    return re.compile(
        r"\s*(?:with|including|incl\.?|plus|counting)\s+(?:the\s+|its\s+)?|\s*(?:连同|包括|含)"
    )


@cache
def _time_question() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])how\s+(?:long|much\s+time)(?![a-z])|多久|多长时间|多少时间|几分钟"
    )


def _asked_time(para: Para, scan: Scan, start: int) -> str:
    """A duration that opens the answer to a question is about what was asked: reading
    time for "How long? Five to eight minutes.", "要多久？十分钟左右", not for "How long
    does CI take? 40 minutes."."""
    sentence = para.sentence_start(start)
    if not sentence or start - sentence > _WINDOW or not para.norm.startswith("?", sentence - 1):
        return ""
    if has_content(para, scan, sentence, start, AFTER):
        return ""
    question = max(para.sentence_start(sentence - 1), sentence - 2 * _WINDOW)
    process = scan.first(lx.PROCESS, question, sentence)
    if process >= 0:
        return f"not reading: the answer to a question about {scan.words[process]}"
    if _time_question().search(para.norm, question, sentence) is not None:
        return "reading: the answer to a question of time"
    return ""


_CEILINGS = ("tops", "max", "at most", "at the most", "最多", "顶多", "封顶")


def _ceiling_after(para: Para, end: int) -> str:
    """A ceiling right after the duration, alone in its clause ("…minutes, tops.")."""
    stop = min(para.sentence_end(end), end + 16)
    tail = para.norm[end:stop].strip(" ,，*_")
    tail = tail.rstrip(".。!！")
    return tail if tail in _CEILINGS else ""
