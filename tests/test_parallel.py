"""Work spread over forked processes gives exactly the serial answer, whatever happens to
a child, and never forks where that is unsafe (another thread running)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from benchmarks.corpus import generate_corpus

from digest2notes import ConfigError
from digest2notes.parallel import map_chunks
from digest2notes_obsidian.filenames import sanitise
from tests.conftest import SAMPLE_DIGESTS

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="forking workers is Linux-only"
)


def _square_with_pid(chunk: Sequence[int]) -> list[tuple[int, int]]:
    # Each piece takes a while, as real work does: processes take pieces from a shared
    # queue, and a piece done in microseconds would all be taken before a child starts.
    time.sleep(0.005)
    return [(n * n, os.getpid()) for n in chunk]


def test_results_are_the_serial_results_in_order_and_computed_in_several_processes() -> None:
    items = list(range(5_000))
    results = map_chunks(_square_with_pid, items, jobs=3, min_chunk=100)
    assert [square for square, _ in results] == [n * n for n in items]
    pids = {pid for _, pid in results}
    assert len(pids) == 3 and os.getpid() in pids


def test_small_inputs_and_one_job_stay_in_this_process() -> None:
    assert {pid for _, pid in map_chunks(_square_with_pid, list(range(150)), min_chunk=100)} == {
        os.getpid()
    }
    results = map_chunks(_square_with_pid, list(range(5_000)), jobs=1, min_chunk=100)
    assert {pid for _, pid in results} == {os.getpid()}


def test_the_environment_variable_caps_the_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGEST2NOTES_JOBS", "1")
    results = map_chunks(_square_with_pid, list(range(5_000)), min_chunk=100)
    assert {pid for _, pid in results} == {os.getpid()}
    monkeypatch.setenv("DIGEST2NOTES_JOBS", "2")
    results = map_chunks(_square_with_pid, list(range(5_000)), min_chunk=100)
    assert len({pid for _, pid in results}) == 2
    monkeypatch.setenv("DIGEST2NOTES_JOBS", "two")
    with pytest.raises(ConfigError, match="DIGEST2NOTES_JOBS"):
        map_chunks(_square_with_pid, list(range(5_000)), min_chunk=100)


def test_no_fork_while_another_thread_runs() -> None:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        results = map_chunks(_square_with_pid, list(range(5_000)), jobs=2, min_chunk=100)
    finally:
        stop.set()
        thread.join()
    assert {pid for _, pid in results} == {os.getpid()}


def _fails_in_children(how: str) -> Callable[[Sequence[int]], list[int]]:
    me = os.getpid()

    def work(chunk: Sequence[int]) -> list[int]:
        if os.getpid() != me:
            if how == "raise":
                raise RuntimeError("boom")
            if how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            if how == "short":
                return [n + 1 for n in chunk[1:]]
            if how == "unpicklable":
                return [threading.Lock() for _ in chunk]
        return [n + 1 for n in chunk]

    return work


@pytest.mark.parametrize("how", ["raise", "kill", "short", "unpicklable"])
def test_a_failed_child_is_redone_here(how: str) -> None:
    items = list(range(3_000))
    assert map_chunks(_fails_in_children(how), items, jobs=2, min_chunk=100) == [
        n + 1 for n in items
    ]


def test_when_the_system_refuses_to_fork_the_work_is_done_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    results = map_chunks(_square_with_pid, list(range(3_000)), jobs=3, min_chunk=100)
    assert results == [(n * n, os.getpid()) for n in range(3_000)]


def test_an_error_of_the_work_itself_is_raised_as_it_would_be_serially() -> None:
    def work(chunk: Sequence[int]) -> list[int]:
        if 2_500 in chunk:
            raise ValueError("item 2500 is bad")
        return list(chunk)

    with pytest.raises(ValueError, match="item 2500 is bad"):
        map_chunks(work, list(range(3_000)), jobs=2, min_chunk=100)


def test_the_first_error_in_item_order_is_the_one_raised() -> None:
    def work(chunk: Sequence[int]) -> list[int]:
        time.sleep(0.002)
        for n in chunk:
            if n in (100, 4_900):
                raise ValueError(f"item {n} is bad")
        return list(chunk)

    for _ in range(3):  # whichever process meets which bad item first
        with pytest.raises(ValueError, match="item 100 is bad"):
            map_chunks(work, list(range(5_000)), jobs=2, min_chunk=100)


def test_a_process_slowed_down_does_fewer_pieces() -> None:
    """Pieces go to whichever process is free: one slowed by other work on the machine
    does not hold the rest up."""
    me = os.getpid()

    def work(chunk: Sequence[int]) -> list[int]:
        time.sleep(0.03 if os.getpid() == me else 0.001)
        return [os.getpid()] * len(chunk)

    pids = map_chunks(work, list(range(5_000)), jobs=2, min_chunk=100)
    assert len(pids) == 5_000
    assert pids.count(me) < len(pids) // 4


def test_no_child_is_left_behind() -> None:
    map_chunks(_square_with_pid, list(range(5_000)), jobs=3, min_chunk=100)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)


_KILLED_PARENT = """
import os, signal, sys, time
from digest2notes.parallel import map_chunks

pid_file = sys.argv[1]

def work(chunk):
    if chunk[0] != 0:  # a child: say who it is, then work "forever"
        with open(pid_file + ".tmp", "w") as handle:
            handle.write(str(os.getpid()))
        os.replace(pid_file + ".tmp", pid_file)
        time.sleep(120)
    else:  # this process: killed while the child works
        while not os.path.exists(pid_file):
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGKILL)
    return list(chunk)

map_chunks(work, list(range(2_000)), jobs=2, min_chunk=100)
"""


def _alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie nobody has reaped yet (in a container
    whose first process does not reap, a dead orphan stays a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_child_dies_with_its_parent(tmp_path: Path) -> None:
    """Killing a run (SIGKILL, the OOM killer) stops its workers too: a worker that
    went on writing notes would race the re-run the reader starts next."""
    pid_file = tmp_path / "child.pid"
    source = Path(__file__).resolve().parents[1] / "src"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(source), *sys.path])}
    finished = subprocess.run(
        [sys.executable, "-c", _KILLED_PARENT, str(pid_file)], env=env, timeout=60
    )
    assert finished.returncode == -signal.SIGKILL
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _alive(child)


def test_parse_gives_the_same_json_in_one_process_and_in_several(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=1_500, per_file=20)
    (corpus / "broken.txt").write_bytes(b"owner/repo\n\nheadline without paragraph\n")
    outputs = []
    for jobs in ("1", "2"):
        monkeypatch.setenv("DIGEST2NOTES_JOBS", jobs)
        result = run_cli("parse", "--json", corpus)
        assert result.exit_code == 1  # the broken file, reported either way
        outputs.append((result.stdout, result.stderr))
    assert outputs[0] == outputs[1]
    entries = json.loads(outputs[0][0])
    assert len(entries) == 1_500
    assert "broken.txt:3: headline 'headline without paragraph' has no paragraph" in outputs[0][1]


def test_a_bad_jobs_variable_is_a_one_line_error(run_cli, vault: Path) -> None:
    # Parsing is one process now; exporting still takes DIGEST2NOTES_JOBS.
    result = run_cli(
        "export", "--to", "obsidian", "--vault", vault, SAMPLE_DIGESTS,
        env={"DIGEST2NOTES_JOBS": "lots"},
    )
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: DIGEST2NOTES_JOBS must be a whole number of processes (1 or more), not 'lots'"
    )


def _vault_files(vault: Path) -> dict[str, bytes]:
    """Every note and view (not the record of file stamps, which differ between vaults)."""
    return {
        p.relative_to(vault).as_posix(): p.read_bytes()
        for p in vault.rglob("*")
        if p.is_file() and ".digest2notes" not in p.parts
    }


def test_export_writes_the_same_vault_in_one_process_and_in_several(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=2_200, per_file=50)
    # Headlines that make the same file name, one early and one late in the batch, so
    # that they are drafted in different processes: the suffix must go to the same one.
    assert sanitise("Fix: a/b") == sanitise("Fix: a\\b")
    (corpus / "aaa-first.txt").write_text(
        "owner/repo\n\nFix: a/b\n\n值得精读。建议关注：甲、乙。\n", encoding="utf-8"
    )
    (corpus / "zzz-last.txt").write_text(
        "owner/repo\n\nFix: a\\b\n\n无需精读。\n", encoding="utf-8"
    )
    vaults = []
    for jobs in ("1", "2"):
        vault = tmp_path / f"vault-{jobs}"
        vault.mkdir()
        monkeypatch.setenv("DIGEST2NOTES_JOBS", jobs)
        result = run_cli("export", "--to", "obsidian", "--vault", vault, corpus)
        assert result.exit_code == 0, result.output
        assert "created 2202, updated 0, unchanged 0, failed 0" in result.stdout
        vaults.append(_vault_files(vault))
    assert vaults[0] == vaults[1]
    assert len([name for name in vaults[0] if name.startswith("Digests/Fix a b")]) == 2
