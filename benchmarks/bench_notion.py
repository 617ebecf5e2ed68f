"""Notion exporter: requests per sync against the lower bound, and pacing against the limit.

    python -m benchmarks.bench_notion            # everything (the pacing run takes ~100 s)
    python -m benchmarks.bench_notion --quick    # skip the 3 requests/s pacing run

Runs the real CLI (``python -m digest2notes export --to notion``) as a subprocess
against the Notion emulator of ``tests/notion_emulator`` on a synthetic corpus
(``benchmarks.corpus``), and prints:

1. Economy. The issue's lower bound for a first sync of N new entries is N creates
   (+1 append per further 100 blocks of a long entry) + the query pages + 2 set-up
   requests; for a re-sync with nothing changed, the query pages + 2.
2. Faults. 500 entries with ~10% 429, 5% 500/503, 3% 529, 5% ambiguous writes and
   1% dropped connections: requests sent, rows, duplicates, and the next run's writes.
3. Pacing. 300 entries at the emulator's 3 requests/s limit and the default
   ``--rate 3``: wall time against requests ÷ 3 (target: within 15%), and 429s seen.
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
        bound = entries + 1 + 2
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
        # 1 create + 1 append (154 blocks) + the query pages + 2; we add one PATCH that
        # writes the content hash last, so a run killed mid-append is repaired next time.
        bound = 1 + 1 + math.ceil(entries / 100) + 2
        print(
            f"   {'first sync, one 5,000-char / 150-point entry':<44}{bound:>12}"
            f"{len(emu.requests):>8}   (+1: hash written after the append)"
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=300, help="entries for the economy run")
    parser.add_argument("--quick", action="store_true", help="skip the ~100 s pacing run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        economy(work, args.entries)
        faults(work)
        if not args.quick:
            pacing(work)


if __name__ == "__main__":
    main()
