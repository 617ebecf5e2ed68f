"""Obsidian's property types ([daily]): every property the tool writes is declared in
``.obsidian/types.json``, so Properties and Bases sort and filter it right from the first
note; the reader's own declarations are never changed."""

from __future__ import annotations

import json
from pathlib import Path

import frontmatter

from .conftest import RunCli
from .test_obsidian_keep import export, summary

TYPES = Path(".obsidian") / "types.json"


def written_keys(vault: Path) -> set[str]:
    """Every property of every note the tool wrote (entries' and digests')."""
    keys: set[str] = set()
    for path in (vault / "Digests").rglob("*.md"):
        if path.name != "Study queue.md":
            keys |= set(frontmatter.load(str(path)).metadata)
    return keys


def test_types_are_created_for_every_property_written(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    types = json.loads((vault / TYPES).read_text(encoding="utf-8"))["types"]
    assert written_keys(vault) <= set(types)
    assert {k: types[k] for k in ("minutes", "total_minutes", "focus_total", "verdict_rank")} == {
        "minutes": "number", "total_minutes": "number", "focus_total": "number",
        "verdict_rank": "number",
    }
    assert (types["digest_date"], types["digest_dates"], types["tags"]) == ("date", "multitext", "tags")
    assert (types["references"], types["title"]) == ("multitext", "text")


def test_the_readers_types_are_kept_and_only_missing_names_added(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    (vault / ".obsidian").mkdir()
    readers = {"types": {"minutes": "text", "rating": "number", "tags": "tags"}, "other": [1]}
    (vault / TYPES).write_text(json.dumps(readers), encoding="utf-8")
    export(run_cli, vault, samples)
    data = json.loads((vault / TYPES).read_text(encoding="utf-8"))
    assert data["other"] == [1]
    assert {k: data["types"][k] for k in readers["types"]} == readers["types"]  # theirs, as set
    assert data["types"]["digest_date"] == "date"
    stamp = (vault / TYPES).stat().st_mtime_ns
    result = export(run_cli, vault, samples, "--json")
    assert (vault / TYPES).stat().st_mtime_ns == stamp  # nothing missing: not written
    extras = {e["target"]: e["action"] for e in json.loads(result.stdout)["extras"]}
    assert extras[TYPES.as_posix()] == "unchanged"


def test_a_broken_types_file_is_a_warning_and_left_alone(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    (vault / ".obsidian").mkdir()
    (vault / TYPES).write_text('{"types": {"rating": "number",}', encoding="utf-8")
    result = export(run_cli, vault, samples)
    assert summary(result) == "created 11, updated 0, unchanged 0, failed 0"
    assert ".obsidian/types.json:1: not valid JSON" in result.stderr
    assert (vault / TYPES).read_text(encoding="utf-8") == '{"types": {"rating": "number",}'


def test_a_dry_run_declares_nothing(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, vault, samples, "--dry-run")
    assert not (vault / ".obsidian").exists()
