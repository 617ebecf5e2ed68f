"""How fast digests parse: the synthetic corpus through the real reader, in one process.

    python -m benchmarks.bench_parse [--entries 10000] [--repeat 5]

Prints entries per second, the time for the corpus and the import time of
`digest2notes`. Targets: 10,000 entries in at most 1.5 s; ``import digest2notes``
in at most 40 ms. Every run starts cold (the analysis memo is cleared); the figure is
the best of `--repeat` runs (CPU time of this process, so other processes on the
machine disturb it less), with the median beside it.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.corpus import generate_corpus
from digest2notes import read_digests
from digest2notes.parsing.analysis import clear_cache


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


def main() -> None:
    parser = argparse.ArgumentParser(description="Time parsing the synthetic corpus.")
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = generate_corpus(Path(tmp), args.entries)
        times = []
        for _ in range(args.repeat):
            clear_cache()  # every run as cold as the first: nothing analysed is remembered
            start = time.process_time()
            result = read_digests([tmp])
            times.append(time.process_time() - start)
        assert not result.errors, result.errors[:3]
        count = len(result.entries)
        occurrences = sum(len(e.sources) for e in result.entries)
    print(f"files: {len(files)}, distinct entries: {count}, entry occurrences read: {occurrences}")
    best = min(times)
    print(
        f"parse time, one process (best of {args.repeat}): {best:.3f} s "
        f"(median {statistics.median(times):.3f} s; target for 10,000 entries: 1.5 s)"
    )
    print(f"entries per second: {count / best:,.0f}")
    print(f"import digest2notes: {import_time_ms():.1f} ms (target: 40 ms)")


if __name__ == "__main__":
    main()
