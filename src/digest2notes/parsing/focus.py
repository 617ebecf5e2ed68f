"""Focus points: what the paragraph tells the reader, in so many words, to study or watch.

Points come from the paragraph's structure, found from its pointers. A *pointer* is a
cue of attention, study, interest or learning (`lexicon.ATTEND`, `VALUE`, `EMPHASIS`:
"关注", "看点", "借鉴", "look at", "points of interest", "尤其是") followed by an
*introducer*:

* right after it, "是 / 为 / 在于 / 在" ("看点是 X", "值得关注的是 X：…", "最有嚼头的是
  X和Y"): the object runs to the end of its clause, where a colon starts an explanation;
* a colon or dash closing a short header ("建议关注：", "需重点核查的事项包括：",
  "Notice three things:", "Of note —"): the list runs to the end of the sentence;
* "are" / "include" after an English header ("The parts that repay the effort are X and Y")
  or after a short subject with any verb ("the notes to savour are X and Y");
* nothing at all, after an attention verb in advice position ("Look closely at X",
  "报告建议读者聚焦于 X", "重点对照…理解 X") or an emphasis opening a clause ("，尤其是 X").

The list is cut by `lists`: by its markers when it has them, else by the separator it
uses. A header's count ("以下三项", "three things") caps the items. Two other forms:
trailing praise ("X 也值得参考。", "X is worth studying.") gives its subject, and
reading for a purpose ("可与 #1 对照阅读，理解 X", "Read it with #1 to understand X")
gives what to understand.

A marked list with no pointer counts only when it opens the sentence right after the
rating ("推荐细读。(1) … (2) …"): a list introduced by anything else describes what the
PR changed or what is left to do ("另修复两处问题，一是…二是…").

Never points: caveats ("使用时需明确边界：", "Note that"), advice that depends on the
reader's situation ("若…", "If you publish…", "…的同学，"), and pointers to other PRs or
background reading ("可一并参阅 #N", "背景见 #N", "可以当作背景材料").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from ..model import Verdict
from . import lexicon as lx
from .agenda import agenda_headers, counted_sentences
from .clauses import BEFORE, has_content
from .counted import EXCLUDING as _EXCLUDING
from .counted import back_references, counted_headers
from .denials import denied_dismissals
from .hands import pointing_hands
from .hypotheticals import hypothetical_pointers
from .items import Item, trim
from .markers import marked_lists
from .nested import nested_points
from .objects import FocusList, FocusState, Skipped, add, claim, inline
from .pointers import PRAISE, read_pointers
from .routes import attention_given, reading_routes
from .scanner import Scan
from .scope import READ_FOR
from .subjects import predicate_pointers, subject_of, subject_with_any_verb
from .text import Para
from .verdict import Rating

__all__ = ["FocusList", "FocusReading", "Skipped", "read_focus"]


_POINTING_ANY = lx.ATTEND | lx.VALUE | lx.READ | lx.DEPTH | lx.HIGH | lx.RECOMMEND | lx.EMPHASIS


@dataclass(frozen=True, slots=True)
class FocusReading:
    points: tuple[str, ...]
    lists: tuple[FocusList, ...]
    skipped: tuple[Skipped, ...]


def read_focus(
    para: Para, scan: Scan, ratings: list[Rating], verdict: Rating | None = None
) -> FocusReading:
    """The paragraph's focus points in reading order, each an exact slice of it."""
    state = FocusState(para, scan, marked_lists(para))
    state.set_ratings([(r.start, r.end) for r in ratings if r.tier == 0])
    state.verdict = (verdict.start, verdict.end) if verdict else None
    if scan.present & (_EXCLUDING | lx.OPTIONAL | lx.BACKGROUND):
        state.exclusions = [
            i for i, bits in enumerate(scan.flags)
            if bits & (_EXCLUDING | lx.OPTIONAL | lx.BACKGROUND)
        ]
    for marked in state.marked:
        state.consume(marked.start, marked.end)
    if " to " in para.norm:  # before the cues: "note" in "the note to linger on" is a noun
        subject_with_any_verb(state, headers=verdict is not None and verdict.verdict is not
                              Verdict.SKIP)
    hypothetical_pointers(state)  # before the conditions it looks like exclude it
    agenda_headers(state)
    if ". " in para.norm:
        counted_sentences(state)
    if scan.present & (
        lx.ATTEND | lx.VALUE | lx.EMPHASIS | lx.CAUTION | lx.RECOMMEND | lx.READ
    ):
        read_pointers(state)
    if scan.present & _POINTING_ANY:
        predicate_pointers(state)
    reading_routes(state)
    attention_given(state)
    if scan.present & lx.DISMISS and scan.present & lx.NEG:
        denied_dismissals(state)  # "Don't miss X"
    counted_headers(state)
    pointing_hands(state)
    back_references(state)
    _purposes(state)
    _reasons(state, ratings)
    if " it for " in para.norm:
        _read_for(state)
    if scan.present & (lx.RECOMMEND | lx.MODAL):
        _praise(state)
    _unclaimed_lists(state, ratings, verdict)
    if not state.found:
        return FocusReading((), (), tuple(state.skipped))
    state.found.sort(key=lambda f: f.items[0].start)
    text = para.text
    spans = sorted((item.start, item.end) for found in state.found for item in found.items)
    points = tuple(dict.fromkeys([text[s:e] for s, e in spans]))
    return FocusReading(points, tuple(state.found), tuple(state.skipped))


# --- reading for a purpose, trailing praise ---------------------------------------------------
@cache
def _purpose() -> re.Pattern[str]:
    return re.compile(
        r"(?=[对结配参搭rc])(?:(?:对照|结合|配合|对比|参照|搭配)[^。;!?！？\n]{0,40}?(?:阅读|来读|一起读|来看|一起看)"
        r"\s*,\s*(?:以便?|来|便于|从而|以此)?(?:理解|了解|体会|看清|搞清楚?|弄清楚?|弄懂|明白)\s*"
        r"|(?<![a-z])(?:read|compare|cross-check)\s+(?:it\s+|this\s+)?(?:together\s+|along\s+)?"
        r"(?:with|alongside|against)\b[^.;!?\n]{0,80}?\bto\s+(?:understand|see|learn)\s+)"
    )


def _purposes(state: FocusState) -> None:
    para, scan = state.para, state.scan
    norm = para.norm
    if "," not in norm and " to " not in norm:
        return
    for match in _purpose().finditer(norm):
        start = match.start()
        if state.covered(start) >= 0:
            continue
        chunk = para.chunk_start(start)
        condition = scan.first(lx.COND, chunk, start)
        if condition >= 0:
            state.skipped.append(Skipped(start, match.end(), "conditional advice"))
            continue
        end = min(para.clause_end(match.end()), state.next_consumed(match.end()))
        item = trim(para, match.end(), end)
        if item is not None:
            add(state, "purpose", (start, match.end()), [item], (start, end))


def _read_for(state: FocusState) -> None:
    """ "Read it for the dispatch table and the fallback": what the reading is for."""
    for match in _reading_for().finditer(state.para.norm):
        if state.covered(match.start()) < 0:
            inline(state, match.span(), match.end(), "reading for")


@cache
def _reading_for() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])(?:read|skim|study)\s+it\s+(?:mainly\s+|chiefly\s+|only\s+)?for\s+"
        r"(?!(?:the\s+)?(?:sake|fun|record|background|context|history|yourself)(?![a-z]))"
    )


@cache
def _reason() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])(?:chiefly|mainly|mostly|primarily|largely|principally|if\s+only)\s+for\s+"
    )


_REASON_WORDS = ("chiefly", "mainly", "mostly", "primarily", "largely", "principally", "if only")


def _reasons(state: FocusState, ratings: list[Rating]) -> None:
    """ "Worth a glance, five minutes at most, chiefly for X": a rating that says what the
    reading is for gives X (not after a dismissal: "Skip it; it is mainly for X users")."""
    para = state.para
    norm = para.norm
    if " for " not in norm or not any(word in norm for word in _REASON_WORDS):
        return
    state.next_pointer = len(norm)
    starts = sorted(r.start for r in ratings if r.tier == 0 and r.verdict is not Verdict.SKIP)
    for match in _reason().finditer(norm):
        start = match.start()
        sentence = para.sentence_start(start)
        before = bisect_left(starts, start)
        if state.covered(start) >= 0 or before == 0 or starts[before - 1] < sentence:
            continue
        inline(state, (start, match.end()), match.end(), "reason")


def _praise(state: FocusState) -> None:
    """ "X 也值得参考。", "X is worth studying.": the subject X, when it names a thing."""
    scan, para = state.scan, state.para
    norm = para.norm
    last = len(scan.starts) - 1
    words = scan.words
    for i in [i for i, word in enumerate(words) if word in _TRAILING and i < last]:
        following = i + 1
        bits, praised = scan.flags[following], scan.words[following]
        if not bits & (lx.VALUE | lx.ATTEND | lx.READ):
            continue
        if bits & (lx.DEPTH | lx.BREVITY) and (" " in praised or "-" in praised):
            continue  # "X is worth a close read" rates; it does not point
        if words[i] not in PRAISE and (
            bits & (lx.BREVITY | lx.DISMISS) or scan.starts[following] - scan.ends[i] > 1
        ):
            continue  # "测试部分可以略过" rates a part; "可以 …" far from its verb is no praise
        end = scan.ends[following]
        stop = para.chunk_end(end)
        if norm[end:stop].strip(" .!。！)）\"”'"):
            # "X 值得 read closely，其余…": what follows is another clause, or the depth
            stop = para.clause_end(end)
            if stop - end > _TAIL_REACH:
                continue  # a depth word or two, not a clause of its own
            if norm.startswith(":", stop) or not _only_cues(scan, norm, end, stop):
                continue  # "有三处细节值得琢磨：…" is a header, read by `pointers`
            if scan.any(_WAVED, end, stop):
                continue
        start = scan.starts[i]
        if state.covered(start) >= 0:
            continue
        clause = para.clause_start(start)
        if start - clause > _SUBJECT_REACH:
            continue  # a subject is a phrase: longer is prose (and the search stays linear)
        subject_end = _before_copula(norm, clause, start)
        if subject_end == start and scan.words[i].isascii():
            continue  # "B / worth a skim": English praise has its copula ("X is worth…")
        subject = subject_of(para, scan, clause, subject_end)
        if subject is None or scan.any(lx.AUDIENCE, subject.start, subject.end):
            continue  # "做 Agentic RL 的同学可以看看": whom it is for, not what to read
        add(state, "praise", (start, end), [subject], (subject.start, end))


def _only_cues(scan: Scan, norm: str, start: int, end: int) -> bool:
    """Is [start, end), a few characters, only cue words, spaces and punctuation ("read
    closely")? (A cheap check: the filler stretches of a paragraph cost more to build.)"""
    pos = start
    for j in scan.between(start, end):
        if any(c.isalnum() for c in norm[pos : scan.starts[j]]):
            return False
        pos = scan.ends[j]
    return not any(c.isalnum() for c in norm[pos:end])


# Trailing advice: "X 也值得参考", "X is worth studying", and in Chinese a modal or an
# advice before a reading verb that ends the clause ("X 也可以看看", "X 不妨细读").
_TRAILING = PRAISE | frozenset({"可以", "也可以", "可", "不妨", "建议"})
_WAVED = lx.BREVITY | lx.DISMISS | lx.SUFFICE | lx.NEG
_TAIL_REACH = 24
_SUBJECT_REACH = 160


@cache
def _copula() -> re.Pattern[str]:
    return re.compile(
        r"(?:\s(?:is|are)\s+(?:also\s+)?(?:well\s+)?|(?:也|同样|还)?(?:很|非常|十分|颇|尤其|更)?)\Z"
    )


def _before_copula(norm: str, clause: int, start: int) -> int:
    match = _copula().search(norm, clause, start)
    return match.start() if match else start


# --- marked lists without a pointer ----------------------------------------------------------
def _reading_steps(state: FocusState, items: tuple[Item, ...]) -> list[Item]:
    """Each item of a list opening with a reading or attention verb, past the verb: a
    reading order ("第一，看 X。第二，看 Y", "First, read how X. Then study Y"); else []."""
    scan, para = state.scan, state.para
    steps: list[Item] = []
    for item in items:
        index = scan.first(lx.READ | lx.ATTEND, item.start, item.start + 1)
        if index < 0 or scan.flags[index] & (lx.DISMISS | lx.NEG):
            return []
        after = scan.ends[index]
        for word in ("于", "在", " on ", " at "):
            if para.norm.startswith(word, after):
                after += len(word)
        step = trim(para, after, item.end)
        if step is None:
            return []
        steps.append(step)
    return steps if len(steps) >= 2 else []



def _unclaimed_lists(
    state: FocusState, ratings: list[Rating], verdict: Rating | None
) -> None:
    """A marked list no pointer claimed is a focus list only when it opens the sentence
    right after the rating, or follows the rating's own colon ("值得精读：1) …")."""
    para, scan = state.para, state.scan
    if len(state.claimed) == len(state.marked):
        return
    # A rating counts as the list's header when it rates the whole, or when what it reads
    # is the list itself ("Read the following closely — 1. …", "请细读以下几点：").
    whole = [r for r in ratings if r.tier == 0 or _reads_what_follows(para, r)]
    for index, marked in enumerate(state.marked):
        if index in state.claimed:
            continue
        steps = _reading_steps(state, marked.items)
        if steps:  # "First, read how X. Then study Y. Finally, look at Z."
            state.claimed.add(index)
            add(state, "reading order", None, steps, (marked.start, marked.end))
            continue
        if marked.kind in ("line-bullet", "line-number"):
            line = para.norm.rfind("\n", 0, marked.start)
            intro_start = para.norm.rfind("\n", 0, line) + 1 if line > 0 else 0
            intro_end = line if line > 0 else marked.start
        else:
            intro_start, intro_end = para.sentence_start(marked.start), marked.start
        if any(r.clause[0] >= intro_start and r.clause[1] <= intro_end for r in whole):
            rating_end = max(r.clause[1] for r in whole if r.clause[1] <= intro_end)
            if not has_content(para, scan, rating_end, intro_end, BEFORE):
                _take(state, index)
                continue
        if scan.any(lx.WHOLE, intro_start, intro_end):
            # "The change (a) deletes X, (b) makes Y…": the PR as subject, what it did
            state.skipped.append(Skipped(marked.start, marked.end, "a list with no pointer"))
            continue
        if _headed(state, verdict, intro_start, intro_end):
            _take(state, index)
            continue
        before = para.sentence_start(max(0, intro_start - 1))
        if not has_content(para, scan, intro_start, intro_end, BEFORE) and any(
            before <= r.start < intro_start for r in whole
        ):
            _take(state, index)
        elif not nested_points(state, marked):
            state.skipped.append(Skipped(marked.start, marked.end, "a list with no pointer"))


def _take(state: FocusState, index: int) -> None:
    """Take a marked list as the focus list, unless one of its items holds a pointed list
    of its own ("以下分点：1. 做了什么——… 3. 该看什么——一是 X，二是 Y"): then that one."""
    if not nested_points(state, state.marked[index]):
        claim(state, index, None)


_HEADER_REACH = 60


def _reads_what_follows(para: Para, rating: Rating) -> bool:
    return rating.scope == READ_FOR and _forward_object().search(
        para.norm, rating.start, rating.clause[1]
    ) is not None


@cache
def _forward_object() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])the\s+following(?![a-z])|(?<![a-z])these(?:\s+(?:points|things|places))?\s*"
        r"(?:closely|carefully)?\s*$|以下|如下|下面(?:几|这几|的)|下列"
    )


def _headed(state: FocusState, verdict: Rating | None, start: int, end: int) -> bool:
    """A marked list under a short header of its own ("The plays to rewatch: 1) …",
    "给自己的功课：第一，…", "上桌先尝这三样：") in a paragraph that rates the entry for
    reading: what a digest enumerates for its reader is what to look at, unless the
    header says the list is what the PR changed or what is left to do ("Changes:",
    "后续工作："), or the list is the PR's (its subject, checked by the caller)."""
    para = state.para
    header = para.norm[start:end].rstrip(" \t\n*_")
    if not header.endswith((":", "：")) or end - start > _HEADER_REACH:
        return False
    if verdict is None or verdict.verdict is Verdict.SKIP:
        return False
    return _describes().search(header) is None and not state.scan.any(
        lx.CAUTION | lx.BACKGROUND | lx.COND, start, end
    )


@cache
def _describes() -> re.Pattern[str]:
    """Headers of lists that describe the change or what is left to do."""
    return re.compile(
        r"改动|变更|修改|修复|新增|增加|删除|移除|后续|待办|遗留|计划|包括|包含|涉及|做了|实现了|"
        r"(?<![a-z])(?:changes?|changed|fix(?:es|ed)?|adds?|added|removes?|removed|new|todo|"
        r"to-do|follow[- ]?ups?|remaining|still to do|left to do|next steps?|pros|cons|drops|"
        r"includes?|contains?|summary|what's new|changelog|does|did)(?![a-z])"
    )
