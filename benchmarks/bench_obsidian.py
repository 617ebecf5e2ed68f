"""Obsidian export in process: a cold export of N entries, then a re-export with nothing new.

    python -m benchmarks.bench_obsidian [--entries 10000] [--repeat 3] [--dir DIR]

What is measured is the exporter itself (``plan`` + ``apply``, as the CLI runs them):
the digests are parsed once beforehand (`bench_parse`'s business) and interpreter
start-up is left out (`bench_vault` times whole processes against ``--help``). For
scale, the time this machine's file system takes to create as many files with a bare
``open``/``write``/``close`` loop is printed beside the cold export: on a slow disk it
is most of it. A no-change re-export must write no file at all.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.corpus import generate_corpus
from digest2notes import Entry, Report, read_digests
from digest2notes_obsidian import ObsidianExporter


def _export(vault: Path, entries: list[Entry]) -> tuple[float, Report]:
    exporter = ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})
    start = time.perf_counter()
    report = exporter.apply(exporter.plan(entries))
    return time.perf_counter() - start, report


def _files(root: Path) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def run(entries_count: int, repeat: int, base: Path) -> bool:
    corpus = base / "corpus"
    generate_corpus(corpus, entries=entries_count)
    entries = read_digests([str(corpus)]).entries
    cold, warm, bare, rewritten = [], [], [], 0
    for number in range(repeat):
        vault = base / f"vault-{number}"
        vault.mkdir()
        seconds, report = _export(vault, entries)
        assert not report.failed
        cold.append(seconds)
        before = _files(vault)
        seconds, report = _export(vault, entries)
        assert report.counts()["unchanged"] == len(entries)
        warm.append(seconds)
        rewritten = max(rewritten, sum(1 for p, m in _files(vault).items() if before.get(p) != m))
        notes = sorted((vault / "Digests").glob("*.md"))
        target = base / f"bare-{number}"
        target.mkdir()
        start = time.perf_counter()
        for path in notes:
            with open(target / path.name, "wb") as handle:
                handle.write(path.read_bytes())
        bare.append(time.perf_counter() - start)
    print(f"{len(entries)} entries, best of {repeat}:")
    print(f"cold export:         {min(cold):6.2f} s  (runs: {', '.join(f'{x:.2f}' for x in cold)})")
    print(f"  (the file system alone creates as many files in {min(bare):.2f} s)")
    print(f"no-change re-export: {min(warm):6.2f} s, {rewritten} files written")
    return rewritten == 0


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
