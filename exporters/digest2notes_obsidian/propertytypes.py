"""Obsidian's property types for what the tool writes, declared in ``.obsidian/types.json``.

Obsidian guesses a property's type from the first value it sees, so a vault whose
first note has ``minutes: 20`` may still sort ``minutes`` as text. Declaring each
property's type (number, date, multitext, ...) once makes Properties and Bases sort
and filter them right from the first note. The reader's own declarations always
win: only names they have not typed are added, and nothing of theirs is changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

from digest2notes import Action, Change, ExportError

from .location import Location
from .writer import Writer

TYPES_FILE = PurePosixPath(".obsidian") / "types.json"

#: Every property the tool writes, in entry notes and digest notes, with its type.
TYPES: Mapping[str, str] = {
    "digest2notes_id": "text",
    "title": "text",
    "repo": "text",
    "pr": "text",
    "verdict": "text",
    "verdict_rank": "number",
    "verdict_text": "text",
    "minutes": "number",
    "status": "text",
    "focus_total": "number",
    "focus_done": "number",
    "digest_date": "date",
    "digest_dates": "multitext",
    "references": "multitext",
    "tags": "tags",
    "digest2notes_digest": "text",
    "entries": "number",
    "total_minutes": "number",
}


@dataclass(frozen=True)
class TypesWork:
    """``types.json``'s planned change (its text is worked out again when written)."""

    change: Change
    path: Path


def plan(location: Location) -> tuple[TypesWork, str | None]:
    """What an export would do to ``types.json``, and a warning if it cannot be read."""
    path = location.vault.joinpath(*TYPES_FILE.parts)
    change = Change("", "property types", Action.UNCHANGED, TYPES_FILE.as_posix())
    try:
        current = _read(path)
        action = Action.UNCHANGED if merged(current, TYPES) is None else (
            Action.CREATE if current is None else Action.UPDATE
        )
    except ExportError as error:
        return TypesWork(replace(change, action=Action.SKIPPED, detail=str(error)), path), str(
            error
        )
    return TypesWork(replace(change, action=action), path), None


def apply(writer: Writer, work: TypesWork) -> Change:
    """Add the missing types to the file as it is now (Obsidian may have written it since
    the plan), atomically; a file that cannot be read is left alone."""
    change = work.change
    if change.action in (Action.UNCHANGED, Action.SKIPPED):
        return change
    try:
        text = merged(_read(work.path), TYPES)
        if text is not None:
            writer.replace(work.path, text.encode("utf-8"))
    except (OSError, ExportError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return replace(change, action=Action.FAILED, detail=f"cannot write it: {reason}")
    return change


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise ExportError(f"{TYPES_FILE}: cannot read it ({error}); left as it is") from None


def merged(current: str | None, ours: Mapping[str, str]) -> str | None:
    """The new text of ``types.json`` with `ours` added, or None when nothing is missing.

    `current` is the file's text, or None when there is none. A file we cannot read
    as Obsidian writes it is an error naming it: guessing could lose the reader's
    types.
    """
    data: dict[str, Any]
    if current is None or not current.strip():
        data = {"types": {}}
    else:
        try:
            data = json.loads(current)
        except json.JSONDecodeError as error:
            raise ExportError(
                f"{TYPES_FILE}:{error.lineno}: not valid JSON ({error.msg}); left as it is"
            ) from None
        if not isinstance(data, dict) or not isinstance(data.setdefault("types", {}), dict):
            raise ExportError(f'{TYPES_FILE}: expected {{"types": {{...}}}}; left as it is')
    types: dict[str, Any] = data["types"]
    missing = {name: kind for name, kind in ours.items() if name not in types}
    if not missing:
        return None
    types.update(missing)
    # Obsidian writes the file with two-space indents; so do we, keeping its order.
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
