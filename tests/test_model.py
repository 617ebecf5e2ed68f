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

from digest2notes import Entry, Source, Verdict, read_digests

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


def test_a_read_in_several_processes_gives_the_same_fingerprints(tmp_path: Path) -> None:
    generate_corpus(tmp_path, entries=1_500)
    serial = read_digests([str(tmp_path)], jobs=1).entries
    parallel = read_digests([str(tmp_path)], jobs=2).entries
    assert [e.fingerprint for e in parallel] == [e.fingerprint for e in serial]
    assert len({e.fingerprint for e in serial}) == len(serial)
