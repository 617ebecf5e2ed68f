"""The `Entry` model's fingerprint: what exporters rely on to tell an entry that changed
from one that did not, without comparing (or hashing) it themselves on every run."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest
from benchmarks.corpus import generate_corpus
from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes import Appearance, Entry, Source, Verdict, read_digests

from .entries import generated_entry

_text = st.text(max_size=30)
_entries = st.builds(
    generated_entry,
    st.sampled_from(["o/r", "vllm-project/vllm"]),
    _text,
    _text,
    st.sampled_from(list(Verdict)),
    st.none() | _text,
    st.none() | st.integers(0, 90) | st.sampled_from([True, 2.5]),
    st.lists(_text, max_size=4),
    st.lists(_text, max_size=3),
    st.lists(st.sampled_from(["2026-11-28", "2026-11-27", "", None]), max_size=3),
)

#: A change of each field that the note or row made from the entry shows.
_CHANGES = {
    "id": "o/r:ffffffffffff",
    "repo": "o/other",
    "title": "another headline",
    "text": "another paragraph",
    "verdict": Verdict.UNKNOWN,
    "verdict_text": "值得精读!",
    "minutes": 99,
    "focus_points": ("a new point",),
    "references": ("#49013",),
    "sources": (Source("d.txt", 1, "2020-01-01"),),
}


@settings(max_examples=200, deadline=None)
@given(_entries, st.sampled_from(sorted(_CHANGES)))
def test_any_change_an_export_shows_changes_the_fingerprint(entry: Entry, name: str) -> None:
    changed = dataclasses.replace(entry, **{name: _CHANGES[name]})
    if getattr(changed, name) != getattr(entry, name) and (
        name != "sources" or changed.digest_dates != entry.digest_dates
    ):
        assert changed.fingerprint != entry.fingerprint
    assert changed.fingerprint == dataclasses.replace(changed).fingerprint  # deterministic


@settings(max_examples=100, deadline=None)
@given(_entries, st.integers(1, 500))
def test_where_an_entry_was_read_does_not_change_it(entry: Entry, line: int) -> None:
    """A digest renamed, or an entry moved down a file, is the same entry."""
    moved = tuple(Source(f"renamed/{s.path}", s.line + line, s.date) for s in entry.sources)
    assert dataclasses.replace(entry, sources=moved).fingerprint == entry.fingerprint


def test_the_fingerprint_tells_true_from_1_and_travels_with_the_entry() -> None:
    one = generated_entry("o/r", "t", "x", Verdict.SKIM, None, 1, (), (), ["2026-01-01"])
    odd = dataclasses.replace(one, minutes=True)  # type: ignore[arg-type]
    assert one.fingerprint != odd.fingerprint
    copy = pickle.loads(pickle.dumps(one))  # as parsing workers send entries back
    assert copy == one and copy.fingerprint == one.fingerprint
    assert one == dataclasses.replace(one)  # not a field to compare on, nor to give
    given_fields = {f.name: getattr(one, f.name) for f in dataclasses.fields(Entry) if f.init}
    with pytest.raises(TypeError):  # worked out, never given
        Entry(fingerprint="x", **given_fields)


def test_reading_twice_gives_the_same_fingerprints(tmp_path: Path) -> None:
    generate_corpus(tmp_path, entries=1_500)
    first = read_digests([str(tmp_path)]).entries
    again = read_digests([str(tmp_path)]).entries
    assert [e.fingerprint for e in again] == [e.fingerprint for e in first]
    assert len({e.fingerprint for e in first}) == len(first)


def _with_history(entry: Entry, *said: tuple[str, str, tuple[str, ...]]) -> Entry:
    """`entry` with one appearance per (date, text, references), read from made-up places."""
    appearances = tuple(
        Appearance(Source(f"d{n}.txt", n + 1, date, "filename"), text, refs)
        for n, (date, text, refs) in enumerate(said)
    )
    return dataclasses.replace(entry, appearances=appearances)


@settings(max_examples=100, deadline=None)
@given(_entries, st.sampled_from(["date", "text", "references"]))
def test_the_fingerprint_covers_every_appearance(entry: Entry, field: str) -> None:
    """What an earlier digest said about the entry is part of it: its history."""
    said = [("2026-11-27", "昨天的说法", ("#1",)), ("2026-11-28", entry.text, entry.references)]
    base = _with_history(entry, *said)
    changed = list(said[0])
    changed[{"date": 0, "text": 1, "references": 2}[field]] = {
        "date": "2026-11-26", "text": "另一种说法", "references": ("#2",)
    }[field]
    other = _with_history(entry, (changed[0], changed[1], changed[2]), said[1])  # type: ignore[arg-type]
    assert other.fingerprint != base.fingerprint


@settings(max_examples=50, deadline=None)
@given(_entries, st.integers(1, 500))
def test_where_an_appearance_was_read_does_not_change_it(entry: Entry, line: int) -> None:
    base = _with_history(entry, ("2026-11-27", "x", ()), ("2026-11-28", entry.text, ()))
    moved = dataclasses.replace(base, appearances=tuple(
        Appearance(Source(f"moved/{a.source.path}", a.source.line + line, a.source.date,
                          a.source.date_from), a.text, a.references)
        for a in base.appearances
    ))
    assert moved.fingerprint == base.fingerprint
