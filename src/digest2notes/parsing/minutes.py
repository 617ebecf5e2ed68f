"""Reading time: durations in any form a writer uses, and which of them is the reading time.

A duration is a number (digits, 一…十 and 两, "twenty", "half an"), a range or a
ceiling ("5～8", "两三", "two or three", "under ten") and a unit ("分钟", "小时",
"一刻钟", "min", "m", "hours"). A range or a ceiling counts as its upper bound, so a
plan is never too short.

A duration is the *reading* time only when the text says so, because a wrong estimate
misplans the reader's queue while a missing one falls back to a default:

1. never when its clause, or its sentence before it, speaks of something else that
   takes time (a build, CI job, benchmark, timeout, delay: `lexicon.PROCESS`);
2. when its clause is about reading ("阅读用时约 6 分钟", "a 10-minute read") or rates the
   entry ("值得快速浏览（约 5 分钟）");
3. when it is time set aside ("建议预留一刻钟", "budget twenty minutes"), or time it
   takes with the entry as the subject or none ("and it takes under ten minutes",
   "需要半小时");
4. when it stands alone ("约莫 20 分钟", "~25 min.", "两三分钟的事") right after a clause or
   sentence that rates the entry.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from . import lexicon as lx
from .clauses import AFTER, has_content
from .scanner import Scan, with_time_words
from .text import Para
from .verdict import Rating

__all__ = ["Duration", "ReadingTime", "find_durations", "reading_time"]

_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}
_EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "twenty-five": 25, "thirty": 30, "forty": 40,
    "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90, "couple": 2, "a couple of": 2,
    "half": 0.5,
}
_NUM = (
    r"\d{1,4}(?:\.\d{1,2})?|[零一二两三四五六七八九十]{1,4}|a\s+couple\s+of|"
    r"(?:twenty|thirty|forty|fifty)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|sixty|ninety|an?"
)


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    # Units, found first (a cheap scan); the number is then read backwards from each.
    units = re.compile(
        r"(?=[分小钟个刻mh])(?:分钟|小时|钟头|个钟|刻钟|"
        r"(?<![a-z])(?:minutes?|mins?|hours?|hrs?)(?![a-z])|(?<=\d)[mh](?![a-z0-9]))"
    )
    number = re.compile(
        r"(?=[\d零一二两三四五六七八九十不最至ulanwotfsenc])"
        r"(?P<ceiling>不到|不超过|最多|至多|(?<![a-z])(?:under|less\s+than|at\s+most|up\s+to|"
        r"no\s+more\s+than|within)\s*)?"
        r"(?P<low>" + _NUM + r")"
        r"(?:\s*(?:-|–|~|到|至|或|(?<![a-z])(?:to|or)(?![a-z]))?\s*(?P<high>" + _NUM + r"))?"
        r"(?:来|多|余)?\s*(?P<half>个半|and\s+a\s+half)?\s*(?:个)?(?P<halfpre>半)?[\s-]*\Z"
    )
    return units, number


_UNIT_WORDS = ("分钟", "小时", "钟头", "个钟", "刻钟", "min", "hour", " hr", "hrs")


@cache
def _unit_hint() -> re.Pattern[str]:
    """"5m", "1h": the units no word check finds."""
    return re.compile(r"\d[mh](?![a-z0-9])")


@cache
def _fraction() -> re.Pattern[str]:
    """"half an hour", "a quarter of an hour", "半小时" (a bare 半, no number before it)."""
    return re.compile(
        r"(?:(?<![a-z])(?:half\s+an?|a\s+quarter\s+of\s+an?|(?:a\s+)?quarter(?:\s+of\s+an?)?)"
        r"[\s-]*|(?<![零一二两三四五六七八九十\d个])半\s*个?\s*)\Z"
    )


@dataclass(frozen=True, slots=True)
class Duration:
    """A duration in the paragraph: [start, end) and its length in whole minutes."""

    start: int
    end: int
    minutes: int


@dataclass(frozen=True, slots=True)
class ReadingTime:
    """The reading time and why (None when the paragraph gives none), with every duration
    that was set aside and the reason, for `--explain`."""

    minutes: int | None
    duration: Duration | None
    rule: str
    others: tuple[tuple[Duration, str], ...]


def find_durations(para: Para) -> list[Duration]:
    """Every duration in the paragraph, in order."""
    norm = para.norm
    if not any(unit in norm for unit in _UNIT_WORDS) and _unit_hint().search(norm) is None:
        return []  # most paragraphs give no duration at all
    units, number = _patterns()
    found: list[Duration] = []
    for unit in units.finditer(norm):
        u_start, u_end = unit.span()
        word = unit.group()
        floor = max(0, u_start - 24, found[-1].end if found else 0)
        if word.startswith(("hour", "小时", "钟头", "个钟")):
            fraction = _fraction().search(norm, floor, u_start)
            if fraction is not None:
                quarter = "quarter" in fraction.group()
                found.append(Duration(fraction.start(), u_end, 15 if quarter else 30))
                continue
        match = number.search(norm, floor, u_start)
        if match is None:
            continue
        minutes = _minutes(match, word)
        if minutes is not None:
            found.append(Duration(match.start(), u_end, minutes))
    return found


def _value(token: str | None) -> float | None:
    if not token:
        return None
    token = " ".join(token.split())
    if token[0].isdigit():
        return float(token)
    if token in _EN_NUMBERS:
        return float(_EN_NUMBERS[token])
    if "-" in token:
        tens, _, unit = token.partition("-")
        if tens in _EN_NUMBERS and unit in _EN_NUMBERS:
            return float(_EN_NUMBERS[tens] + _EN_NUMBERS[unit])
        return None
    return _zh_value(token)


def _zh_value(token: str) -> float | None:
    """一…九十九; two adjacent digits are a range ("两三" = 2–3), read by the caller."""
    if "十" in token:
        tens, _, units = token.partition("十")
        if len(tens) > 1 or len(units) > 1:
            return None
        high = _ZH_DIGITS.get(tens, 0) if tens else 1
        low = _ZH_DIGITS.get(units, 0) if units else 0
        if (tens and not high) or (units and units not in _ZH_DIGITS):
            return None
        return float(high * 10 + low)
    if len(token) == 1:
        value = _ZH_DIGITS.get(token)
        return float(value) if value else None
    return None


def _minutes(match: re.Match[str], unit: str) -> int | None:
    low, high = match.group("low"), match.group("high")
    if high is None and low and not low[0].isdigit() and len(low) == 2 and "十" not in low:
        low, high = low[0], low[1]  # "两三分钟": a range written as two digits
    value = _value(high) if high else _value(low)
    if value is None:
        return None
    if match.group("half") or match.group("halfpre"):
        value += 0.5
    if unit == "刻钟":
        value *= 15
    elif unit in ("小时", "钟头", "个钟", "h") or unit.startswith(("hour", "hr")):
        value *= 60
    minutes = round(value)
    return minutes if 0 < minutes <= 24 * 60 else None


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
    budget = _budget(para, scan, clause_start, start)
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
    "预留", "留出", "腾出", "抽出", "安排", "花", "budget", "set aside", "allow", "allot",
    "expect", "plan for", "reserve", "block out", "spend", "give it",
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


def _just_before(para: Para, rating: Rating, clause_start: int) -> bool:
    """Is `rating`'s clause the one right before, or the last of the sentence before?"""
    rating_end = rating.clause[1]
    if rating_end > clause_start:
        return False
    gap = para.norm[rating_end:clause_start]
    return not gap.strip(" \t\n,.;:!?。！？、—–-()（）~") or (
        para.sentence_start(clause_start) > rating_end
        and para.sentence_start(clause_start) - 1 <= para.sentence_end(rating_end) + 1
    )
