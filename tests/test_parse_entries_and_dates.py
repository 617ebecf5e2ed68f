"""`digest2notes parse` on broken entries and on dates, through the real CLI over real files.

One bad entry never costs the rest of its file: the error names the line of the entry at
fault and every other entry is read. Every entry has a date, and the JSON says where it
came from: the digest's header, its file name, ``--date``, or the file's modification day.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest

from tests.conftest import RunCli

GOOD = "Worth a close read. Key points: 1) the cache key 2) eviction under pressure."


def _parse(run_cli: RunCli, *args: str | Path, exit_code: int = 0) -> tuple[list[dict], str]:
    result = run_cli("parse", "--json", "-q", *args)
    assert result.exit_code == exit_code, result.output
    return json.loads(result.stdout), result.stderr


# --- broken entries ---------------------------------------------------------------------------
def test_a_headline_without_paragraph_mid_file_costs_only_itself(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """The case from the issue: the entry at line 7 lacks its paragraph."""
    path = tmp_path / "mid.txt"
    path.write_text(
        "acme/widgets\n\nFirst headline\n\nSkim it. The test layout is worth studying.\n\n"
        "Broken headline\n\nThird headline\n\nSkip: a version bump.\n\n"
        f"Fourth headline\n\n{GOOD}\n",
        encoding="utf-8",
    )
    entries, stderr = _parse(run_cli, path, exit_code=1)
    assert [e["title"] for e in entries] == ["First headline", "Third headline", "Fourth headline"]
    assert [e["verdict"] for e in entries] == ["skim", "skip", "deep"]
    errors = [line for line in stderr.splitlines() if line.startswith("Error:")]
    assert errors == [
        f"Error: {path}:7: headline 'Broken headline' has no paragraph"
        " (line 9 reads as the next headline)"
    ]


def test_two_headlines_in_a_row_quote_the_headline_not_the_paragraph(
    run_cli: RunCli, tmp_path: Path
) -> None:
    path = tmp_path / "two.txt"
    path.write_text(
        "acme/widgets\n\nAdd a cache to the loader\n\nFix the flaky scheduler test\n\n"
        "快速浏览即可，改动只有几行。\n",
        encoding="utf-8",
    )
    entries, stderr = _parse(run_cli, path, exit_code=1)
    assert [e["title"] for e in entries] == ["Fix the flaky scheduler test"]
    assert f"{path}:3: headline 'Add a cache to the loader' has no paragraph" in stderr
    assert "快速浏览" not in stderr  # the paragraph is never taken for a headline


def test_a_trailing_headline_without_paragraph(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "end.txt"
    path.write_text(f"acme/widgets\n\nOne\n\n{GOOD}\n\nTwo\n", encoding="utf-8")
    entries, stderr = _parse(run_cli, path, exit_code=1)
    assert [e["title"] for e in entries] == ["One"]
    assert f"{path}:7: headline 'Two' has no paragraph" in stderr


@pytest.mark.parametrize(
    ("digest", "line", "message", "titles"),
    [
        ("# acme/widgets\n\n## Headline\n\n## Next\n\nText.\n", 3, "has no paragraph", ["Next"]),
        ("# acme/widgets\n\n## \n\nLost text.\n\n## Next\n\nText.\n", 3, "empty headline",
         ["Next"]),
        ("# acme/widgets\n\n## One\n\nText.\n\n## Two\n", 7, "has no paragraph", ["One"]),
    ],
)
def test_markdown_entries_fail_alone(
    run_cli: RunCli, tmp_path: Path, digest: str, line: int, message: str, titles: list[str]
) -> None:
    path = tmp_path / "d.md"
    path.write_text(digest, encoding="utf-8")
    entries, stderr = _parse(run_cli, path, exit_code=1)
    assert [e["title"] for e in entries] == titles
    [error] = [x for x in stderr.splitlines() if x.startswith("Error:")]
    assert error.startswith(f"Error: {path}:{line}: ") and message in error


def test_a_second_paragraph_is_read_as_part_of_its_entry(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text(
        f"acme/widgets\n\nOne\n\n{GOOD}\n\nAnd a second paragraph about it.\n\nTwo\n\n跳过。\n",
        encoding="utf-8",
    )
    result = run_cli("parse", "--json", path)
    assert result.exit_code == 0
    entries = json.loads(result.stdout)
    assert [e["title"] for e in entries] == ["One", "Two"]
    assert entries[0]["text"].endswith("And a second paragraph about it.")
    assert f"Warning: {path}:7: a second paragraph" in result.stderr


# --- dates ------------------------------------------------------------------------------------
def _dates(entries: list[dict]) -> list[tuple[str, str]]:
    return [(s["date"], s["date_from"]) for e in entries for s in e["sources"]]


@pytest.mark.parametrize(
    ("name", "digest"),
    [
        ("vllm.txt", "acme/widgets 2026-11-28\n\nOne\n\n{}\n"),
        ("vllm.txt", "acme/widgets\n\n2026年11月28日\n\nOne\n\n{}\n"),
        ("vllm.md", "# acme/widgets — 2026-11-28\n\n## One\n\n{}\n"),
        ("vllm.md", "# acme/widgets\n\n_Digest for Nov 28, 2026_\n\n## One\n\n{}\n"),
        ("vllm-2026-01-01.md", "Date: 2026/11/28\n\n# acme/widgets\n\n## One\n\n{}\n"),
    ],
)
def test_a_date_in_the_header_comes_first(
    run_cli: RunCli, tmp_path: Path, name: str, digest: str
) -> None:
    path = tmp_path / name
    path.write_text(digest.format(GOOD), encoding="utf-8")
    entries, _ = _parse(run_cli, "--date", "2020-01-01", path)
    assert [e["title"] for e in entries] == ["One"]
    assert entries[0]["repo"] == "acme/widgets"
    assert _dates(entries) == [("2026-11-28", "content")]


def test_a_headline_that_looks_like_a_date_keeps_its_paragraph(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """A date under the repository line is the digest's, unless the blocks after it pair
    off only with it: then it is a headline (found by the reader's property test)."""
    path = tmp_path / "2026-11-01.txt"
    path.write_text(f"acme/widgets\n\n2000/1/1\n\n{GOOD}\n", encoding="utf-8")
    entries, _ = _parse(run_cli, path)
    assert [e["title"] for e in entries] == ["2000/1/1"]
    assert _dates(entries) == [("2026-11-01", "filename")]


def test_a_date_inside_an_entry_is_not_the_digests(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "today.txt"
    path.write_text(
        f"acme/widgets\n\nOne\n\nShipped on 2026-06-10. {GOOD}\n", encoding="utf-8"
    )
    entries, _ = _parse(run_cli, "--date", "2026-11-29", path)
    assert _dates(entries) == [("2026-11-29", "option")]


def test_file_name_then_option_then_mtime(run_cli: RunCli, tmp_path: Path) -> None:
    digest = f"acme/widgets\n\nOne\n\n{GOOD}\n"
    named = tmp_path / "vllm-2026-11-27.txt"
    named.write_text(digest, encoding="utf-8")
    plain = tmp_path / "today.txt"
    plain.write_text(digest.replace("One", "Two"), encoding="utf-8")
    stamp = dt.datetime(2026, 3, 4, 12, 0).timestamp()
    os.utime(plain, (stamp, stamp))
    entries, _ = _parse(run_cli, named, plain)
    assert _dates(entries) == [("2026-11-27", "filename"), ("2026-03-04", "mtime")]
    entries, _ = _parse(run_cli, "--date", "2026-11-30", named, plain)
    assert _dates(entries) == [("2026-11-27", "filename"), ("2026-11-30", "option")]


def test_stdin_takes_the_option_date(run_cli: RunCli) -> None:
    result = run_cli("parse", "--json", "--date", "2026-11-28", "-", input=f"acme/widgets\n\nOne\n\n{GOOD}\n")
    assert result.exit_code == 0, result.output
    assert _dates(json.loads(result.stdout)) == [("2026-11-28", "option")]


@pytest.mark.parametrize("value", ["28.11.2026", "2026-13-01", "yesterday"])
def test_a_bad_date_option_is_a_usage_error(run_cli: RunCli, value: str) -> None:
    result = run_cli("parse", "--date", value, "-", input="acme/widgets\n\nOne\n\nSkip.\n")
    assert result.exit_code == 2
    assert "is not a date like 2026-11-28" in result.output


def test_repeats_keep_every_digests_say_newest_first(run_cli: RunCli, tmp_path: Path) -> None:
    old = tmp_path / "d-2026-11-27.txt"
    new = tmp_path / "d-2026-11-28.txt"
    old.write_text("acme/widgets\n\nOne\n\n值得精读，见 #1。\n", encoding="utf-8")
    new.write_text("acme/widgets\n\nOne\n\n快速浏览即可，另见 #2。\n", encoding="utf-8")
    [entry], _ = _parse(run_cli, new, old)
    assert entry["verdict"] == "skim"  # the newest digest's reading
    assert entry["references"] == ["#1", "#2"]  # every digest's references
    assert [(a["date"], a["references"]) for a in entry["appearances"]] == [
        ("2026-11-28", ["#2"]), ("2026-11-27", ["#1"])
    ]
    assert [s["date"] for s in entry["sources"]] == ["2026-11-27", "2026-11-28"]


def test_a_reference_to_the_digests_own_repository_is_plain(
    run_cli: RunCli, tmp_path: Path
) -> None:
    path = tmp_path / "d.txt"
    path.write_text(
        "acme/widgets\n\nOne\n\n值得精读，见 acme/widgets#12 与 other/repo#7，另见 #3。\n",
        encoding="utf-8",
    )
    [entry], _ = _parse(run_cli, path)
    assert entry["references"] == ["#12", "#3", "#7"]  # the key's convention
    [appearance] = entry["appearances"]  # what the digest wrote, for the exporters' links
    assert appearance["references"] == ["#12", "#3", "other/repo#7"]
