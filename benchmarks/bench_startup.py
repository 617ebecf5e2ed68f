"""Start-up, the cost every reader pays on every run.

    python -m benchmarks.bench_startup [--runs N]

Prints, measured in this one run with the runs of each command interleaved (so a
busy moment of the machine hits all of them alike):

- ``digest2notes --help`` as a whole process, against ``python -c "import click"``
  (target: at most 2x), the floor any click program starts from;
- ``import digest2notes`` alone, from ``python -X importtime`` (target: at most 40 ms).

Best of N for each: start-up has no useful average on a shared machine, only a floor.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HELP_RATIO_TARGET = 2.0
IMPORT_TARGET_MS = 40.0


def _cli() -> list[str]:
    """The installed console script beside this interpreter, as a user runs it."""
    script = os.path.join(os.path.dirname(sys.executable), "digest2notes")
    if os.path.exists(script):
        return [script]
    found = shutil.which("digest2notes")
    if found is None:
        raise SystemExit("digest2notes is not installed in this environment")
    return [found]


#: As users run it: with bytecode caching on (some shells and CI images turn it off,
#: which makes every start compile every module again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV
    )
    return time.perf_counter() - started


_IMPORTTIME = re.compile(r"import time:\s+\d+ \|\s+(\d+) \| digest2notes$", re.MULTILINE)


def _import_ms() -> float:
    """Cumulative import time of the package, as Python itself reports it."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import digest2notes"],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
    )
    match = _IMPORTTIME.search(done.stderr)
    if match is None:
        raise SystemExit("could not read -X importtime output")
    return int(match.group(1)) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

    click_only = [sys.executable, "-c", "import click"]
    help_cmd = [*_cli(), "--help"]
    for command in (click_only, help_cmd):
        _wall(command)  # warm the file cache
    clicks, helps, imports = [], [], []
    for _ in range(args.runs):
        clicks.append(_wall(click_only))
        helps.append(_wall(help_cmd))
        imports.append(_import_ms())

    best_click, best_help, best_import = min(clicks), min(helps), min(imports)
    ratio = best_help / best_click
    print(f"python -c 'import click': best {best_click * 1000:.0f} ms of {args.runs}")
    print(f"digest2notes --help:      best {best_help * 1000:.0f} ms of {args.runs}")
    verdict = "met" if ratio <= HELP_RATIO_TARGET else "MISSED"
    print(f"  ratio {ratio:.2f}x (target <= {HELP_RATIO_TARGET:.0f}x): {verdict}")
    verdict = "met" if best_import <= IMPORT_TARGET_MS else "MISSED"
    print(
        f"import digest2notes:      best {best_import:.1f} ms "
        f"(target <= {IMPORT_TARGET_MS:.0f} ms): {verdict}"
    )


if __name__ == "__main__":
    main()
