"""What the export state keeps of a note besides where it is: what the tool last wrote
in it (`Written`, the base of the next merge) and what it held when last looked at
(`Seen`, what the study queue shows).

Apart from `merge`, which makes them, so that reading the state (every run, and the
queue) does not load the merge and the YAML reader.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from digest2notes import Verdict


@dataclass(frozen=True)
class Written:
    """What the tool last wrote in a note, field by field: the base of the next merge."""

    properties: Mapping[str, Any]  # as JSON values (dates as ISO text)
    units: Mapping[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"properties": dict(self.properties), "units": dict(self.units)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Written:
        return cls(dict(data["properties"]), dict(data["units"]))


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
