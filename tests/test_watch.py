"""``digest2notes watch``: a real watcher on a temp folder, the real CLI in a subprocess.

Each step waits for the line the watch prints for it (never for a fixed time), so
the test holds on a busy machine; the pieces of the slow digest are written far
faster than ``--settle`` (how long a file must stay quiet before it is exported).
"""

from __future__ import annotations

import queue
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import CLI, SAMPLE_DIGESTS

WAIT = 60.0  # seconds for any one expected line: generous for a loaded machine
DAY_ONE = (SAMPLE_DIGESTS / "vllm-2026-11-27.txt").read_text(encoding="utf-8")
DAY_TWO = (SAMPLE_DIGESTS / "vllm-2026-11-28.txt").read_text(encoding="utf-8")


class Watch:
    """The running ``watch`` process, its output lines collected as they come."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: queue.Queue[tuple[str, str]] = queue.Queue()
        self.seen: list[tuple[str, str]] = []
        for name, stream in (("out", process.stdout), ("err", process.stderr)):
            threading.Thread(target=self._pump, args=(name, stream), daemon=True).start()

    def _pump(self, name: str, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            self.lines.put((name, line.rstrip("\n")))

    def expect(self, stream: str, fragment: str) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                name, line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None and self.lines.empty():
                    break
                continue
            self.seen.append((name, line))
            if name == stream and fragment in line:
                return line
        raise AssertionError(f"no {stream} line with {fragment!r}; saw {self.seen}")

    def drain(self) -> list[tuple[str, str]]:
        while True:
            try:
                self.seen.append(self.lines.get_nowait())
            except queue.Empty:
                return self.seen


@pytest.fixture
def watching(tmp_path: Path, vault: Path, cli_env: dict[str, str]) -> Iterator[tuple[Watch, Path]]:
    folder = tmp_path / "incoming"
    folder.mkdir()
    process = subprocess.Popen(
        [*CLI, "watch", str(folder), "--to", "obsidian", "--vault", str(vault), "--settle", "1.5"],
        env=cli_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watch = Watch(process)
    try:
        watch.expect("err", "Watching")
        yield watch, folder
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=WAIT)


def _notes(vault: Path) -> list[Path]:
    """The entry notes (every note that carries an id), wherever they are."""
    return sorted(p for p in vault.rglob("*.md") if "digest2notes_id:" in p.read_text("utf-8"))


def test_each_digest_is_exported_once_bad_ones_skipped_and_ctrl_c_stops_cleanly(
    watching: tuple[Watch, Path], vault: Path
) -> None:
    watch, folder = watching

    # A digest that appears whole.
    whole = folder / "vllm-2026-11-27.txt"
    whole.write_text(DAY_ONE, encoding="utf-8")
    line = watch.expect("out", "vllm-2026-11-27.txt: created")
    assert "created 8," in line and "failed 0" in line

    # A digest written slowly, in pieces: exported once, complete.
    slow = folder / "vllm-2026-11-28.txt"
    pieces = [DAY_TWO[i : i + 400] for i in range(0, len(DAY_TWO), 400)]
    with slow.open("w", encoding="utf-8") as out:
        for piece in pieces:
            out.write(piece)
            out.flush()
            time.sleep(0.05)
    line = watch.expect("out", "vllm-2026-11-28.txt:")
    assert "failed 0" in line

    # A broken digest is reported; the next good one is still exported.
    (folder / "broken.md").write_bytes(b"\x00\x01 not a digest")
    watch.expect("err", "broken.md")
    (folder / "again.txt").write_text(DAY_ONE.replace("vllm-project/vllm", "acme/widgets", 1))
    watch.expect("out", "again.txt: created 8,")

    watch.process.send_signal(signal.SIGINT)
    assert watch.process.wait(timeout=WAIT) == 0
    seen = watch.drain()
    assert ("err", "Stopped watching.") in seen
    exported = [line for name, line in seen if name == "out" and ": created" in line]
    assert len([x for x in exported if x.startswith(str(slow))]) == 1, exported
    assert len([x for x in exported if x.startswith(str(whole))]) == 1, exported
    assert len(_notes(vault)) == 11 + 8
    assert not [p for p in vault.rglob("*") if p.name.startswith(".") and p.is_file()
                and p.parent.name != ".digest2notes"]


def test_a_missing_folder_is_a_usage_error(cli_env: dict[str, str], tmp_path: Path, vault: Path) -> None:
    result = subprocess.run(
        [*CLI, "watch", str(tmp_path / "nope"), "--to", "obsidian", "--vault", str(vault)],
        env=cli_env, capture_output=True, text=True, timeout=WAIT,
    )
    assert result.returncode == 2
    assert "no such file or directory" in result.stderr
