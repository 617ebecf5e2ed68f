"""History accumulates ([keep]): an entry seen in several digests keeps every digest's date,
references and paragraph, newest first, whichever files a run is given, and a run never
removes what an earlier one recorded."""

from __future__ import annotations

from pathlib import Path

import frontmatter
import pytest

from .conftest import RunCli
from .test_obsidian_export import snapshot


def notes_snapshot(vault: Path) -> dict[str, tuple[bytes, int]]:
    """Every file but the export state (which may learn that a run brought nothing new,
    so that the next such run need not even look)."""
    return {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}

HEADLINE = "Fix the parser (#50001)"
DAY1 = "值得精读。建议关注：A 的边界、B 的回退。见 #101。"
DAY2 = "建议快速阅读（约 5 分钟）。建议关注：A 的边界、C 的代价。见 #102。"


def digests(root: Path) -> tuple[Path, Path]:
    """Two daily digests: the entry in both, worded differently, and one more each day."""
    root.mkdir()
    day1 = root / "repo-2026-03-01.txt"
    day1.write_text(
        f"owner/repo\n\n{HEADLINE}\n\n{DAY1}\n\nOnly on day one\n\n无需精读。\n", encoding="utf-8"
    )
    day2 = root / "repo-2026-03-02.txt"
    day2.write_text(
        f"owner/repo\n\n{HEADLINE}\n\n{DAY2}\n\nOnly on day two\n\n值得精读。\n", encoding="utf-8"
    )
    return day1, day2


@pytest.fixture
def days(tmp_path: Path) -> tuple[Path, Path, Path]:
    """An empty vault, and the two days' digests."""
    vault = tmp_path / "vault"
    vault.mkdir()
    return (vault, *digests(tmp_path / "digests"))


def export(run_cli: RunCli, vault: Path, *paths: Path) -> str:
    result = run_cli("export", "--to", "obsidian", "--vault", vault, *paths)
    assert result.exit_code == 0, result.output
    return str(result.stdout).strip().splitlines()[-1]


def the_note(vault: Path) -> frontmatter.Post:
    return frontmatter.load(str(vault / "Digests" / "Fix the parser (50001).md"))


def test_day_by_day_the_note_keeps_every_digest(
    run_cli: RunCli, days: tuple[Path, Path, Path]
) -> None:
    vault, day1, day2 = days
    export(run_cli, vault, day1)
    assert export(run_cli, vault, day2) == "created 1, updated 1, unchanged 0, failed 0"
    post = the_note(vault)
    assert [str(d) for d in post["digest_dates"]] == ["2026-03-01", "2026-03-02"]  # type: ignore[union-attr]
    assert str(post["digest_date"]) == "2026-03-02"
    assert post["references"] == [
        "https://github.com/owner/repo/issues/101", "https://github.com/owner/repo/issues/102",
    ]
    # The newest digest's say: its verdict, minutes and focus points.
    assert (post["verdict"], post["minutes"]) == ("skim", 5)
    assert "- [ ] C 的代价 ^fp-" in post.content and "B 的回退" not in post.content.split("> [!quote]")[0]
    # Every paragraph under its date, newest first, with its own references.
    second = post.content.index("> [!quote] Digest · 2026-03-02")
    first = post.content.index("> [!quote] Digest · 2026-03-01")
    assert second < first
    assert post.content.index("> 建议快速阅读（约 5 分钟）") < first < post.content.index("> 值得精读。")
    assert "[#101](https://github.com/owner/repo/issues/101)" in post.content[first:]
    # A run given only one day again changes nothing, however old that day is.
    before = notes_snapshot(vault)
    assert export(run_cli, vault, day2) == "created 0, updated 0, unchanged 2, failed 0"
    assert export(run_cli, vault, day1) == "created 0, updated 0, unchanged 2, failed 0"
    assert notes_snapshot(vault) == before


def test_the_whole_folder_after_the_days_writes_nothing(
    run_cli: RunCli, days: tuple[Path, Path, Path]
) -> None:
    vault, day1, day2 = days
    for day in (day1, day2):
        export(run_cli, vault, day)
    before = notes_snapshot(vault)
    assert export(run_cli, vault, day1.parent) == "created 0, updated 0, unchanged 3, failed 0"
    assert notes_snapshot(vault) == before
    again = snapshot(vault)  # and once the state knows, not even the state is written
    assert export(run_cli, vault, day1.parent) == "created 0, updated 0, unchanged 3, failed 0"
    assert snapshot(vault) == again


def test_an_older_digest_exported_late_adds_its_paragraph_and_undoes_nothing(
    run_cli: RunCli, days: tuple[Path, Path, Path]
) -> None:
    vault, day1, day2 = days
    for day in (day2, day1):  # the older one last
        export(run_cli, vault, day)
    post = the_note(vault)
    assert (post["verdict"], post["minutes"]) == ("skim", 5)  # still the newest digest's
    assert "> [!quote] Digest · 2026-03-01" in post.content
    assert "> [!quote] Digest · 2026-03-02" in post.content


def test_a_day_after_the_whole_folder_writes_nothing(
    run_cli: RunCli, days: tuple[Path, Path, Path]
) -> None:
    vault, day1, _ = days
    export(run_cli, vault, day1.parent)
    before = notes_snapshot(vault)
    assert export(run_cli, vault, day1) == "created 0, updated 0, unchanged 2, failed 0"
    assert notes_snapshot(vault) == before


def test_known_to_json_names_every_field_and_reads_back() -> None:
    """`Known.to_json` is written field by field: a field added later must join it."""
    from dataclasses import fields

    from digest2notes import Verdict
    from digest2notes_obsidian.history import Known, Said

    known = Known("o/r:1", "o/r", "T", Verdict.DEEP, "x", 5, ("p",), ("2026-01-02", "d.txt"),
                  ("2026-01-02",), ("#1",), (Said("2026-01-02", "text", ("#1",)),))
    data = known.to_json()
    assert list(data) == [f.name for f in fields(Known)]
    assert Known.from_json(data) == known
