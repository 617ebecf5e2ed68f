"""Installing as a user does: ``pip install .`` into a fresh venv, with no C compiler.

    python -m benchmarks.bench_install

Prints how long the install took, the installed wheel's tag (it must be
``py3-none-any``: pure Python, one wheel for every platform) and whether pip
fetched mypy or compiled anything (it must not). Needs the package index, as any
install does; ``CC``/``CXX`` point at ``false`` so a build that wanted a compiler
would fail loudly.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="d2n-install-") as scratch:
        env_dir = Path(scratch) / "venv"
        venv.create(env_dir, with_pip=True)
        python = env_dir / "bin" / "python"
        env = {**os.environ, "CC": "false", "CXX": "false", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        started = time.perf_counter()
        done = subprocess.run(
            [str(python), "-m", "pip", "install", "--no-cache-dir", "-v", str(REPO)],
            env=env,
            capture_output=True,
            text=True,
        )
        took = time.perf_counter() - started
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
            raise SystemExit("install failed")
        log = done.stdout + done.stderr
        wheel = next(
            (env_dir / "lib").glob("python*/site-packages/digest2notes-*.dist-info/WHEEL")
        )
        tags = [line.split(":", 1)[1].strip() for line in wheel.read_text().splitlines()
                if line.startswith("Tag:")]
        print(f"pip install . (fresh venv, no compiler, no cache): {took:.1f} s")
        pure = "pure" if tags == ["py3-none-any"] else "NOT pure"
        print(f"wheel tag: {', '.join(tags)} ({pure})")
        print(f"mypy fetched: {'yes' if 'mypy' in log.lower() else 'no'}")
        print(f"compiler called: {'yes' if 'gcc' in log or 'building extension' in log else 'no'}")


if __name__ == "__main__":
    main()
