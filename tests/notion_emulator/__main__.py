"""Standalone emulator: ``python -m tests.notion_emulator --port 0``.

The first stdout line is ``PORT <n> <base_url> ROOT_PAGE_ID <id>``; then it serves until
SIGTERM / SIGINT.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from types import FrameType

from .server import DEFAULT_TOKEN, FaultConfig, NotionEmulator


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tests.notion_emulator", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 = pick a free port")
    parser.add_argument("--token", default=DEFAULT_TOKEN)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rate-limit", type=float, default=None, help="requests/second (average)")
    parser.add_argument("--rate-limit-burst", type=float, default=None)
    for kind in ("429", "500", "502", "503", "529", "ambiguous", "drop", "slow"):
        parser.add_argument(f"--fault-{kind}", type=float, default=0.0, metavar="RATE")
    parser.add_argument("--slow-seconds", type=float, default=0.5)
    parser.add_argument("--retry-after", type=int, default=1)
    parser.add_argument("--ambiguous-timeout", action="store_true")
    parser.add_argument("--ambiguous-timeout-seconds", type=float, default=1.0)
    parser.add_argument("--only-writes", action="store_true")
    parser.add_argument("--query-lag", type=float, default=0.0, help="seconds new pages hide")
    parser.add_argument("--shuffle-ties", type=int, default=None, metavar="SEED")
    parser.add_argument("--blocks-left", type=int, default=None, metavar="N")
    parser.add_argument(
        "--timestamp-granularity", type=float, default=60.0, help="seconds; Notion rounds to 60"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    faults = FaultConfig(
        rate_429=args.fault_429,
        rate_500=args.fault_500,
        rate_502=args.fault_502,
        rate_503=args.fault_503,
        rate_529=args.fault_529,
        rate_ambiguous=args.fault_ambiguous,
        rate_drop=args.fault_drop,
        rate_slow=args.fault_slow,
        slow_seconds=args.slow_seconds,
        retry_after=args.retry_after,
        ambiguous_timeout=args.ambiguous_timeout,
        ambiguous_timeout_seconds=args.ambiguous_timeout_seconds,
        only_writes=args.only_writes,
    )
    emulator = NotionEmulator(
        args.token,
        rate_limit=args.rate_limit,
        faults=faults,
        seed=args.seed,
        host=args.host,
        port=args.port,
        rate_limit_burst=args.rate_limit_burst,
        timestamp_granularity=args.timestamp_granularity,
    )
    emulator.query_lag = args.query_lag
    emulator.shuffle_ties = args.shuffle_ties
    emulator.blocks_left = args.blocks_left
    done = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        done.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    base_url = emulator.start()
    sys.stdout.write(f"PORT {emulator.port} {base_url} ROOT_PAGE_ID {emulator.root_page_id}\n")
    sys.stdout.flush()
    try:
        while not done.wait(0.2):
            pass
    finally:
        emulator.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
