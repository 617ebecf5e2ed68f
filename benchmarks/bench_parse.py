"""How fast digests parse: the synthetic corpus through the real reader.

    python -m benchmarks.bench_parse [--entries 10000] [--repeat 5]

Prints, each against its target:

- cold: the corpus parsed in one process with nothing remembered (the in-process memo
  cleared, the persistent cache off; target for 10,000 entries: 1.5 s);
- warm: the same with every analysis in the persistent cache (a re-read of digests
  that have not changed);
- one digest (about ten entries) parsed by a fresh process, cache off: the parser's
  share of a daily run's start, its imports included (target: 30 ms);
- ``import digest2notes`` (target: 40 ms).

In-process figures are the best of `--repeat` runs in CPU time (other processes on the
machine disturb it less), with the median beside them; fresh-process figures are the
best of `--repeat` processes. The persistent cache lives in a temp dir, never the
user's.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.corpus import generate_corpus
from digest2notes import read_digests
from digest2notes.parsing.analysis import clear_cache

TARGET_COLD_S = 1.5
TARGET_ONE_DIGEST_MS = 30.0
TARGET_IMPORT_MS = 40.0

#: A fresh interpreter that imports digest2notes, then times parsing one digest.
_ONE_DIGEST = """
import sys, time
import digest2notes
start, cpu = time.perf_counter(), time.process_time()
result = digest2notes.read_digests([sys.argv[1]])
print(time.perf_counter() - start, time.process_time() - cpu, len(result.entries))
"""


def import_time_ms(repeat: int = 7) -> float:
    """The cumulative import time of `digest2notes` (``-X importtime``), best of `repeat`
    fresh interpreters."""
    best = float("inf")
    for _ in range(repeat):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import digest2notes"],
            capture_output=True, text=True, check=True,
        )
        for line in done.stderr.splitlines():
            match = re.match(r"import time:\s+\d+\s+\|\s+(\d+)\s+\|\s+digest2notes$", line)
            if match:
                best = min(best, int(match.group(1)) / 1000)
    return best


def one_digest_ms(path: Path, repeat: int) -> tuple[float, float, int]:
    """The best time of `repeat` fresh processes to parse `path`, the best CPU time (less
    disturbed by other processes on the machine), and its entries."""
    env = {**os.environ, "DIGEST2NOTES_NO_CACHE": "1"}
    times, cpu_times, entries = [], [], 0
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-c", _ONE_DIGEST, str(path)], env=env,
                              capture_output=True, text=True, check=True)
        seconds, cpu_seconds, count = done.stdout.split()
        times.append(float(seconds) * 1000)
        cpu_times.append(float(cpu_seconds) * 1000)
        entries = int(count)
    return min(times), min(cpu_times), entries


def timed(run: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        clear_cache()  # nothing analysed is remembered in process between runs
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return times


def line(name: str, times: list[float], target: float | None = None) -> str:
    best = min(times)
    aim = ""
    if target is not None:
        aim = f"; target {target:.1f} s: {'met' if best <= target else 'MISSED'}"
    return f"{name:38} {best:.3f} s (median {statistics.median(times):.3f} s{aim})"


def main() -> None:
    parser = argparse.ArgumentParser(description="Time parsing the synthetic corpus.")
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        files = generate_corpus(corpus, args.entries)
        os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")  # never the user's
        os.environ.pop("DIGEST2NOTES_CACHE_SIZE", None)

        os.environ["DIGEST2NOTES_NO_CACHE"] = "1"
        result = read_digests([str(corpus)])
        assert not result.errors, result.errors[:3]
        cold = timed(lambda: read_digests([str(corpus)]), args.repeat)

        del os.environ["DIGEST2NOTES_NO_CACHE"]
        read_digests([str(corpus)])  # fills the persistent cache
        warm_result = read_digests([str(corpus)])
        assert [e.to_json() for e in warm_result.entries] == [
            e.to_json() for e in result.entries
        ], "the cache changed an answer"
        warm = timed(lambda: read_digests([str(corpus)]), args.repeat)

        one, one_cpu, one_entries = one_digest_ms(files[len(files) // 2], args.repeat)
    count = len(result.entries)
    occurrences = sum(len(e.sources) for e in result.entries)
    print(f"files: {len(files)}, distinct entries: {count}, entry occurrences read: {occurrences}")
    print(line(f"cold, {count:,} entries:", cold, TARGET_COLD_S))
    print(f"  entries per second, cold: {count / min(cold):,.0f}")
    print(line(f"warm (persistent cache), {count:,}:", warm, TARGET_COLD_S))
    verdict = "met" if one <= TARGET_ONE_DIGEST_MS else "MISSED"
    print(f"{f'one digest ({one_entries} entries), fresh process:':38} {one:.1f} ms, "
          f"CPU {one_cpu:.1f} ms (target {TARGET_ONE_DIGEST_MS:.0f} ms: {verdict})")
    imported = import_time_ms()
    verdict = "met" if imported <= TARGET_IMPORT_MS else "MISSED"
    print(f"{'import digest2notes:':38} {imported:.1f} ms "
          f"(target {TARGET_IMPORT_MS:.0f} ms: {verdict})")


if __name__ == "__main__":
    main()
