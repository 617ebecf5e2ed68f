"""A header of what the reader is to do with some things: "Things to follow through the
diff:", "Things worth tracing:", "Points to raise in review:", "The bits I'd linger over:".

Whatever the verb, a plain noun of parts ("things", "points", "bits") given a task
("to …", "worth …ing", "I'd …", "you should …") and closed by a colon announces the
list after it, as "Things to check:" does with a verb the lexicon knows. So does any verb
whose "at" or "into" closes a label ("Squint at:", "Poke into:"): where to look.
"""

from __future__ import annotations

import re
from functools import cache

from .objects import FocusState, announced

__all__ = ["agenda_headers"]


def agenda_headers(state: FocusState) -> None:
    norm = state.para.norm
    if ":" not in norm:
        return
    _announce_each(state, _agenda())
    if " at:" in norm or " into:" in norm:
        _announce_each(state, _looking_at())


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


@cache
def _agenda() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])(?:(?:the|a\s+few|some|two|three|main|key)\s+)?"
        r"(?:things|points|bits|parts|areas|spots|items|places|questions)\s+"
        r"(?:to|worth|i'd|i\s+would|you'd|you\s+should|you'll\s+want\s+to)"
        r"\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,4}\s*(?:\([^()]{0,60}\)\s*)?:"
    )
