"""Work over many items on every core, in forked processes, when that is safe.

Parsing a year of digests and rendering thousands of notes is CPU-bound Python:
one core does it all while the others idle. `map_chunks` splits the items into
contiguous chunks, keeps the first for this process and hands each other one to
a ``fork``-ed child, which inherits the items and the code (nothing is pickled on
the way in and no interpreter starts) and sends its results back through a pipe.

The work must be *pure*, or at least safe to do twice: a child's chunk is done
again here if the child fails, so a child's side effects may happen a second
time, and a function of its items that touches no shared state gives the same
result either way. That fallback also makes the answer independent of how the
work was split: a child that crashes, is killed, or raises gives the same result
(or the same exception) as running serially. Writing new files qualifies when a
second attempt recognises the file the first one made (see the Obsidian
exporter's `_create_notes`). A child dies with this process (Linux's
``PR_SET_PDEATHSIG``), so killing a run stops all of its work at once.

Fork is used only where it is known to be safe and worth it:

- on Linux (macOS's system libraries are not fork-safe; Windows has no fork),
- when no other Python thread runs (a thread holding a lock at fork time could
  leave the child deadlocked: test servers, HTTP clients' pools),
- with more than one CPU available to this process, and
- with at least `min_chunk` items per process (forking and moving results back
  cost about a millisecond per thousand small results).

Everything else runs the plain serial loop, which is also what ``jobs=1`` asks
for. The environment variable ``DIGEST2NOTES_JOBS`` caps the processes of every
caller that does not pass `jobs` (``DIGEST2NOTES_JOBS=1`` runs everything in one
process), the way ``OMP_NUM_THREADS`` does for numeric libraries: it is a limit
on the machine's resources, not a setting of any one command or exporter.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from .errors import ConfigError

__all__ = ["JOBS_VARIABLE", "available_cpus", "can_fork", "default_jobs", "map_chunks"]

JOBS_VARIABLE = "DIGEST2NOTES_JOBS"

T = TypeVar("T")
R = TypeVar("R")

_CHILD_FAILED = 70  # EX_SOFTWARE: any failure in a child; the parent redoes its chunk


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask, where the OS has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_jobs() -> int:
    """``DIGEST2NOTES_JOBS`` if set, else one process per available CPU."""
    value = os.environ.get(JOBS_VARIABLE, "").strip()
    if not value:
        return available_cpus()
    if not value.isdigit() or int(value) < 1:
        raise ConfigError(
            f"{JOBS_VARIABLE} must be a whole number of processes (1 or more), not {value!r}"
        )
    return int(value)


def can_fork() -> bool:
    """Is forking a worker safe here (Linux, and no other Python thread running)?"""
    return (
        sys.platform.startswith("linux") and hasattr(os, "fork") and threading.active_count() == 1
    )


def map_chunks(
    work: Callable[[Sequence[T]], list[R]],
    items: Sequence[T],
    *,
    jobs: int | None = None,
    min_chunk: int = 1000,
) -> list[R]:
    """``work(items)``, computed in up to `jobs` processes (default: `default_jobs`).

    `work` must be pure or safe to redo (see the module docstring) and return one
    result per item, in order; the results
    of the chunks are concatenated in order, so the answer is ``work(items)``'s.
    Results must be picklable.
    """
    processes = jobs if jobs is not None and jobs > 0 else default_jobs()
    processes = min(processes, len(items) // max(1, min_chunk))
    if processes <= 1 or not can_fork():
        return work(items)
    bounds = _bounds(len(items), processes)
    _load_prctl()
    # (pid, read end, start, stop); pid 0: the fork failed, so the chunk is done here.
    children: list[tuple[int, int, int, int]] = []
    try:
        for start, stop in bounds[1:]:
            try:
                children.append((*_spawn(work, items, start, stop), start, stop))
            except OSError:  # no more processes or memory: not a reason to fail the work
                children.append((0, -1, start, stop))
        results = work(items[bounds[0][0] : bounds[0][1]])
        _check_length(results, bounds[0][1] - bounds[0][0])
        while children:
            pid, fd, start, stop = children.pop(0)  # once reaped, never signalled again
            part: list[R] | None = _collect(pid, fd, stop - start) if pid else None
            results += part if part is not None else _checked(work, items[start:stop])
        return results
    finally:
        for pid, fd, _, _ in children:  # only on an exception in this process
            if pid:
                _abandon(pid, fd)


def _bounds(count: int, processes: int) -> list[tuple[int, int]]:
    """Contiguous, equal (start, stop) slices, in order."""
    return [
        (count * index // processes, count * (index + 1) // processes)
        for index in range(processes)
    ]


def _spawn(
    work: Callable[[Sequence[T]], list[R]], items: Sequence[T], start: int, stop: int
) -> tuple[int, int]:
    read_end, write_end = os.pipe()
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        raise
    if pid == 0:  # the child: compute, send, and leave without running any cleanup
        status = _CHILD_FAILED
        try:
            os.close(read_end)
            _die_with(parent)
            gc.disable()  # short-lived: collecting would only copy the parent's pages
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: just stop
            payload = pickle.dumps(work(items[start:stop]), protocol=pickle.HIGHEST_PROTOCOL)
            with open(write_end, "wb", closefd=True) as pipe:
                pipe.write(payload)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    return pid, read_end


_PR_SET_PDEATHSIG = 1
_prctl: Callable[..., int] | None = None
_prctl_looked_up = False


def _load_prctl() -> None:
    """Look up prctl(2) before forking, so no child loads a library to find it."""
    global _prctl, _prctl_looked_up
    if _prctl_looked_up:
        return
    _prctl_looked_up = True
    try:
        import ctypes  # only here: a few milliseconds, and only for parallel work

        _prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (ImportError, OSError, AttributeError):  # no ctypes or no prctl: children may outlive
        _prctl = None


def _die_with(parent: int) -> None:
    """In a child: be killed when `parent` dies, and stop if it already has."""
    if _prctl is not None:
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the request was made
        os._exit(_CHILD_FAILED)


def _collect(pid: int, fd: int, expected: int) -> list[R] | None:
    """The child's results, or None if it failed in any way (its chunk is then redone)."""
    with open(fd, "rb", closefd=True) as pipe:
        payload = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return None
    try:
        results = pickle.loads(payload)
    except Exception:
        return None
    if not isinstance(results, list) or len(results) != expected:
        return None
    return results


def _checked(work: Callable[[Sequence[T]], list[R]], chunk: Sequence[T]) -> list[R]:
    results = work(chunk)
    _check_length(results, len(chunk))
    return results


def _check_length(results: list[R], expected: int) -> None:
    if len(results) != expected:
        raise ValueError(f"work returned {len(results)} results for {expected} items")


def _abandon(pid: int, fd: int) -> None:
    """Stop a child whose results are no longer wanted, and reap it."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.close(fd)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)
