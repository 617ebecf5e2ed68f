"""One note, merged three ways: the reader's note, what the tool last wrote (the base),
and what the digests say now.

For each of our properties and each unit of the generated part:

- where the reader's value still equals the base, the new value goes in;
- where the reader changed it, theirs stays (the queue and the views read theirs);
- where both changed, theirs stays and the note's generated part says what the
  digest says now;
- a property the reader deleted stays deleted; lists (``tags``, ``references``,
  ``digest_dates``) take the digest's additions and removals and keep the reader's.

The reader's own properties, their order, formatting and comments, everything
outside the generated part, the line endings and a byte-order mark are kept as they
are. A new note is the same merge into an empty note, so there is one way to write
a note. The result also says what the tool wrote (the next base) and what the note
now holds (for the study queue).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import body, markdown, note, properties
from .checklist import count_points
from .kept import Front, Seen, Written, verdict_of
from .properties import BrokenFrontmatter

__all__ = ["BrokenFrontmatter", "Merged", "Seen", "Written", "merge", "new_note"]

_MISSING: Any = object()
_DATE = re.compile(r"\d{4}-\d\d-\d\d")
_BEGIN = re.compile(r"^%% digest2notes:begin\b.*%%[ \t]*$")
_END = re.compile(r"^%% digest2notes:end\b.*%%[ \t]*$")
_SKELETON = f"---\n---\n\n{note.BEGIN_MARKER}\n{note.end_marker()}\n\n{note.NOTES_HEADING}\n"
_NOTHING_WRITTEN = Written({}, {})


@dataclass(frozen=True)
class Merged:
    """The note's new text (None: it stays as it is), and what came of the merge."""

    text: str | None
    written: Written
    seen: Seen
    changes: tuple[str, ...]  # what changed, for the report


def new_note(draft: note.Draft) -> Merged:
    """A new note: the merge into an empty note, nothing written there before."""
    return merge(_SKELETON, draft, _NOTHING_WRITTEN)


def merge(text: str, draft: note.Draft, base: Written | None) -> Merged:
    """`text` (the reader's note, as read) brought up to date with `draft` (what the
    tool writes in the note now: see `note.draft`).

    `base` is what the tool last wrote in it, or None when the export state has
    none (see `body.SEALED` and `body.ADOPTED`). Raises `BrokenFrontmatter`.
    """
    bom = text.startswith("\ufeff")
    text = text.removeprefix("\ufeff")
    eol = "\r\n" if "\r\n" in text else "\n"
    mode: body.Base = base.units if base is not None else (
        body.SEALED if note.is_sealed(text) else body.ADOPTED
    )
    kept = base.front if base is not None else None
    front = properties.read(text if eol == "\n" else text.replace("\r\n", "\n"), kept)
    ours = draft.properties
    kind = draft.kind
    wanted, written_props, conflicts, theirs_kept = _merge_properties(
        front.data, ours, base, mode, kind
    )
    lines = front.body.split("\n")
    begin = next((i for i, line in enumerate(lines) if _BEGIN.match(line)), None)
    end = None if begin is None else next(
        (i for i in range(begin + 1, len(lines)) if _END.match(lines[i])), None
    )
    if begin is None or end is None:  # the reader removed our markers: the body is theirs
        points, body_changed, pure = count_points(lines), False, False
        written_units = dict(base.units) if base is not None else {}
    else:
        merged = body.merge(lines[begin + 1 : end], draft.units, mode, conflicts)
        points, body_changed, pure = merged.points, merged.changed, merged.pure
        written_units = merged.written
        lines = [*lines[: begin + 1], *merged.lines, note.end_marker(), *lines[end + 1 :]]
    wanted |= kind.derive(draft.id, wanted, points)
    wanted = {key: wanted[key] for key in kind.keys if key in wanted}
    yaml_text, changed_keys = _frontmatter(front.yaml, front.data, wanted)
    pure = pure and not theirs_kept
    seen = _seen(front.data, wanted, points)
    # What PyYAML will read in the frontmatter as written: the reader's entries as read,
    # ours as written again (each reads back as the value written: see `properties`).
    held = {**front.data, **{key: wanted[key] for key in changed_keys}}
    written = Written(written_props, written_units, Front.of(yaml_text, held))
    if not changed_keys and not body_changed:
        return Merged(None, written, seen, ())
    result = f"---\n{yaml_text}---\n" + "\n".join(lines)
    if eol != "\n":
        result = result.replace("\n", eol)
    if pure:
        result = note.seal(result)
    changes = (["properties " + ", ".join(changed_keys)] if changed_keys else []) + (
        ["checklist and digest text"] if body_changed else []
    )
    return Merged(("\ufeff" if bom else "") + result, written, seen, tuple(changes))


def _merge_properties(
    data: Mapping[str, Any],
    ours: Mapping[str, object],
    base: Written | None,
    mode: body.Base,
    kind: note.Kind,
) -> tuple[dict[str, object], dict[str, Any], list[tuple[str, str]], bool]:
    """(our keys' values as the note should hold them, what the tool wrote, conflicts,
    whether any of them is the reader's rather than the digest's)."""
    wanted: dict[str, object] = {}
    written: dict[str, Any] = {}
    conflicts: list[tuple[str, str]] = []
    kept = False
    for key, new in ours.items():
        if key in kind.derived:
            continue
        theirs = data.get(key, _MISSING)
        old = _base_value(key, theirs, new, base, mode, kind)
        written[key] = _plain(new)
        if key in kind.lists and theirs is not _MISSING:
            wanted[key] = _merge_list(theirs, old, new)
            kept = kept or not _same(wanted[key], new)
        elif theirs is _MISSING:
            if old is _MISSING:
                wanted[key] = new  # new to this note
            else:
                written[key], kept = old, True  # deleted by the reader: stays deleted
        elif _same(theirs, old) or _same(theirs, new):
            wanted[key] = new
        else:  # the reader's value stays
            wanted[key], kept = theirs, True
            if old is not _MISSING:
                written[key] = old
                if not _same(new, old):
                    conflicts.append((key, markdown.inline(_shown(new))))
    return wanted, written, conflicts, kept


def _base_value(
    key: str, theirs: object, new: object, base: Written | None, mode: body.Base, kind: note.Kind
) -> Any:
    """What the tool last wrote under `key` (`_MISSING` if nothing)."""
    if base is not None:
        return base.properties.get(key, _MISSING)
    if theirs is _MISSING:
        return _MISSING
    if mode == body.SEALED:
        return _plain(theirs)
    # Taken over: as if the tool had last written what it writes now, except that
    # older versions left minutes empty, that any tag of ours the note lacks is one
    # the reader removed, and that a list may lack what a newer digest adds to it.
    if key == "minutes" and theirs is None:
        return None
    if key == "tags":
        return _adopted_tags(_as_list(theirs), new)
    if key in kind.lists:
        return [x for x in _as_list(theirs) if any(_same(x, y) for y in _as_list(new))]
    return _plain(new)


def _adopted_tags(theirs: list[object], new: object) -> list[object]:
    """The tags an earlier version wrote: ours (always the root tag, the repo's and one
    verdict tag), as the note has them where it still does."""
    ours = [t for t in _as_list(new) if isinstance(t, str)]
    verdicts = [t for t in theirs if isinstance(t, str) and t.lstrip("#").startswith("verdict/")]
    written: list[object] = [t for t in ours if not t.startswith("verdict/")]
    written += verdicts or [t for t in ours if t.startswith("verdict/")]
    return written


def _merge_list(theirs: object, old: Any, new: object) -> object:
    """The reader's list with the digest's removals and additions since `old`; the
    reader's own value, untouched, if that changes nothing."""
    items = _as_list(theirs)
    old_keys = {_key(x) for x in (old if isinstance(old, list) else [])}
    new_items = new if isinstance(new, list) else []
    new_keys = {_key(x) for x in new_items}
    have = {_key(x) for x in items}
    added = [x for x in new_items if _key(x) not in old_keys and _key(x) not in have]
    result: list[object] = []
    for item in items:
        if _key(item) not in old_keys - new_keys:
            result.append(item)
        elif added:  # ours replaced (a new verdict's tag): the new one takes its place
            result.append(added.pop(0))
    result += added
    return theirs if _same(result, items) else result


def _as_list(value: object) -> list[object]:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, str):
        return [t for t in value.replace(",", " ").split() if t]
    return [] if value is None else [value]


def _frontmatter(
    yaml_text: str, data: Mapping[str, Any], wanted: Mapping[str, object]
) -> tuple[str, list[str]]:
    """The frontmatter with our changed keys written again, and which they are."""
    changed = [k for k, v in wanted.items() if k not in data or not _same(data[k], v)]
    if not changed:
        return yaml_text, []
    chunks = properties.chunks(yaml_text)
    if chunks is None:  # a layout we cannot edit key by key: written again whole
        return properties.emit({**data, **{k: wanted[k] for k in changed}}), changed
    parts = [
        properties.emit_entry(c.key, wanted[c.key]) if c.key in changed else c.text
        for c in chunks
    ]
    parts += [properties.emit_entry(k, wanted[k]) for k in changed if k not in data]
    return "".join(parts), changed


def _seen(data: Mapping[str, Any], wanted: Mapping[str, object], points: tuple[int, int]) -> Seen:
    minutes = wanted.get("minutes")
    title, repo = wanted.get("title"), wanted.get("repo")
    dates = [wanted.get("digest_date"), *_as_list(wanted.get("digest_dates"))]
    iso = [str(_plain(d))[:10] for d in dates if d is not None and _DATE.match(str(_plain(d)))]
    return Seen(
        title=title if isinstance(title, str) and title else None,
        repo=repo if isinstance(repo, str) and repo else None,
        verdict=verdict_of(wanted.get("verdict")).value,
        status=_plain(wanted.get("status")),
        minutes=minutes if type(minutes) is int else None,
        digest_date=max(iso) if iso else None,
        done=points[0],
        total=points[1],
    )


def _plain(value: object) -> Any:
    """`value` as JSON keeps it (dates as ISO text)."""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _key(item: object) -> tuple[str, str]:
    """A list item as a set member: its value's text and type (dates as text)."""
    plain = _plain(item)
    return type(plain).__name__, repr(plain)


def _same(left: object, right: object) -> bool:
    """Equal as values, types included (``1`` is not ``true``), dates and their text alike."""
    if left is _MISSING or right is _MISSING:
        return left is right
    return _equal(_plain(left), _plain(right))


def _equal(left: object, right: object) -> bool:
    if type(left) is not type(right):
        return False
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_equal, left, right))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_equal(v, right[k]) for k, v in left.items())
    return left == right


def _shown(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(_plain(v)) for v in value)
    return "(none)" if value is None else str(_plain(value))
