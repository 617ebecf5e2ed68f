"""Durations: every stretch of a paragraph that says how long something takes.

A duration is a number (digits, 一…十 and 两, "twenty", "half an"), a range or a
ceiling ("5～8", "两三", "two or three", "under ten") and a unit ("分钟", "小时",
"一刻钟", "min", "m", "hours"). A range or a ceiling counts as its upper bound, so a
plan is never too short. Which of them is the reading time is `minutes`' question;
the other rules only need to know where durations are (a duration after a rating is
no object: "Skimmable in 5-10 min").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .text import Para

__all__ = ["Duration", "find_durations"]

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
    r"\d{1,4}(?:\.\d{1,2})?|[零一二两三四五六七八九十]{1,4}|个把|成|a\s+couple\s+of|"
    r"(?:twenty|thirty|forty|fifty)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|sixty|ninety|an?"
)

# A count in words where a writer adds one to a duration ("a few minutes, call it four",
# "a minute or two").
_COUNT_WORDS = "two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    # Units, found first (a cheap scan); the number is then read backwards from each.
    units = re.compile(
        r"(?=[分小钟个刻mh])(?:分钟|小时|钟头|个钟|刻钟|"
        r"(?<![a-z])(?:minutes?|mins?|hours?|hrs?)(?![a-z])|(?<=\d)[mh](?![a-z0-9])|"
        r"(?<=\d\s)h(?![a-z0-9])|(?<=\d)h(?=\d{1,2}m(?![a-z])))"  # "1.5 h", "1h20m"; not "5 m"
    )
    number = re.compile(
        r"(?=[\d零一二两三四五六七八九十不最至个成ulanwotfsenc])"
        r"(?P<ceiling>不到|不超过|最多|至多|(?<![a-z])(?:under|less\s+than|at\s+most|up\s+to|"
        r"no\s+more\s+than|not\s+more\s+than|within)\s*)?"
        r"(?P<low>" + _NUM + r")"
        r"(?:\s*(?:-|–|~|到|至|或|(?<![a-z])(?:to|or)(?![a-z])|,\s*(?:maybe|perhaps|possibly))?"
        r"\s*(?P<high>" + _NUM + r"))?"
        r"(?:\s*(?:来|多|余)|-?ish|-odd)?\s*(?P<half>个半|and\s+a\s+half)?\s*(?:个)?(?P<halfpre>半)?"
        # "a full hour", "a good twenty minutes", "two solid hours"
        r"(?:\s+(?:full|whole|good|solid|entire|straight))?[\s-]*\Z"
    )
    return units, number


_UNIT_WORDS = ("分钟", "小时", "钟头", "个钟", "刻钟", "min", "hour", " hr", "hrs")


@cache
def _unit_hint() -> re.Pattern[str]:
    """"5m", "1h": the units no word check finds."""
    return re.compile(r"\d[mh](?![a-z0-9])|\d\sh(?![a-z0-9])")


@cache
def _fraction() -> re.Pattern[str]:
    """"half an hour", "the half hour", "a quarter of an hour", "three quarters of an
    hour", "半小时" (a bare 半, no number before it)."""
    return re.compile(
        r"(?:(?<![a-z])(?:(?P<three>three[\s-]+quarters\s+of\s+an?)|half\s+an?|(?:the\s+)?half|"
        r"a\s+quarter\s+of\s+an?|(?:a\s+)?quarter(?:\s+of\s+an?)?)"
        r"[\s-]*|(?<![零一二两三四五六七八九十\d个])半\s*个?\s*)\Z"
    )


@dataclass(frozen=True, slots=True)
class Duration:
    """A duration in the paragraph: [start, end) and its length in whole minutes."""

    start: int
    end: int
    minutes: int
    #: The ceiling it opens with ("under", "at most", "不超过"), or "".
    ceiling: str = ""


def find_durations(para: Para) -> list[Duration]:
    """Every duration in the paragraph, in order."""
    norm = para.norm
    timers = any(glyph in norm for glyph in _TIMERS)
    if not any(unit in norm for unit in _UNIT_WORDS) and _unit_hint().search(norm) is None and (
        not timers
    ):
        return []  # most paragraphs give no duration at all
    named = [d for d in map(_named_count, _named_after_few().finditer(norm)) if d]
    if timers:
        named += [d for d in map(_timer, _timed().finditer(norm)) if d]
    found = _durations(norm)
    if named:  # the vague count's own duration is inside the named one
        found = [d for d in found if not any(n.start <= d.start < n.end for n in named)]
        found = sorted(found + named, key=lambda d: d.start)
    return found


def _named_count(match: re.Match[str]) -> Duration | None:
    value = _value(match.group("n"))
    if value is None or not 0 < value <= 180:
        return None
    return Duration(match.start(), match.end(), round(value), match.group("tops") or "")


_TIMERS = ("⏱", "⏲", "⏳", "⌛")


def _timer(match: re.Match[str]) -> Duration | None:
    value = max(int(match.group("low")), int(match.group("high") or 0))
    if not 0 < value <= 180:
        return None
    return Duration(match.start(), match.end(), value, match.group("ceiling") or "")


@cache
def _timed() -> re.Pattern[str]:
    """A timer glyph and a number with no unit: minutes ("⏱35", "⏱8～12", "⏳≤25"); with a
    unit ("⏱ 90 s") the unit says."""
    return re.compile(
        r"[⏱⏲⏳⌛]\ufe0f?\s*(?P<ceiling>≤|<=?|约|~)?\s*(?P<low>\d{1,3})"
        r"(?:\s*[-~～–到]\s*(?P<high>\d{1,3}))?(?![\d.:]|\s*(?:[a-z]|秒|分|小时|钟))"
    )


@cache
def _named_after_few() -> re.Pattern[str]:
    """ "a few minutes, call it four", "a few minutes, five tops": a vague count of
    minutes, then the number it is, the unit carried over."""
    return re.compile(
        r"(?<![a-z])(?:a\s+few|several)\s+(?:minutes|mins)(?![a-z])"
        r"\s*,\s*(?:(?:call\s+it|say|maybe|roughly|about|at\s+most)\s+)?"
        r"(?P<n>\d{1,3}|" + _COUNT_WORDS + ")"
        r"(?:\s+(?P<tops>tops|max))?(?=\s*(?:[.,;:!)]|\Z))"
    )


def _durations(norm: str) -> list[Duration]:
    units, number = _patterns()
    found: list[Duration] = []
    for unit in units.finditer(norm):
        u_start, u_end = unit.span()
        word = unit.group()
        floor = max(0, u_start - 24, found[-1].end if found else 0)
        fraction = None
        if word.startswith(("hour", "小时", "钟头", "个钟")):
            fraction = _fraction().search(norm, floor, u_start)
        if fraction is not None:  # "half an hour", "three-quarters of an hour"
            quarter = "quarter" in fraction.group()
            start = fraction.start()
            minutes = 45 if fraction.group("three") else 15 if quarter else 30
            ceiling = ""
        else:
            match = number.search(norm, floor, u_start)
            if match is None:
                continue
            counted = _minutes(match, word)
            if counted is None:
                continue
            start, minutes = match.start(), counted
            ceiling = " ".join((match.group("ceiling") or "").split())
            tail = _after_unit().match(norm, u_end)
            if tail is not None:  # "an hour and a half", "a minute or two"
                per = 60 if word.startswith(("hour", "小时", "钟头", "个钟", "h")) else 1
                more = 0.5 if tail.group("half") else _value(tail.group("upper")) or 0
                minutes = max(minutes, round(more * per) if tail.group("upper") else minutes + 30)
                u_end = tail.end()
        if found and (
            _range_between().fullmatch(norm, found[-1].end, start)
            or _between_and(norm, found[-1], start)
        ):
            # "半小时到四十分钟", "1 hour to 90 minutes": one range, its upper bound
            last = found.pop()
            minutes = max(minutes, last.minutes)
            found.append(Duration(last.start, u_end, minutes, last.ceiling))
            continue
        if found and _compound(norm, found[-1], start, word):
            last = found.pop()  # "1 hour 20 minutes", "1h20m", "一小时二十分钟": one time
            found.append(Duration(last.start, u_end, last.minutes + minutes, last.ceiling))
            continue
        found.append(Duration(start, u_end, minutes, ceiling))
    return found


_HOURS = ("hour", "小时", "钟头", "个钟", "h", "hr")


def _compound(norm: str, last: Duration, start: int, unit: str) -> bool:
    """Are `last` (in hours) and the minutes starting at `start` one time?"""
    if unit.startswith(_HOURS) or not norm[last.start : last.end].rstrip().endswith(
        (*_HOURS, "hours", "hrs")
    ):
        return False
    return _compound_gap().fullmatch(norm, last.end, start) is not None


@cache
def _compound_gap() -> re.Pattern[str]:
    return re.compile(r"\s*(?:and\s+|零\s*)?")


@cache
def _after_unit() -> re.Pattern[str]:
    """What may follow a unit and still belong to its duration: "and a half" after an hour,
    or the upper bound of a range in the same unit ("a minute or two")."""
    return re.compile(
        r"(?P<half>\s+and\s+a\s+half)(?![a-z])"
        r"|,?\s+(?:or|to|maybe|perhaps|possibly)\s+(?P<upper>two|three|four|five|six|seven|"
        r"eight|nine|ten|twelve|fifteen|twenty|thirty|forty|\d{1,2})(?![\w-])"
        r"(?!\s*(?:min|hour|hr|分|小时|[:.]\d|am|pm))"
    )


@cache
def _range_between() -> re.Pattern[str]:
    """What joins two durations into one range ("半小时到四十分钟", "an hour or 90 min")."""
    return re.compile(r"\s*(?:-|–|~|～|到|至|或|(?<![a-z])(?:to|or)(?![a-z]))\s*")


def _between_and(norm: str, last: Duration, start: int) -> bool:
    """"between an hour and an hour and a half": two durations joined by "and" after
    "between" (or "介于…和/与") are one range."""
    joined = norm[last.end : start].strip()
    if joined not in ("and", "和", "与", "跟"):
        return False
    before = norm[max(0, last.start - 20) : last.start].rstrip()
    return before.endswith(("between", "介于", "在"))


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
    if token in ("个把", "成"):  # "个把小时", "成个钟": an hour or so, a whole hour
        return 1.0
    if len(token) == 1:
        value = _ZH_DIGITS.get(token)
        return float(value) if value else None
    return None


_RANGE_DIGITS = frozenset("零一二两三四五六七八九")


def _minutes(match: re.Match[str], unit: str) -> int | None:
    low, high = match.group("low"), match.group("high")
    if high is None and len(low) == 2 and all(c in _RANGE_DIGITS for c in low):
        # "两三分钟": a range written as two Chinese digits (and not English "an hour")
        low, high = low[0], low[1]
    elif high is None and len(low) in (3, 4) and "十" in low:
        # "十二三分钟" (12–13), "二三十分钟" (20–30): two adjacent digits beside a ten
        tens, _, units = low.partition("十")
        if len(units) == 2 and all(c in _RANGE_DIGITS for c in units) and len(tens) <= 1:
            high = tens + "十" + units[1]
        elif len(tens) == 2 and all(c in _RANGE_DIGITS for c in tens) and not units:
            high = tens[1] + "十"
    value = _value(high) if high else _value(low)
    if value is not None and high:  # the larger bound, in either order ("三两分钟")
        value = max(value, _value(low) or 0)
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
