"""Inline code, masked: `code` must never look like a cue, a marker or a separator.

Every character inside a code span becomes `MASK`, so positions stay those of the text.
"""

from __future__ import annotations

import re

__all__ = ["MASK", "mask_code_spans"]

#: Stands in for every character inside `inline code`, so positions stay valid while
#: code never looks like a cue, a marker or a separator.
MASK = "\ue000"

_BACKTICK_RUN = re.compile(r"`+")


def mask_code_spans(text: str) -> str:
    """`text` with the inside of every `inline code` span replaced by `MASK` (same length).

    Backtick runs pair as CommonMark pairs them (a run closes at the next run of the same
    length; unmatched runs are literal), in one linear pass.
    """
    if "`" not in text:
        return text
    if "``" not in text:
        parts = text.split("`")
        for index in range(1, len(parts) - 1, 2):
            parts[index] = _masked(parts[index])
        return "`".join(parts)
    runs = [(m.start(), m.end()) for m in _BACKTICK_RUN.finditer(text)]
    following = [-1] * len(runs)
    latest: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        length = runs[index][1] - runs[index][0]
        following[index] = latest.get(length, -1)
        latest[length] = index
    pieces: list[str] = []
    done = index = 0
    while index < len(runs):
        close = following[index]
        if close < 0:
            index += 1
            continue
        inner_start, inner_end = runs[index][1], runs[close][0]
        pieces += [text[done:inner_start], _masked(text[inner_start:inner_end])]
        done = inner_end
        index = close + 1
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def _masked(code: str) -> str:
    """`code` as `MASK`s; its line breaks stay, so the lines keep the widths they were
    wrapped to (`linebreaks`); a break inside code never ends a sentence."""
    if "\n" not in code:
        return MASK * len(code)
    return "\n".join(MASK * len(line) for line in code.split("\n"))
