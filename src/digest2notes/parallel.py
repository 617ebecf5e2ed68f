"""Work over many items on every core, in forked processes, when that is safe.

Parsing a year of digests and rendering thousands of notes is CPU-bound Python:
one core does it all while the others idle. `map_chunks` cuts the items into
contiguous pieces, which this process and ``fork``-ed children take from a shared
queue as each gets free. A child inherits the items and the code (nothing is
pickled on the way in and no interpreter starts) and sends its results back
through a pipe.

The work must be *pure*, or at least safe to do twice: a child's pieces are done
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

_CHILD_FAILED = 70  # EX_SOFTWARE: any failure in a child; the parent redoes the pieces it took


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
    result per item, in order; the results of the pieces are put together in order,
    so the answer is ``work(items)``'s. Results must be picklable.

    The items are cut into a few contiguous pieces per process, and each process
    (this one included) takes the next piece from a shared queue whenever it is
    free: on a machine shared with other work, a process slowed down does fewer
    pieces rather than holding everyone up at the end.
    """
    processes = jobs if jobs is not None and jobs > 0 else default_jobs()
    processes = min(processes, len(items) // max(1, min_chunk))
    if processes <= 1 or not can_fork():
        return work(items)
    pieces = _bounds(len(items), min(_MAX_PIECES, processes * _PIECES_PER_PROCESS, len(items)))
    _load_prctl()
    queue = _piece_queue(len(pieces))
    done: dict[int, list[R]] = {}
    children: list[tuple[int, int]] = []  # (pid, read end of its results)
    try:
        for _ in range(processes - 1):
            try:
                children.append(_spawn(work, items, pieces, queue))
            except OSError:  # no more processes or memory: the others share the queue
                break
        failure = _take_pieces(work, items, pieces, queue, done)
        while children:
            pid, fd = children.pop(0)  # once reaped, never signalled again
            done.update(_collect(pid, fd, pieces))
        results: list[R] = []
        for index, (start, stop) in enumerate(pieces):
            if failure is not None and index == failure[0]:
                raise failure[1]  # the first error in item order, as serially
            part = done.get(index)
            results += part if part is not None else _checked(work, items[start:stop])
        return results
    finally:
        os.close(queue)
        for pid, fd in children:  # only on an exception in this process
            _abandon(pid, fd)


# Pieces per process: enough that the last one to finish costs little waiting, few enough
# that taking one (a one-byte read) is nothing next to the work.
_PIECES_PER_PROCESS = 8
_MAX_PIECES = 255  # a piece's number is one byte of the queue


def _bounds(count: int, pieces: int) -> list[tuple[int, int]]:
    """Contiguous, equal (start, stop) slices, in order."""
    return [(count * index // pieces, count * (index + 1) // pieces) for index in range(pieces)]


def _piece_queue(count: int) -> int:
    """A pipe holding one byte per piece number, its writing end closed: each read of
    one byte takes a piece no other process gets (pipe reads are atomic), and an empty
    queue reads as end of file."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, bytes(range(count)))  # far below a pipe's capacity
    finally:
        os.close(write_end)
    return read_end


def _take_pieces(
    work: Callable[[Sequence[T]], list[R]],
    items: Sequence[T],
    pieces: Sequence[tuple[int, int]],
    queue: int,
    done: dict[int, list[R]],
) -> tuple[int, BaseException] | None:
    """Do pieces from `queue` until it is empty, into `done`. An error of the work ends
    this process's share: the queue is emptied (the others stop after their current
    piece) and (piece, error) returned, to be raised where the serial loop would."""
    while taken := os.read(queue, 1):
        index = taken[0]
        start, stop = pieces[index]
        try:
            done[index] = _checked(work, items[start:stop])
        except Exception as error:
            while os.read(queue, _MAX_PIECES):
                pass
            return index, error
    return None


def _spawn(
    work: Callable[[Sequence[T]], list[R]],
    items: Sequence[T],
    pieces: Sequence[tuple[int, int]],
    queue: int,
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
            done: dict[int, list[R]] = {}
            if _take_pieces(work, items, pieces, queue, done) is None:
                payload = pickle.dumps(done, protocol=pickle.HIGHEST_PROTOCOL)
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


def _collect(pid: int, fd: int, pieces: Sequence[tuple[int, int]]) -> dict[int, list[R]]:
    """The pieces the child finished, by number; none if it failed in any way (the
    pieces it took are then redone here)."""
    with open(fd, "rb", closefd=True) as pipe:
        payload = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return {}
    try:
        done = pickle.loads(payload)
    except Exception:
        return {}
    if not isinstance(done, dict):
        return {}
    for index, results in done.items():
        if not (
            type(index) is int
            and 0 <= index < len(pieces)
            and isinstance(results, list)
            and len(results) == pieces[index][1] - pieces[index][0]
        ):
            return {}
    return done


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
