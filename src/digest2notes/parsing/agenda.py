"""A header of what the reader is to do with some things: "Things to follow through the
diff:", "Things worth tracing:", "Points to raise in review:", "The bits I'd linger over:".

Whatever the verb, a plain noun of parts ("things", "points", "bits") given a task
("to …", "worth …ing", "I'd …", "you should …", "that will …") and closed by a colon
announces the list after it, as "Things to check:" does with a verb the lexicon knows. So
does any verb whose "at" or "into" closes a label ("Squint at:", "Poke into:"): where to
look. A header with a count closed by a full stop ("Three things to stare at. A. B. C.")
announces that many sentences after it.
"""

from __future__ import annotations

import re
from functools import cache

from .headers import count
from .items import trim
from .objects import FocusState, add, announced

__all__ = ["agenda_headers", "counted_sentences"]


def agenda_headers(state: FocusState) -> None:
    norm = state.para.norm
    if ":" not in norm:
        return
    _announce_each(state, _agenda())
    if " at:" in norm or " into:" in norm:
        _announce_each(state, _looking_at())


def counted_sentences(state: FocusState) -> None:
    """ "Three things to stare at. A. B. C.": the counted header's sentences, one each."""
    para = state.para
    norm = para.norm
    for match in _agenda(stop=True).finditer(norm):
        start, stop = match.start(), match.end()
        number = count(para, start, stop - 1)
        if not 1 < number <= _MAX_SENTENCES or state.covered(start) >= 0:
            continue
        if norm[para.clause_start(start) : start].strip(" \t\n*_>"):
            continue
        items, at = [], stop
        for _ in range(number):
            end = para.sentence_end(at)
            item = trim(para, at, end)
            if item is None or end - at > _SENTENCE_LIMIT:
                break
            items.append(item)
            at = end + 1
        if len(items) == number:
            add(state, "counted sentences", (start, stop - 1), items, (start, at))


def _announce_each(state: FocusState, headers: re.Pattern[str]) -> None:
    para = state.para
    for match in headers.finditer(para.norm):
        start, colon = match.start(), match.end()
        if para.norm[para.clause_start(start) : start].strip(" \t\n*_>"):
            continue  # a header opens its clause ("It fixes things to do with X:" describes)
        if state.covered(start) < 0 and state.covered(colon) < 0:
            announced(state, (start, colon - 1), colon, 0)


@cache
def _looking_at() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z'-])[a-z]+\s+(?:at|into)\s*:")


_MAX_SENTENCES = 5
_SENTENCE_LIMIT = 160  # a point said as a sentence of its own is short


@cache
def _agenda(stop: bool = False) -> re.Pattern[str]:
    """The header, closed by a colon; or with `stop`, counted and closed by a full stop."""
    counted = r"(?:two|three|four|five|[2-5])\s+" if stop else (
        r"(?:(?:the|a\s+few|some|two|three|main|key)\s+)?"
    )
    return re.compile(
        r"(?<![a-z])" + counted
        + r"(?:things|points|bits|parts|areas|spots|items|places|questions)\s+"
        r"(?:to|worth|i'd|i\s+would|you'd|you\s+should|you'll\s+want\s+to|"
        # a task to come, not what happened ("the bits that will haunt you", not "that changed")
        r"(?:that|which)\s+(?:will|would|should|might|may|could|deserve|merit|matter|repay|reward))"
        r"\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,4}\s*"
        + (r"\.(?=\s)" if stop else r"(?:\([^()]{0,60}\)\s*)?:")
    )
