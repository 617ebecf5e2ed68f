"""What is left of a stretch of text once its cues, asides and filler words are set aside.

Several rules ask the same question about a stretch of a clause: does it hold any
*content*, any word that is not a cue, an aside in brackets, or one of a few filler
words? "这条我给 high priority" is a bare priority label ("这条" is a cue, "我给" filler),
"划重点" is not; "可跳过。" dismisses the entry while "可跳过校验" (content after the verb)
describes the code; "Skim it" rates while "skim the tests" has an object.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import cache

from .scanner import Scan
from .text import Para

__all__ = ["AFTER", "BEFORE", "LABEL", "article_before", "has_content"]

# Filler words, by where they sit. Chinese ones are removed as substrings of a run of
# characters, English ones as whole words.
_FILLERS = {
    # before the first cue of a rating ("但这条直接…", "So, a close read")
    "before": (
        "但是 但 不过 所以 因此 总之 总的来说 另外 此外 整体上 我觉得 个人觉得 我 个人 这 那 就 "
        "只 只需 只要 仅 仅需 直接 先 也 都 还是 还 倒是 真的 确实 简直 非常 十分 很 更 最 吗 么 "
        "a an "
        "the so but and then just simply only really also still overall honestly "
        # the steps of a reading order ("先看 X，再看 Y，最后看 Z")
        "首先 其次 然后 接着 随后 之后 再 最后 next finally lastly"
    ),
    # after the last cue ("看看就好吧", "skip it for now")
    "after": (
        "一下 一遍 一番 一眼 两眼 几眼 下 掉 的 吧 啊 呀 哦 呢 嘛 啦 哈 吗 么 了 就 先 再 也 都 "
        "好了 了事 "
        "now here first too also again later entirely only for_now right_away at_all as_well "
        "most you 一条 一篇 之一 "
        "for_the_most_part mostly of from one's your my our their "
        # what stands around a duration ("Skimmable in 5-10 min", "十分钟上下")
        "in within under about around roughly approximately 约 大约 大概 左右 上下 以内 之内 "
        "tops max maximum maybe perhaps probably for call say give_or_take or_less or_fewer with "
        "and "
        # the nouns of a rating label ("Skim material", "选读材料", "必读作业")
        "material materials fare territory stuff 材料 作业 读物"
    ),
    # around a bare label ("这条我给 high priority", "Low value for most readers")
    "label": (
        "我给 给 列为 属于 属 算 算是 是 为 这 我 的 都 也 很 非常 十分 评级 评分 打分 哈 吧 啊 呀 "
        "for most all and "
        "many mostly the a an of is it's its this one rating verdict material materials fare "
        "territory stuff reading 材料 作业 读物 一条 一篇 条 篇"
    ),
}
BEFORE, AFTER, LABEL = "before", "after", "label"


@cache
def _filler_pattern(kind: str) -> re.Pattern[str]:
    words = [w.replace("_", " ") for w in _FILLERS[kind].split()]
    chinese = sorted((w for w in words if not w.isascii()), key=len, reverse=True)
    english = sorted((w for w in words if w.isascii()), key=len, reverse=True)
    parts = []
    if chinese:
        parts.append("|".join(re.escape(w) for w in chinese))
    if english:
        parts.append(
            r"(?<![a-z0-9'])(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in english)
            + r")(?![a-z0-9'])"
        )
    firsts = "".join(sorted({re.escape(w[0]) for w in words}))
    return re.compile(f"(?=[{firsts}])(?:" + "|".join(parts) + ")")


@cache
def _content() -> re.Pattern[str]:
    # A letter, digit or CJK character (code is masked to U+E000, which counts: an
    # identifier is content).
    return re.compile(r"[^\W_]|\ue000")


def has_content(para: Para, scan: Scan, start: int, end: int, kind: str) -> bool:
    """Does [start, end) hold a word that is no cue, no bracketed aside and no filler?

    The rules ask this of many ranges of one paragraph, so the stretches between its
    cues are found once (`Stretches`) and each is judged at most once, when a range first
    asks about it; only a stretch that the range cuts is judged again, as the part inside
    the range."""
    if start >= end:
        return False
    stretches = _stretches(para, scan, kind)
    first = bisect_right(stretches.ends, start)  # the first stretch that ends after start
    last = bisect_left(stretches.starts, end) - 1  # the last one that starts before end
    if first > last:
        return False
    a, b = stretches.starts[first], stretches.ends[first]
    if a < start or b > end:  # cut by the range: judge what lies inside it
        if _judge(para, max(a, start), min(b, end), kind):
            return True
        first += 1
        if first > last:
            return False
    # Stretches wholly inside, then the last one, which the range may cut.
    whole_last = last if stretches.ends[last] <= end else last - 1
    if stretches.any_content(para, kind, first, whole_last):
        return True
    return whole_last < last and _judge(para, stretches.starts[last], end, kind)


@dataclass(frozen=True, slots=True)
class Stretches:
    """The stretches of a paragraph between its cues, in order, judged as they are asked
    about: most of a paragraph's stretches are never asked about at all."""

    starts: list[int]
    ends: list[int]
    #: Per stretch: True once it is known to hold content.
    full: list[bool]
    #: Per stretch: a stretch at or after it not yet known to be empty (`len(starts)`:
    #: none). Followed and shortened as stretches are judged empty, so that asking about
    #: many long ranges stays linear.
    ahead: list[int]

    def any_content(self, para: Para, kind: str, first: int, last: int) -> bool:
        """Does a stretch of first..last (inclusive) hold content?"""
        ahead, full = self.ahead, self.full
        k = self._next(first)
        while k <= last:
            if full[k]:
                return True
            if _judge(para, self.starts[k], self.ends[k], kind):
                full[k] = True
                return True
            ahead[k] = k + 1  # empty: never looked at again
            k = self._next(k + 1)
        return False

    def _next(self, k: int) -> int:
        ahead = self.ahead
        found = k
        while found < len(ahead) and ahead[found] != found:
            found = ahead[found]
        while k < found:  # every step on the way now leads there at once
            following = ahead[k]
            ahead[k] = found
            k = following
        return found


def _stretches(para: Para, scan: Scan, kind: str) -> Stretches:
    # Keyed by the cue positions only: the rules' copies of a scan with other flags
    # (`rating`) share them, and their stretches.
    key = (id(scan.starts), id(scan.ends), kind)
    known = para.stretches.get(key)
    if known is not None and known[0] is scan.starts and known[1] is scan.ends:
        return known[2]
    starts: list[int] = []
    ends: list[int] = []
    cursor = 0
    for cue_start, cue_end in zip(scan.starts, scan.ends, strict=True):
        if cue_start > cursor:
            starts.append(cursor)
            ends.append(cue_start)
        cursor = max(cursor, cue_end)
    if cursor < len(para.norm):
        starts.append(cursor)
        ends.append(len(para.norm))
    stretches = Stretches(starts, ends, [False] * len(starts), list(range(len(starts))))
    para.stretches[key] = (scan.starts, scan.ends, stretches)
    return stretches


def _judge(para: Para, start: int, end: int, kind: str) -> bool:
    """Does [start, end), which holds no cue, hold content?"""
    norm = para.norm
    content = _content()
    if content.search(norm, start, end) is None:
        return False
    source = _norm_without_durations(para) if kind == AFTER and para.durations else norm
    piece = _without_brackets(para, start, end, source)
    return content.search(_filler_pattern(kind).sub(" ", piece)) is not None


def _norm_without_durations(para: Para) -> str:
    """The paragraph's `norm` with every duration blanked out, built once per paragraph:
    blanking each range's durations anew made a paragraph of many durations quadratic."""
    if para.norm_without_durations is None:
        parts, cursor = [], 0
        for duration in para.durations:  # in order, and no two overlap
            parts += [para.norm[cursor : duration.start], " " * (duration.end - duration.start)]
            cursor = duration.end
        parts.append(para.norm[cursor:])
        para.norm_without_durations = "".join(parts)
    return para.norm_without_durations


def _without_brackets(para: Para, start: int, end: int, source: str) -> str:
    """source[start:end] (the paragraph's `norm`, or a copy of it of the same length) with
    every bracketed aside (brackets included) blanked out."""
    piece = source[start:end]
    spans = para.brackets  # outermost only: sorted, and no two overlap
    index = bisect_right(spans, start, key=lambda span: span[1])  # the first ending after start
    while index < len(spans) and spans[index][0] < end:
        bracket_start, bracket_end = spans[index]
        a, b = max(bracket_start, start) - start, min(bracket_end, end) - start
        piece = piece[:a] + " " * (b - a) + piece[b:]
        index += 1
    return piece


@cache
def article_before() -> re.Pattern[str]:
    """An article ending the text before a cue ("a close read", "a quick look"): the cue
    is a noun there, not a verb."""
    return re.compile(r"(?<![a-z])an?\s+$")
