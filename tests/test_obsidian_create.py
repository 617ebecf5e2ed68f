"""Creating new notes: rendered as they are written, on every core, and never over a
file that took a note's name between planning and writing."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import frontmatter
import pytest
from benchmarks.corpus import generate_corpus

from digest2notes import Action, Change, Entry, read_digests
from digest2notes_obsidian import ObsidianExporter, merge

from .conftest import RunCli
from .test_obsidian_export import export, notes


def _exporter(vault: Path) -> ObsidianExporter:
    return ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})


def _entries(samples: Path) -> list[Entry]:
    return read_digests([str(samples)]).entries


def test_a_file_that_takes_a_planned_name_is_left_alone(samples: Path, vault: Path) -> None:
    exporter = _exporter(vault)
    plan = exporter.plan(_entries(samples))
    target = vault / plan.changes[0].target
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("the reader got here first\n", encoding="utf-8")
    report = exporter.apply(plan)
    first = report.changes[0]
    assert first.action is Action.FAILED
    assert "appeared during the export" in first.detail
    assert target.read_text(encoding="utf-8") == "the reader got here first\n"
    assert report.counts()["created"] == len(plan.changes) - 1
    # The next run gives that entry a name of its own.
    again = _exporter(vault)
    rerun = again.apply(again.plan(_entries(samples)))
    assert rerun.counts() == {**rerun.counts(), "created": 1, "failed": 0}
    assert target.read_text(encoding="utf-8") == "the reader got here first\n"
    assert len(notes(vault)) == len(plan.changes)


def test_an_empty_file_at_a_planned_name_is_filled_in(samples: Path, vault: Path) -> None:
    """What a power cut can leave of a note written without fsync: a free name."""
    exporter = _exporter(vault)
    planned = exporter.plan(_entries(samples)).changes[0].target
    (vault / planned).parent.mkdir(parents=True, exist_ok=True)
    (vault / planned).touch()
    report = exporter.apply(exporter.plan(_entries(samples)))
    assert report.changes[0].target == planned
    assert report.changes[0].action is Action.CREATE
    assert frontmatter.loads((vault / planned).read_text(encoding="utf-8"))["title"]


def test_a_note_a_failed_worker_already_wrote_counts_as_created(
    samples: Path, vault: Path
) -> None:
    """A worker's chunk is redone here if the worker fails; a note it wrote before
    failing is found at its name with the very text it should have."""
    entries = _entries(samples)
    exporter = _exporter(vault)
    plan = exporter.plan(entries)
    change = plan.changes[0]
    entry = next(e for e in entries if e.id == change.entry_id)
    target = vault / change.target
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(merge.new_note(entry, merge.entry_print(entry)), encoding="utf-8")
    report = exporter.apply(plan)
    assert report.changes[0].action is Action.CREATE
    assert not report.failed
    assert len(notes(vault)) == len(entries)
    again = _exporter(vault)
    assert again.apply(again.plan(entries)).counts()["unchanged"] == len(entries)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are Linux-only")
def test_progress_hears_of_every_note_once_when_workers_write_them(
    tmp_path: Path, vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DIGEST2NOTES_JOBS", "2")
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=2_500, per_file=50)
    exporter = _exporter(vault)
    plan = exporter.plan(read_digests([str(corpus)]).entries)
    heard: list[Change] = []
    report = exporter.apply(plan, heard.append)
    assert sorted(c.target for c in heard) == sorted(c.target for c in report.changes)
    assert len(heard) == 2_500
    assert {c.action for c in heard} == {Action.CREATE}
    # Every note on disk, each with the stamp the record of it holds.
    assert len(notes(vault)) == 2_500


def test_new_notes_leave_no_temp_files(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, "--vault", vault, samples)
    names = [name for _, _, files in os.walk(vault) for name in files]
    assert not [name for name in names if name.endswith(".tmp")]
