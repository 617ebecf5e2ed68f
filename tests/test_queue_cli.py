"""``digest2notes queue`` through the real CLI, against stand-in progress sources.

The stand-ins are installed as real ``digest2notes.exporters`` entry points (a
``.dist-info`` on sys.path), so source selection, option routing and settings
merging run exactly as they do for the Obsidian and Notion exporters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import click
import pytest

from digest2notes.display import display_width
from digest2notes.exporting import (
    NO_RESTORE,
    Exporter,
    Plan,
    Progress,
    ProgressCallback,
    ProgressSource,
    ReadCallback,
    Report,
    Restore,
    StudyItem,
    StudyStatus,
)
from digest2notes.model import Entry, Verdict
from digest2notes.queue import DEFAULT_MINUTES, VERDICT_ORDER

from .conftest import RunCli

# ---------------------------------------------------------------------------
# Stand-in sources


class FakeSource(Exporter[None], ProgressSource):
    """Items from a JSON file; status changes are written back and logged."""

    name = "fakeq"
    help = "test progress source"
    queue_options: ClassVar[Sequence[click.Option]] = (
        click.Option(["--fake-file"], type=click.Path(), metavar="FILE", help="Items file."),
        click.Option(["--fake-flag"], is_flag=True, help="Select the fake source."),
    )
    options: ClassVar[Sequence[click.Option]] = (
        click.Option(["--fake-export-only"], default="export-default"),
    )
    file_setting = "fake_file"

    def _path(self) -> Path:
        value = self.settings.get(self.file_setting)
        if not value:
            raise click.UsageError(f"--{self.file_setting.replace('_', '-')} is required")
        return Path(value)

    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[None]:
        return Plan(changes=[], state=None)

    def apply(self, plan: Plan[None], progress: ProgressCallback | None = None) -> Report:
        return Report()

    def read_progress(self, progress: ReadCallback | None = None) -> Progress:
        path = self._path()
        Path(f"{path}.settings.json").write_text(json.dumps(self.settings, default=str))
        rows = json.loads(path.read_text(encoding="utf-8"))
        return Progress(
            tuple(
                StudyItem(
                    **{**r, "verdict": Verdict(r["verdict"]), "status": StudyStatus(r["status"])}
                )
                for r in rows
            )
        )

    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        path = self._path()
        rows = json.loads(path.read_text(encoding="utf-8"))
        for row in rows:
            if row["id"] == item.id:
                row["status"] = status.value
        path.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
        with Path(f"{path}.log").open("a", encoding="utf-8") as log:
            log.write(f"{item.id} {status.value}\n")
        return item.location


class OtherSource(FakeSource):
    """A second source, with an option also settable through the environment."""

    name = "otherq"
    queue_options: ClassVar[Sequence[click.Option]] = (
        click.Option(["--other-file"], type=click.Path(), envvar="OTHERQ_FILE", help="Items."),
        click.Option(["--other-flag"], is_flag=True, help="Select the other source."),
    )
    options: ClassVar[Sequence[click.Option]] = ()
    file_setting = "other_file"


class PlainExporter(Exporter[None]):
    """An exporter that cannot read progress back."""

    name = "plainq"

    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[None]:
        return Plan(changes=[], state=None)

    def apply(self, plan: Plan[None], progress: ProgressCallback | None = None) -> Report:
        return Report()


@pytest.fixture(autouse=True)
def _stand_ins(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path_factory.mktemp("site")
    info = site / "queue_stand_ins-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: queue-stand-ins\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        "[digest2notes.exporters]\n"
        f"fakeq = {__name__}:FakeSource\n"
        f"otherq = {__name__}:OtherSource\n"
        f"plainq = {__name__}:PlainExporter\n"
    )
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("COLUMNS", "120")


# ---------------------------------------------------------------------------
# Data: written out by hand, with the expected order worked out by hand.


def row(
    hash_: str,
    title: str,
    verdict: str,
    *,
    status: str = "unread",
    done: int = 0,
    total: int = 3,
    minutes: int | None = None,
    date: str | None = "2026-11-28",
    repo: str = "vllm-project/vllm",
) -> dict[str, Any]:
    return {
        "id": f"{repo}:{hash_}",
        "title": title,
        "repo": repo,
        "verdict": verdict,
        "status": status,
        "focus_done": done,
        "focus_total": total,
        "minutes": minutes,
        "digest_date": date,
        "location": f"Digests/{hash_}.md",
    }


ROWS = [
    row("111111111111", "Skim newest", "skim", date="2026-11-29"),
    row("222222222222", "Deep old", "deep", date="2026-11-27", done=1, total=3),
    row("333333333333", "共享专家 partial 加法融合进 Lamport collective，单层省 1.6us", "deep",
        status="reading", done=2, total=5),
    row("333344444444", "Deep all ticked", "deep", done=4, total=4),
    row("555555555555", "Done already", "deep", status="done", done=3, total=3),
    row("666666666666", "Skip me", "skip"),
    row("777777777777", "Unknown", "unknown", total=0, minutes=3, repo="pytorch/pytorch"),
    row("888888888888", "Skim no date", "skim", date=None, minutes=12),
]
# Deep first: on 11-28 "all ticked" (0 left) before 共享 (3 left), then "Deep old" (11-27).
# Skim: 11-29 before no date. Then unknown. Done and skip are not listed.
EXPECTED = ["333344444444", "333333333333", "222222222222", "111111111111", "888888888888",
            "777777777777"]


@pytest.fixture
def items_file(tmp_path: Path) -> Path:
    path = tmp_path / "items.json"
    path.write_text(json.dumps(ROWS, ensure_ascii=False), encoding="utf-8")
    return path


def hashes(output: str) -> list[str]:
    return [obj["id"].split(":")[1] for obj in json.loads(output)]


def log(path: Path) -> list[str]:
    log_path = Path(f"{path}.log")
    return log_path.read_text().splitlines() if log_path.exists() else []


# ---------------------------------------------------------------------------
# Listing


def test_json_lists_unfinished_items_in_rank_order(run_cli: RunCli, items_file: Path) -> None:
    result = run_cli("queue", "--fake-file", items_file, "--json")
    assert result.exit_code == 0, result.output
    assert hashes(result.stdout) == EXPECTED
    first = json.loads(result.stdout)[0]
    assert first == {
        "id": "vllm-project/vllm:333344444444", "title": "Deep all ticked",
        "repo": "vllm-project/vllm", "verdict": "deep", "status": "unread",
        "focus_done": 4, "focus_total": 4, "ready": True, "minutes": 20, "minutes_default": True,
        "digest_date": "2026-11-28", "location": "Digests/333344444444.md",
    }


def test_table_has_aligned_columns_summary_and_ready_hint(
    run_cli: RunCli, items_file: Path
) -> None:
    result = run_cli("queue", "--fake-file", items_file)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header, rows, footer = lines[0], lines[1:7], lines[7:]
    assert header.split() == ["ID", "VERDICT", "STATUS", "DONE", "MIN", "REPO", "HEADLINE"]
    # Short ids are the shortest unique hash prefixes (>= 7): 3333444 vs 3333333 differ at 5.
    assert [r.split()[0] for r in rows] == [h[:7] for h in EXPECTED]
    assert rows[0].split()[1:5] == ["deep", "ready", "✓", "4/4"]
    assert rows[1].split()[1:4] == ["deep", "reading", "2/5"]
    assert rows[5].split()[1:5] == ["unknown", "unread", "-", "3"]
    # The headline starts at the same display column on every line, CJK or not.
    starts = {display_width(line[: line.index(title)])
              for line, title in zip(lines[:7], ["HEADLINE", "Deep all", "共享专家", "Deep old",
                                                 "Skim newest", "Skim no date", "Unknown"],
                                     strict=True)}
    assert len(starts) == 1
    assert all(display_width(line) < 120 for line in lines)
    # 20 + 20 + 20 + 5 + 12 + 3 minutes; one done item.
    assert footer[0] == "6 to read, ~80 min; 1 done, 1 in progress"
    assert footer[1] == "1 item(s) have every point ticked: digest2notes queue done ID (3333444)"


def test_long_headlines_are_trimmed_to_the_terminal(run_cli: RunCli, items_file: Path) -> None:
    result = run_cli("queue", "--fake-file", items_file, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    cjk = next(line for line in result.stdout.splitlines() if "共享" in line)
    assert cjk.endswith("…") and 78 <= display_width(cjk) <= 79


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--limit", "2"], EXPECTED[:2]),
        (["--repo", "pytorch"], ["777777777777"]),
        (["--repo", "vllm-project/vllm", "--verdict", "skim"], ["111111111111", "888888888888"]),
        (["--verdict", "deep,unknown"], [*EXPECTED[:3], "777777777777"]),
        (["--verdict", "skip"], ["666666666666"]),
        (["--all"], [*EXPECTED, "666666666666"]),
        (["--include-done"], [EXPECTED[0], "555555555555", "333333333333", *EXPECTED[2:]]),
    ],
)
def test_filters(run_cli: RunCli, items_file: Path, args: list[str], expected: list[str]) -> None:
    result = run_cli("queue", "--fake-file", items_file, "--json", *args)
    assert result.exit_code == 0, result.output
    assert hashes(result.stdout) == expected


def test_include_done_places_done_items_by_the_same_rule(run_cli: RunCli, items_file: Path) -> None:
    # "Done already" is deep, 11-28, 0 points left: ties "Deep all ticked" (0 left) and
    # sorts after it by title ("Deep…" < "Done…"), before 共享 (3 left).
    result = run_cli("queue", "--fake-file", items_file, "--json", "--include-done")
    assert hashes(result.stdout)[:3] == ["333344444444", "555555555555", "333333333333"]


@pytest.mark.parametrize(
    ("budget", "expected", "total"),
    [
        # 20 (all ticked) + 20 (共享) = 40; Deep old 20 no; Skim newest 5 fits -> 45; rest no.
        ("45m", ["333344444444", "333333333333", "111111111111"], 45),
        # 20; 共享 20 no (5 left); Deep old no; Skim 5 fits -> 25; 12 no; Unknown 3 no (0 left).
        ("25", ["333344444444", "111111111111"], 25),
        ("1h", EXPECTED[:3], 60),
        # 60 + 5 + 12 + 3 = 80: everything.
        ("1h30m", EXPECTED, 80),
        ("4", ["777777777777"], 3),
    ],
)
def test_budget_plans_one_sitting(
    run_cli: RunCli, items_file: Path, budget: str, expected: list[str], total: int
) -> None:
    result = run_cli("queue", "--fake-file", items_file, "--json", "--budget", budget)
    assert result.exit_code == 0, result.output
    assert hashes(result.stdout) == expected
    assert sum(obj["minutes"] for obj in json.loads(result.stdout)) == total
    table = run_cli("queue", "--fake-file", items_file, "--budget", budget)
    assert re.search(rf"^Plan: {len(expected)} item\(s\), {total} of \d+ min \(6 to read",
                     table.stdout, re.M)


def test_bad_budget_is_a_usage_error(run_cli: RunCli, items_file: Path) -> None:
    result = run_cli("queue", "--fake-file", items_file, "--budget", "soon")
    assert result.exit_code == 2
    assert "'soon' is not a duration; try 45m, 1h, 1h30m or 90" in result.stderr


def test_configured_minutes_apply_and_bad_ones_are_one_line(
    run_cli: RunCli, items_file: Path, tmp_path: Path
) -> None:
    config = tmp_path / "c.toml"
    config.write_text("[queue]\nminutes = { deep = 7, skim = 1 }\n")
    result = run_cli("--config", config, "queue", "--fake-file", items_file, "--json")
    assert [o["minutes"] for o in json.loads(result.stdout)] == [7, 7, 7, 1, 12, 3]
    config.write_text("[queue]\nminutes = { depp = 7 }\n")
    result = run_cli("--config", config, "queue", "--fake-file", items_file)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {config}: [queue] minutes: 'depp' is not one of deep, skim, unknown, skip\n"
    )


def test_empty_source_says_to_export_first(run_cli: RunCli, tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    result = run_cli("queue", "--fake-file", empty)
    assert result.exit_code == 0
    assert "No study items found; export some first: digest2notes export --to fakeq" in (
        result.stdout
    )
    assert json.loads(run_cli("queue", "--fake-file", empty, "--json").stdout) == []


def test_nothing_left_to_read(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    path.write_text(json.dumps([row("999999999999", "x", "deep", status="done")]))
    result = run_cli("queue", "--fake-file", path)
    assert result.stdout.splitlines() == ["Nothing to read.", "0 to read, ~0 min; 1 done"]


# ---------------------------------------------------------------------------
# Source selection and settings


def test_no_source_is_a_usage_error_naming_how_to_pick_one(run_cli: RunCli) -> None:
    result = run_cli("queue")
    assert result.exit_code == 2
    message = result.stderr.strip().splitlines()[-1]
    assert message.startswith("Error: say ")
    assert "--fake-file FILE" in message and "--other-file PATH" in message
    assert "plainq" not in message


def test_a_flag_selects_its_source(run_cli: RunCli, items_file: Path, tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text(f"[fakeq]\nfake_file = {json.dumps(str(items_file))}\n")
    result = run_cli("--config", config, "queue", "--fake-flag", "--json")
    assert result.exit_code == 0, result.output
    assert hashes(result.stdout) == EXPECTED


def test_settings_merge_command_line_config_and_export_defaults(
    run_cli: RunCli, items_file: Path, tmp_path: Path
) -> None:
    config = tmp_path / "c.toml"
    config.write_text(
        '[fakeq]\nfake-file = "/nonexistent"\nextra-key = 5\n[queue]\nminutes = { deep = 30 }\n'
    )
    result = run_cli("--config", config, "queue", "--fake-file", items_file, "--json")
    assert result.exit_code == 0, result.output
    settings = json.loads(Path(f"{items_file}.settings.json").read_text())
    assert settings == {
        "fake_file": str(items_file),  # the command line beats the config file
        "fake_flag": False,
        "fake_export_only": "export-default",  # export options get their defaults
        "extra_key": 5,  # other config keys are passed through
        # and every source learns the queue's default minutes, so its notes agree
        "default_minutes": {"deep": 30, "skim": 5, "unknown": 10, "skip": 2},
    }


def test_options_of_two_sources_are_a_usage_error(
    run_cli: RunCli, items_file: Path
) -> None:
    result = run_cli("queue", "--fake-file", items_file, "--other-file", items_file)
    assert result.exit_code == 2
    assert "options of several progress sources given" in result.stderr
    assert "(fakeq)" in result.stderr and "(otherq)" in result.stderr


def test_environment_selects_a_source_but_the_command_line_wins(
    run_cli: RunCli, items_file: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps([row("abcdefabcdef", "From env", "deep")]))
    result = run_cli("queue", "--json", env={"OTHERQ_FILE": str(other)})
    assert hashes(result.stdout) == ["abcdefabcdef"]
    result = run_cli("queue", "--fake-file", items_file, "--json", env={"OTHERQ_FILE": str(other)})
    assert result.exit_code == 0, result.output
    assert hashes(result.stdout) == EXPECTED


def test_environment_beats_the_config_file_for_the_chosen_source(
    run_cli: RunCli, tmp_path: Path
) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps([row("abcdefabcdef", "From env", "deep")]))
    config = tmp_path / "c.toml"
    config.write_text('[otherq]\nother_file = "/nonexistent"\n')
    result = run_cli(
        "--config", config, "queue", "--other-flag", "--json", env={"OTHERQ_FILE": str(other)}
    )
    assert result.exit_code == 0, result.output
    assert hashes(result.stdout) == ["abcdefabcdef"]


def test_config_names_the_default_source(run_cli: RunCli, items_file: Path, tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text(
        f'[queue]\nsource = "fakeq"\n[fakeq]\nfake_file = {json.dumps(str(items_file))}\n'
    )
    result = run_cli("--config", config, "queue", "--json")
    assert result.exit_code == 0, result.output
    assert hashes(result.stdout) == EXPECTED


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ('"plainq"', "Error: {config}: [queue] source: 'plainq' cannot read progress back; sources: "),
        ('"nope"', "Error: unknown exporter 'nope'; installed: "),
        ("3", "Error: {config}: [queue] source must be the name of an exporter"),
    ],
)
def test_bad_configured_source_is_one_line(
    run_cli: RunCli, tmp_path: Path, source: str, message: str
) -> None:
    config = tmp_path / "c.toml"
    config.write_text(f"[queue]\nsource = {source}\n")
    result = run_cli("--config", config, "queue")
    assert result.exit_code == 1
    assert result.stderr.startswith(message.format(config=config))
    assert result.stderr.count("\n") == 1


# ---------------------------------------------------------------------------
# done / start / reset


@pytest.mark.parametrize(
    "order",
    [
        ["queue", "done", "2222222", "--fake-file", "{file}"],
        ["queue", "--fake-file", "{file}", "done", "2222222"],
        ["queue", "--fake-file", "/elsewhere", "done", "vllm-project/vllm:2222", "--fake-file",
         "{file}"],
    ],
)
def test_done_works_with_options_before_or_after(
    run_cli: RunCli, items_file: Path, order: list[str]
) -> None:
    result = run_cli(*[a.replace("{file}", str(items_file)) for a in order])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Marked done: Deep old (vllm-project/vllm:222222222222)",
        "  Digests/222222222222.md",
        "  note: 2 of 3 focus points are not ticked",
    ]
    assert log(items_file) == ["vllm-project/vllm:222222222222 done"]
    after = run_cli("queue", "--fake-file", items_file, "--json")
    assert "222222222222" not in hashes(after.stdout)


def test_start_and_reset(run_cli: RunCli, items_file: Path) -> None:
    assert run_cli("queue", "start", "1111", "--fake-file", items_file).exit_code == 0
    assert run_cli("queue", "reset", "3333333", "--fake-file", items_file).exit_code == 0
    assert log(items_file) == [
        "vllm-project/vllm:111111111111 reading",
        "vllm-project/vllm:333333333333 unread",
    ]
    data = {o["id"][-12:]: o["status"] for o in json.loads(
        run_cli("queue", "--fake-file", items_file, "--json").stdout)}
    assert data["111111111111"] == "reading" and data["333333333333"] == "unread"


def test_marking_the_current_status_again_writes_nothing(
    run_cli: RunCli, items_file: Path
) -> None:
    result = run_cli("queue", "done", "5555", "--fake-file", items_file)
    assert result.exit_code == 0
    assert result.stdout == "Already done: Done already (vllm-project/vllm:555555555555)\n"
    assert log(items_file) == []


def test_a_ready_item_is_never_marked_done_by_listing(run_cli: RunCli, items_file: Path) -> None:
    run_cli("queue", "--fake-file", items_file)
    run_cli("queue", "--fake-file", items_file, "--json")
    assert log(items_file) == []


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("zzz", "Error: no study item matches 'zzz'\n"),
        ("3333", "Error: '3333' matches 2 items: "
                 "vllm-project/vllm:333344444444 (Deep all ticked), "
                 "vllm-project/vllm:333333333333 (共享专家 partial 加法融合进 L…); "
                 "type more of the id\n"),
    ],
)
def test_unknown_or_ambiguous_id_is_one_line(
    run_cli: RunCli, items_file: Path, query: str, message: str
) -> None:
    result = run_cli("queue", "done", query, "--fake-file", items_file)
    assert result.exit_code == 1
    assert result.stderr == message
    assert log(items_file) == []


def test_done_needs_an_id_and_a_source(run_cli: RunCli, items_file: Path) -> None:
    assert run_cli("queue", "done", "--fake-file", items_file).exit_code == 2
    result = run_cli("queue", "done", "1111")
    assert result.exit_code == 2 and "Error: say " in result.stderr


# ---------------------------------------------------------------------------
# Help


@pytest.mark.parametrize("command", [[], ["done"], ["start"], ["reset"]])
def test_help_everywhere_offers_the_source_options(run_cli: RunCli, command: list[str]) -> None:
    result = run_cli("queue", *command, "-h")
    assert result.exit_code == 0
    assert "--fake-file FILE" in result.stdout and "--other-file" in result.stdout
    assert "Example" in result.stdout


def test_help_states_the_default_minutes_and_the_budget_rule(run_cli: RunCli) -> None:
    text = " ".join(run_cli("queue", "--help").stdout.split())
    for verdict in VERDICT_ORDER:
        assert f"{verdict.value} {DEFAULT_MINUTES[verdict]}" in text
    assert "[queue] minutes" in text
    assert "take each item whose minutes still fit, pass over any that do not" in text
    for command in ("done", "start", "reset"):
        assert command in text
