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
from pathlib import PurePosixPath
from typing import Any

from digest2notes import ExportError

TYPES_FILE = PurePosixPath(".obsidian") / "types.json"


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
