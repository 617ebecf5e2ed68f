"""Obsidian export speed: a cold export, a no-change re-export, and a bare write loop.

    python -m benchmarks.bench_obsidian [--entries 10000] [--repeat 3] [--dir DIR]

What is measured is the export itself, in process, through the exporter
plugin the CLI uses (``plan`` + ``apply``): the digests are parsed once
beforehand (that is `bench_parse`'s business), and interpreter start-up is
left out. The baseline is the same files' bytes written by a bare Python loop
(``Path.write_text`` per file) into an empty folder on the same file system.
Every timed phase starts after ``os.sync()``, so one phase's write-back does
not land on the next one's clock; each figure is the median of `--repeat` runs.

Targets (from the issue): cold export <= 2.5x the bare loop; a no-change
re-export writes 0 files and takes <= 30% of the cold export.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.corpus import generate_corpus
from digest2notes import Entry, Report, read_digests
from digest2notes_obsidian import ObsidianExporter

COLD_TARGET = 2.5
NO_CHANGE_TARGET = 0.30


def _timed(action: Callable[[], Report | None]) -> tuple[float, Report | None]:
    if hasattr(os, "sync"):
        os.sync()
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def _export(vault: Path, entries: list[Entry]) -> Report:
    exporter = ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})
    return exporter.apply(exporter.plan(entries))


def _files(root: Path) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def _bare_loop(files: list[tuple[Path, str]]) -> None:
    for path, text in files:  # the baseline: nothing but the writes
        path.write_text(text, encoding="utf-8")


def run(entries_count: int, repeat: int, base: Path) -> bool:
    corpus = base / "corpus"
    generate_corpus(corpus, entries=entries_count)
    start = time.perf_counter()
    entries = read_digests([str(corpus)]).entries
    parse_seconds = time.perf_counter() - start
    print(f"{len(entries)} entries parsed in {parse_seconds:.2f} s (not part of the figures below)")

    cold, warm, bare, written_cold, written_warm = [], [], [], [], []
    for run_number in range(repeat):
        vault = base / f"vault-{run_number}"
        vault.mkdir()
        seconds, report = _timed(functools.partial(_export, vault, entries))
        assert report is not None and not report.failed
        cold.append(seconds)
        after_cold = _files(vault)
        written_cold.append(len(after_cold))

        seconds, report = _timed(functools.partial(_export, vault, entries))
        assert report is not None and report.counts()["unchanged"] == len(entries)
        warm.append(seconds)
        after_warm = _files(vault)
        written_warm.append(sum(1 for p, m in after_warm.items() if after_cold.get(p) != m))

        target = base / f"bare-{run_number}"
        files = [(target / p.relative_to(vault), p.read_text(encoding="utf-8")) for p in after_cold]
        for folder in {path.parent for path, _ in files}:
            folder.mkdir(parents=True, exist_ok=True)
        seconds, _ = _timed(functools.partial(_bare_loop, files))
        bare.append(seconds)
        shutil.rmtree(vault)
        shutil.rmtree(target)

    cold_s, warm_s, bare_s = (statistics.median(x) for x in (cold, warm, bare))
    cold_ratio = statistics.median(c / b for c, b in zip(cold, bare, strict=True))
    warm_ratio = statistics.median(w / c for w, c in zip(warm, cold, strict=True))
    print(f"cold export:        {cold_s:6.2f} s, {max(written_cold)} files written"
          f"  (runs: {', '.join(f'{x:.2f}' for x in cold)})")
    print(f"no-change export:   {warm_s:6.2f} s, {max(written_warm)} files written"
          f"  (runs: {', '.join(f'{x:.2f}' for x in warm)})")
    print(f"bare write loop:    {bare_s:6.2f} s, {max(written_cold)} files"
          f"  (runs: {', '.join(f'{x:.2f}' for x in bare)})")
    cold_ok = cold_ratio <= COLD_TARGET
    warm_ok = warm_ratio <= NO_CHANGE_TARGET and max(written_warm) == 0
    print(f"cold / bare loop:   {cold_ratio:6.2f}x  (target <= {COLD_TARGET}x: "
          f"{'met' if cold_ok else 'MISSED'})")
    print(f"no-change / cold:   {warm_ratio:6.0%}   (target <= {NO_CHANGE_TARGET:.0%}, 0 files: "
          f"{'met' if warm_ok else 'MISSED'})")
    return cold_ok and warm_ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None, help="Work dir (default: a temp dir).")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="bench-obsidian-", dir=args.dir))
    try:
        ok = run(args.entries, args.repeat, base)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
