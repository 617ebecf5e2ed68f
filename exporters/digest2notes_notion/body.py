"""The page body the digest asks for: the to-dos, a note of conflicts, the history.

An entry's history is one appearance per digest it was in. A row keeps every
appearance any run recorded (its date, references and paragraph), whatever files a
later run is given: the sync state (`base`) lists the recorded ones, so a run that
sees fewer digests adds nothing and removes nothing.

Full body, top to bottom: the verdict as a to-do (``Read closely (~20 min) — 值得精读``),
one to-do per focus point, when the reader and the digest disagree a note of what
the digest now says, then one section per digest the entry appeared in, newest
first: a header (``From the digest of 2026-11-28 · #51551 #43647``) and its paragraph.

``body = "compact"`` writes the to-dos only: every block counts against a Free
workspace's block limit, and the paragraphs are most of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from digest2notes import Entry

from .base import Base, fingerprint
from .blocks import BlockSpec, split_text
from .properties import Plain

NOTE_PREFIX = "The digest now says "
HEADER_PREFIX = "From the digest of "


@dataclass(frozen=True)
class Appearance:
    """What one digest said of an entry. `key` tells digests apart: the date, else the file."""

    key: str
    text: str
    references: tuple[str, ...]


def appearances(entry: Entry) -> tuple[Appearance, ...]:
    """The entry's appearances, newest first: one per digest it was read from."""
    return tuple(
        Appearance(
            key=said.source.date or said.source.path or entry.id,
            text=said.text.strip(),
            references=tuple(said.references),
        )
        for said in entry.appearances
    )


def is_date(key: str) -> bool:
    """Whether an appearance key is a digest's date (``2026-11-28``), not a file name."""
    return len(key) == 10 and key[4] == "-" and key[7] == "-" and key[:4].isdigit()


def newest_first(keys: list[str]) -> list[str]:
    """Dates descending; keys that are not dates (file names) after them, by name."""
    dated = sorted((k for k in keys if is_date(k)), reverse=True)
    return dated + sorted(k for k in keys if not is_date(k))


@dataclass(frozen=True)
class Section:
    """One appearance's part of the body."""

    key: str
    header: str
    text: str

    def specs(self) -> list[BlockSpec]:
        paragraphs = split_text(self.text) if self.text else []
        return [BlockSpec("paragraph", t) for t in [self.header, *paragraphs]]


@dataclass(frozen=True)
class Body:
    """What the tool wants in a page, and how to record it in the base."""

    verdict: str
    points: tuple[str, ...]
    note: str
    #: This run's appearances (their text is known), newest first.
    sections: tuple[Section, ...]
    #: Every recorded appearance key, newest first (where to place a new section).
    order: tuple[str, ...]
    compact: bool

    def specs(self) -> list[BlockSpec]:
        """The whole body of a new page."""
        specs = [BlockSpec("to_do", self.verdict)]
        specs += [BlockSpec("to_do", p) for p in self.points]
        if self.compact:
            return specs
        if self.note:
            specs.append(BlockSpec("paragraph", self.note))
        for section in self.sections:
            specs += section.specs()
        return specs

    def differs_from(self, base: Base) -> bool:
        """Whether the page body needs a look: anything here the base does not record."""
        if base.verdict != fingerprint(self.verdict):
            return True
        if base.points != frozenset(fingerprint(p) for p in self.points):
            return True
        if base.body != ("compact" if self.compact else "full"):
            return True
        if self.compact:
            return False
        if base.note != (fingerprint(self.note) if self.note else ""):
            return True
        return any(base.history.get(s.key) != fingerprint(s.text) for s in self.sections)

    def base(
        self, properties: Mapping[str, str], previous: Base | None, references: tuple[str, ...]
    ) -> Base:
        """The base a row holds once this body is written."""
        return Base(
            properties=dict(properties),
            verdict=fingerprint(self.verdict),
            points=frozenset(fingerprint(p) for p in self.points),
            history=self.recorded(previous),
            references=references,
            note=fingerprint(self.note) if self.note else "",
            body="compact" if self.compact else "full",
        )

    def recorded(self, base: Base | None) -> dict[str, str]:
        """The history the base records after this run: what it had, and this run's."""
        history = dict(base.history) if base is not None else {}
        history.update({s.key: fingerprint(s.text) for s in self.sections})
        return history


def verdict_todo_text(entry: Entry) -> str:
    """``Read closely (~20 min) — 值得精读``: what to do, then the digest's own words."""
    action = entry.reading_action
    phrase = (entry.verdict_text or "").strip()
    return f"{action} — {phrase}" if phrase else action


def header_text(appearance: Appearance) -> str:
    refs = " ".join(appearance.references)
    return HEADER_PREFIX + appearance.key + (f" · {refs}" if refs else "")


def note_text(kept: Mapping[str, Plain]) -> str:
    """``The digest now says Minutes: 30; Verdict: Skip (you changed them: yours are kept)``."""
    if not kept:
        return ""
    parts = [f"{name}: {shown(new)}" for name, new in sorted(kept.items())]
    return NOTE_PREFIX + "; ".join(parts) + " (you changed these: yours are kept)"


def shown(value: Plain) -> str:
    """A property value as the report and the note show it."""
    if value is None or value == "":
        return "(empty)"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def desired_body(
    entry: Entry,
    appearances: tuple[Appearance, ...],
    base: Base | None,
    note: str,
    compact: bool,
) -> Body:
    sections = tuple(Section(a.key, header_text(a), a.text) for a in appearances)
    keys = list(dict.fromkeys([*(base.history if base else {}), *(a.key for a in appearances)]))
    return Body(
        verdict=verdict_todo_text(entry),
        points=tuple(entry.focus_points),
        note=note,
        sections=sections,
        order=tuple(newest_first(keys)),
        compact=compact,
    )
