"""The generated part of a note, read back unit by unit and merged three ways.

The part is read as a sequence of the tool's units (see `note`), each followed by
the reader's lines after it (a sub-bullet, a comment, a blank line): those stay with
their unit, wherever it goes. Each unit is merged against what the tool last wrote
there (its base):

- the reader's text equals the base: the digest's new text goes in;
- the reader changed it: theirs stays, and where the digest changed it too the
  digest's value is reported (`BodyMerge.conflicts`) for the note to show;
- a checklist line keeps the reader's box mark, the text a plugin added after ours
  (a Tasks ``✅ 2026-04-05``, a ``📅`` date, tags, links) and anything after its id;
- a unit the reader deleted stays deleted; a new one is added in its place.

When nothing of ours changes the part is left exactly as it is, however the reader
arranged it; when something does, units keep the reader's order within their section
(checklist, dropped points, digests, the note of changes).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from . import note
from .checklist import ITEM as _ITEM
from .note import Block, Item, Unit

_STRUCK = re.compile(r"^~~.*?~~")

#: When the export state has no base for a note: a note whose seal still holds was
#: written by the tool with nothing of the reader's in it, so it is its own base
#: (`SEALED`); any other is taken over as if the tool had last written what it writes
#: now (`ADOPTED`), so whatever differs counts as the reader's and stays.
SEALED = "sealed"
ADOPTED = "adopted"
Base = Mapping[str, str] | str


@dataclass
class Piece:
    """A unit as the reader's note has it, and the reader's lines after it."""

    key: str | None  # None: the reader's lines before the first unit
    own: list[str]
    section: str = ""
    extra: list[str] = field(default_factory=list)
    blank: bool = False  # the blank line before a block is there
    item: re.Match[str] | None = None

    @property
    def value(self) -> str:
        """What is compared with the base: an item's text (with what was added to it),
        a block's lines."""
        return _content(self.item) if self.item is not None else "\n".join(self.own)

    @property
    def lines(self) -> list[str]:
        return [""] * self.blank + self.own


def parse(lines: Sequence[str]) -> list[Piece]:
    """The pieces of a generated part (the lines between its markers)."""
    pieces = [Piece(None, [])]
    seen: set[str] = set()
    section, index = "items", 0
    while index < len(lines):
        line, start = lines[index], index
        found: Piece | None = None
        item = _ITEM.match(line)
        if item:
            found, index = Piece(item.group("key"), [line], section, item=item), index + 1
        elif line.rstrip() == note.DROPPED_LINE:
            found, index, section = Piece(note.DROPPED_KEY, [line], "dropped"), index + 1, "dropped"
        elif line == note.QUOTE_HEADER or line.startswith(note.QUOTE_HEADER + " · "):
            index = _quote_end(lines, index + 1)
            if lines[index : index + 1] == [""] and lines[index + 1 : index + 2] != [] and (
                lines[index + 1].startswith(note.REFERENCES_PREFIX)
            ):
                index += 2
            key = note.DIGEST_PREFIX + line[len(note.QUOTE_HEADER) + 3 :]
            found = Piece(key, list(lines[start:index]), "digests")
        elif line.startswith(note.LISTING_HEADER):
            index = _quote_end(lines, index + 1)
            found = Piece(note.LISTING_KEY, list(lines[start:index]), "items")
        elif line == note.CHANGED_LINE:
            index = _quote_end(lines, index + 1)
            found = Piece(note.CHANGED_KEY, list(lines[start:index]), "changed")
        else:
            index += 1
        if found is None or found.key in seen:  # a second copy of a unit is the reader's
            pieces[-1].extra.extend(lines[start:index])
            continue
        seen.add(str(found.key))
        if found.item is None and pieces[-1].extra[-1:] == [""]:
            pieces[-1].extra.pop()
            found.blank = True
        pieces.append(found)
    return pieces


def _quote_end(lines: Sequence[str], start: int) -> int:
    while start < len(lines) and lines[start].startswith(">"):
        start += 1
    return start


def _content(item: re.Match[str]) -> str:
    content = item.group("content")
    return content[:-1] if content.endswith(" ") else content


@dataclass
class BodyMerge:
    """The merged generated part and what came of it."""

    lines: list[str]
    written: dict[str, str]  # unit key → what the tool wrote there (the next base)
    conflicts: list[tuple[str, str]]  # (what, the digest's value, rendered): reader's kept
    changed: bool
    points: tuple[int, int]  # (ticked, total) current focus points
    #: Every unit holds exactly what the tool wrote there, and nothing conflicts: the
    #: note may be sealed (see `note`).
    pure: bool


def merge(
    lines: Sequence[str],
    current: Sequence[Unit],
    base: Base,
    conflicts: Sequence[tuple[str, str]] = (),
) -> BodyMerge:
    """Merge the reader's generated part (`lines`) with the `current` units, against
    `base` (what the tool last wrote per unit key, or `SEALED` / `ADOPTED`).
    `conflicts` found elsewhere (in the properties) join the note of changes."""
    pieces = parse(lines)
    by_key: dict[str, Piece] = {p.key: p for p in pieces if p.key is not None}
    keys = {u.key for u in current}
    out: dict[str, list[str]] = {}  # unit key → its lines in the merged part
    written: dict[str, str] = {}
    found = list(conflicts)

    def base_of(key: str) -> str | None:
        piece = by_key.get(key)
        if isinstance(base, str):
            return piece.value if base == SEALED and piece is not None else None
        return base.get(key)

    for unit in current:
        piece, old = by_key.get(unit.key), base_of(unit.key)
        if piece is None:
            if old is None:  # new: added
                out[unit.key], written[unit.key] = _fresh(unit), unit.value
            else:  # deleted by the reader, and stays so
                written[unit.key] = old
            continue
        as_item = _merge_item(piece, unit, old) if isinstance(unit, Item) else None
        lines_, value, conflict = as_item or _merge_block(piece, unit, old)
        out[unit.key], written[unit.key] = lines_, value
        if conflict:
            found.append((_what(unit), conflict))
    dropped = []
    for piece in pieces:
        if piece.key is None or piece.key in keys or piece.key in _REMADE:
            continue
        if piece.item is None:
            out[piece.key] = piece.lines  # not ours to judge (a block an older version wrote)
        elif (kept := _drop(piece, base_of(piece.key))) is not None:
            out[piece.key], written[piece.key] = kept
            dropped.append(piece.key)
    header = Block(note.DROPPED_KEY, (note.DROPPED_LINE,)) if dropped else None
    changes = note.changed_block(found) if found else None
    for key, remade in ((note.DROPPED_KEY, header), (note.CHANGED_KEY, changes)):
        _remake(key, remade, by_key.get(key), base_of(key), out, written)
    before = {p.key: p.lines for p in pieces if p.key is not None}
    dropped_keys = set(dropped)
    moved = before.keys() != out.keys() or any(
        by_key[key].section != _section_of(key, dropped_keys) for key in out if key in by_key
    )
    changed = moved or any(out[key] != before[key] for key in out)
    result = _layout(pieces, out, current, dropped) if moved else _in_place(pieces, out)
    pure = not found and all(
        key in out and _value(out[key]) == value for key, value in written.items()
    )
    return BodyMerge(result, written, found, changed, _count(by_key, out, current), pure)


_REMADE = frozenset({note.DROPPED_KEY, note.CHANGED_KEY})
def _merge_item(piece: Piece, unit: Item, old: str | None) -> tuple[list[str], str, str] | None:
    """(lines, what the tool wrote, the digest's value where it conflicts with the
    reader's); None if the reader's line is not an item any more."""
    match = piece.item
    if match is None:
        return None
    content = _content(match)
    struck = _STRUCK.match(content)
    ours = [text for text in (old, unit.text) if text is not None and content.startswith(text)]
    if ours:  # our text is there, perhaps with something added after it
        additions = content[len(max(ours, key=len)) :]
    elif struck and old is None:  # taken over: a point an older version struck through
        additions = content[struck.end() :]
    else:  # the reader rewrote our text: theirs stays
        conflict = unit.text if old is not None and unit.text != old else ""
        return piece.own, unit.text if old is None else old, conflict
    line = note.item_line(match.group("lead"), unit.text + additions, unit.key, _after(match))
    return [line], unit.text, ""


def _merge_block(piece: Piece, unit: Unit, old: str | None) -> tuple[list[str], str, str]:
    if piece.value == unit.value:
        return piece.lines, unit.value, ""
    if old is not None and piece.value == old:
        return [""] * piece.blank + list(_unit_lines(unit)), unit.value, ""
    if old is None:
        return piece.lines, unit.value, ""
    conflict = "" if unit.value == old else _plain(unit)
    return piece.lines, old, conflict


def _drop(piece: Piece, old: str | None) -> tuple[list[str], str] | None:
    """A point the digest no longer lists: gone if the reader never touched it, else
    kept below the "no longer in the digest" line, struck through."""
    match = piece.item
    assert match is not None
    content, mark, after = _content(match), match.group("mark"), _after(match)
    untouched = (old is None or content == old) and not after
    if untouched and mark == " " and not any(line.strip() for line in piece.extra):
        return None
    struck = _STRUCK.match(content)
    if struck:
        return piece.own, struck.group()
    text = old if old is not None and content.startswith(old) else content
    struck_text = f"~~{text}~~{content[len(text):]}"
    line = note.item_line(match.group("lead"), struck_text, match.group("key"), after)
    return [line], f"~~{text}~~"


def _remake(
    key: str,
    unit: Block | None,
    piece: Piece | None,
    old: str | None,
    out: dict[str, list[str]],
    written: dict[str, str],
) -> None:
    """The dropped-points line or the note of changes, as this merge calls for it; one
    the reader edited is left as they left it."""
    if piece is not None and old is not None and piece.value != old:
        out[key], written[key] = piece.lines, old
    elif unit is None:
        return
    elif piece is None:
        out[key], written[key] = _fresh(unit), unit.value
    else:
        out[key], written[key] = [""] * piece.blank + list(unit.lines), unit.value


def _section_of(key: str, dropped: Collection[str]) -> str:
    if key.startswith(note.DIGEST_PREFIX):
        return "digests"
    if key == note.CHANGED_KEY:
        return "changed"
    return "dropped" if key in dropped or key == note.DROPPED_KEY else "items"


def _in_place(pieces: Sequence[Piece], out: Mapping[str, list[str]]) -> list[str]:
    lines: list[str] = []
    for piece in pieces:
        lines += (out[piece.key] if piece.key is not None else []) + piece.extra
    return lines


def _layout(
    pieces: Sequence[Piece],
    out: Mapping[str, list[str]],
    current: Sequence[Unit],
    dropped: Sequence[str],
) -> list[str]:
    """The merged part in sections; within one, the reader's order where they changed
    ours, else ours (so a new point or digest lands where it belongs)."""
    extra = {p.key: p.extra for p in pieces}
    section = {p.key: p.section for p in pieces}
    lines = list(extra[None])
    in_reader_order = [p.key for p in pieces if p.key is not None and p.key in out]
    ours = [u.key for u in current if u.key in out]
    order = list(dict.fromkeys([*ours, *in_reader_order, *out]))
    sections: dict[str, list[str]] = {"items": [], "dropped": [], "digests": [], "changed": []}
    stayed: dict[str, list[str]] = {name: [] for name in sections}  # in the reader's order
    dropped_keys = set(dropped)
    for key in order:
        sections[_section_of(key, dropped_keys)].append(key)
    for key in in_reader_order:
        if section[key] == _section_of(key, dropped_keys):
            stayed[section[key]].append(key)
    for name, keys in sections.items():
        theirs = stayed[name]
        kept = set(theirs)
        if theirs and [k for k in keys if k in kept] != theirs:  # the reader's order first
            keys = theirs + [k for k in keys if k not in kept]
        if name == "dropped" and note.DROPPED_KEY in keys:
            keys = [note.DROPPED_KEY, *(k for k in keys if k != note.DROPPED_KEY)]
        for key in keys:
            lines += out[key] + extra.get(key, [])
    for piece in pieces:  # the reader's lines after a unit that went: kept, at the end
        if piece.key is not None and piece.key not in out:
            lines += piece.extra
    return lines


def _count(
    by_key: Mapping[str, Piece], out: Mapping[str, list[str]], current: Sequence[Unit]
) -> tuple[int, int]:
    """(ticked, total) of the current focus points the merged part holds."""
    done = total = 0
    for unit in current:
        if unit.key.startswith(note.POINT_PREFIX) and unit.key in out:
            total += 1
            piece = by_key.get(unit.key)
            done += piece is not None and piece.item is not None and (
                piece.item.group("mark") in note.DONE_MARKS
            )
    return done, total


def _value(lines: Sequence[str]) -> str:
    """A unit's value as its merged lines hold it (see `Piece.value`)."""
    item = _ITEM.match(lines[0]) if len(lines) == 1 else None
    if item is not None:
        return _content(item)
    return "\n".join(lines[1:] if lines[:1] == [""] else lines)


def _fresh(unit: Unit) -> list[str]:
    if isinstance(unit, Item):
        return [note.item_line("- [ ] ", unit.text, unit.key)]
    return ["", *unit.lines]


def _unit_lines(unit: Unit) -> list[str]:
    return _fresh(unit)[1:] if isinstance(unit, Block) else _fresh(unit)


def _after(match: re.Match[str]) -> str:
    return match.group("after") or ""


def _what(unit: Unit) -> str:
    if unit.key == note.VERDICT_ID:
        return "verdict"
    if unit.key.startswith(note.POINT_PREFIX):
        return "focus point"
    if unit.key == note.LISTING_KEY:
        return "reading list"
    return "digest of " + (unit.key[len(note.DIGEST_PREFIX) :] or "undated")


def _plain(unit: Unit) -> str:
    """A block's text on one line, for the note of changes (still escaped as written)."""
    lines = unit.lines[1:] if isinstance(unit, Block) else ()
    return " ".join(line.lstrip(">").strip() for line in lines if line.lstrip(">").strip())
