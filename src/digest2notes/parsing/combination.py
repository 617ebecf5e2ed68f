"""How a clause's rating cues combine: which of them a negation covers, and the verdict
their classes give together.

`rating` decides which clause rates and what its cues are about (a part, a condition,
an object); this module only reads the cues themselves: "不必精读" is a negated close
read, "a brief perusal rather than a line-by-line study" a quick read with a close one
negated, "可以不看" a negated reading, whatever clause they stand in.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from ..model import Verdict
from . import lexicon as lx
from .scanner import Scan
from .text import Para
from .time_context import is_measurement

__all__ = [
    "LABELS", "READING", "THEN_ON", "Cues", "and_then", "classify", "limit_negated", "negation",
    "read_then_on", "time_nouns",
]

READING = lx.READ | lx.DEPTH | lx.BREVITY | lx.LIGHT
#: Cue classes that rate as a bare label ("High priority", "这条 low priority").
LABELS = lx.HIGH | lx.LOW | lx.OPTIONAL | lx.ENDORSE


@dataclass(slots=True)
class Cues:
    """A clause's rating cues: scan indices, the classes each counts with, negated or not.
    (Parallel lists and not one object per cue: clauses are rated by the thousand.)"""

    indices: list[int]
    flags: list[int]
    negated: list[bool]



def negation(para: Para, scan: Scan, first_index: int, stop_index: int) -> Cues | None:
    """The rating cues of a clause, each marked negated when a negation before it covers it.

    A negation covers the rating cues that follow it closely ("no need to read closely",
    "没有阅读必要", "不列入本期阅读范围"), up to a gap of `_NEG_REACH` characters between
    one and the next, and never across "and"/"but"; a second negation undoes it. Under a
    negation an attention verb is a reading verb ("不必关注": not to be read).
    A negation reaches across a nominal that the cue qualifies ("not something to skim",
    "not the kind of thing you skim"): what is denied is the reading, however long the noun.
    One-character negations (不, 没, 无, 别) count only right before a cue ("不看",
    "可不读"): they start so many other words. A bracket ends the reach: an aside is said
    apart ("行为还没有对齐（要静下心来细读）"). "重点" rates only through the reading word
    beside it: it points (see `focus`).
    """
    flags, starts, ends, words = scan.flags, scan.starts, scan.ends, scan.words
    window = flags[first_index:stop_index]
    if not any(bits & lx.NEG for bits in window):  # the usual case: nothing to negate
        kept = [
            (i, bits & ~lx.HIGH if bits & lx.ATTEND else bits)
            for i, bits in enumerate(window, first_index)
        ]
        kept = [(i, bits) for i, bits in kept if bits & lx.RATING]
        if not kept:
            return None
        return Cues([i for i, _ in kept], [bits for _, bits in kept], [False] * len(kept))
    cues = Cues([], [], [])
    active = False
    reach = 0  # where the last negation or negated cue ended
    for i in range(first_index, stop_index):
        bits = flags[i]
        if bits & lx.NEG and _a_not_a(para.norm, starts[i], words[i]):
            continue  # "要不要看", "值不值得细看": a question, not a negation
        if bits & lx.NEG and _who_is_not().match(para.norm, starts[i]):
            continue  # "不是做 AMD 部署的可以不看": whom the advice is for, not a negation of it
        if bits & lx.NEG:
            # A negation past the reach of the one before starts afresh ("没有任何变化
            # （不值得点开）"): it undoes only a negation it stands beside.
            fresh = active and _out_of_reach(para.norm, reach, starts[i])
            if bits & lx.NEG_NEAR:
                following = i + 1
                # "别" is an imperative "don't" ("别在这上面花时间"); 不 starts many words
                reach = _FAR if words[i] == "别" else 1
                if following >= stop_index or starts[following] - ends[i] > reach or not (
                    flags[following] & (lx.RATING | lx.INCLUDE | lx.ATTEND) & ~lx.NEG
                ):
                    continue
            active = fresh or not active
            reach = ends[i]
            cues.indices.append(i)
            cues.flags.append(bits)
            cues.negated.append(False)
            continue
        if bits & lx.ATTEND:
            bits &= ~lx.HIGH
        if active and (bits & (lx.COND | lx.EXCEPT) or _out_of_reach(para.norm, reach, starts[i])):
            active = False  # a condition starts a new thought: "不在意性能的话，可以跳过"
        if active and bits & lx.ATTEND and not bits & lx.RATING:
            bits = lx.READ
        if not bits & (lx.RATING | (lx.INCLUDE if active else 0)):
            continue
        cues.indices.append(i)
        cues.flags.append(bits)
        cues.negated.append(active)
        if active:
            reach = ends[i]
    return cues if cues.indices else None


_NEG_REACH = 10
_FAR = 6


def _a_not_a(norm: str, start: int, word: str) -> bool:
    """Is a 不/没 the middle of a Chinese A-not-A question ("要不要", "值不值得", "看没看")?"""
    return (
        word[0] in "不没" and start > 0 and start + 1 < len(norm)
        and norm[start - 1] == norm[start + 1]
    )


@cache
def _who_is_not() -> re.Pattern[str]:
    # "不是 X 的" (those who are not X), then the advice at once
    return re.compile(
        r"(?:不是|并非|不在|不做|不用)[^,.;:!?，。；：！？]{1,24}?的\s*(?=可以|可|不用|不必|直接|就)"
    )


def _out_of_reach(norm: str, reach: int, cue: int) -> bool:
    """Is a cue at `cue` beyond a negation that reached `reach`: too far (unless across a
    nominal), or past an "and"/"but" or a bracket?"""
    return (
        (cue - reach > _NEG_REACH and not _nominal().fullmatch(norm, reach, cue))
        or _conjunction().search(norm, reach, cue) is not None
        or _bracket().search(norm, reach, cue) is not None
    )


@cache
def _nominal() -> re.Pattern[str]:
    """A noun standing for the entry between a negation and its reading cue, with the
    infinitive or relative clause that hangs the cue on it ("something to", "one you can",
    "the sort of change that you'd", "one for the [reading list]")."""
    return re.compile(
        r"\s+(?:(?:just|really|quite|exactly|simply)\s+)?"
        r"(?:something|anything|one|a\s+thing|an?\s+(?:change|pr|patch|entry|diff|item)"
        r"|the\s+(?:kind|sort|type)\s+of\s+(?:thing|change|pr|patch|entry|one)s?)"
        r"(?:\s+(?:that|which))?"
        r"(?:\s+(?:you|we|i|one|people|readers?|anyone)(?:'d|'ll)?)?"
        r"(?:\s+(?:to|can|could|should|would|might|may|will|for\s+(?:the|your|our|a))"
        r"(?:\s+(?:safely|just|simply))?)?\s+"
    )


@cache
def _bracket() -> re.Pattern[str]:
    """A bracket between a negation and a cue: an aside is said apart ("还没有对齐（要细读）")."""
    return re.compile(r"[()（）【】\[\]]")


@cache
def _conjunction() -> re.Pattern[str]:
    return re.compile(r"(?=[absy但而却所])(?:(?<![a-z])(?:and|but|so|yet)(?![a-z])|但|而|却|所以)")



#: Cues that make a negated quick read a refusal to read, not the denial of a skim.
_NOT_A_DENIAL = lx.DEPTH | lx.NEED | lx.RECOMMEND | lx.ENDORSE | lx.MODAL | lx.HIGH


def classify(positive: int, negative: int, label: bool) -> tuple[Verdict, str, bool] | None:
    """A clause's verdict from its cue classes (negated ones apart), or None."""
    deep, skim, skip = Verdict.DEEP, Verdict.SKIM, Verdict.SKIP
    reads = positive & READING
    if positive & lx.DISMISS:
        if positive & lx.DEPTH and reads & lx.READ:  # "Don't bother reading it closely"
            return skip, "a close read dismissed", True
        return skip, "dismissal", False
    if negative & lx.DISMISS:
        return deep, "negated dismissal (not to be missed)", False
    if negative & lx.DEPTH and positive & lx.BREVITY and (positive | negative) & lx.READ:
        return skim, "brevity (a close read negated)", False  # "a brief perusal rather than…"
    if negative & lx.BREVITY and positive & lx.DEPTH and (positive | negative) & lx.READ:
        return deep, "depth (a quick read negated)", False  # "a proper read rather than a skim"
    if negative & lx.BREVITY and not (negative | positive) & _NOT_A_DENIAL & ~(
        negative & lx.MODAL
    ) and not positive & lx.BREVITY:
        # "Not a skim", "不是翻一翻就好的": what is denied is that a quick read will do;
        # "无需浏览", "不值得浏览", "no need to skim" deny any reading and stay skips. A
        # denied permission is such a limit too: "不是可以 skim 的", "you can't skim it".
        return deep, "a quick read negated (not a skim)", False
    if negative & (READING | lx.RECOMMEND | lx.ENDORSE):  # "不列入阅读范围": the reading word
        if negative & lx.DEPTH:
            return skip, "negated close reading", True
        if negative & lx.NEED:
            return skip, "no need to read", True
        return skip, "negated reading", False
    if negative & lx.HIGH and label:
        return skip, "negated priority", False
    if positive & lx.DEPTH and reads & lx.READ:
        return deep, "depth", False
    if label and positive & (lx.DEPTH | lx.BREVITY) and not positive & (LABELS | lx.DISMISS):
        return (deep, "depth", False) if positive & lx.DEPTH else (skim, "brevity", False)
    if positive & lx.BREVITY and reads & lx.READ:
        return skim, "brevity", False
    if positive & lx.OPTIONAL and (reads or label):
        return skim, "optional", False
    if positive & lx.LOW and (reads or label):
        return skip, "low priority", False
    if positive & lx.HIGH and (reads or label):
        return deep, "high priority", False
    if positive & lx.LIGHT and positive & (lx.SUFFICE | lx.RECOMMEND | lx.MODAL | lx.ENDORSE):
        return skim, "light reading", False
    if positive & lx.SUFFICE and reads:
        return skim, "sufficiency", False
    if positive & lx.ENDORSE and (reads or label):
        return deep, "endorsement", False
    if positive & lx.RECOMMEND and reads & lx.READ and not positive & lx.LIGHT:
        return deep, "recommended reading", False
    if label and reads == lx.READ:  # "Verdict: read.": a reading asked for, as advice is
        return deep, "recommended reading", False
    return None


def time_nouns(para: Para, scan: Scan, first: int, stop: int) -> list[int]:
    """`scan.flags` without the reading words that only name a time ("that's compile
    time, not reading time", "阅读时间约十分钟"): a noun's modifier gives no advice."""
    flags = list(scan.flags)
    needless = False  # "无须投入阅读时间", "no need to spend reading time": time denied
    for i in range(first, stop):
        needless = needless or flags[i] & (lx.NEG | lx.NEED) == lx.NEG | lx.NEED or bool(
            flags[i] & lx.RECOMMEND and i > first and flags[i - 1] & lx.NEG
        )  # "不建议投入审阅时间": time advised against
        if flags[i] & lx.READ and not flags[i] & (lx.DEPTH | lx.BREVITY | lx.LIGHT) and (
            _time_noun().match(para.norm, scan.ends[i])
        ) and not needless:
            flags[i] = 0
    return flags


def manner_nouns(para: Para, scan: Scan, first: int, stop: int) -> Scan:
    """`scan` with the manner of a recommended visit read as a reading noun, the noun
    taken into its cue: "Worth a quick stop", "deserves a careful walk-through", "值得完整
    听两遍" (a verb and the measure of the doing: "值得快速合入" says how to merge it).
    Whatever the noun, a quick or close one is how to read the entry that is worth it."""
    ends, flags = list(scan.ends), list(scan.flags)
    for i in range(first + 1, stop):
        noun = _noun_after().match(para.norm, ends[i])
        if flags[i] & (lx.BREVITY | lx.DEPTH) and flags[i - 1] & lx.RECOMMEND and noun and (
            _manner_gap().fullmatch(para.norm, ends[i - 1], scan.starts[i])
        ):
            ends[i], flags[i] = noun.end(), flags[i] | lx.READ
    return Scan(scan.starts, ends, flags, scan.words, scan.present | lx.READ)


@cache
def _manner_gap() -> re.Pattern[str]:
    return re.compile(r"\s+an?\s+|\s*(?:再|去|好好)?")


@cache
def _noun_after() -> re.Pattern[str]:
    return re.compile(r"\s+[a-z][a-z-]+(?![a-z-])(?!\s+(?:of|to|for)\s)|"
                      r"\s*[\u4e00-\u9fff]{1,2}?(?:[一两几三]\s*[遍圈下番轮趟])")


@cache
def _time_noun() -> re.Pattern[str]:
    return re.compile(r"\s+time(?![a-z])|时间")


@cache
def and_then() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?:and|then)\s+|然后|再")


THEN_ON = "brevity (a quick read, then on)"


def read_then_on(para: Para, scan: Scan, cues: Cues, start: int) -> bool:
    """A quick read or a few minutes, then a dismissal ("Glance at the NEWS entry and move
    on", "Give it five minutes, then move on", "扫一眼然后划走"): what is dismissed is what
    is left. The quick part may stand in the clause before, in the same sentence."""
    dismissal = next((i for i, bits in zip(cues.indices, cues.flags, strict=True)
                      if bits & lx.DISMISS), -1)
    if dismissal < 0:
        return False
    stop = scan.starts[dismissal]
    sentence = min(start, max(para.sentence_start(start), start - _SENTENCE_REACH))
    ends = [scan.ends[i] for i in scan.between(sentence, stop)
            if scan.flags[i] & lx.BREVITY and scan.flags[i] & lx.READ]
    durations = para.durations
    at = bisect_left(durations, sentence, key=lambda duration: duration.start)
    while at < len(durations) and durations[at].end <= stop:
        if not is_measurement(para, durations[at]):  # "finishes in 31 minutes instead of 38"
            ends.append(durations[at].end)
        at += 1
    return bool(ends) and and_then().search(para.norm, max(ends), stop) is not None


_SENTENCE_REACH = 80


def limit_negated(para: Para, scan: Scan, cues: Cues) -> bool:
    """Is a quick read denied as a limit ("不宜仅作浏览", "not just a skim") or exceeded
    ("deserves more than a skim", not "no more than a skim"): more than it?"""
    negation = -1
    for i, bits, negated in zip(cues.indices, cues.flags, cues.negated, strict=True):
        if bits & lx.NEG and not negated:
            negation = scan.ends[i]
        elif negated and bits & lx.BREVITY and negation >= 0:
            return _limiter().search(para.norm, negation, scan.starts[i]) is not None
        elif bits & lx.BREVITY and not negated:
            at = scan.starts[i]
            if _more_than().search(para.norm, max(0, at - 24), at) is None:
                return False
            # "more than a glance, less than a deep dive": between the two, a skim
            less = _less_than().search(para.norm, scan.ends[i], scan.ends[i] + 24)
            return less is None or not scan.any(lx.DEPTH, less.end(), less.end() + 24)
    return False


@cache
def _less_than() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?:less|short\s+of|fewer)\s+than(?![a-z])|不到|不及")


@cache
def _more_than() -> re.Pattern[str]:
    return re.compile(
        r"(?<!no )(?<!not )(?<!nothing )(?<![a-z])more\s+than\s+(?:just\s+)?(?:an?\s+)?$"
    )


@cache
def _limiter() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?:just|only|merely|simply|purely)(?![a-z])|仅|只|光|单纯")
