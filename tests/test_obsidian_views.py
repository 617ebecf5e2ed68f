"""The Study queue files: valid Bases YAML and Dataview, ranked like `digest2notes queue`."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from digest2notes_obsidian import progress, views

from .conftest import RunCli


def test_base_file_is_valid_bases_yaml() -> None:
    data = yaml.safe_load(views.base_text())
    assert set(data) == {"filters", "formulas", "properties", "views"}
    conditions = data["filters"]["and"]
    assert 'file.hasProperty("digest2notes_id")' in conditions
    assert {f'status == "{w}"' for w in progress.DONE_WORDS} == set(conditions[1]["not"])
    (view,) = data["views"]
    assert view["type"] == "table" and view["order"][0] == "file.name"
    assert [s["property"] for s in view["sort"]] == [
        "formula.queue_order", "digest_date", "formula.points_left", "title",
    ]
    assert [s["direction"] for s in view["sort"]] == ["ASC", "DESC", "ASC", "ASC"]
    for formula in data["formulas"].values():
        assert formula.count("(") == formula.count(")")


def test_queue_order_formula_matches_the_core_ranking() -> None:
    """deep, skim, unknown, skip: the views map verdict_rank (skip 3, unknown 4) accordingly."""
    from digest2notes import Verdict
    from digest2notes.queue import VERDICT_ORDER

    def queue_order(verdict: Verdict) -> int:  # the .base formula, evaluated by hand
        if verdict.value == "skip":
            return 4
        if verdict.value == "unknown":
            return 3
        return verdict.rank

    assert sorted(Verdict, key=queue_order) == list(VERDICT_ORDER)
    assert 'if(verdict == "skip", 4, if(verdict == "unknown", 3, verdict_rank))' in views.base_text()
    assert 'choice(verdict = "skip", 4, choice(verdict = "unknown", 3, verdict_rank))' in (
        views.markdown_text()
    )


def test_markdown_view_has_one_dataview_block() -> None:
    text = views.markdown_text()
    assert text.count("```dataview\n") == 1 and "```dataviewjs" not in text
    query = text.split("```dataview\n", 1)[1].split("```", 1)[0]
    assert query.startswith("TABLE WITHOUT ID file.link")
    assert "WHERE digest2notes_id AND !contains(list(" in query
    assert "digest_date DESC" in query
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
    assert extras == {"Digests/Study queue.base": "updated", "Digests/Study queue.md": "unchanged"}
    assert base.read_text(encoding="utf-8") == views.base_text()
    assert markdown.stat().st_mtime_ns == stamps[1]
