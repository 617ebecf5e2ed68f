"""What a pointer points at: the list a header announces, the object after a verb.

`pointers` decides which cues point; this module turns what follows them into items
(`lists` cuts, `markers` finds marked lists) and keeps the shared state of one
paragraph's focus reading: what is claimed, what was set aside and why. Items never
name another PR or background reading alone, nor the PR itself, nor its verdict.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right, insort
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate

from . import lexicon as lx
from .clauses import BEFORE, has_content
from .headers import count, first_of
from .items import Item, trim
from .keeping import worth_keeping
from .lists import cut, glue_comma, starts_phrase
from .markers import MarkedList
from .scanner import Scan
from .text import MASK, Para

__all__ = [
    "FocusList", "FocusState", "Skipped", "add", "announced", "claim", "inline", "measure_first",
    "only_space", "worth_keeping",
]


@dataclass(frozen=True, slots=True)
class FocusList:
    """Points found together: how (`kind`), the pointer that opened them, the items."""

    kind: str
    pointer: tuple[int, int] | None
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Skipped:
    """A pointer or list that gave no points, and why (for `--explain`)."""

    start: int
    end: int
    reason: str


@dataclass(slots=True)
class FocusState:
    """What the focus rules share while they read one paragraph."""

    para: Para
    scan: Scan
    marked: list[MarkedList]
    claimed: set[int] = field(default_factory=set)  # indices of marked lists taken
    #: The starts of the stretches `consume` was given, sorted, and their union as
    #: disjoint sorted spans: where the next one starts and whether a place was read are
    #: then each one bisect.
    consumed_starts: list[int] = field(default_factory=list)
    consumed_union: list[tuple[int, int]] = field(default_factory=list)
    #: The scan indices of every condition, audience and caveat cue, in order (most
    #: paragraphs have none, and no pointer is then checked for one).
    exclusions: list[int] = field(default_factory=list)
    found: list[FocusList] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    #: (start, end) of every phrase that rates the whole PR, sorted (`set_ratings`): a
    #: verdict is no focus point.
    ratings: list[tuple[int, int]] = field(default_factory=list)
    #: the furthest end among `ratings[:k + 1]`, for `rates`.
    rating_reach: list[int] = field(default_factory=list)
    #: (start, end) of the phrase that decided the verdict, if any.
    verdict: tuple[int, int] | None = None
    #: where the next pointer candidate after the one being read starts (`read_pointers`).
    next_pointer: int = 1 << 62
    #: Does the paragraph ask anything (a question mark)? Most do not.
    asks: bool = False

    def content_before(self, pos: int) -> bool:
        """Is there content between the start of `pos`'s clause and `pos` (a cue start)?"""
        return has_content(self.para, self.scan, self.para.clause_start(pos), pos, BEFORE)

    def set_ratings(self, spans: list[tuple[int, int]]) -> None:
        self.ratings = sorted(spans)
        self.rating_reach = list(accumulate((b for _, b in self.ratings), max))

    def rates(self, start: int, end: int) -> bool:
        """Does [start, end) hold a phrase that rates the whole PR?"""
        before = bisect_left(self.ratings, (end,))  # the ratings that start before `end`
        return before > 0 and self.rating_reach[before - 1] > start

    def consume(self, start: int, end: int) -> None:
        """Mark [start, end) as read by a rule, so no other rule reads it again."""
        insort(self.consumed_starts, start)
        if start >= end:
            return
        union = self.consumed_union
        first = bisect_left(union, (start,))
        if first and union[first - 1][1] >= start:
            first -= 1
        last = first
        while last < len(union) and union[last][0] <= end:
            last += 1
        if first < last:
            start, end = min(start, union[first][0]), max(end, union[last - 1][1])
        union[first:last] = [(start, end)]

    def covered(self, pos: int) -> int:
        """The end of the consumed stretches holding `pos`, or -1."""
        union = self.consumed_union
        at = bisect_right(union, (pos, 1 << 62)) - 1
        if at >= 0 and union[at][0] <= pos < union[at][1]:
            return union[at][1]
        return -1

    def next_consumed(self, pos: int) -> int:
        """Where the next consumed stretch after `pos` starts (the end of the text if none)."""
        later = bisect_right(self.consumed_starts, pos)
        if later < len(self.consumed_starts):
            return self.consumed_starts[later]
        return len(self.para.norm)

    def marked_at(self, pos: int) -> int:
        """The index of the marked list that starts at `pos` (spaces, newlines and the
        close of a bold header, "**Look at:**", before it allowed), or -1."""
        norm = self.para.norm
        while pos < len(norm) and norm[pos] in " \t\n*_":
            pos += 1
        for index, marked in enumerate(self.marked):
            if marked.start == pos:
                return index
        return -1

    def marked_within(self, start: int, end: int) -> int:
        for index, marked in enumerate(self.marked):
            if start <= marked.start < end:
                return index
        return -1


Pointer = int | tuple[int, int]  # the cue's index in the scan, or the span of a phrase


def _span(state: FocusState, pointer: Pointer) -> tuple[int, int]:
    if isinstance(pointer, tuple):
        return pointer
    return state.scan.starts[pointer], state.scan.ends[pointer]


def announced(state: FocusState, i: Pointer, start: int, count: int) -> None:
    """A list announced by a header: its marked list, or the sentence cut at separators."""
    para = state.para
    pointer = _span(state, i)
    marked = state.marked_at(start)
    if marked >= 0:
        claim(state, marked, pointer)
        return
    end = min(para.sentence_end(start), state.next_consumed(start))
    inner = state.marked_within(start, end)
    if inner >= 0 and only_space(para.norm, start, state.marked[inner].start):
        claim(state, inner, pointer)
        return
    items = [item for item in cut(para, start, end, announced=True) if worth_keeping(state, item)]
    if count == 1 and len(items) > 1 and _joined().fullmatch(
        para.norm, items[0].end, items[1].start
    ):  # "重点只有一个：X 与 Y 同步时…": one point, whose words hold an "and"
        items = [Item(items[0].start, items[1].end)]
    if count and len(items) > count:
        items = items[:count]
    add(state, "header", pointer, items, (pointer[0], end))


@cache
def _manner_first() -> re.Pattern[str]:
    return re.compile(
        r"\s*with\s+(?:(?:particular|special|great|extra|real|close|some)\s+)?"
        r"(?:care|attention|interest)(?![a-z])\s*,?"
    )


@cache
def _joined() -> re.Pattern[str]:
    return re.compile(r"\s*(?:和|与|及|跟|同|and|or|\+|&)\s*")


def only_space(norm: str, start: int, end: int) -> bool:
    return not norm[start:end].strip()


_OBJECT_ENDS = (":", ",", "—")
_TAIL = 16  # characters at an object's end where a count or a forward reference sits
_COUNT_NOUNS = frozenset("处点方块项")
_COUNT_LIMIT = 12  # "有三处": a count is a few characters, never a whole clause


@cache
def _short_verb() -> re.Pattern[str]:
    return re.compile(r"\s*[^\W\d_a-zA-Z]{1,3}(?=\s*\S)")


def inline(state: FocusState, i: Pointer, start: int, kind: str) -> None:
    """An object after a pointer, to the end of its clause: a plain comma, a colon (an
    explanation follows) or a semicolon ends it; a comma that glues on another item
    ("，以及 Y", ", and Y") does not."""
    para = state.para
    norm = para.norm
    pointer = _span(state, i)
    manner = _manner_first().match(norm, start)
    if manner is not None:  # "attend with particular care, first, to X": how, then what
        start = manner.end()
    marked = state.marked_at(start)
    if marked < 0 and not isinstance(i, tuple):
        # "重点跟踪 ① X ② Y": a verb of its own between the pointer and its list
        verb = _short_verb().match(norm, start)
        marked = state.marked_at(verb.end()) if verb else -1
    if marked >= 0 and marked not in state.claimed:
        claim(state, marked, pointer)  # "请特别留意（1）X（2）Y": the list is the object
        return
    copula = _copula_first().match(norm, start)
    if copula is not None:
        start = copula.end()  # "The bit I'd focus on is X": the pointer sat in the subject
    measure = measure_first().match(norm, start)
    if measure is not None and not isinstance(i, tuple) and start == state.scan.ends[i]:
        start = measure.end()  # "留意一下 X": the measure of the looking, then its object
    end = min(para.chunk_end(start), state.next_consumed(start), state.next_pointer)
    if any(start <= d.start < end for d in para.durations) and _duration_first(para, start):
        state.skipped.append(Skipped(pointer[0], pointer[1], "a reading time, not an object"))
        return  # "完整读下来大概要半小时", "阅读时间按四十分钟备"
    pos = start
    while (found := first_of(norm, _OBJECT_ENDS, pos, end)) is not None:
        at, mark = found
        pos = at + 1
        if para.brackets and para.inside_brackets(at):
            continue
        if mark != "," or not _glued(para, at, end):
            end = at
            break
    enough = state.scan.first(lx.SUFFICE, start, end)
    if enough >= 0:  # "瞄一眼 X 就够了", "看一眼 X 即可": the sufficiency is no part of X
        glue = _before_glue().search(norm, max(start, state.scan.starts[enough] - 4),
                                     state.scan.starts[enough])
        end = glue.start() if glue else state.scan.starts[enough]
    if norm[end - 1 : end] in _COUNT_NOUNS:
        counted = _trailing_count().search(norm, max(start, end - _TAIL), end)
        if counted is not None and counted.start() > start:
            end = counted.start()  # "看 A 与 B 两处": the count sums the items up, it is none
    if end < len(norm) and end - start <= _COUNT_LIMIT and count(para, start, end, bare=True):
        # "值得细看的地方有三处，一是…二是…": the object is a count, and the list it counts
        # follows the comma as a colon's would
        marked = state.marked_at(end + 1)
        if marked >= 0:
            claim(state, marked, pointer)
            return
    items = cut(para, start, end, announced=False)
    # one character after a verb is its complement ("可读毕"), not its object
    items = [item for item in items if item.end - item.start > 1 and worth_keeping(state, item)]
    if not items:
        state.skipped.append(Skipped(pointer[0], pointer[1], "nothing after the pointer"))
        return
    add(state, kind, pointer, items, (pointer[0], end))


@cache
def _copula_first() -> re.Pattern[str]:
    return re.compile(r"\s*(?<![a-z])(?:is|are)\s+(?!not\b)")


@cache
def measure_first() -> re.Pattern[str]:
    """The measure of a look right after its verb ("留意一下 X", "瞄两眼"): the object follows."""
    return re.compile(r"(?:一下|一眼|两眼|一番|一二)\s*")


def _duration_first(para: Para, start: int) -> bool:
    """Does the text after a verb open with its time ("下来大概要半小时", "时间按四十分钟")?"""
    for duration in para.durations:
        if duration.start >= start:
            lead = para.norm[start : duration.start]
            return len(lead) <= _TIME_LEAD and not any(mark in lead for mark in ",，;；")
    return False


_TIME_LEAD = 8  # "下来大概要", "时间按": a few characters between a verb and its time


@cache
def _trailing_count() -> re.Pattern[str]:
    return re.compile(r"\s*(?:这)?[两三四五几]\s*(?:处|点|个地方|个方面|方面|块|项)\s*\Z")


@cache
def _before_glue() -> re.Pattern[str]:
    return re.compile(r"\s*(?:就|也|便|则)?\s*\Z")


def _glued(para: Para, at: int, end: int) -> bool:
    """Does the comma at `at` glue on another item? In English also "A, B and C"."""
    if glue_comma().match(para.norm, at):
        return True
    rest = para.norm[at:end].replace(MASK, "x")  # inline code is a word like any other
    if rest.isascii() and "," in rest:
        # "A, B and C", "A, then the tests": glue before a noun phrase or the next step of
        # reading, not before a verb of its own ("X, then leave the rest alone")
        for glue in re.finditer(r",\s*(?:and|or|then|and\s+then)\s+", rest):
            if starts_phrase(para, at + glue.end()):
                return True
    return False


def claim(state: FocusState, index: int, pointer: tuple[int, int] | None) -> None:
    marked = state.marked[index]
    state.claimed.add(index)
    items = [
        kept for item in marked.items
        if (kept := _before_rating(state, item)) is not None and worth_keeping(state, kept)
    ]
    add(state, "marked list", pointer, items, (pointer[0] if pointer else marked.start, marked.end))


def _before_rating(state: FocusState, item: Item) -> Item | None:
    """The item cut before a rating that comments on it from its end ("三是 X 的时机
    （值得逐行抠，留出半个钟头）", "(c) X. Worth a close read"): the last item of a list
    runs to its sentence's end and swallows what follows. A rating at its start leaves
    the item whole, for `worth_keeping` to refuse."""
    para = state.para
    for start, _ in state.ratings:
        if item.start < start < item.end:
            cut_at = start
            bracket = para.norm.rfind("(", item.start, start)
            if bracket > item.start and para.inside_brackets(start):
                cut_at = bracket
            else:
                cut_at = max(item.start, para.clause_start(start))
            if has_content(state.para, state.scan, item.start, cut_at, BEFORE):
                return trim(para, item.start, cut_at) or item
    return item


def add(
    state: FocusState, kind: str, pointer: tuple[int, int] | None, items: list[Item],
    span: tuple[int, int],
) -> None:
    state.consume(*span)
    if items:
        state.found.append(FocusList(kind, pointer, tuple(items)))


