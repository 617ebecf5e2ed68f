"""What a reader's vault of a year costs each run: the daily export, a no-change re-export
of the whole year, and the study queue, each against ``digest2notes --help``.

    python -m benchmarks.bench_vault [--repeat 3] [--dir DIR] [--keep]

The vault: a year of synthetic daily digests (365 files, about 3,000 entries, one in
ten repeated the next day) exported into a vault that also holds 20,000 notes of the
reader's own (sizes from a few lines to a few pages, a third with frontmatter, in a
few hundred folders), attachments and an ``.obsidian`` folder; the reader has ticked
points in some of our notes and written new notes of their own since.

Every figure is a whole process (``python -m digest2notes …``), best of `--repeat`,
measured in this run, and printed as a ratio to ``digest2notes --help`` measured the
same way (the targets of [simplify]: a new day's digest ≤ 2.5×, the no-change year
≤ 4×, ``queue --vault`` ≤ 2.5×); the processes' CPU time is printed too, since wall
time on a shared machine says as much about the neighbours. The runs are then split
into phases, each in a fresh process as a run pays them: start-up (what every command
loads), reading the digests (the parser's share), and the exporter's plan and apply,
or for the queue reading the progress back (imports included); and the no-change
year once more in process, with everything loaded. Last, a cold export of 10,000
entries into an empty vault, in seconds. The analysis cache is the run's own (the
year's first export fills it; the new days' entries are not in it, as on the reader's
machine; the cold export starts from an empty one), never the user's.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.corpus import entry_texts, generate_corpus

TARGETS = {"a new day's digest": 2.5, "the whole year, nothing new": 4.0, "queue --vault": 2.5}
DAYS = 365
ENTRIES = 3_000
READER_NOTES = 20_000
WORDS = ("the", "of", "a", "to", "in", "is", "for", "on", "with", "that", "this", "we", "it")


def write_year(
    digests: Path, days: int = DAYS, entries: int = ENTRIES, extra: int = 3
) -> list[Path]:
    """A digest per day, one repository, about entries/days entries each, and the first
    tenth of yesterday's again; then `extra` more days of new entries."""
    digests.mkdir(parents=True, exist_ok=True)
    triples = entry_texts(entries + 200, seed=1)
    per_day = entries / days
    files = []
    start = dt.date(2026, 1, 1)
    for day in range(days + extra):  # the "new day" runs
        first, last = round(day * per_day), round((day + 1) * per_day)
        if day >= days:
            first, last = entries + (day - days) * 12, entries + (day - days + 1) * 12
        repeats = triples[max(0, first - 8) : max(0, first - 8) + 1] if day else []
        body = "\n\n".join(f"{t}\n\n{x}" for _, t, x in repeats + triples[first:last])
        path = digests / f"vllm-{(start + dt.timedelta(days=day)).isoformat()}.txt"
        path.write_text(f"vllm-project/vllm\n\n{body}\n", encoding="utf-8")
        files.append(path)
    return files


def write_reader_notes(vault: Path, count: int = READER_NOTES, seed: int = 2) -> None:
    """The reader's own notes, attachments and Obsidian's settings."""
    rng = random.Random(seed)
    folders = [f"Journal/{y}/{m:02d}" for y in (2025, 2026) for m in range(1, 13)]
    folders += [f"Projects/P{i}" for i in range(80)] + [f"Areas/A{i}/Sub{j}" for i in range(30)
                                                       for j in range(4)]
    folders += [f"Reference/R{i}" for i in range(60)]
    for folder in folders:
        (vault / folder).mkdir(parents=True, exist_ok=True)
    for index in range(count):
        size = int(min(rng.lognormvariate(6.5, 1.0), 40_000))
        words = " ".join(rng.choice(WORDS) for _ in range(max(size // 5, 5)))
        head = ""
        if index % 3 == 0:
            head = f"---\ntags: [t{index % 50}]\ncreated: 2026-01-{1 + index % 28:02d}\n---\n\n"
        text = f"{head}# Note {index}\n\n{words}\n"
        (vault / folders[index % len(folders)] / f"Note {index}.md").write_text(text, "utf-8")
    (vault / "Attachments").mkdir()
    for index in range(300):
        (vault / "Attachments" / f"image {index}.png").write_bytes(os.urandom(20_000))
    plugins = vault / ".obsidian" / "plugins" / "obsidian-tasks-plugin"
    plugins.mkdir(parents=True)
    (vault / ".obsidian" / "app.json").write_text('{"alwaysUpdateLinks": true}\n', "utf-8")
    (plugins / "main.js").write_text("//" + "x" * 200_000, "utf-8")


def reader_works(vault: Path, day: int) -> None:
    """A day of the reader: points ticked in a few of our notes, two new notes of theirs."""
    ours = sorted((vault / "Digests").glob("*.md"))
    for path in ours[day * 7 : day * 7 + 10]:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("- [ ] ", "- [x] ", 2), encoding="utf-8")
    for index in range(2):
        (vault / "Journal" / "2026" / "12" / f"Day {day}-{index}.md").write_text(
            "Read the digests.\n", "utf-8"
        )


#: As users run it: no stray settings, and bytecode caching on (some shells and CI
#: images turn it off, which makes every start compile every module again).
ENV = {
    k: v
    for k, v in os.environ.items()
    if not k.startswith(("DIGEST2NOTES_", "NOTION_")) and k != "PYTHONDONTWRITEBYTECODE"
}


class Runs:
    """Whole-process runs of one kind: wall seconds, and the processes' CPU seconds."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def run(self, *args: str) -> float:
        """Wall seconds of ``digest2notes ARGS``."""
        start, cpu = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-m", "digest2notes", *args], check=True, env=ENV,
                       stdout=subprocess.DEVNULL)
        self.cpu.append(_children_cpu() - cpu)
        self.wall.append(time.perf_counter() - start)
        return self.wall[-1]


def run(*args: str) -> float:
    """Wall seconds of one ``digest2notes ARGS`` not among the figures."""
    return Runs().run(*args)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def best(times: list[float]) -> str:
    return f"{min(times):.3f} s (runs: {', '.join(f'{t:.2f}' for t in times)})"


#: One run's phases in a fresh process (argv: the mode, the vault, the digests).
PHASES = """
import json, sys, time
start = time.perf_counter()
import digest2notes.cli
phases = {"start-up": time.perf_counter() - start}
mode, vault, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
if mode == "export":
    from digest2notes import read_digests
    start = time.perf_counter()
    entries = read_digests(paths).entries
    phases["reading the digests (the parser)"] = time.perf_counter() - start
start = time.perf_counter()
from digest2notes_obsidian import ObsidianExporter
exporter = ObsidianExporter({"vault": vault, "folder": "Digests"}, {})
if mode == "export":
    exporter.apply(exporter.plan(entries))
    phases["the exporter's plan and apply"] = time.perf_counter() - start
else:
    exporter.read_progress()
    phases["reading the progress back"] = time.perf_counter() - start
print(json.dumps(phases))
"""


def use_cache(folder: Path) -> None:
    """The analysis cache of the runs that follow, in this process and in those it starts
    (on systems where the user's cache folder follows ``$XDG_CACHE_HOME``)."""
    os.environ["XDG_CACHE_HOME"] = ENV["XDG_CACHE_HOME"] = str(folder)


def phases(mode: str, vault: Path, paths: list[str]) -> dict[str, float]:
    """Seconds of each phase of one run, in a fresh process."""
    done = subprocess.run([sys.executable, "-c", PHASES, mode, str(vault), *paths], check=True,
                          env=ENV, capture_output=True, text=True)
    found: dict[str, float] = json.loads(done.stdout)
    return found


def shown(found: dict[str, float]) -> str:
    return ", ".join(f"{name} {seconds:.3f} s" for name, seconds in found.items())


def in_process_split(vault: Path, paths: list[str], repeat: int) -> tuple[float, float]:
    """Seconds reading the digests, and seconds planning and applying the export."""
    from digest2notes import read_digests
    from digest2notes_obsidian import ObsidianExporter

    reading, exporting = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        entries = read_digests(paths).entries
        reading.append(time.perf_counter() - start)
        exporter = ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})
        start = time.perf_counter()
        report = exporter.apply(exporter.plan(entries))
        exporting.append(time.perf_counter() - start)
        assert not any(c.action.value in ("created", "updated") for c in report.changes)
    return min(reading), min(exporting)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None, help="Work dir (default: a temp dir).")
    parser.add_argument("--keep", action="store_true", help="Keep the vault afterwards.")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="bench-vault-", dir=args.dir))
    try:
        bench(base, args.repeat)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


def bench(base: Path, repeat: int) -> None:
    # The persistent analysis cache of this run, never the user's: the first export of
    # the year fills it, so the year re-read finds every analysis there and a new day's
    # entries are analysed as on the reader's machine, whatever earlier runs cached.
    use_cache(base / "cache")
    digests, vault = base / "digests", base / "vault"
    files = write_year(digests, extra=repeat + 1)
    year, new_days = [str(p) for p in files[:DAYS]], [str(p) for p in files[DAYS:]]
    vault.mkdir()
    start = time.perf_counter()
    write_reader_notes(vault)
    built = time.perf_counter() - start
    print(f"vault: {READER_NOTES} notes of the reader's, built in {built:.1f} s")
    first = run("export", "--to", "obsidian", "--vault", str(vault), *year)
    ours = len(list((vault / "Digests").glob("*.md"))) - 1
    print(f"first export of the year ({len(year)} digests, {ours} notes of ours, every file of "
          f"the vault read once): {first:.2f} s")
    reader_works(vault, 0)
    helps = Runs()
    for _ in range(max(repeat, 5)):
        helps.run("--help")
    daily = Runs()
    for day, path in enumerate(new_days[:repeat]):
        daily.run("export", "--to", "obsidian", "--vault", str(vault), path)
        reader_works(vault, day + 1)
    everything = [*year, *new_days[:repeat]]
    run("export", "--to", "obsidian", "--vault", str(vault), *everything)  # absorbs repeats
    year_runs = Runs()
    for _ in range(repeat):
        year_runs.run("export", "--to", "obsidian", "--vault", str(vault), *everything)
    year_phases = phases("export", vault, everything)
    reading, exporting = in_process_split(vault, everything, repeat)
    day_phases = phases("export", vault, new_days[repeat:])
    reader_works(vault, repeat + 1)  # ticks since the last export: the queue reads those
    queue_runs = Runs()
    for _ in range(repeat):
        queue_runs.run("queue", "--vault", str(vault))
    queue_phases = phases("queue", vault, [])

    help_s, help_cpu = min(helps.wall), min(helps.cpu)
    print(f"digest2notes --help:                 {best(helps.wall)}; CPU {help_cpu:.3f} s")
    figures = {"a new day's digest": daily, "the whole year, nothing new": year_runs,
               "queue --vault": queue_runs}
    for name, runs in figures.items():
        ratio = min(runs.wall) / help_s
        verdict = "met" if ratio <= TARGETS[name] else "MISSED"
        print(f"{name + ':':36} {best(runs.wall)} = {ratio:.2f}x --help "
              f"(target <= {TARGETS[name]}x: {verdict}); CPU {min(runs.cpu):.3f} s = "
              f"{min(runs.cpu) / help_cpu:.2f}x")
    print(f"  a new day, in a fresh process: {shown(day_phases)}")
    print(f"  the whole year, in a fresh process: {shown(year_phases)}")
    print(f"  the whole year, in process: reading the {len(everything)} digests {reading:.3f} s "
          f"(the parser), the exporter's plan and apply {exporting:.3f} s")
    print(f"  queue --vault, in a fresh process: {shown(queue_phases)}")

    cold_digests, cold_vault = base / "cold-digests", base / "cold-vault"
    generate_corpus(cold_digests, entries=10_000)
    cold_vault.mkdir()
    use_cache(base / "cold-cache")  # nothing analysed before, as for a first export
    cold = run("export", "--to", "obsidian", "--vault", str(cold_vault), str(cold_digests))
    print(f"10,000 entries exported cold into an empty vault: {cold:.2f} s (whole process)")


if __name__ == "__main__":
    main()
