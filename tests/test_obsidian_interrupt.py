"""An export killed midway (SIGKILL, so no cleanup runs) leaves only whole notes behind,
and the next run completes the vault without duplicating anything."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import frontmatter
import pytest
from benchmarks.corpus import generate_corpus

from digest2notes_obsidian import note

from .conftest import RunCli

ENTRIES = 2000


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_midway_leaves_whole_notes_and_the_rerun_completes(
    run_cli: RunCli, tmp_path: Path, cli_env: dict[str, str]
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=ENTRIES)
    vault = tmp_path / "vault"
    folder = vault / "Digests"
    vault.mkdir()
    command = [sys.executable, "-m", "digest2notes", "export", "--to", "obsidian",
               "--vault", str(vault), str(corpus)]
    process = subprocess.Popen(command, env=cli_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if folder.is_dir() and len(os.listdir(folder)) >= 50:
                break
            time.sleep(0.002)
        assert process.poll() is None, "the export finished before it could be interrupted"
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL

    present = sorted(folder.glob("*.md"))
    assert 0 < len(present) < ENTRIES
    for path in present:
        text = path.read_text(encoding="utf-8")
        post = frontmatter.loads(text)
        assert post["digest2notes_id"] and post["title"]
        assert text.endswith(f"{note.NOTES_HEADING}\n") and note.END_PREFIX in text

    result = run_cli("export", "--to", "obsidian", "--vault", vault, corpus)
    assert result.exit_code == 0, result.output
    assert f"created {ENTRIES - len(present)}, updated 0, unchanged {len(present)}, failed 0" in result.output
    ids = [frontmatter.load(str(p))["digest2notes_id"] for p in folder.glob("*.md") if p.stem != "Study queue"]
    assert len(ids) == len(set(ids)) == ENTRIES


def test_leftover_temp_files_are_ignored_then_removed_once_orphaned(
    run_cli: RunCli, samples: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "vault" / "Digests"
    folder.mkdir(parents=True)
    old = folder / ".digest2notes-999-1.tmp"
    old.write_text("---\ndigest2notes_id: x\n", encoding="utf-8")  # half a note, as a kill leaves it
    os.utime(old, (time.time() - 600, time.time() - 600))
    fresh = folder / ".digest2notes-999-2.tmp"
    fresh.write_text("---\n", encoding="utf-8")
    result = run_cli("export", "--to", "obsidian", "--vault", tmp_path / "vault", samples)
    assert "created 11" in result.output
    assert not old.exists() and fresh.exists()  # a young one may be a concurrent writer's


def test_orphans_anywhere_the_scan_goes_are_removed_and_hidden_folders_left_alone(
    run_cli: RunCli, samples: Path, tmp_path: Path
) -> None:
    """A killed update leaves its temp file beside the note it was rewriting, wherever
    the reader moved that note; folders Obsidian hides (.obsidian, .trash) are not ours."""
    vault = tmp_path / "vault"
    moved = vault / "Reading" / "deep"
    hidden = vault / ".obsidian"
    for folder in (moved, hidden):
        folder.mkdir(parents=True)
    old = time.time() - 600
    orphans = [moved / ".digest2notes-999-1.tmp", hidden / ".digest2notes-999-2.tmp"]
    for orphan in orphans:
        orphan.write_text("half a note", encoding="utf-8")
        os.utime(orphan, (old, old))
    not_ours = moved / ".digest2notes-notes.tmp.md"
    not_ours.write_text("a reader's hidden file", encoding="utf-8")
    result = run_cli("export", "--to", "obsidian", "--vault", vault, samples)
    assert "created 11" in result.output
    assert not orphans[0].exists()
    assert orphans[1].exists() and not_ours.exists()
