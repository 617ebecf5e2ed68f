"""The checklist of a note's generated part, as the reader leaves it: which line is
which of our items (by its block id), and how many focus points are ticked.

Apart from `note` and `body` (the renderer and the merge), so that the study queue,
which counts the ticks of notes changed since the last export, loads neither.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

VERDICT_ID = "verdict"
POINT_PREFIX = "fp-"
DONE_MARKS = frozenset("xX")
DROPPED_LINE = "No longer in the digest (kept because you ticked them):"

# The block id is the last ``^verdict`` / ``^fp-…`` on the line (`content` is greedy):
# digest text may hold one too, and text the reader adds after ours may follow it.
ITEM = re.compile(
    r"^(?P<lead>[ \t]*[-*+][ \t]+\[(?P<mark>[^\]\n])\] )(?P<content>(?:.*[ \t])?)"
    r"\^(?P<key>verdict|fp-[0-9a-f]{6}(?:-\d+)?)(?P<after>[ \t].*)?$"
)


def count_points(lines: Sequence[str]) -> tuple[int, int]:
    """(ticked, total) focus points in lines of the reader's (a part, or a whole body
    whose markers the reader removed): the ``^fp-`` items before any dropped line."""
    done = total = 0
    for line in lines:
        if line.rstrip() == DROPPED_LINE:
            break
        match = ITEM.match(line)
        if match and match.group("key").startswith(POINT_PREFIX):
            total += 1
            done += match.group("mark") in DONE_MARKS
    return done, total
