"""Reading advice said without a word of attention: a route through the diff ("Go
straight to X", "Start with X, then Y", "从 X 看起") and attention given as a gift ("Give
X and Y your full attention").
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .clauses import AFTER, has_content
from .items import trim
from .keeping import worth_keeping
from .lists import cut
from .objects import FocusState, add, inline

__all__ = ["attention_given", "reading_routes"]


@cache
def _routes() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (
        # "Go straight to X", "Start with X, then Y", "Head to X": an imperative that opens
        # its sentence and says where the reading goes
        re.compile(
            r"(?<![a-z])(?:(?:start|begin|open)\s+with|(?:go|head|jump|turn|skip\s+ahead)\s+"
            r"(?:straight\s+|directly\s+|right\s+)?to)\s+"
        ),
        # "从 X 看起，再看 Y", "先从 X 入手"
        re.compile(
            r"从\s*(?P<obj>[^,.;:!?。；！？\n]{2,40}?)\s*(?:看起|读起|开始看|开始读|入手)"
        ),
    )


_ROUTE_VERBS = ("go ", "head ", "jump ", "turn ", "ahead ")


@cache
def _sentence_opening() -> re.Pattern[str]:
    # "Go straight to X", "So, start with X", "First, head to X": what may come before
    return re.compile(r"(?:^|[.;!?。；！？\n:])[\s*_>]*(?:(?:so|then|and|first),?\s+)?\Z")


def _opens_sentence(norm: str, at: int) -> bool:
    return _sentence_opening().search(norm, max(0, at - 12), at) is not None


def reading_routes(state: FocusState) -> None:
    """Where the reading starts or goes, said as a route ("Go straight to X", "Start with X,
    then Y", "从 X 看起"): a reading order without a word of attention. Not under a
    condition or for a group of readers ("If you must, start with X")."""
    para, scan = state.para, state.scan
    norm = para.norm
    if not state.ratings:
        return  # a route is reading advice in a paragraph about reading
    english, chinese = _routes()
    state.next_pointer = len(norm)
    spans: list[tuple[int, int, int, int]] = []  # (pointer start, end, object start, end)
    if "从" in norm and ("起" in norm or "入手" in norm or "开始" in norm):
        spans += [
            (m.start(), m.end(), m.start("obj"), m.end("obj")) for m in chinese.finditer(norm)
        ]
    if " with " in norm or (" to " in norm and any(verb in norm for verb in _ROUTE_VERBS)):
        spans += [
            (m.start(), m.end(), m.end(), -1) for m in english.finditer(norm)
            if _opens_sentence(norm, m.start())
        ]
    for start, end, object_start, object_end in sorted(spans):
        if state.covered(object_start) >= 0:
            continue
        if scan.any(lx.COND | lx.AUDIENCE | lx.DISMISS | lx.NEG, para.chunk_start(start), start):
            continue
        if object_end < 0:
            inline(state, (start, end), object_start, "route")
            continue
        item = trim(para, object_start, object_end)
        if item is not None and has_content(para, scan, item.start, item.end, AFTER):
            add(state, "route", (start, end), [item], (start, end))


def attention_given(state: FocusState) -> None:
    """"Give X and Y your full attention", "give the cache layer your closest reading": the
    things between "give" and "your …" are what the attention is for."""
    para = state.para
    norm = para.norm
    if "give" not in norm or "your" not in norm:
        return
    for match in _given().finditer(norm):
        start, end = match.span("object")
        if state.covered(start) >= 0 or not has_content(para, state.scan, start, end, AFTER):
            continue
        items = [
            item for item in cut(para, start, end, announced=False) if worth_keeping(state, item)
        ]
        if items:
            add(state, "attention given", match.span("give"), items, (match.start(), match.end()))


@cache
def _given() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])(?P<give>give)\s+(?P<object>(?!it\s|this\s|them\s)[^.;:!?]{3,160}?)\s+your\s+"
        r"(?:full\s+|undivided\s+|closest\s+|close\s+|careful\s+|best\s+)?"
        r"(?:attention|reading|focus|scrutiny)(?![a-z])"
    )
