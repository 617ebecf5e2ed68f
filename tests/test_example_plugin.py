"""The example plugin in examples/, installed through its entry point as a user would.

``scripts/setup.sh test`` installs it (``pip install -e examples/digest2notes-jsonl``)
next to digest2notes; these tests run it only through the real CLI.
"""

from __future__ import annotations

import json
import subprocess
from importlib.metadata import distribution
from pathlib import Path

from tests.conftest import CLI, REPO_ROOT, SAMPLE_DIGESTS

EXAMPLE = REPO_ROOT / "examples" / "digest2notes-jsonl"


def run(env: dict[str, str], *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *map(str, args)], env=env, capture_output=True, text=True, timeout=120
    )


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_it_is_installed_from_the_examples_folder() -> None:
    files = distribution("digest2notes-jsonl").read_text("direct_url.json") or ""
    assert json.loads(files)["url"] == EXAMPLE.as_uri()


def test_the_example_exports_keeps_the_readers_status_and_feeds_the_queue(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    listed = run(cli_env, "exporters", "--json")
    rows = {row["name"]: row for row in json.loads(listed.stdout)}
    assert rows["jsonl"]["distribution"] == "digest2notes-jsonl"
    assert rows["jsonl"]["error"] is None

    out = tmp_path / "study.jsonl"
    first = run(cli_env, "export", "--to", "jsonl", "--jsonl-file", out, SAMPLE_DIGESTS)
    assert first.returncode == 0, first.stderr
    assert "created 11, updated 0, unchanged 0, failed 0" in first.stdout
    records = lines(out)
    assert len(records) == 11 and {r["status"] for r in records} == {"unread"}

    # The reader marks one done by hand and adds a key of their own.
    records[0]["status"] = "done"
    records[0]["mine"] = "keep me"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    before = out.stat().st_mtime_ns
    again = run(cli_env, "export", "--to", "jsonl", "--jsonl-file", out, SAMPLE_DIGESTS)
    assert "unchanged 11" in again.stdout
    assert out.stat().st_mtime_ns == before
    assert lines(out)[0]["mine"] == "keep me"

    queued = run(cli_env, "queue", "--jsonl-file", out, "--json")
    assert queued.returncode == 0, queued.stderr
    ids = {item["id"] for item in json.loads(queued.stdout)}
    assert records[0]["id"] not in ids and len(ids) >= 1

    target = next(iter(sorted(ids)))
    marked = run(cli_env, "queue", "--jsonl-file", out, "done", target)
    assert marked.returncode == 0, marked.stderr
    assert {r["id"]: r["status"] for r in lines(out)}[target] == "done"
