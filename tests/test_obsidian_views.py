"""The Study queue files: valid Bases YAML and Dataview, ranked like `digest2notes queue`."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from digest2notes_obsidian import statuses, views

from .conftest import RunCli


def test_base_file_is_valid_bases_yaml_and_lists_what_the_queue_lists() -> None:
    data = yaml.safe_load(views.base_text())
    assert set(data) == {"filters", "formulas", "properties", "views"}
    conditions = data["filters"]["and"]
    assert 'file.hasProperty("digest2notes_id")' in conditions
    assert 'verdict.toString().lower().trim() != "skip"' in conditions  # the queue's skip rule
    assert {f'status.toString().lower().trim() == "{w}"' for w in statuses.DONE_WORDS} == set(
        conditions[2]["not"]
    )
    (view,) = data["views"]
    assert view["type"] == "table" and view["order"][0] == "file.name"
    assert "minutes" in view["order"] and view["summaries"] == {"minutes": "Sum"}
    # The queue's order, on the property itself (Verdict.rank): no remapping formula.
    assert [s["property"] for s in view["sort"]] == [
        "verdict_rank", "digest_date", "formula.points_left", "title",
    ]
    assert [s["direction"] for s in view["sort"]] == ["ASC", "DESC", "ASC", "ASC"]
    assert all(key.startswith(("note.", "file.", "formula.")) for key in data["properties"])


def test_markdown_view_has_one_dataview_block() -> None:
    text = views.markdown_text()
    assert text.count("```dataview\n") == 1 and "```dataviewjs" not in text
    query = text.split("```dataview\n", 1)[1].split("```", 1)[0]
    assert query.startswith("TABLE WITHOUT ID file.link")
    assert 'WHERE digest2notes_id AND lower(string(verdict)) != "skip"' in query
    assert '!contains(list("done", "read", "finished"), lower(string(status)))' in query
    assert "SORT verdict_rank ASC, digest_date DESC" in query
    assert f"![[{views.BASE_NAME}]]" in text


def test_views_are_refreshed_only_when_they_change(
    run_cli: RunCli, samples: Path, tmp_path: Path
) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    run_cli("export", "--to", "obsidian", "--vault", vault, samples)
    base = vault / "Digests" / views.BASE_NAME
    markdown = vault / "Digests" / views.MARKDOWN_NAME
    stamps = (base.stat().st_mtime_ns, markdown.stat().st_mtime_ns)
    run_cli("export", "--to", "obsidian", "--vault", vault, samples)
    assert (base.stat().st_mtime_ns, markdown.stat().st_mtime_ns) == stamps
    base.write_text("edited by the reader\n", encoding="utf-8")
    result = run_cli("export", "--to", "obsidian", "--vault", vault, "--json", samples)
    extras = {e["target"]: e["action"] for e in json.loads(result.stdout)["extras"]}
    assert {k: v for k, v in extras.items() if "Study queue" in k} == {
        "Digests/Study queue.base": "updated", "Digests/Study queue.md": "unchanged"
    }
    assert {v for k, v in extras.items() if "Study queue" not in k} == {"unchanged"}
    assert base.read_text(encoding="utf-8") == views.base_text()
    assert markdown.stat().st_mtime_ns == stamps[1]
