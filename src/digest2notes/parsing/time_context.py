"""What a duration is the time of, read from what stands around it: a label ("Time:",
"CI time:"), the question it answers ("How long?"), or its being a measurement or a
setting rather than an estimate ("from 6 minutes to 40 seconds", "默认 3 分钟扫一次").
`minutes` asks these while deciding which duration is the reading time.
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .clauses import AFTER, has_content
from .durations import Duration
from .scanner import Scan
from .text import Para

__all__ = [
    "WINDOW", "asked_time", "ceiling_after", "ceiling_before", "is_measurement", "other_label",
    "time_label", "time_to_finish",
]

#: How far from a duration its surroundings are looked at: what a duration is about is
#: said beside it (and thousands of durations in one clause stay linear).
WINDOW = 40


@cache
def _measure_marks() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """What makes a duration a measurement or a setting: before it, a default, an
    interval or the start of a change ("默认 3 分钟", "every five minutes", "从 6 分钟");
    after it, the end of a change (an arrow only before the new figure), a comparison, a
    frequency, or the noun it sizes ("降到 40 秒", "20 minutes longer", "31 minutes instead
    of 38", "扫一次", "30 分钟的会", "a 30-minute meeting")."""
    before = re.compile(
        r"(?:默认|缺省|每隔?|从|由|(?:降|减|缩|涨|升|提|增)?(?:到|至)|→|->"
        r"|(?<![a-z])(?:default(?:s to)?|every|each|from|by))"
        r"\s*(?:为|是|值|:|：)?\s*(?:约|大约|about|around)?\s*\Z"
    )
    after = re.compile(
        r"\s*(?:(?:降|减|缩|涨|升|提|增)|到|至|(?:→|->)(?=\s*[~≈约]?\s*[\d零一二两三四五六七八九十半])"
        r"|(?<![a-z])to\s+\d|一次|(?:的|之)(?!事|阅读|读|时间|工夫|功夫)"
        r"|(?<![a-z])(?:longer|shorter|faster|slower|more|less|earlier|later|per|each|"
        r"once|ago|instead\s+of|rather\s+than)(?![a-z])|-?(?<![a-z])(?:minute|hour|min)s?(?:-long)?\s+(?!read|look|skim|"
        r"pass|glance|study|dive|sit|sitting|investment)[a-z])"
    )
    return before, after


def is_measurement(para: Para, duration: Duration) -> bool:
    before, after = _measure_marks()
    norm = para.norm
    return bool(
        before.search(norm, max(0, duration.start - 12), duration.start)
        or after.match(norm, duration.end)
    )


def other_label(para: Para, scan: Scan, start: int) -> str:
    """The label a duration is the value of, when it names something else and rates
    nothing ("Drain test on the 3-node cluster: 14 min"), or ""."""
    norm = para.norm
    near = max(0, start - 8)
    colon = near + len(norm[near:start].rstrip(" *_~≈")) - 1
    if colon < near or norm[colon] not in ":：":
        return ""
    label = max(para.clause_start(colon), colon - WINDOW)
    if scan.any(lx.RATING | lx.BUDGET, label, colon) or not has_content(
        para, scan, label, colon, AFTER
    ):
        return ""
    return " ".join(norm[label:colon].split()).strip("*_ ")
#: Words that name a time in a label ("Time:", "Reading time —", "预计："), and the reading
#: words that may stand with them ("time to read"); a label holding anything else
#: ("CI time:", "Build duration:") is about that other thing.
_TIME_NOUNS = frozenset({
    "time", "duration", "estimate", "est", "est.", "eta", "effort", "cost", "length", "clock",
    "时间", "耗时", "用时", "时长", "预计", "预估", "估计", "估时", "工作量",
})
_LABEL_READING = frozenset({"reading", "read", "to", "阅读", "读", "est.", "estimated"})


@cache
def _label_pattern() -> re.Pattern[str]:
    # The label ends right before the duration: a colon, a dash or a bracket's close
    # ("「耗时」20 分钟"), with markup and an approximation word between them at most. What
    # comes before the label is a boundary: the start, a list marker, markup or the end of
    # a sentence.
    return re.compile(
        r"(?:\A|(?<=[\s*_#>|(\[【「。;!?.•-]))"
        # a label is letters (any script: "time", "阅读时间"), dots and spaces
        r"(?P<label>[^\W\d_](?:[^\W\d_]|[. ]){0,22}?)"
        r"[\s*_]*(?::|—|–|-|」|】)[\s*_]*(?:about|around|roughly|approx\.?|约|大约|大概|~|≈)?\s*\Z"
    )


def time_label(norm: str, start: int) -> str:
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
def _time_question() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])how\s+(?:long|much\s+time)(?![a-z])|多久|多长时间|多少时间|几分钟"
    )


def asked_time(para: Para, scan: Scan, start: int) -> str:
    """A duration that opens the answer to a question is about what was asked: reading
    time for "How long? Five to eight minutes.", "要多久？十分钟左右", not for "How long
    does CI take? 40 minutes."."""
    sentence = para.sentence_start(start)
    if not sentence or start - sentence > WINDOW or not para.norm.startswith("?", sentence - 1):
        return ""
    if has_content(para, scan, sentence, start, AFTER):
        return ""
    question = max(para.sentence_start(sentence - 1), sentence - 2 * WINDOW)
    process = scan.first(lx.PROCESS, question, sentence)
    if process >= 0:
        return f"not reading: the answer to a question about {scan.words[process]}"
    if _time_question().search(para.norm, question, sentence) is not None:
        return "reading: the answer to a question of time"
    return ""


_CEILINGS = ("tops", "max", "at most", "at the most", "or less", "最多", "顶多", "至多", "封顶",
             "以内", "之内", "以下")


def ceiling_before(para: Para, clause_start: int, duration: Duration) -> str:
    """A ceiling opening the duration's clause ("顶多十分钟", "at most ten minutes", "no
    more than six minutes"), before it or as part of it, with nothing else before it."""
    lead = para.norm[clause_start : duration.start].strip(" ,，*_")
    if lead in _CEILINGS:
        return lead
    return duration.ceiling if not lead else ""


def ceiling_after(para: Para, end: int) -> str:
    """A ceiling right after the duration, alone to its clause's end ("…minutes, tops.",
    "5 minutes or less", "十分钟以内")."""
    stop = min(para.sentence_end(end), end + 16)
    tail = _clause_mark().split(para.norm[end:stop].lstrip(" ,，*_"), maxsplit=1)[0].strip()
    if tail in _CEILINGS:
        return tail
    return tail[:2] if tail.startswith(("以内", "之内", "以下")) else ""  # "以内就好"


@cache
def _clause_mark() -> re.Pattern[str]:
    return re.compile(r"[,，.。;；!！)）*_]")


def time_to_finish(para: Para, clause_start: int, start: int, end: int) -> bool:
    """Is the duration the time the reader takes to get through the entry ("get through
    it in five minutes", "you'll be done in ten", "三两分钟就能吃完"), whatever the verb?"""
    return bool(
        _done_in().search(para.norm, clause_start, start) or _finished_after().match(para.norm, end)
    )


@cache
def _done_in() -> re.Pattern[str]:
    """ "get through it in five minutes", "you'll be done in ten": the entry as the
    object of what the reader does, or the reader done, in the time (not "It runs in…",
    where the entry is the subject)."""
    return re.compile(
        r"(?:[a-z]\s+(?:it|this(?:\s+one)?)|you(?:'ll|\s+will|\s+can|'re)?\s+(?:be\s+)?"
        r"(?:done|through|finished)(?:\s+with\s+it)?)\s+(?:in|within|under|inside)\s+"
        r"(?:about|around|roughly|just|only|~)?\s*\Z"
    )


@cache
def _finished_after() -> re.Pattern[str]:
    """ "三两分钟就能吃完", "十分钟内搞定": the time it takes to finish, whatever the verb."""
    return re.compile(r"\s*(?:内|之内|以内)?\s*(?:就|便)?\s*(?:能|可以|可)?\s*"
                      r"(?:[\u4e00-\u9fff]完(?!成)|搞定|拿下)")
