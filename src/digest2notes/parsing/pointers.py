"""Pointers: the attention, interest or learning cues that open a list of focus points.

A pointer is a cue of attention, study, interest or learning (`lexicon.ATTEND`,
`VALUE`, `EMPHASIS`) followed by an *introducer*:

* right after it, "是 / 为 / 在于 / 在" ("看点是 X", "值得关注的是 X：…", "最有嚼头的是
  X和Y"): the object runs to the end of its clause, where a colon starts an explanation;
* a colon or dash closing a short header ("建议关注：", "需重点核查的事项包括：",
  "Notice three things:", "Of note —"): the list runs to the end of the sentence;
* "are" / "include" after an English header ("The parts that repay the effort are X and Y");
* nothing at all, after an attention verb in advice position ("Look closely at X",
  "报告建议读者聚焦于 X", "重点对照…理解 X") or an emphasis opening a clause ("，尤其是 X").

A header's count ("以下三项", "three things") caps the items. Pointers give nothing under
a condition ("若…", "If you…"), for a group of readers ("…的同学，"), in a caveat
("使用时需明确边界：", "Note that"), or when what they point at is another PR or
background reading ("可一并参阅 #N", "背景见 #N").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from . import lexicon as lx
from .clauses import BEFORE, has_content
from .headers import colon, count, english_introducer, first_of, word_introducer
from .lists import Item, cut
from .markers import MarkedList
from .scanner import Scan
from .text import Para

__all__ = ["FocusList", "FocusState", "Skipped", "add", "claim", "read_pointers"]

_TRIGGER = lx.ATTEND | lx.VALUE | lx.EMPHASIS
_ADVICE = lx.RECOMMEND | lx.MODAL | lx.HIGH | lx.TEMPORAL
# Value words that can also be verbs with an object ("可以借鉴 X").
_VALUE_VERBS = frozenset({"借鉴", "参考", "学习"})
PRAISE = frozenset({"值得", "worth"})


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
    consumed: list[tuple[int, int]] = field(default_factory=list)
    #: The scan indices of every condition, audience and caveat cue, in order (most
    #: paragraphs have none, and no pointer is then checked for one).
    exclusions: list[int] = field(default_factory=list)
    found: list[FocusList] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    def covered(self, pos: int) -> int:
        """The end of a consumed stretch holding `pos`, or -1."""
        for start, end in self.consumed:
            if start <= pos < end:
                return end
        return -1

    def next_consumed(self, pos: int) -> int:
        """Where the next consumed stretch after `pos` starts (the end of the text if none)."""
        nearest = len(self.para.norm)
        for start, _ in self.consumed:
            if pos < start < nearest:
                nearest = start
        return nearest

    def marked_at(self, pos: int) -> int:
        """The index of the marked list that starts at `pos` (spaces and newlines
        before it allowed), or -1."""
        norm = self.para.norm
        while pos < len(norm) and norm[pos] in " \t\n":
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


def read_pointers(state: FocusState) -> None:
    scan = state.scan
    flags = scan.flags
    words = scan.words
    for i in [
        i for i, bits in enumerate(flags)
        # "最值得看的是 X", "我最想推荐的是 X"
        if bits & (_TRIGGER | lx.CAUTION | lx.ENDORSE) or words[i] in PRAISE
    ]:
        bits = flags[i]
        start = scan.starts[i]
        if state.covered(start) >= 0:
            continue
        if bits & lx.CAUTION:
            _caution(state, i)
            continue
        if words[i] in PRAISE and not _worth_reading_is(state, i):
            continue  # "值得精读": a rating, no pointer
        if bits & lx.ENDORSE and not bits & _TRIGGER and not _recommended_is(state, i):
            continue
        reason = _excluded(state, i)
        if reason:
            state.skipped.append(Skipped(start, scan.ends[i], reason))
            state.consumed.append((start, _region_end(state, i)))
            continue
        if i and scan.words[i - 1] in PRAISE and _praise_form(state, i):
            continue  # "X 也值得参考。": trailing praise, read by `_praise`
        # "重点关注", "重点 check": the attention verb after "重点" does the pointing.
        following = i + 1
        if scan.words[i] == "重点" and following < len(scan.starts) and (
            scan.starts[following] - scan.ends[i] <= 1 and scan.flags[following] & lx.ATTEND
        ):
            continue
        if scan.words[i] == "注意" and state.para.norm.startswith(":", scan.ends[i]):
            _caution(state, i)  # "注意：…" is a caveat; "注意看：…", "让大家注意的是" point
            continue
        _point(state, i)


def _worth_reading_is(state: FocusState, i: int) -> bool:
    """ "最值得看的是 X", "值得一读的地方有三处：": worth + a reading word + an introducer."""
    scan = state.scan
    following = i + 1
    if following >= len(scan.starts) or scan.starts[following] - scan.ends[i] > 1:
        return False
    if not scan.flags[following] & (lx.READ | lx.ATTEND | lx.VALUE):
        return False
    return word_introducer(state.para.norm, scan.ends[following]) >= 0


def _recommended_is(state: FocusState, i: int) -> bool:
    """ "我最想推荐的是 X": what is recommended, introduced right after the word."""
    end = state.scan.ends[i]
    return state.para.norm.startswith(("的是", "的地方", "的部分"), end)


def _praise_form(state: FocusState, i: int) -> bool:
    """Does the cue at `i` end its chunk, right after "值得"/"worth" ("也值得参考。")?"""
    para, scan = state.para, state.scan
    end = scan.ends[i]
    return scan.ends[i - 1] >= scan.starts[i] - 1 and not para.norm[
        end : para.chunk_end(end)
    ].strip(" .!。！)）\"”'")


def _excluded(state: FocusState, i: int) -> str:
    """Why the pointer at cue `i` gives no points, or ""."""
    if not state.exclusions:
        return ""
    scan, para = state.scan, state.para
    start = scan.starts[i]
    chunk = para.chunk_start(start)
    clause = para.clause_start(start)
    for j in state.exclusions:
        at = scan.starts[j]
        if at >= start:
            break
        bits = scan.flags[j]
        if at < chunk:
            continue
        if bits & lx.COND:
            return f"conditional advice ({scan.words[j]!r})"
        if bits & lx.AUDIENCE and para.clause_end(scan.ends[j]) < clause:
            return f"advice for a group of readers ({scan.words[j]!r})"
        if bits & lx.CAUTION and at >= clause:
            return f"a caveat ({scan.words[j]!r})"
    return ""


def _colon_of(state: FocusState, pos: int) -> tuple[int, int] | None:
    return colon(state.para, pos, state.next_consumed(pos) + 1)


def _caution(state: FocusState, i: int) -> None:
    """A caveat header ("使用时需明确边界：…", "Limitations: …") claims what it introduces."""
    scan, para = state.scan, state.para
    colon = _colon_of(state, scan.ends[i])
    if colon is not None:
        state.consumed.append((scan.starts[i], para.sentence_end(colon[1])))
        state.skipped.append(Skipped(scan.starts[i], scan.ends[i], "a caveat"))


def _region_end(state: FocusState, i: int) -> int:
    colon = _colon_of(state, state.scan.ends[i])
    return state.para.sentence_end(colon[1] if colon else state.scan.ends[i])


def _point(state: FocusState, i: int) -> None:
    scan, para = state.scan, state.para
    norm = para.norm
    word = scan.words[i]
    bits = scan.flags[i]
    start, end = scan.starts[i], scan.ends[i]
    following = i + 1
    if word == "重点" and following < len(scan.starts) and scan.flags[following] & lx.READ and (
        scan.starts[following] - end <= 1
    ):
        end = scan.ends[following]  # "重点看 X": the reading verb belongs to the pointer
    if word in PRAISE:  # checked by `_worth_reading_is`
        end = scan.ends[following]
    # 1. "看点是 X", "值得关注的是 X：…", "之处在于 X", "要点为：…", "集中在两处：…"
    intro = word_introducer(norm, end)
    if intro >= 0:
        colon = _colon_of(state, intro)
        if colon is not None and (
            _only_space(norm, intro, colon[0]) or count(para, intro, colon[0], bare=True)
        ):
            header = count(para, para.clause_start(start), end)
            _announced(state, i, colon[1], header or count(para, intro, colon[0], bare=True))
        else:
            _inline(state, i, intro, "introduced")
        return
    # 2. a header closed by a colon or a dash
    colon = _colon_of(state, end)
    if colon is not None:
        header = count(para, para.clause_start(start), end) or count(para, end, colon[0])
        _announced(state, i, colon[1], header)
        return
    # 3. "The parts that repay the effort are X and Y", "The interesting bit is X: …"
    if bits & (lx.VALUE | lx.HEADER):
        are, single = english_introducer(para, end)
        if are >= 0 and single:
            _inline(state, i, are, "introduced")
        elif are >= 0:
            _announced(state, i, are, count(para, para.clause_start(start), end))
        elif word in _VALUE_VERBS and _advice_position(state, i):
            _inline(state, i, end, "inline")  # "可以借鉴 X"
        return
    # 4. an attention verb or an emphasis with its object
    if bits & lx.EMPHASIS:
        if not has_content(para, scan, para.clause_start(start), start, BEFORE):
            _inline(state, i, end, "emphasis")
        return
    if bits & lx.HEADER or not _advice_position(state, i):
        return
    _inline(state, i, _skip_preposition(norm, end), "inline")


def _advice_position(state: FocusState, i: int) -> bool:
    """An attention verb points when it advises: at the start of its clause ("Look
    closely at X", "阅读时留意 X"), or after advice ("建议关注", "审阅者宜关注", "多瞅瞅").
    In English "can" describes rather than advises ("so you can inspect X")."""
    scan, para = state.scan, state.para
    start = scan.starts[i]
    clause = para.clause_start(start)
    english = scan.words[i].isascii()
    if english and scan.any(lx.MODAL, clause, start):
        return False
    if not has_content(para, scan, clause, start, BEFORE):
        return True
    advice = _ADVICE & ~lx.MODAL if english else _ADVICE
    for j in scan.between(max(clause, start - 12), start):
        if scan.flags[j] & advice:
            return True
    return para.norm[max(clause, start - 1) : start] == "多"


def _skip_preposition(norm: str, pos: int) -> int:
    for word in ("于", "在", " on ", " at "):
        if norm.startswith(word, pos):
            return pos + len(word)
    return pos


def _announced(state: FocusState, i: int, start: int, count: int) -> None:
    """A list announced by a header: its marked list, or the sentence cut at separators."""
    para = state.para
    pointer = (state.scan.starts[i], state.scan.ends[i])
    marked = state.marked_at(start)
    if marked >= 0:
        claim(state, marked, pointer)
        return
    end = min(para.sentence_end(start), state.next_consumed(start))
    inner = state.marked_within(start, end)
    if inner >= 0 and _only_space(para.norm, start, state.marked[inner].start):
        claim(state, inner, pointer)
        return
    items = cut(para, start, end, announced=True)
    if count and len(items) > count:
        items = items[:count]
    add(state, "header", pointer, items, (pointer[0], end))


def _only_space(norm: str, start: int, end: int) -> bool:
    return not norm[start:end].strip()


_OBJECT_ENDS = (":", ",", "—")


def _inline(state: FocusState, i: int, start: int, kind: str) -> None:
    """An object after a pointer, to the end of its clause: a plain comma, a colon (an
    explanation follows) or a semicolon ends it; a comma that glues on another item
    ("，以及 Y", ", and Y") does not."""
    para = state.para
    norm = para.norm
    pointer = (state.scan.starts[i], state.scan.ends[i])
    end = min(para.chunk_end(start), state.next_consumed(start))
    pos = start
    while (found := first_of(norm, _OBJECT_ENDS, pos, end)) is not None:
        at, mark = found
        pos = at + 1
        if para.brackets and para.inside_brackets(at):
            continue
        if mark != "," or not _glued(para, at, end):
            end = at
            break
    items = cut(para, start, end, announced=False)
    items = [item for item in items if worth_keeping(state, item)]
    if not items:
        state.skipped.append(Skipped(pointer[0], pointer[1], "nothing after the pointer"))
        return
    add(state, kind, pointer, items, (pointer[0], end))


@cache
def _glue() -> re.Pattern[str]:
    return re.compile(
        r",\s*(?:以及|还有|另外还有|(?:和|与|及)(?=[\s`\ue000a-z0-9#(“\"'])|"
        r"(?:and|as\s+well\s+as|plus)(?![a-z]))"
    )


def _glued(para: Para, at: int, end: int) -> bool:
    """Does the comma at `at` glue on another item? In English also "A, B and C"."""
    if _glue().match(para.norm, at):
        return True
    rest = para.norm[at:end]
    if rest.isascii() and "," in rest:
        return bool(re.search(r",\s*(?:and|or)\s", rest))
    return False


def worth_keeping(state: FocusState, item: Item) -> bool:
    """Not a pointer to another PR or to background reading, not just "this PR"."""
    scan, para = state.scan, state.para
    if scan.any(lx.BACKGROUND, item.start, item.end):
        return False
    if para.norm.find("#", item.start, item.end) >= 0 and _bare_reference().fullmatch(
        para.norm, item.start, item.end
    ):
        return False
    if item.end - item.start > 12:
        return True  # long enough to hold more than cues
    return has_content(para, scan, item.start, item.end, BEFORE)


@cache
def _bare_reference() -> re.Pattern[str]:
    return re.compile(r"[\s#\d,、和与及]*(?:pr|issue|pull request)?[\s#\d]*")


def claim(state: FocusState, index: int, pointer: tuple[int, int] | None) -> None:
    marked = state.marked[index]
    state.claimed.add(index)
    items = [item for item in marked.items if worth_keeping(state, item)]
    add(state, "marked list", pointer, items, (pointer[0] if pointer else marked.start, marked.end))


def add(
    state: FocusState, kind: str, pointer: tuple[int, int] | None, items: list[Item],
    span: tuple[int, int],
) -> None:
    state.consumed.append(span)
    if items:
        state.found.append(FocusList(kind, pointer, tuple(items)))


