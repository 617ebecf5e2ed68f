"""`digest2notes parse`: reading real files in every layout and encoding readers have."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_DIGESTS, RunCli

JSON_KEYS = {
    "id",
    "repo",
    "title",
    "verdict",
    "verdict_text",
    "minutes",
    "focus_points",
    "references",
    "text",
    "sources",
    "appearances",
}

PLAIN = """acme/widgets

Add a cache to the widget loader

Worth a close read. Key points: 1) the cache key includes the dtype 2) eviction under memory pressure. See #12.

Bump the linter

Skip: a version bump.
"""

MARKDOWN = """# acme/widgets

## Add a cache to the widget loader

Worth a close read. Key points: 1) the cache key includes the dtype 2) eviction under memory pressure. See #12.

## Bump the linter

Skip: a version bump.
"""


def parse_json(run_cli: RunCli, *args: str | Path) -> list[dict[str, object]]:
    result = run_cli("parse", "--json", *args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, list)
    return data


def test_samples_give_eleven_distinct_entries_with_shared_ones_merged(run_cli: RunCli) -> None:
    entries = parse_json(run_cli, SAMPLE_DIGESTS)
    assert len(entries) == 11
    assert all(set(e) == JSON_KEYS for e in entries)
    two_sources = [e for e in entries if len(e["sources"]) == 2]  # type: ignore[arg-type]
    assert len(two_sources) == 5
    for entry in two_sources:
        paths = {s["path"] for s in entry["sources"]}  # type: ignore[attr-defined, index]
        assert len(paths) == 2
    ids = [e["id"] for e in entries]
    assert len(set(ids)) == 11
    assert all(
        str(i).startswith("vllm-project/vllm:") and len(str(i)) == len("vllm-project/vllm:") + 12
        for i in ids
    )


def test_sources_point_at_the_headline_line(run_cli: RunCli, samples: Path) -> None:
    entries = parse_json(run_cli, samples)
    for entry in entries:
        for source in entry["sources"]:  # type: ignore[attr-defined]
            lines = Path(source["path"]).read_text(encoding="utf-8").splitlines()
            assert lines[source["line"] - 1] == entry["title"]


def test_default_path_is_digests_in_the_current_directory(
    run_cli: RunCli, samples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(samples.parent)
    assert len(parse_json(run_cli)) == 11


def test_table_output_and_summary(run_cli: RunCli) -> None:
    result = run_cli("parse", SAMPLE_DIGESTS)
    assert result.exit_code == 0
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 12
    assert lines[0].startswith("deep") and "Inkling" in lines[0]
    assert lines[-1].startswith("11 entries (7 deep, 3 skim, 1 skip, 0 unknown)")


@pytest.mark.parametrize("layout", ["plain", "markdown"])
@pytest.mark.parametrize(
    "variant",
    ["lf", "crlf", "cr", "bom", "bom+crlf", "trailing-spaces", "blank-runs"],
)
def test_layouts_and_byte_variants_read_the_same(
    run_cli: RunCli, tmp_path: Path, layout: str, variant: str
) -> None:
    text = PLAIN if layout == "plain" else MARKDOWN
    if variant == "trailing-spaces":
        text = "\n".join(line + (" \u3000\t" if line else "  ") for line in text.split("\n"))
    if variant == "blank-runs":
        text = text.replace("\n\n", "\n\n \n\u3000\n\n")
    if "crlf" in variant:
        text = text.replace("\n", "\r\n")
    if variant == "cr":
        text = text.replace("\n", "\r")
    data = text.encode("utf-8")
    if "bom" in variant:
        data = b"\xef\xbb\xbf" + data
    suffix = ".txt" if layout == "plain" else ".md"
    path = tmp_path / f"digest{suffix}"
    path.write_bytes(data)
    entries = parse_json(run_cli, path)
    assert [e["title"] for e in entries] == ["Add a cache to the widget loader", "Bump the linter"]
    assert entries[0]["repo"] == "acme/widgets"
    assert entries[0]["verdict"] == "deep"
    assert entries[1]["verdict"] == "skip"
    assert entries[0]["references"] == ["#12"]
    assert entries[0]["text"].startswith("Worth a close read.")  # type: ignore[union-attr]
    assert not entries[0]["text"].endswith((" ", "\u3000", "\r"))  # type: ignore[union-attr]


def test_same_entry_in_both_layouts_gets_the_same_id(run_cli: RunCli, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(PLAIN, encoding="utf-8")
    (tmp_path / "b.md").write_text(MARKDOWN.replace("\n", "\r\n"), encoding="utf-8")
    entries = parse_json(run_cli, tmp_path)
    assert len(entries) == 2
    assert all(len(e["sources"]) == 2 for e in entries)  # type: ignore[arg-type]


def test_markdown_inline_markup_is_kept_verbatim(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "d.md"
    path.write_text(
        "# acme/widgets\n\n## Speed up `load()` by **2x**\n\n"
        "值得精读。建议关注：`load()` 的 **缓存** 设计、[文档](https://example.com) 的改动。\n",
        encoding="utf-8",
    )
    [entry] = parse_json(run_cli, path)
    assert entry["title"] == "Speed up `load()` by **2x**"
    assert "[文档](https://example.com)" in entry["text"]  # type: ignore[operator]


def test_directories_are_read_recursively(run_cli: RunCli, tmp_path: Path) -> None:
    nested = tmp_path / "2026" / "11"
    nested.mkdir(parents=True)
    (nested / "a.txt").write_text(PLAIN, encoding="utf-8")
    (tmp_path / "notes.json").write_text("{}", encoding="utf-8")  # not a digest: ignored
    assert len(parse_json(run_cli, tmp_path)) == 2


def test_stdin(run_cli: RunCli) -> None:
    result = run_cli("parse", "--json", "-", input=PLAIN)
    assert result.exit_code == 0, result.output
    entries = json.loads(result.stdout)
    today = dt.date.today().isoformat()
    assert entries[0]["sources"] == [
        {"path": "<stdin>", "line": 3, "date": today, "date_from": "mtime"}
    ]


def test_several_repositories_in_one_plain_file(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "multi.txt"
    path.write_text(PLAIN + "\nother-org/thing\n\nFix it\n\n无需精读。\n", encoding="utf-8")
    entries = parse_json(run_cli, path)
    assert [e["repo"] for e in entries] == ["acme/widgets", "acme/widgets", "other-org/thing"]


@pytest.mark.parametrize(
    ("content", "line", "message"),
    [
        (b"", 1, "empty digest"),
        (b"\n  \n\xe3\x80\x80\n", 1, "empty digest"),
        (b"acme/widgets\n\nHeadline\x00 here\n", 3, "binary"),
        (b"acme/widgets\n\nHeadline\n\n\xff\xfe bad\n", 5, "not valid UTF-8"),
        (b"acme/widgets\n", 1, "no entries"),
        (b"acme/widgets\n\nHeadline without a paragraph\n", 3, "has no paragraph"),
        (b"Not a repo line\n\nHeadline\n\nText\n", 1, "expected a repository line"),
    ],
)
def test_bad_input_is_one_line_with_path_and_line(
    run_cli: RunCli, tmp_path: Path, content: bytes, line: int, message: str
) -> None:
    bad = tmp_path / "bad.md" if content.startswith(b"#") else tmp_path / "bad.txt"
    bad.write_bytes(content)
    good = tmp_path / "good.txt"
    good.write_text(PLAIN, encoding="utf-8")
    result = run_cli("parse", "--json", bad, good)
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1
    assert f"{bad}:{line}: " in errors[0]
    assert message in errors[0]
    assert "Traceback" not in result.output
    # The good file is still processed.
    assert len(json.loads(result.stdout)) == 2


def test_missing_path_is_reported_and_others_still_read(run_cli: RunCli, tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(PLAIN, encoding="utf-8")
    result = run_cli("parse", "--json", tmp_path / "nope.txt", good)
    assert result.exit_code == 1
    assert f"{tmp_path / 'nope.txt'}: no such file or directory" in result.stderr
    assert len(json.loads(result.stdout)) == 2


def test_unknown_verdict_warns_with_file_and_line(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text(
        "acme/widgets\n\nHeadline\n\nA paragraph that gives no advice.\n", encoding="utf-8"
    )
    result = run_cli("parse", "--json", path)
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["verdict"] == "unknown"
    assert f"Warning: {path}:5: no reading verdict recognised" in result.stderr


def test_config_file_adds_verdict_phrases(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text("acme/widgets\n\nHeadline\n\n团队必看：缓存设计。\n", encoding="utf-8")
    config = tmp_path / "c.toml"
    config.write_text('[verdicts]\ndeep = ["团队必看"]\n', encoding="utf-8")
    result = run_cli("--config", config, "parse", "--json", path)
    assert result.exit_code == 0, result.output
    entry = json.loads(result.stdout)[0]
    assert (entry["verdict"], entry["verdict_text"]) == ("deep", "团队必看")


@pytest.mark.parametrize(
    "content",
    ['[verdicts]\ndeep = "not a list"\n', "[verdicts]\nmaybe = ['x']\n", "not toml = = =\n"],
)
def test_broken_config_is_a_one_line_error(run_cli: RunCli, tmp_path: Path, content: str) -> None:
    config = tmp_path / "c.toml"
    config.write_text(content, encoding="utf-8")
    result = run_cli("--config", config, "parse", SAMPLE_DIGESTS)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {config}")
    assert len(result.stderr.strip().splitlines()) == 1


def test_usage_error_exits_2(run_cli: RunCli) -> None:
    result = run_cli("parse", "--no-such-option")
    assert result.exit_code == 2
