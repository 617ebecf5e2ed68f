"""Which cut items are focus points: not a pointer to another PR or to background
reading alone, not the PR itself or a bare pronoun, not the verdict or the reading
time, not a phrase that closes a list ("and that's about it"), not a forward reference
("如下") whose list is yet to come.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import cache
from typing import TYPE_CHECKING

from . import lexicon as lx
from .clauses import BEFORE, has_content
from .items import OPENING_QUOTES, Item

if TYPE_CHECKING:
    from .objects import FocusState

__all__ = ["worth_keeping"]

_TAIL = 16  # characters at an item's end where a forward reference sits


def worth_keeping(state: FocusState, item: Item) -> bool:
    """Not a pointer to another PR or to background reading, not just "this PR", not the
    verdict ("阅读方式：逐行精读") nor the reading time ("Reading time: 25 minutes")."""
    scan, para = state.scan, state.para
    if para.norm.startswith("的", item.start):
        return False  # "最值得精读的一篇": a cut inside a noun phrase leaves no point
    if para.norm[item.end - 1 : item.end] in "下sw" and _forward().search(
        para.norm, max(item.start, item.end - _TAIL), item.end
    ):
        return False  # "顺序建议如下", "the steps below": the list is yet to come
    if scan.present & lx.BACKGROUND and _background(state, item):
        return False
    if state.ratings and state.rates(item.start, item.end) and _mostly_rating(state, item):
        return False
    if any(item.end <= d.end + 2 and (
        d.start <= item.start or para.norm[item.start : d.start].strip() in _HEDGES
    ) for d in para.durations):
        return False  # "roughly thirty-five minutes": the reading time
    if para.norm.find("#", item.start, item.end) >= 0 and _bare_reference().fullmatch(
        para.norm, item.start, item.end
    ):
        return False
    if _closing().fullmatch(para.norm, item.start, item.end):
        return False  # "…, and that's about it", "就这些": the list closes, no item
    if para.norm[item.start : item.end].strip() in _PRONOUNS:
        return False  # "先看这个": the PR itself, or a thing named elsewhere
    if item.end - item.start > 12:
        return True  # long enough to hold more than cues
    if item.start and para.norm[item.start - 1] in OPENING_QUOTES and item.end - item.start > 1:
        return True  # "「事件委托的实现」": a point in quotes of its own
    return has_content(para, scan, item.start, item.end, BEFORE)


_HEDGES = frozenset({"roughly", "about", "around", "approximately", "approx.", "maybe", "~", "约",
                     "大约", "大概", "估计"})
_PRONOUNS = frozenset({
    "这个", "那个", "这", "那", "这里", "那里", "它", "它们", "this", "that", "it", "them", "these",
    "those", "this one", "that one", "'em",
})


@cache
def _closing() -> re.Pattern[str]:
    return re.compile(
        r"(?:(?:and\s+)?(?:that'?s|that\s+is)\s+(?:about\s+|pretty\s+much\s+)?(?:it|all)|"
        r"(?:and\s+)?(?:you'?re|you\s+are)\s+done|nothing\s+else|就这些|就这么多|就这样|别的没了)"
        r"[\s.!。！]*"
    )


def _mostly_rating(state: FocusState, item: Item) -> bool:
    """Is half the item or more a phrase that rates the PR ("阅读方式：逐行精读")? A
    rating cue read inside a longer point ("不完整 JSON 的处理", "不被读两次") leaves
    it a point, and so does one that spans it from the pointer before it to a remark
    after it ("最值得看的是 X（随手看看即可）")."""
    covered = 0
    ratings = state.ratings
    first = bisect_left(ratings, (item.start,))
    while first > 0 and state.rating_reach[first - 1] > item.start:
        first -= 1  # the ratings that start before the item and reach into it
        if item.start - ratings[first][0] > _RATING_REACH:
            break
    for start, end in ratings[first:]:
        if start >= item.end:
            break
        if start < item.start and end > item.end:
            continue
        covered += max(0, min(end, item.end) - max(start, item.start))
    return 2 * covered >= item.end - item.start


_SHORT_ITEM = 12
_RATING_REACH = 200  # a rating phrase is a clause or two, never the paragraph


def _background(state: FocusState, item: Item) -> bool:
    """Is the item other reading ("背景见 #N", "它的描述当背景", "see the blog")? A
    background cue points elsewhere when the item names a reference, or when it heads a
    short item at either edge; elsewhere it is a plain noun ("用历史构建对照排除回归",
    "history server 重放 event log 时…", "dark / light background 下的 contrast")."""
    scan, norm = state.scan, state.para.norm
    reference = norm.find("#", item.start, item.end) >= 0
    short = item.end - item.start <= _SHORT_ITEM
    for j in scan.between(item.start, item.end):
        if scan.flags[j] & lx.BACKGROUND and (
            reference
            or (short and (
                norm[item.start : scan.starts[j]] in _ARTICLES or scan.ends[j] == item.end
            ))
        ):
            return True
    return False


_ARTICLES = frozenset({"", "the ", "a ", "an "})


@cache
def _bare_reference() -> re.Pattern[str]:
    return re.compile(
        r"[\s#\d,、和与及]*(?:pr|issue|pull request)?(?:[\w.-]+/[\w.-]+(?=#))?[\s#\d,、和与及]*"
    )


@cache
def _forward() -> re.Pattern[str]:
    return re.compile(r"(?:如下|以下|as\s+follows|below)\s*\Z")
