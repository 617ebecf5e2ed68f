"""Finding a marker line (``---``, ``%% digest2notes:end …``) without a per-character scan.

Python's ``re`` has no fast path for a multi-line pattern that starts with ``^``:
a search tries the pattern at every character, ~20 ns each, which made finding a
note's closing ``---`` or its end marker a measurable share of reading 10,000
notes. Every line we look for starts with a fixed text, so `LinePattern` jumps
between occurrences of that text (``str.find``, which runs at memory speed) and
runs the pattern only there. The result is exactly ``pattern.search``'s.
"""

from __future__ import annotations

import re


class LinePattern:
    """``^`` + `literal` + `rest` as a `re.MULTILINE` pattern: a line starting with `literal`."""

    __slots__ = ("_needle", "literal", "regex")

    def __init__(self, literal: str, rest: str) -> None:
        self.regex = re.compile("^" + re.escape(literal) + rest, re.MULTILINE)
        self.literal = literal
        self._needle = "\n" + literal

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """The pattern at `pos` (which must be a line start for a match)."""
        return self.regex.match(text, pos)

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """``self.regex.search(text, pos, endpos)``, found by jumping between line starts."""
        end = len(text) if endpos is None else endpos
        if pos == 0 and text.startswith(self.literal, 0, end):
            found = self.regex.match(text, 0, end)
            if found is not None:
                return found
        # A match at p > 0 needs a line break at p - 1, and p >= pos.
        at = text.find(self._needle, max(pos - 1, 0), end)
        while at >= 0:
            found = self.regex.match(text, at + 1, end)
            if found is not None:
                return found
            at = text.find(self._needle, at + 1, end)
        return None
