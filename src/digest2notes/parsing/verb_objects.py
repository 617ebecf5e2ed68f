"""A rating verb's object: none, the PR itself, or a part of it.

"Skim it" rates the entry; "skim the tests" rates a part, and "可跳过校验" describes the
code: a verb with an object gives no verdict of its own. These checks decide, for the
cues of one clause (`rating.rate_clause`), which verbs advise and which describe.
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .clauses import AFTER, article_before, has_content
from .combination import Cues
from .scanner import Scan
from .text import Para

__all__ = ["clean_after", "drop_descriptive"]


def drop_descriptive(para: Para, scan: Scan, cues: Cues, end: int) -> None:
    """Drop the cues that describe rather than advise: a reading verb that says when
    ("阅读时", "while reading"), a dismissal verb with an object ("跳过校验")."""
    keep = []
    reads = any(bits & lx.READ and not bits & lx.DISMISS for bits in cues.flags)
    for k, (i, bits) in enumerate(zip(cues.indices, cues.flags, strict=True)):
        if bits & lx.DISMISS and reads and _part_object(para, scan, i):
            continue  # "Skim the proto diff and ignore the rest": the reading rates
        if bits & lx.READ and scan.present & lx.TEMPORAL and (
            bits & lx.TEMPORAL or _temporal_next_to(scan, i)
        ):
            continue
        if bits & lx.DISMISS and _noun_after_preposition(para, scan, i):
            continue  # "falls back on a cache miss": a noun, no advice
        passive = scan.words[i].startswith(("be ", "can be"))  # a passive takes no object
        if bits & lx.DISMISS and not bits & lx.READ and not passive and not _whole_object(
            para, scan, i
        ):
            stop = _stop_after(scan, i, end)
            # "不是可以跳过的那种" has no object; "leave it on the shelf" has its own
            kind = _kind_after().match(para.norm, scan.ends[i]) is not None or (
                para.norm[scan.starts[i] - 1 : scan.starts[i]] == "#"  # "#skip": a tag
            )
            if not kind and has_content(para, scan, scan.ends[i], stop, AFTER):
                continue
        keep.append(k)
    if len(keep) < len(cues.indices):
        cues.indices[:] = [cues.indices[k] for k in keep]
        cues.flags[:] = [cues.flags[k] for k in keep]
        cues.negated[:] = [cues.negated[k] for k in keep]


def _noun_after_preposition(para: Para, scan: Scan, index: int) -> bool:
    """Is the dismissal word a noun in a prepositional phrase ("on a cache miss", "after
    the skip")? A verb never follows a preposition and an article."""
    start = scan.starts[index]
    return _preposition_before().search(para.norm, max(0, start - 32), start) is not None


@cache
def _preposition_before() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])(?:on|in|at|after|upon|per|from|of|during)\s+(?:a|an|the|each|every|any)"
        r"\s+(?:[a-z-]+\s+)?\Z"
    )


@cache
def _kind_after() -> re.Pattern[str]:
    """"的" and a noun of kind after a verb ("跳过的那种", "可以略过的一类"): a relative
    clause that says what kind of entry this is, not a verb and its object; a place after
    a verb that holds its object ("leave it on the shelf"), a manner ("skip it safely"), or
    a word on the advice itself ("直接 skip 没毛病")."""
    return re.compile(
        r"\s*的\s*(?:那种|这种|那类|这类|那一类|一类|类型|东西)|(?:(?<=\bit)|(?<=\bthis))\s+"
        r"(?:alone|aside|be|there|later|(?:on|in|at|to)\s+(?:the|a|your)\s)"
        r"|\s+(?:without|safely|entirely|altogether)(?![a-z])"
        # a word on the advice itself: "直接 skip 没毛病", "跳过也无妨"
        r"|\s*(?:也|都)?(?:没毛病|没问题|无妨|没关系|不要紧)|\s+(?:no\s+problem|no\s+harm\s+done)"
    )


def _part_object(para: Para, scan: Scan, index: int) -> bool:
    """Is the dismissal about a part ("ignore the rest", "其余跳过")?"""
    for other in (index + 1, index - 1):
        if 0 <= other < len(scan.flags) and scan.flags[other] & lx.PART:
            a, b = sorted((other, index))
            if not para.norm[scan.ends[a] : scan.starts[b]].strip(" 的可以就"):
                return True
    return False


def _whole_object(para: Para, scan: Scan, index: int) -> bool:
    """Is the verb's object the PR itself ("omit this from your reading", "skip it if…",
    "跳过这个。": a demonstrative that ends its clause stands for the entry)?"""
    following = index + 1
    if _demonstrative().match(para.norm, scan.ends[index]):
        return True
    return (
        following < len(scan.flags)
        and bool(scan.flags[following] & lx.WHOLE)
        and not para.norm[scan.ends[index] : scan.starts[following]].strip()
    )


@cache
def _demonstrative() -> re.Pattern[str]:
    return re.compile(
        r"\s*(?:这个|这一个|此|这)\s*(?:吧|了|就好|就行|即可)?\s*(?:[，。；！,.;!]|\Z)"
    )


def _temporal_next_to(scan: Scan, index: int) -> bool:
    for other in (index - 1, index + 1):
        if 0 <= other < len(scan.flags) and scan.flags[other] & lx.TEMPORAL:
            a, b = sorted((other, index))
            if 0 <= scan.starts[b] - scan.ends[a] <= 1:
                return True
    return False


def _stop_after(scan: Scan, index: int, end: int) -> int:
    """Where the words after a cue stop mattering: at an "unless", "if" or "即可", and
    `_OBJECT_REACH` characters on at most (an object follows its verb at once; and a
    clause of thousands of cues stays linear)."""
    end = min(end, scan.ends[index] + _OBJECT_REACH)
    for other in range(index + 1, len(scan.starts)):
        if scan.starts[other] >= end:
            break
        if scan.flags[other] & (lx.EXCEPT | lx.COND | lx.SUFFICE):
            return scan.starts[other]
    return end


_OBJECT_REACH = 24


def clean_after(para: Para, scan: Scan, cues: Cues, start: int, end: int) -> bool:
    """No object after the last reading cue, or it does not matter ("了解结论即可",
    "本条列为…研读对象": a whole-PR subject before it)."""
    last_read = cues.indices[-1]
    for i, bits in zip(cues.indices, cues.flags, strict=True):
        if bits & lx.READ:  # the verb or noun: an adverb after its object hides nothing
            last_read = i
    for i, bits in zip(cues.indices, cues.flags, strict=True):
        if bits & lx.SUFFICE and i > last_read:
            return True
    stop = _stop_after(scan, last_read, end)
    after = scan.ends[last_read]
    when = _when().match(para.norm, after, stop)
    if when is not None:  # "the must-read of the week", "必读 this week": when, not what
        after = when.end()
    if not has_content(para, scan, after, stop, AFTER) or (
        para.norm.startswith(" for ", after) and scan.any(lx.AUDIENCE, after, stop)
    ):
        return True  # "Must-know for on-call": for whom, not what
    if _all_of().match(para.norm, scan.ends[last_read]):
        return True  # "read every line of it", "每个文件都要读": all of it, no part
    if _is_the_whole(para, scan, last_read, stop):
        return True  # "最值得细读的就是它": what is worth reading is the PR itself
    if article_before().search(para.norm, max(start, scan.starts[cues.indices[0]] - 3),
                         scan.starts[cues.indices[0]]):
        return True  # "a quick glance shows…": a noun, the subject of what follows
    return scan.any(lx.WHOLE, start, scan.starts[cues.indices[0]])


def _is_the_whole(para: Para, scan: Scan, index: int, stop: int) -> bool:
    """Is what follows the cue a copula and the PR itself ("…的就是它", "… is this one"),
    and nothing more in its clause?"""
    following = index + 1
    if following >= len(scan.flags) or not scan.flags[following] & lx.WHOLE:
        return False
    at, end = scan.starts[following], scan.ends[following]
    copula = _copula().fullmatch(para.norm, scan.ends[index], at)
    return copula is not None and end <= stop and not para.norm[end:stop].strip(" 了啦吧。.!！")


@cache
def _copula() -> re.Pattern[str]:
    return re.compile(r"\s*(?:的)?\s*(?:就|便|正|也)?\s*(?:是|为)\s*|\s+(?:is|was)\s+")


@cache
def _all_of() -> re.Pattern[str]:
    return re.compile(
        r"\s*(?:(?:every|each|all)(?![a-z])|the\s+(?:whole|entire|full)(?![a-z])|"
        r"全部|所有|整个|每一?[个行段处条份]|完整|全文)"
    )


@cache
def _when() -> re.Pattern[str]:
    return re.compile(
        r"\s*(?:(?:this|next|last)\s+(?:week|month|release|cycle|sprint|round|time)|"
        r"(?:of|for)\s+(?:the|this)\s+(?:week|month|day|release|cycle)|today|本周|这周|本期|这期|今天)"
        r"(?![a-z])"
    )
