"""Notion exporter: requests per sync against the lower bound, and pacing against the limit.

    python -m benchmarks.bench_notion            # everything (the pacing run takes ~100 s)
    python -m benchmarks.bench_notion --quick    # skip the 3 requests/s pacing run

Runs the real CLI (``python -m digest2notes export --to notion``) as a subprocess
against the Notion emulator of ``tests/notion_emulator`` on a synthetic corpus
(``benchmarks.corpus``), and prints:

1. Economy. The lower bound for a first sync of N new entries is N creates (+1 append
   per further 100 blocks of a long entry) + the look-up (one query per 100 entries) + 2
   set-up requests; for a re-sync with nothing changed, the look-up + 2.
2. Faults. 500 entries with ~10% 429, 5% 500/503, 3% 529, 5% ambiguous writes and
   1% dropped connections: requests sent, rows, duplicates, and the next run's writes.
3. Pacing. 300 entries at the emulator's 3 requests/s limit and the default
   ``--rate 3``: wall time against requests ÷ 3 (target: within 15%), and 429s seen.
4. A year (``--year``): 3,650 entries at ``--year-rate`` requests/s (3, Notion's pace, by
   default: about 45 minutes in all): the first sync, a daily sync of 12 new entries, the
   first and the repeated ``queue --notion``, and ``queue done``; each with its requests,
   wall time and lower bound. At a faster rate the wall times shrink and the requests do
   not; requests ÷ 3 is what they take at Notion's pace.
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.notion_emulator import FaultConfig, NotionEmulator, plain_text

from benchmarks.corpus import generate_corpus

CLI = [sys.executable, "-m", "digest2notes"]
FAST = ["--rate", "1000", "--retry-backoff", "0.005", "--settle", "0"]


def _env(emu: NotionEmulator) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NOTION_", "DIGEST2NOTES_"))}
    env.update(NOTION_TOKEN=emu.token, NOTION_BASE_URL=emu.base_url)
    return env


def _run(emu: NotionEmulator, cwd: Path, *args: str) -> tuple[float, str]:
    started = time.monotonic()
    result = subprocess.run(
        [*CLI, *args], env=_env(emu), cwd=cwd, capture_output=True, text=True, check=False
    )
    elapsed = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return elapsed, result.stdout.strip().splitlines()[-1]


def _init(emu: NotionEmulator, cwd: Path) -> tuple[str, str]:
    result = subprocess.run(
        [*CLI, "notion", "init", "--parent", emu.root_page_id, "--rate", "1000"],
        env=_env(emu),
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    database_id = result.stdout.strip()
    data_source_id = emu.state.retrieve_database(database_id)["data_sources"][0]["id"]
    return database_id, data_source_id


def _rows(emu: NotionEmulator, data_source_id: str) -> list[str]:
    return [
        plain_text(p["properties"]["Entry ID"]["rich_text"]) for p in emu.pages_in(data_source_id)
    ]


def economy(work: Path, entries: int) -> None:
    corpus = work / f"corpus-{entries}"
    generate_corpus(corpus, entries=entries)
    long_dir = work / "long"
    long_dir.mkdir(exist_ok=True)
    points = "；".join(f"第{i}个设计点`f{i}()`的取舍" for i in range(150))
    text = "值得精读。核心看点：" + points + "。"
    while len(text) < 5000:
        text += "这一段补充说明了调度器在抢占路径上的行为以及与缓存管理之间的交互细节。"
    (long_dir / "long-2026-11-29.txt").write_text(
        f"vllm-project/vllm\n\n很长的条目\n\n{text[:4999]}。\n", encoding="utf-8"
    )
    print("1. Requests per sync (no faults)")
    print(f"   {'scenario':<44}{'lower bound':>12}{'actual':>8}")
    with NotionEmulator() as emu:
        database, _ = _init(emu, work)
        emu.clear_log()
        _run(emu, work, "export", "--to", "notion", str(corpus), "--database", database, *FAST)
        bound = entries + math.ceil(entries / 100) + 2  # creates, the look-up, set-up
        print(f"   {f'first sync, {entries} new entries':<44}{bound:>12}{len(emu.requests):>8}")
        emu.clear_log()
        _run(emu, work, "export", "--to", "notion", str(corpus), "--database", database, *FAST)
        pages = math.ceil(entries / 100)
        print(
            f"   {'re-sync, nothing changed':<44}{pages + 2:>12}{len(emu.requests):>8}"
            f"   (writes: {emu.write_count()})"
        )
        emu.clear_log()
        _run(emu, work, "export", "--to", "notion", str(long_dir), "--database", database, *FAST)
        # 1 create + 1 append (154 blocks) + the look-up + 2; we add one PATCH that
        # writes the sync state last, so a run killed mid-append is repaired next time.
        bound = 1 + 1 + 1 + 2
        print(
            f"   {'first sync, one 5,000-char / 150-point entry':<44}{bound:>12}"
            f"{len(emu.requests):>8}   (+1: sync state written after the append)"
        )


def faults(work: Path, entries: int = 500) -> None:
    corpus = work / f"corpus-faults-{entries}"
    generate_corpus(corpus, entries=entries)
    with NotionEmulator() as emu:
        database, data_source = _init(emu, work)
        emu.faults = FaultConfig.sync_stress()
        emu.clear_log()
        elapsed, summary = _run(
            emu,
            work,
            "export",
            "--to",
            "notion",
            str(corpus),
            "--database",
            database,
            *FAST,
            "--max-attempts",
            "10",
        )
        seen = collections.Counter(r.fault for r in emu.requests if r.fault)
        ids = _rows(emu, data_source)
        dupes = sum(n - 1 for n in collections.Counter(ids).values() if n > 1)
        sent = len(emu.requests)
        emu.clear_log()
        _run(emu, work, "export", "--to", "notion", str(corpus), "--database", database, *FAST)
        print(f"\n2. {entries} entries with faults (rate 1000/s, Retry-After 0)")
        print(f"   {summary}; {elapsed:.1f} s")
        print(
            f"   requests sent {sent} (lower bound {entries + 3}); faults seen: "
            + ", ".join(f"{k} {v}" for k, v in sorted(seen.items()))
        )
        print(
            f"   rows {len(ids)}, duplicate Entry IDs {dupes}; next run writes {emu.write_count()}"
        )


def pacing(work: Path, entries: int = 300) -> None:
    corpus = work / f"corpus-pacing-{entries}"
    generate_corpus(corpus, entries=entries)
    with NotionEmulator() as emu:
        database, _ = _init(emu, work)
        emu.rate_limit = 3.0
        emu.clear_log()
        elapsed, summary = _run(
            emu, work, "export", "--to", "notion", str(corpus), "--database", database
        )
        records = emu.requests
        requests = len(records)
        ideal = requests / 3
        span = records[-1].time - records[0].time
        limited = sum(1 for r in records if r.status == 429)
        print(f"\n3. Pacing: {entries} entries, emulator limit 3 req/s, default --rate 3")
        print(f"   {summary}")
        print(
            f"   requests {requests}, requests/3 = {ideal:.1f} s; wall time {elapsed:.1f} s "
            f"({elapsed / ideal:.3f}x, target <= 1.15x); first->last request {span:.1f} s; "
            f"429s {limited}"
        )


def year(work: Path, entries: int, rate: float) -> None:
    corpus = work / f"corpus-year-{entries}"
    generate_corpus(corpus, entries=entries, per_file=10)
    day = work / "day"
    day.mkdir(exist_ok=True)
    body = "\n\n".join(
        f"Daily change {n} (#{90000 + n})\n\n值得精读。建议关注：调度器 {n}、缓存 {n}。"
        for n in range(12)
    )
    (day / "vllm-2027-01-02.txt").write_text(f"vllm-project/vllm\n\n{body}\n", encoding="utf-8")
    paced = ["--rate", str(rate), "--retry-backoff", "0.005", "--settle", "0"]
    pages = math.ceil(entries / 100)
    print(f"\n4. A year: {entries} entries at --rate {rate:g} (emulator limit {rate:g}/s)")
    print(f"   {'step':<34}{'bound':>7}{'requests':>10}{'wall s':>9}{'at 3/s':>9}")
    with NotionEmulator(rate_limit=rate) as emu:
        emu.rate_limit = None
        database, data_source = _init(emu, work)
        emu.rate_limit = rate

        def step(name: str, bound: int, *args: str) -> None:
            emu.clear_log()
            elapsed, _ = _run(emu, work, *args)
            sent = len(emu.requests)
            print(f"   {name:<34}{bound:>7}{sent:>10}{elapsed:>9.1f}{sent / 3:>9.0f}")

        export = ["export", "--to", "notion", "--database", database, *paced]
        step("first sync", entries + pages + 2, *export, str(corpus))
        step("daily sync, 12 new entries", 12 + 1 + 2, *export, str(day))
        emu.advance_clock(120)
        rows = entries + 12
        queue = ["queue", "--notion", "--database", database, "--rate", str(rate), "--json"]
        step("first queue", 2 + 1 + math.ceil(rows / 100) + rows, *queue)
        step("repeated queue", 2 + math.ceil(rows / 100), *queue)
        first = _rows(emu, data_source)[0]
        step("queue done ID", 2 + 1 + 1, *queue[:-1], "done", first)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=300, help="entries for the economy run")
    parser.add_argument("--quick", action="store_true", help="skip the ~100 s pacing run")
    parser.add_argument("--year", type=int, default=0, metavar="N", help="run the year (3650)")
    parser.add_argument("--year-rate", type=float, default=3.0, metavar="R")
    parser.add_argument("--only-year", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if args.year:
            year(work, args.year, args.year_rate)
        if args.only_year:
            return
        economy(work, args.entries)
        faults(work)
        if not args.quick:
            pacing(work)


if __name__ == "__main__":
    main()
