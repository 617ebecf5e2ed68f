"""The tool's part of a reader's daily note: the day's digests, between two markers.

A daily note is the reader's own, so the tool keeps to a few lines between two
Obsidian comments (invisible in reading view), placed under a ``## Digests`` heading
the first time: under the reader's own heading of that name if the note has one (a
template may place it), else at the end. After that the part is found by its markers
wherever the reader moved it, and nothing outside it is ever touched.

The end marker carries a seal (a hash of the lines inside, as for an entry's note):
a part whose seal holds is exactly what the tool wrote, and is brought up to date; a
part the reader edited is theirs and stays as they left it. A part the reader removed
(the state says the tool wrote one there) is not put back.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

HEADING = "## Digests"
BEGIN = "%% digest2notes:daily (generated: the day's digests; edit outside these lines) %%"
_BEGIN = re.compile(r"^%% digest2notes:daily\b(?!-).*%%[ \t]*$")
_END = re.compile(r"^%% digest2notes:daily-end (?P<seal>[0-9a-f]{8}) %%[ \t]*$")
_HEADING = re.compile(r"^#{1,6}[ \t]+Digests[ \t]*#*[ \t]*$")

EDITED = "kept as you edited it"
REMOVED = "left out: you removed it from this note"


@dataclass(frozen=True)
class PartMerge:
    """The daily note's new text (None: it stays as it is), and why, if it was left so."""

    text: str | None
    detail: str = ""


def seal(lines: Sequence[str]) -> str:
    """The hash of a part's lines, as its end marker carries it."""
    return hashlib.blake2b("\n".join(lines).encode("utf-8"), digest_size=4).hexdigest()


def block(lines: Sequence[str]) -> list[str]:
    """The part as written: its markers around `lines`."""
    return [BEGIN, *lines, f"%% digest2notes:daily-end {seal(lines)} %%"]


def merge(text: str, lines: Sequence[str], *, wrote_before: bool) -> PartMerge:
    """`text` (a daily note as read) with the part holding `lines`. `wrote_before`: the
    tool wrote a part into this note once (so a note without one had it removed)."""
    bom = text.startswith("\ufeff")
    body = text.removeprefix("\ufeff")
    eol = "\r\n" if "\r\n" in body else "\n"
    note = body.replace("\r\n", "\n").split("\n")
    begin = next((i for i, line in enumerate(note) if _BEGIN.match(line)), None)
    if begin is not None:
        end = next((i for i in range(begin + 1, len(note)) if _END.match(note[i])), None)
        if end is None:
            return PartMerge(None, EDITED)
        inside = note[begin + 1 : end]
        found = _END.match(note[end])
        if found is None or found.group("seal") != seal(inside):
            return PartMerge(None, EDITED)
        if inside == list(lines):
            return PartMerge(None)
        note[begin : end + 1] = block(lines)
    elif wrote_before:
        return PartMerge(None, REMOVED)
    else:
        note = _insert(note, lines)
    return PartMerge(("\ufeff" if bom else "") + "\n".join(note).replace("\n", eol))


def new_note(template: str, lines: Sequence[str]) -> str:
    """A daily note that did not exist: the reader's template (filled in), with the part."""
    merged = merge(template, lines, wrote_before=False)
    return merged.text if merged.text is not None else template


def _insert(note: list[str], lines: Sequence[str]) -> list[str]:
    """The part under the note's own Digests heading, else under a new one at the end."""
    heading = next((i for i, line in enumerate(note) if _HEADING.match(line)), None)
    if heading is not None:
        return [*note[: heading + 1], *block(lines), *note[heading + 1 :]]
    head = note[:-1] if note[-1:] == [""] else note  # its final line break comes back below
    spacer = [""] if head and head[-1] != "" else []
    return [*head, *spacer, HEADING, *block(lines), ""]
