"""The three-way merge of a row's properties: base, the reader's row, the digest.

For each property the tool owns:

* the row still holds what the tool last wrote (its fingerprint is the base's): the
  digest's new value goes in;
* the reader changed it: theirs stays; when the digest changed it too, the digest's
  new value is reported (and noted in the page) while the base keeps its old
  fingerprint, so the next run sees the same conflict and writes nothing new;
* the row already holds the digest's value: nothing to write.

Without a base (a row from before the sync state whose digest changed since), a row
the integration edited last is taken as the tool's; otherwise every difference is
treated as the reader's, and reported: caution, never a lost edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .base import UNKNOWN, fingerprint
from .properties import Plain


@dataclass(frozen=True)
class PropertyMerge:
    """What to write, what the reader keeps against the digest, and the new base."""

    send: dict[str, Plain]
    kept: dict[str, tuple[Plain, Plain]]  # name -> (the reader's value, the digest's)
    base: dict[str, str]


def merge_properties(
    current: Mapping[str, Plain],
    new: Mapping[str, Plain],
    base: Mapping[str, str] | None,
) -> PropertyMerge:
    """Merge `new` into `current` given the fingerprints in `base` (None: none known)."""
    send: dict[str, Plain] = {}
    kept: dict[str, tuple[Plain, Plain]] = {}
    result: dict[str, str] = {}
    for name, value in new.items():
        mine = fingerprint(value)
        held = current.get(name)
        before = base.get(name, UNKNOWN) if base is not None else UNKNOWN
        if held == value:
            result[name] = mine
        elif fingerprint(held) == before:
            send[name] = value
            result[name] = mine
        else:
            result[name] = before
            if mine != before:
                kept[name] = (held, value)
    return PropertyMerge(send, kept, result)


def trusted_base(current: Mapping[str, Plain]) -> dict[str, str]:
    """A base for a row nobody but the tool edited since it was written: what it holds."""
    return {name: fingerprint(value) for name, value in current.items()}
