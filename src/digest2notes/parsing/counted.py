"""Counted headers: a number of parts, said to deserve attention, announces their list.

"Three areas deserve real study: A; B; C", "这篇的门道在两处：甲）…乙）…", "Three matters
require attention. The first is X. The second is Y." or "Two things worth peeping. One:
X. Two: Y.": the count is the subject, a cue of attention, study, value or advice (or an
introducer, "在两处", "有三点") says why they are listed, and a colon or the sentence's end
closes the header. In an entry rated for reading, a few singled out say it too ("要尝的就
两样：", "One thing I'd keep an eye on:"). Without either a counted header describes ("The
changes fall into three groups: …") and gives no points. The count caps the list.

A count may also come after its list, referring back to it ("A、B、C，这三块请一定看仔细").
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .headers import HEADER_LIMIT, first_of
from .imperatives import opens_imperative
from .lists import cut
from .objects import FocusState, Skipped, add, claim, worth_keeping

#: What makes advice no pointer: a condition, an audience, a caution.
EXCLUDING = lx.COND | lx.AUDIENCE | lx.CAUTION

__all__ = ["EXCLUDING", "back_references", "counted_headers"]

_WHY = (
    lx.ATTEND | lx.VALUE | lx.READ | lx.RECOMMEND | lx.HIGH | lx.NEED | lx.DEPTH | lx.EMPHASIS
)
_EXCLUDING = lx.COND | lx.AUDIENCE | lx.CAUTION
_COUNTED = ("一", "两", "三", "四", "五", "几", "one", "two", "three", "four", "five", "six")
_INTRODUCED = ("在", "有", "are", "include")


def counted_headers(state: FocusState) -> None:
    para, scan = state.para, state.scan
    norm = para.norm
    if not any(word in norm for word in _COUNTED):
        return
    for match in _count_pattern().finditer(norm):
        at = match.start()
        if state.covered(at) >= 0 or para.inside_brackets(at):
            continue
        clause = para.clause_start(at)
        sentence_end = para.sentence_end(at)
        found = first_of(norm, (":",), match.end(), min(sentence_end, match.end() + HEADER_LIMIT))
        end = found[0] if found else sentence_end
        if norm[match.end() : end].count(",") or end - match.end() > HEADER_LIMIT:
            continue
        chunk = para.chunk_start(at)
        if scan.any(_EXCLUDING, chunk, at):
            continue
        introduced = norm[clause:at].rstrip().endswith(_INTRODUCED)
        # "要尝的就两样：", "One thing I'd keep an eye on:": a few singled out, in an entry
        # rated for reading, are what to look at
        rated = bool(state.ratings) or state.verdict is not None
        singled = rated and (
            _singled().search(norm, clause, end) is not None
            # "Run the drill on just two things:": the reader told to take only those
            or (_just().search(norm, clause, end) is not None and opens_imperative(norm[clause:at]))
        )
        if not introduced and not singled and not scan.any(_WHY, clause, end):
            continue  # "The changes fall into three groups: …" describes
        if _left_to_do().search(norm, clause, end):
            state.skipped.append(Skipped(clause, end, "a list of what is left to do"))
            continue  # "作者说后面还要补三件事：…", "Two things are still to do: …"
        if state.covered(end - 1) >= 0:
            continue  # a pointer in the header has read its list already
        counted = match.group("n") or match.group("en") or match.group("one")
        header = _NUMBERS.get(counted or "", 0)
        pointer = (clause, end)
        start = end + 1
        marked = state.marked_at(start)
        if marked >= 0:
            if marked not in state.claimed:
                claim(state, marked, pointer)
            continue
        if not found:
            continue  # a sentence of its own, and no list after it
        stop = min(para.sentence_end(start), state.next_consumed(start))
        inner = state.marked_within(start, stop)
        if inner >= 0 and inner not in state.claimed and not norm[
            start : state.marked[inner].start
        ].strip():
            claim(state, inner, pointer)
            continue
        items = [
            item for item in cut(para, start, stop, announced=True) if worth_keeping(state, item)
        ]
        if header and len(items) > header:
            items = items[:header]
        if items:
            add(state, "counted header", pointer, items, (clause, stop))
        else:
            state.skipped.append(Skipped(clause, end, "a counted header with nothing after it"))


@cache
def _count_pattern() -> re.Pattern[str]:
    """A count of parts: "两处", "以下三点", "three areas", "two open questions"."""
    # The lookahead: what a match can start with, so the engine tries the branches only
    # there (any non-ASCII character: a set of the Chinese ones costs more to compile).
    return re.compile(
        r"(?=[^\x00-\x7f]|[\stfso])(?:"
        r"(?:以下|如下|下面|下列|这)?\s*(?P<n>[一两三四五六七八九几])\s*"
        r"(?:个|项|点|处|条|件|类|块|样|句|方面|地方)"
        r"|(?<![a-z])(?P<en>two|three|four|five|six)\s+(?:[a-z-]+\s+)?[a-z]+s(?![a-z])"
        r"|(?<![a-z])(?P<one>one)\s+(?:thing|part|spot|place|detail|bit|line|question)(?![a-z]))"
    )


@cache
def _singled() -> re.Pattern[str]:
    """A restriction to the few counted ("就两样", "只一句", "唯一处") or one thing someone
    would attend to ("One thing I'd keep a flashlight on")."""
    return re.compile(r"(?:就|只|唯|仅)\s*[一两三]|(?<![a-z])one\s+[a-z]+\s+(?:i'd|i\s+would|"
                      r"you'd|you\s+should|to)\s")


@cache
def _just() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?:just|only)\s+(?:the\s+)?(?:one|two|three)(?![a-z])")


@cache
def _left_to_do() -> re.Pattern[str]:
    """What is still to do: the author's plans, not the reader's study."""
    return re.compile(
        r"还要|还需|还得|后续|后面|接下来|打算|计划|待办|尚未|还没"
        r"|(?<![a-z])(?:still|remaining|left\s+to|planned|follow-?ups?|todo|to-do)(?![a-z])"
    )


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "一": 1, "两": 2,
            "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


# --- a list stated first and referred back to --------------------------------------------
@cache
def _back_reference() -> re.Pattern[str]:
    # "这三块", "以上几点", "these three", "that's what": a demonstrative naming what
    # the sentence has just listed (the lookahead: what a match can start with)
    return re.compile(
        r"(?=[^\x00-\x7f]|t)"
        r"(?:(?:这|那|以上|上述)\s*(?P<n>[两三四五六七八九几])?\s*(?:个地方|块|处|点|部分|样|项|件|个)"
        r"|(?<![a-z])(?:that's|that\s+is|those\s+are|these\s+are)\s+(?:what|where|the\s+"
        r"(?:parts?|bits?|places?|spots?|things?))(?![a-z]))"
    )


_POINTING = lx.ATTEND | lx.DEPTH | lx.VALUE
_LIGHT = lx.BREVITY | lx.DISMISS | lx.NEG
_LIST_REACH = 400


def back_references(state: FocusState) -> None:
    """ "A、B、C，这三块请一定看仔细", "A, B and C — that's what you should be reading
    closely": the advice comes after its object, so the sentence before the
    back-reference is the list (its count caps it)."""
    para, scan = state.para, state.scan
    norm = para.norm
    if not scan.present & _POINTING:
        return
    for match in _back_reference().finditer(norm):
        at = match.start()
        clause = para.clause_start(at)
        if clause == 0 or norm[clause:at].strip(" *_"):
            continue  # the reference opens its clause, after the list's
        advice_end = para.chunk_end(at)
        if state.covered(at) >= 0 or not scan.any(_POINTING, match.end(), advice_end):
            continue
        if scan.any(_LIGHT, match.end(), advice_end):
            continue  # "这部分数字看看就好": a light look waves the list off, it does not point
        start = para.sentence_start(clause - 1)
        if clause - start > _LIST_REACH:
            continue  # a list is a few phrases: a longer stretch is prose (and stays linear)
        if state.covered(start) >= 0 or scan.any(EXCLUDING, start, clause):
            continue
        items = [
            item for item in cut(para, start, clause - 1, announced=True)
            if worth_keeping(state, item)
        ]
        cap = {"两": 2, "三": 3, "四": 4, "五": 5}.get(match.group("n") or "", 0)
        if len(items) < 2 or (cap and len(items) > cap):
            continue  # one stretch is a sentence, not a list; too many is not what it counts
        add(state, "back-reference", (at, match.end()), items, (start, para.chunk_end(at)))
