"""How fast digests parse: the synthetic corpus through the real reader.

    python -m benchmarks.bench_parse [--entries 10000]

Prints entries per second. Target: 10,000 entries in well under a second.
Every run starts cold (the analysis memo is cleared), and the figure is the best
of `--repeat` runs, with the median beside it; the header says whether the parser
runs compiled (mypyc) and in how many processes, which the figure depends on.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.corpus import generate_corpus
from digest2notes import focus, read_digests
from digest2notes.analysis import clear_cache
from digest2notes.parallel import can_fork, default_jobs


def main() -> None:
    parser = argparse.ArgumentParser(description="Time parsing the synthetic corpus.")
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = generate_corpus(Path(tmp), args.entries)
        compiled = not focus.__file__.endswith(".py")
        processes = default_jobs() if can_fork() else 1
        print(
            f"parser compiled with mypyc: {'yes' if compiled else 'no'}; "
            f"up to {processes} process(es)"
        )
        times = []
        for _ in range(args.repeat):
            clear_cache()  # every run as cold as the first: nothing analysed is remembered
            start = time.perf_counter()
            result = read_digests([tmp])
            times.append(time.perf_counter() - start)
        assert not result.errors, result.errors[:3]
        count = len(result.entries)
        occurrences = sum(len(e.sources) for e in result.entries)
    print(f"files: {len(files)}, distinct entries: {count}, entry occurrences read: {occurrences}")
    best = min(times)
    print(
        f"parse time (best of {args.repeat}): {best:.3f} s "
        f"(median {statistics.median(times):.3f} s)"
    )
    print(f"entries per second: {count / best:,.0f}")
    print(f"entry occurrences per second: {occurrences / best:,.0f}")


if __name__ == "__main__":
    main()
