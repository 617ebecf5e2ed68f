"""A header of what the reader is to do with some things: "Things to follow through the
diff:", "Things worth tracing:", "Points to raise in review:", "The bits I'd linger over:".

Whatever the verb, a plain noun of parts ("things", "points", "bits") given a task
("to …", "worth …ing", "I'd …", "you should …") and closed by a colon announces the
list after it, as "Things to check:" does with a verb the lexicon knows.
"""

from __future__ import annotations

import re
from functools import cache

from .objects import FocusState, announced

__all__ = ["agenda_headers"]


def agenda_headers(state: FocusState) -> None:
    para = state.para
    norm = para.norm
    if ":" not in norm:
        return
    for match in _agenda().finditer(norm):
        start, colon = match.start(), match.end()
        if norm[para.clause_start(start) : start].strip(" \t\n*_>"):
            continue  # a header opens its clause ("It fixes things to do with X:" describes)
        if state.covered(start) < 0 and state.covered(colon) < 0:
            announced(state, (start, colon - 1), colon, 0)


@cache
def _agenda() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])(?:(?:the|a\s+few|some|two|three|main|key)\s+)?"
        r"(?:things|points|bits|parts|areas|spots|items|places|questions)\s+"
        r"(?:to|worth|i'd|i\s+would|you'd|you\s+should|you'll\s+want\s+to)"
        r"\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,4}\s*:"
    )
