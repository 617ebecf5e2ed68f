"""The sync state: what the tool last wrote in a row, kept in the row itself.

It is the base of the three-way merge. A value the reader left as the tool wrote it
(its hash equals the base's) takes the digest's new value; one the reader changed
stays theirs. Why it lives in the row's ``Sync state`` property (it travels with the
row and costs no request of its own) rather than in a local file, a block or a second
data source: docs/NOTION.md, "The base". It is small: hashes, one short line of text.

Format: ``d2n2 `` and compact JSON. Anything else (empty, edited by hand, from
another version) reads as "no base", which the merge treats with the caution of
not knowing: never as permission to overwrite.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

MAGIC: Final = "d2n2 "
#: A base value that matches nothing: "the reader may have changed this".
UNKNOWN: Final = "?"


def fingerprint(value: object) -> str:
    """A short hash of a plain value (text, number, None, list): enough to see a change."""
    data = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(data.encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()


def fingerprints(values: Mapping[str, object]) -> dict[str, str]:
    """Each value's fingerprint, by name."""
    return {name: fingerprint(value) for name, value in values.items()}


@dataclass(frozen=True)
class Base:
    """What the tool wrote: property hashes, body hashes, and the history it recorded."""

    #: Property name -> fingerprint of the value last written (or UNKNOWN).
    properties: Mapping[str, str] = field(default_factory=dict)
    #: Fingerprint of the verdict to-do's text.
    verdict: str = UNKNOWN
    #: Fingerprints of the focus-point to-dos' texts.
    points: frozenset[str] = frozenset()
    #: Appearance key -> fingerprint of its paragraph, for every appearance recorded.
    history: Mapping[str, str] = field(default_factory=dict)
    #: Every reference recorded, first seen first.
    references: tuple[str, ...] = ()
    #: Fingerprint of the "the digest now says" note ("" when there is none).
    note: str = ""
    #: Whether paragraphs were written ("full") or not ("compact").
    body: str = "full"

    def encode(self) -> str:
        data: dict[str, Any] = {
            "p": dict(sorted(self.properties.items())),
            "v": self.verdict,
            "f": sorted(self.points),
            "h": dict(self.history),
            "r": list(self.references),
            "n": self.note,
            "b": self.body,
        }
        return MAGIC + json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def decode(cls, text: str) -> Base | None:
        """The base in a ``Sync state`` value, or None when there is none to trust."""
        if not text.startswith(MAGIC):
            return None
        try:
            data = json.loads(text[len(MAGIC) :])
            return cls(
                properties={str(k): str(v) for k, v in dict(data["p"]).items()},
                verdict=str(data["v"]),
                points=frozenset(str(p) for p in data["f"]),
                history={str(k): str(v) for k, v in dict(data["h"]).items()},
                references=tuple(str(r) for r in data["r"]),
                note=str(data["n"]),
                body=str(data["b"]),
            )
        except (ValueError, KeyError, TypeError):
            return None


def union(first: Sequence[str], second: Sequence[str]) -> tuple[str, ...]:
    """Both sequences' items once each, in first-seen order."""
    return tuple(dict.fromkeys([*first, *second]))
