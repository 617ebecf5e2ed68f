"""The export command's own behaviour, whatever the exporter: progress, usage errors."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from benchmarks.corpus import generate_corpus

from tests.conftest import SAMPLE_DIGESTS, RunCli


def _export_with_stderr(
    stderr_fd: int, digests: Path, vault: Path
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "digest2notes",
            "export",
            "--to",
            "obsidian",
            "--vault",
            str(vault),
            str(digests),
        ],
        stdout=subprocess.PIPE,
        stderr=stderr_fd,
        check=False,
        timeout=120,
    )


def test_long_export_shows_a_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    digests = tmp_path / "digests"
    generate_corpus(digests, entries=120, per_file=60)
    vault = tmp_path / "vault"
    vault.mkdir()

    leader, follower = pty.openpty()
    try:
        done = _export_with_stderr(follower, digests, vault)
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the pty is closed once the child and we are done
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    terminal = b"".join(chunks).decode("utf-8", "replace")
    assert done.returncode == 0, terminal
    assert "Exporting" in terminal and "120/120" in terminal
    assert b"created 120" in done.stdout

    # Not a terminal: no bar, just the summary line on stdout.
    piped = _export_with_stderr(subprocess.PIPE, digests, tmp_path / "vault")
    assert piped.returncode == 0
    assert b"Exporting" not in piped.stderr
    assert b"unchanged 120" in piped.stdout


def test_unknown_exporter_is_a_usage_error_listing_the_installed_ones(run_cli: RunCli) -> None:
    result = run_cli("export", "--to", "evernote", SAMPLE_DIGESTS)
    assert result.exit_code == 2
    [line] = [x for x in result.stderr.splitlines() if x.startswith("Error:")]
    assert "unknown exporter 'evernote'" in line
    assert "notion" in line and "obsidian" in line
    assert "did you mean" not in line


@pytest.mark.parametrize("typed", ["Obsidian", "obsidain", "OBSIDIAN"])
def test_a_near_miss_exporter_name_gets_a_suggestion(
    run_cli: RunCli, typed: str, tmp_path: Path
) -> None:
    result = run_cli("export", "--to", typed, "--vault", tmp_path, SAMPLE_DIGESTS)
    assert result.exit_code == 2
    assert "did you mean 'obsidian'?" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_option_of_another_exporter_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli(
        "export", "--to", "obsidian", "--vault", tmp_path, "--rate", "5", SAMPLE_DIGESTS
    )
    assert result.exit_code == 2
    assert "--rate is not an option of --to obsidian" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_digest_on_standard_input_takes_its_date_from_the_option(
    run_cli: RunCli, vault: Path
) -> None:
    text = (SAMPLE_DIGESTS / "vllm-2026-11-27.txt").read_text(encoding="utf-8")
    result = run_cli(
        "export", "--to", "obsidian", "--vault", vault, "--date", "2026-12-01", "-", input=text
    )
    assert result.exit_code == 0, result.output
    notes = [p.read_text(encoding="utf-8") for p in (vault / "Digests").glob("*.md")]
    dated = [n for n in notes if "digest2notes_id:" in n]
    assert dated and all("digest_date: 2026-12-01" in n for n in dated)
    bad = run_cli("export", "--to", "obsidian", "--vault", vault, "--date", "12/01", "-", input=text)
    assert bad.exit_code == 2 and "is not a date like 2026-11-28" in bad.stderr
