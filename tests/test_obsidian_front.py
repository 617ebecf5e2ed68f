"""A note's frontmatter as the export left it, kept in the export state: a note whose
frontmatter text is byte for byte the same is not parsed again (the queue counts the
ticks the reader made since; a re-export merges it), and any edit of the reader's
there, however small, is read, counted by the queue and kept by the next export."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import yaml

from digest2notes import StudyItem, StudyStatus, read_digests
from digest2notes_obsidian import ObsidianExporter
from digest2notes_obsidian.kept import Written, front_digest
from digest2notes_obsidian.properties import read

from .conftest import RunCli
from .test_obsidian_export import export, notes, same_typed
from .test_obsidian_state import STATE, last_line

SKIM_EDIT = ("建议快速阅读，可作为", "建议快速阅读（约 3 分钟），可作为")  # the SITU note's minutes


def written(vault: Path) -> dict[str, Written]:
    with sqlite3.connect(vault / STATE) as db:
        found = db.execute("SELECT id, written FROM notes WHERE written IS NOT NULL").fetchall()
    return {note_id: Written.from_json(json.loads(text)) for note_id, text in found}


def situ(vault: Path) -> tuple[str, Path]:
    return next((i, p) for i, p in notes(vault).items() if "SITU" in p.name)


def exported(run_cli: RunCli, samples: Path, vault: Path) -> tuple[str, Path, str]:
    """The samples exported: the SITU note's id, path and text."""
    export(run_cli, "--vault", vault, samples)
    note_id, path = situ(vault)
    return note_id, path, path.read_text(encoding="utf-8")


def items(vault: Path) -> dict[str, StudyItem]:
    exporter = ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})
    return {item.id: item for item in exporter.read_progress().items}


def change_the_digest(samples: Path) -> None:
    digest = samples / "vllm-2026-11-28.txt"
    digest.write_text(digest.read_text(encoding="utf-8").replace(*SKIM_EDIT), "utf-8")


def re_export(run_cli: RunCli, samples: Path, vault: Path, path: Path) -> str:
    """The note at `path` once the digest says 3 minutes (the note is merged)."""
    change_the_digest(samples)
    assert last_line(export(run_cli, "--vault", vault, samples)).startswith("created 0, updated 1")
    return path.read_text(encoding="utf-8")


def test_the_kept_frontmatter_is_what_pyyaml_reads_in_every_note(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    change_the_digest(samples)
    export(run_cli, "--vault", vault, samples)  # one note merged, the others as created
    kept = written(vault)
    with sqlite3.connect(vault / STATE) as db:
        paths = dict(db.execute("SELECT id, path FROM notes"))
    assert len(kept) == 13  # the entries' notes and the digests'
    for note_id, base in kept.items():
        assert base.front is not None, note_id
        yaml_text = read((vault / paths[note_id]).read_text(encoding="utf-8")).yaml
        assert base.front.digest == front_digest(yaml_text)
        assert same_typed(base.front.properties(), yaml.safe_load(yaml_text))


def test_a_readers_edit_to_a_property_is_counted_by_the_queue_and_kept_on_re_export(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    note_id, path, text = exported(run_cli, samples, vault)
    assert "minutes: 5\n" in text and "status: unread\n" in text
    edited = text.replace("minutes: 5\n", "minutes: 6\n").replace("- [ ] ", "- [x] ", 2)
    path.write_text(edited, encoding="utf-8")  # one byte of the frontmatter, and two ticks
    item = items(vault)[note_id]
    assert item.minutes == 6 and item.focus_done == 1

    path.write_text(edited.replace("status: unread", "status: reading"), encoding="utf-8")
    assert items(vault)[note_id].status is StudyStatus.READING

    merged = re_export(run_cli, samples, vault, path)  # 3 minutes: the reader's 6 stays
    assert "minutes: 6\n" in merged and "status: reading\n" in merged
    item = items(vault)[note_id]
    assert item.minutes == 6 and item.status is StudyStatus.READING
    path.write_text(merged.replace("status: reading", "status: done"), encoding="utf-8")
    assert items(vault)[note_id].status is StudyStatus.DONE


def test_a_state_without_the_kept_frontmatter_reads_the_notes_as_before(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    """A state an older version wrote keeps no frontmatter: every note that needs reading
    is parsed, and the next export that merges it keeps its frontmatter again."""
    export(run_cli, "--vault", vault, samples)
    with sqlite3.connect(vault / STATE) as db:
        db.execute("UPDATE notes SET written = json_remove(written, '$.front')")
    assert all(base.front is None for base in written(vault).values())
    note_id, path = situ(vault)
    text = path.read_text(encoding="utf-8").replace("- [ ] ", "- [x] ", 2)
    path.write_text(text.replace("status: unread", "status: reading"), encoding="utf-8")
    item = items(vault)[note_id]
    assert item.status is StudyStatus.READING and item.focus_done == 1

    merged = re_export(run_cli, samples, vault, path)
    assert "minutes: 3\n" in merged and "status: reading\n" in merged
    front = written(vault)[note_id].front
    assert front is not None and front.digest == front_digest(read(merged).yaml)


def test_a_property_json_cannot_keep_is_parsed_each_time_and_kept_as_written(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    note_id, path, text = exported(run_cli, samples, vault)
    mine = text.replace("status: unread\n", "status: unread\nrating: 4.5\nmeta: {a: [1, 2]}\n")
    path.write_text(mine, encoding="utf-8")
    merged = re_export(run_cli, samples, vault, path)
    assert "rating: 4.5\nmeta: {a: [1, 2]}\n" in merged and "minutes: 3\n" in merged
    assert written(vault)[note_id].front is None
    path.write_text(merged.replace("- [ ] ", "- [x] ", 2), encoding="utf-8")
    assert items(vault)[note_id].focus_done == 1


def test_the_queue_parses_no_yaml_for_a_note_whose_points_were_ticked(
    samples: Path, vault: Path
) -> None:
    exporter = ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})
    exporter.apply(exporter.plan(read_digests([str(samples)]).entries))
    for path in list(notes(vault).values())[:3]:
        path.write_text(path.read_text(encoding="utf-8").replace("- [ ] ", "- [x] ", 2), "utf-8")
    probe = (
        "import json, sys\n"
        "from digest2notes_obsidian import ObsidianExporter\n"
        f"exporter = ObsidianExporter({{'vault': {str(vault)!r}, 'folder': 'Digests'}}, {{}})\n"
        "done = sorted(i.focus_done for i in exporter.read_progress().items)\n"
        "heavy = {'yaml', 'digest2notes_obsidian.note', 'digest2notes_obsidian.body'}\n"
        "print(json.dumps([done, sorted(heavy & set(sys.modules))]))"
    )
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    done, loaded = json.loads(ran.stdout)
    assert done == [0] * 8 + [1] * 3 and loaded == []  # nor the renderer, to count ticks
