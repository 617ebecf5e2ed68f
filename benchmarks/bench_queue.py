"""How fast ``digest2notes queue`` answers over a 10,000-note vault.

    python -m benchmarks.bench_queue [--entries 10000] [--repeat 5] [--vault DIR]

(``--vault DIR`` keeps the vault, and a later run reuses it.)

Builds the vault the way a reader would get it (the synthetic corpus exported
with ``digest2notes export --to obsidian``), ticks focus points and sets
statuses in a share of the notes as text edits, then times:

- the whole process, ``digest2notes queue --vault V --json`` as a subprocess
  (interpreter start and imports included: what the reader waits for);
- the same command in-process (the CLI's own work: reading the notes back — those
  the reader changed since the last export, the others from the export state —
  ranking, printing);
- ranking alone (`select` + `rank` + a budget plan over the items read back).

Target: the whole process in well under 2 s for 10,000 notes. Exits 1 if slower.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.corpus import generate_corpus

TARGET_SECONDS = 2.0
_STATUS = re.compile(r"^status:.*$", re.M)


def build_vault(vault: Path, entries: int) -> int:
    """Export `entries` synthetic entries into `vault`; returns the number of notes."""
    digests = vault.parent / f"{vault.name}-digests"
    generate_corpus(digests, entries)
    vault.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "digest2notes", "export", "--to", "obsidian", "--vault", str(vault),
         str(digests)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    notes = [p for p in vault.rglob("*.md") if "digest2notes_id:" in p.read_text(encoding="utf-8")]
    # The reader has been at it: some ticks and statuses, as text edits.
    for index, note in enumerate(notes):
        if index % 3:
            continue
        text = note.read_text(encoding="utf-8")
        text = text.replace("- [ ]", "- [x]", 1 + index % 4)
        status = ("reading", "done", "unread")[index % 9 // 3]
        text = _STATUS.sub(f"status: {status}", text, count=1)
        note.write_text(text, encoding="utf-8")
    return len(notes)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_command(args: list[str], repeat: int) -> tuple[list[float], list[float], bytes]:
    """Wall and CPU times of ``digest2notes ARGS`` as a subprocess, and its last output.

    CPU time is printed too because wall time on a shared machine says as much
    about the neighbours as about the queue.
    """
    command = [sys.executable, "-m", "digest2notes", *args]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DIGEST2NOTES_", "NOTION_"))}
    wall: list[float] = []
    cpu: list[float] = []
    output = b""
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), _children_cpu()
        output = subprocess.run(command, check=True, capture_output=True, env=env).stdout
        wall.append(time.perf_counter() - start)
        cpu.append(_children_cpu() - start_cpu)
    return wall, cpu, output


def time_in_process(vault: Path, repeat: int) -> tuple[list[float], list[float]]:
    """The CLI's own work without interpreter start-up, and the share of it spent reading
    the notes back (the Obsidian exporter's `read_progress`)."""
    from click.testing import CliRunner

    from digest2notes.cli import main
    from digest2notes.exporting import ProgressSource
    from digest2notes.plugins import get_exporter

    runner = CliRunner()
    whole = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = runner.invoke(main, ["queue", "--vault", str(vault), "--json"])
        whole.append(time.perf_counter() - start)
        assert result.exit_code == 0, result.output
    cls = get_exporter("obsidian")
    settings = {o.name: o.default for o in cls.options if o.name} | {"vault": str(vault)}
    source = cls(settings, {})
    assert isinstance(source, ProgressSource)
    reading = []
    for _ in range(repeat):
        start = time.perf_counter()
        source.read_progress()
        reading.append(time.perf_counter() - start)
    return whole, reading


def time_ranking(rows: list[dict[str, Any]], repeat: int) -> float:
    """Seconds for `select` + `rank` + a 45-minute plan over the items read back."""
    from digest2notes import queue as study
    from digest2notes.exporting import StudyItem, StudyStatus
    from digest2notes.model import Verdict

    items = [
        StudyItem(
            id=r["id"], title=r["title"], repo=r["repo"], verdict=Verdict(r["verdict"]),
            status=StudyStatus(r["status"]), focus_done=r["focus_done"],
            focus_total=r["focus_total"], minutes=None if r["minutes_default"] else r["minutes"],
            digest_date=r["digest_date"], location=r["location"],
        )
        for r in rows
    ]
    start = time.perf_counter()
    for _ in range(repeat):
        study.plan_budget(study.select(items, include_skip=True), 45)
        study.short_ids(items)
    return (time.perf_counter() - start) / repeat


def _calibrate() -> float:
    """Best of three: seconds for an empty 3M-iteration loop, as a yardstick for how fast
    the (possibly shared) machine is right now."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(3_000_000):
            pass
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description="Time `digest2notes queue` over a large vault.")
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--vault", type=Path, help="Build the vault here and keep it; reused if it has notes."
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        vault = args.vault or Path(tmp) / "vault"
        if args.vault and any(args.vault.rglob("*.md")):
            print(f"vault: reusing {vault}")
        else:
            start = time.perf_counter()
            notes = build_vault(vault, args.entries)
            print(f"vault: {notes} notes, built in {time.perf_counter() - start:.1f} s")
        base = ["queue", "--vault", str(vault)]
        wall, cpu, _ = time_command([*base, "--json"], args.repeat)
        table_wall, _, _ = time_command(base, args.repeat)
        budget_wall, _, _ = time_command([*base, "--budget", "45m"], args.repeat)
        _, _, everything = time_command([*base, "--json", "--all", "--include-done"], 1)
        inside, reading = time_in_process(vault, args.repeat)
    rows = json.loads(everything)
    calibration = _calibrate()
    ranking = time_ranking(rows, args.repeat)
    done = sum(1 for r in rows if r["status"] == "done")
    print(f"calibration: {calibration:.3f} s for 3,000,000 empty loop iterations "
          "(this machine's speed right now)")
    print(f"items read back: {len(rows)} ({done} done, {len(rows) - done} unfinished)")
    print(
        f"queue --json, whole process: best {min(wall):.3f} s wall "
        f"(median {statistics.median(wall):.3f} s over {args.repeat} runs), "
        f"best {min(cpu):.3f} s CPU"
    )
    print(f"queue (table), whole process: best {min(table_wall):.3f} s wall")
    print(f"queue --budget 45m, whole process: best {min(budget_wall):.3f} s wall")
    print(f"queue --json in-process (no interpreter start-up): best {min(inside):.3f} s")
    print(f"  of which reading the notes back (Obsidian read_progress): best {min(reading):.3f} s")
    print(f"  of which ranking + filtering + budget + short ids: {ranking * 1000:.1f} ms")
    verdict = "OK" if min(wall) < TARGET_SECONDS else "TOO SLOW"
    print(f"target: whole process under {TARGET_SECONDS:.0f} s for 10,000 notes: {verdict}")
    if verdict != "OK":
        raise SystemExit(1)


if __name__ == "__main__":
    main()
