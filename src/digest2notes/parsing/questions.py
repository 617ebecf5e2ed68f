"""A pointer in a question: "What should you look at? Three spots: 1) …", "Q: Anything
to watch? A: Two things: X, and Y", "看点在哪？X". The answer, the next sentence, is the
pointer's object; a question that asks nothing of the kind points nowhere.
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .headers import count as header_count
from .objects import FocusState, announced, inline

__all__ = ["question_pointer"]


@cache
def _asking() -> re.Pattern[str]:
    # English asks with its first word ("What should you check?", "Anything to watch?");
    # Chinese asks in place ("看点在哪？", "该关注什么？")
    return re.compile(
        r"[\s*_>]*(?:(?:q|question|问)\s*:\s*)?"  # an interview's "Q:" labels the question
        r"(?:(?:(?:so|and|but|ok|okay),?\s+)?(?:what|where|which|anything|any)(?![a-z])"
        r"|.*?(?:什么|哪|啥))"
    )


@cache
def _answer_header() -> re.Pattern[str]:
    # "Three spots:", "两处：": a count closing the answer's own short header
    return re.compile(r"[^,.;:!?。]{1,24}:\s*")


_QUESTION_REACH = 120


@cache
def _answer_label() -> re.Pattern[str]:
    return re.compile(r"(?:a|answer|答)\s*:\s*")


@cache
def _count_only() -> re.Pattern[str]:
    # An answer that only counts what follows: "Three places.", "两处。", "A few."
    return re.compile(
        r"(?:just\s+|only\s+)?(?:one|two|three|four|five|a\s+few|several|\d|[一二两三四五几])"
        r"\s*(?:things?|places?|spots?|points?|bits?|parts?|处|点|个地方|件事|样)?\s*[.。!]?\s*"
    )


@cache
def _answer_preposition() -> re.Pattern[str]:
    return re.compile(r"(?:(?:in|to|at|on|into)\s+|在\s*)")


def question_pointer(state: FocusState, i: int) -> bool:
    """A pointer in a question: "What should you look at? Three spots: 1) …", "Anything
    to watch? The row for X", "看点在哪？X": the answer, the next sentence, is the object.
    A question that asks nothing of the kind ("Does anyone need to be told to read X?",
    "Are the tests worth the same care?") points nowhere. True when it was a question."""
    para, scan = state.para, state.scan
    norm = para.norm
    if not state.asks:
        return False
    start = scan.starts[i]
    end = para.sentence_end(start)
    if end >= len(norm) or norm[end] not in "?？":
        return False
    if norm.find(":", scan.ends[i], end) >= 0:
        return False  # "One question worth holding in your head: when does X…?"
    sentence = para.sentence_start(start)
    if end - sentence > _QUESTION_REACH:
        return False  # a question is short; a long stretch ending in "?" is prose
    if not _asking().match(norm, sentence, end):
        return True  # a yes/no question: its answer rates, it does not list
    answer = end + 1
    while answer < len(norm) and norm[answer] in " \t\n*_":
        answer += 1
    answer_end = para.sentence_end(answer)
    if answer >= answer_end or scan.any(lx.NEG | lx.DISMISS, answer, min(answer + 12, answer_end)):
        return True  # "Anything to watch? Nothing."
    label = _answer_label().match(norm, answer, answer_end)
    if label is not None:  # "A: …", "答：…"
        answer = label.end()
    count = _count_only().fullmatch(norm, answer, answer_end)
    if count is not None and answer_end + 1 < len(norm):  # "A: Three places. First, X; …"
        answer = answer_end + 1
        while answer < len(norm) and norm[answer] in " \t\n*_":
            answer += 1
        answer_end = para.sentence_end(answer)
    lead = _answer_preposition().match(norm, answer, answer_end)
    if lead is not None:  # "Where is it? In X": the place answered, not its preposition
        answer = lead.end()
    header = _answer_header().match(norm, answer, answer_end)
    if header is not None and (  # "Three spots: 1) …", "Two things: X, and Y"
        state.marked_at(header.end()) >= 0
        or _count_only().fullmatch(norm, answer, norm.index(":", answer)) is not None
    ):
        announced(state, i, header.end(), header_count(para, answer, header.end()))
        return True
    said = norm[answer:answer_end]
    if said.count(";") >= (1 if not said.isascii() else 2):
        # "要盯什么？答：A；B": the answer is a list (in English "X; the author agrees" may
        # only comment on X, so it takes two semicolons)
        announced(state, i, answer, 0)
    else:
        inline(state, i, answer, "question")
    return True
