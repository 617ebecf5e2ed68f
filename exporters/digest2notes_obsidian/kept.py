"""What the export state keeps of a note besides where it is: what the tool last wrote
in it (`Written`, the base of the next merge, with the frontmatter it left there:
`Front`) and what it held when last looked at (`Seen`, what the study queue shows).

Apart from `merge`, which makes them, so that reading the state (every run, and the
queue) does not load the merge and the YAML reader.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from digest2notes import Verdict


@dataclass(frozen=True)
class Front:
    """A note's frontmatter as the tool left it: a hash of its text, and the properties
    PyYAML reads in that text. A note whose frontmatter text is the same, byte for
    byte, holds these properties and need not be parsed again; any other is parsed.

    Only values whose type JSON keeps (with dates tagged) are kept: a note holding
    any other (a nested mapping, a float, a timestamp) is parsed each time."""

    digest: str
    data: Mapping[str, Any]  # as JSON keeps it: see `_kept`

    def holds(self, yaml_text: str) -> bool:
        """Whether `yaml_text` is the frontmatter text these properties were read from."""
        return self.digest == front_digest(yaml_text)

    def properties(self) -> dict[str, Any]:
        """The properties, as PyYAML reads them (a new dict, new lists)."""
        return {key: _unkept(value) for key, value in self.data.items()}

    @classmethod
    def of(cls, yaml_text: str, data: Mapping[str, Any]) -> Front | None:
        """The frontmatter `yaml_text`, which PyYAML reads as `data`; None if any value
        is of a type not kept."""
        kept = {}
        for key, value in data.items():
            if isinstance(value, list):
                items = [_kept(item) for item in value]
                if any(item is _UNKEPT for item in items):
                    return None
                kept[key] = items
            else:
                kept[key] = _kept(value)
                if kept[key] is _UNKEPT:
                    return None
        return cls(front_digest(yaml_text), kept)

    def to_json(self) -> list[Any]:
        return [self.digest, dict(self.data)]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Front:
        digest, kept = data
        return cls(str(digest), dict(kept))


def front_digest(yaml_text: str) -> str:
    """A hash of a frontmatter's text (``\\n`` line breaks, no delimiters)."""
    import hashlib  # a note whose frontmatter is compared: not for reading the state

    return hashlib.blake2b(yaml_text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


_UNKEPT: Any = object()


def _kept(value: object) -> Any:
    """A scalar as JSON keeps it: a date as ``{"date": ISO}`` (a mapping is never kept
    otherwise, so it cannot be mistaken for one); `_UNKEPT` for any other type."""
    if value is None or type(value) in (int, bool):
        return value
    if type(value) is str:
        # A lone surrogate (from a ``"\\ud800"`` escape) would not go into the state.
        return value if value.isascii() or _encodable(value) else _UNKEPT
    if type(value) is dt.date:
        return {"date": value.isoformat()}
    return _UNKEPT


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _unkept(value: Any) -> Any:
    if isinstance(value, list):
        return [_unkept(item) for item in value]
    if isinstance(value, dict):
        return dt.date.fromisoformat(value["date"])
    return value


@dataclass(frozen=True)
class Written:
    """What the tool last wrote in a note, field by field: the base of the next merge;
    and the frontmatter the merge left in the note (None from an older version, or
    when it held values not kept: then the note's frontmatter is parsed)."""

    properties: Mapping[str, Any]  # as JSON values (dates as ISO text)
    units: Mapping[str, str]
    front: Front | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"properties": dict(self.properties), "units": dict(self.units)}
        if self.front is not None:
            data["front"] = self.front.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Written:
        front = data.get("front")
        return cls(
            dict(data["properties"]),
            dict(data["units"]),
            Front.from_json(front) if front is not None else None,
        )


@dataclass(frozen=True)
class Seen:
    """What a note holds, as the study queue shows it."""

    title: str | None
    repo: str | None
    verdict: str
    status: object
    minutes: int | None  # None: the tool's default for the verdict, or none
    digest_date: str | None
    done: int
    total: int

    def to_json(self) -> list[Any]:
        return [self.title, self.repo, self.verdict, self.status, self.minutes,
                self.digest_date, self.done, self.total]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Seen:
        return cls(*data)


_VERDICTS = {verdict.value: verdict for verdict in Verdict}


def verdict_of(value: object) -> Verdict:
    """A property's value as a verdict (any case; anything else is unknown). Looked up
    in a table: the queue asks once per note, and calling the enum is slow."""
    return _VERDICTS.get(str(value).strip().lower(), Verdict.UNKNOWN)
