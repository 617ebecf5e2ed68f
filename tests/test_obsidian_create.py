"""Creating new notes: never over a file that took a note's name between planning and
writing, and an empty file (what a power cut leaves of a new note) is a free name."""

from __future__ import annotations

import os
from pathlib import Path

import frontmatter

from digest2notes import Action, Change, Entry, read_digests
from digest2notes_obsidian import ObsidianExporter

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


def test_progress_hears_of_every_entry_once(samples: Path, vault: Path) -> None:
    exporter = _exporter(vault)
    plan = exporter.plan(_entries(samples))
    heard: list[Change] = []
    report = exporter.apply(plan, heard.append)
    assert heard == report.changes
    assert {c.action for c in heard} == {Action.CREATE} and len(heard) == 11


def test_new_notes_leave_no_temp_files(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, "--vault", vault, samples)
    names = [name for _, _, files in os.walk(vault) for name in files]
    assert not [name for name in names if name.endswith(".tmp")]
