"""How notes are written, beyond what the digests say: the reader's choices that change a
note's text (a Tasks tag on every generated item, the minutes assumed per verdict).

They are settings, not digest content, so an entry's fingerprint does not change with
them; `NoteStyle.key` goes into the export state instead, and a run whose style differs
from the last one merges every note again once (through the normal three-way merge, so
a tick or an edit of the reader's is never lost when the style changes).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from digest2notes import DEFAULT_MINUTES_SETTING, ConfigError, Verdict

TASK_TAG_SETTING = "task_tag"
DAILY_NOTE_SETTING = "daily_note"

# A tag as Obsidian reads one: no spaces or punctuation but _ - /, not all digits.
_TAG = re.compile(r"#(?=[\w/-]*[^\W\d])[\w/-]+")


@dataclass(frozen=True)
class NoteStyle:
    """The reader's choices that shape a note (see the module docstring)."""

    #: Put before the text of every generated ``- [ ]`` item (``#task``), or None.
    task_tag: str | None = None
    #: Minutes per verdict for entries whose digest gives none, in `Verdict` order.
    minutes: tuple[tuple[Verdict, int], ...] = tuple((v, v.default_minutes) for v in Verdict)

    def minutes_for(self, verdict: Verdict) -> int:
        return dict(self.minutes).get(verdict, verdict.default_minutes)

    @property
    def key(self) -> str:
        """What the export state remembers of the style: "" for the default one (what
        versions before styles wrote), else a short hash."""
        if self == DEFAULT_STYLE:
            return ""
        text = f"{self.task_tag}\x1f" + "\x1f".join(f"{v.value}={m}" for v, m in self.minutes)
        return hashlib.blake2b(text.encode("utf-8"), digest_size=6).hexdigest()


DEFAULT_STYLE = NoteStyle()


def resolve_style(settings: Mapping[str, Any]) -> NoteStyle:
    """The style from the exporter's settings: ``task_tag`` (option or config) and the
    minutes the core hands every exporter (``[queue] minutes``)."""
    return NoteStyle(task_tag(settings.get(TASK_TAG_SETTING)), _minutes(settings))


def task_tag(raw: object) -> str | None:
    """``#task`` from ``"#task"`` or ``"task"``; None for none or ""; a one-line
    ConfigError for anything Obsidian would not read as one tag."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise ConfigError(f"[obsidian] task_tag must be a tag such as \"#task\", not {raw!r}")
    text = raw.strip()
    if not text:
        return None
    tag = text if text.startswith("#") else f"#{text}"
    if not _TAG.fullmatch(tag):
        raise ConfigError(
            f"[obsidian] task_tag {raw!r} is not a tag Obsidian would read (like \"#task\": "
            "letters, digits, _ - /, not only digits)"
        )
    return tag


def _minutes(settings: Mapping[str, Any]) -> tuple[tuple[Verdict, int], ...]:
    given = settings.get(DEFAULT_MINUTES_SETTING)
    table: Mapping[Any, Any] = given if isinstance(given, Mapping) else {}
    found: list[tuple[Verdict, int]] = []
    for verdict in Verdict:
        value = table.get(verdict)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            value = verdict.default_minutes
        found.append((verdict, value))
    return tuple(found)


def daily_note(settings: Mapping[str, Any]) -> bool:
    """Whether the reader asked for the day's digests in their daily note."""
    value = settings.get(DAILY_NOTE_SETTING)
    if value is None or isinstance(value, bool):
        return bool(value)
    raise ConfigError(f"[obsidian] daily_note must be true or false, not {value!r}")
