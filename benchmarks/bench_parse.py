"""How fast digests parse: the synthetic corpus through the real reader.

    python -m benchmarks.bench_parse [--entries 10000]

Prints entries per second. Target: 10,000 entries in well under a second.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks.corpus import generate_corpus
from digest2notes import read_digests


def main() -> None:
    parser = argparse.ArgumentParser(description="Time parsing the synthetic corpus.")
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = generate_corpus(Path(tmp), args.entries)
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = read_digests([tmp])
            best = min(best, time.perf_counter() - start)
        assert not result.errors, result.errors[:3]
        count = len(result.entries)
        occurrences = sum(len(e.sources) for e in result.entries)
    print(f"files: {len(files)}, distinct entries: {count}, entry occurrences read: {occurrences}")
    print(f"parse time (best of {args.repeat}): {best:.3f} s")
    print(f"entries per second: {count / best:,.0f}")
    print(f"entry occurrences per second: {occurrences / best:,.0f}")


if __name__ == "__main__":
    main()
