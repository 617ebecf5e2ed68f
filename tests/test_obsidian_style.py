"""The reader's choices that shape every note ([daily]): a Tasks global-filter tag on the
generated items, and the minutes ``[queue] minutes`` assumes per verdict. Turning them on,
changing or off goes through the three-way merge: no tick or addition is lost."""

from __future__ import annotations

import json
import re
from pathlib import Path

import frontmatter

from .conftest import RunCli
from .test_obsidian_export import snapshot
from .test_obsidian_keep import GLM, INKLING, THREADS, edit, export, note_of, summary

ITEM = re.compile(r"^- \[(?P<mark>.)\] (?P<text>.*) \^(?P<key>verdict|fp-[0-9a-f]{6})(?P<after>.*)$", re.M)


def items(path: Path) -> dict[str, tuple[str, str, str]]:
    """Our checklist lines by block id: (mark, text, what follows the id)."""
    return {m["key"]: (m["mark"], m["text"], m["after"]) for m in ITEM.finditer(path.read_text("utf-8"))}


def test_the_task_tag_goes_on_and_off_without_losing_a_tick(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = note_of(vault, THREADS)
    edit(path,
         ("- [ ] 启动期/服务期两阶段线程策略 ^fp-bab7f7", "- [x] 启动期/服务期两阶段线程策略 ✅ 2026-04-05 ^fp-bab7f7"),
         ("^fp-da815c\n", "^fp-da815c\n    - my sub-point\n"))
    plain = items(path)
    result = export(run_cli, vault, samples, "--task-tag", "#task")
    assert summary(result) == "created 0, updated 11, unchanged 0, failed 0"
    tagged = items(path)
    assert tagged.keys() == plain.keys()
    assert all(text.startswith("#task ") for _, text, _ in tagged.values())
    assert tagged["fp-bab7f7"] == ("x", "#task 启动期/服务期两阶段线程策略 ✅ 2026-04-05", "")
    assert "^fp-da815c\n    - my sub-point\n" in path.read_text(encoding="utf-8")
    assert all(t.startswith("#task ") for _, t, _ in items(note_of(vault, GLM)).values())
    before = snapshot(vault)
    export(run_cli, vault, samples, "--task-tag", "#task")
    assert snapshot(vault) == before  # on, and nothing new: nothing written
    # Off again: our text as before, the reader's tick, date and sub-point still there.
    export(run_cli, vault, samples)
    assert items(path) == plain
    assert "^fp-da815c\n    - my sub-point\n" in path.read_text(encoding="utf-8")
    queued = json.loads(run_cli("queue", "--vault", vault, "--json", "--all").stdout)
    assert next(i for i in queued if i["title"] == THREADS)["focus_done"] == 1


def test_the_task_tag_from_the_config_and_a_bad_one(
    run_cli: RunCli, samples: Path, vault: Path, tmp_path: Path
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[obsidian]\nvault = "{vault.as_posix()}"\ntask_tag = "study"\n', "utf-8")
    assert run_cli("--config", config, "export", "--to", "obsidian", samples).exit_code == 0
    assert all(t.startswith("#study ") for _, t, _ in items(note_of(vault, INKLING)).values())
    config.write_text(f'[obsidian]\nvault = "{vault.as_posix()}"\ntask_tag = "two words"\n', "utf-8")
    before = snapshot(vault)
    result = run_cli("--config", config, "export", "--to", "obsidian", samples)
    assert result.exit_code == 1 and "task_tag 'two words' is not a tag" in result.output
    assert "Traceback" not in result.output and snapshot(vault) == before


def test_default_minutes_come_from_the_config_and_the_readers_stay(
    run_cli: RunCli, samples: Path, vault: Path, tmp_path: Path
) -> None:
    config = tmp_path / "config.toml"

    def with_minutes(table: str) -> str:
        config.write_text(f'[obsidian]\nvault = "{vault.as_posix()}"\n[queue]\nminutes = {table}\n',
                          "utf-8")
        result = run_cli("--config", config, "export", "--to", "obsidian", samples)
        assert result.exit_code == 0, result.output
        return str(result.output)

    with_minutes("{ deep = 30, skim = 8 }")
    assert frontmatter.load(str(note_of(vault, INKLING)))["minutes"] == 30  # no time in the digest
    assert frontmatter.load(str(note_of(vault, GLM)))["minutes"] == 5  # "约 5 分钟": the digest's
    day = (vault / "Digests" / "Days" / "vllm-project vllm 2026-11-27.md").read_text("utf-8")
    assert f"[[{INKLING}]] · deep · 30 min" in day and "· 8 entries · 218 min" in day
    queued = json.loads(run_cli("--config", config, "queue", "--vault", vault, "--json", "--all").stdout)
    assert next(i for i in queued if i["title"] == INKLING)["minutes"] == 30
    # The reader sets their own; a later change of the config leaves it alone.
    edit(note_of(vault, INKLING), ("minutes: 30\n", "minutes: 45\n"))
    with_minutes("{ deep = 25 }")
    assert frontmatter.load(str(note_of(vault, INKLING)))["minutes"] == 45
    assert frontmatter.load(str(note_of(vault, THREADS)))["minutes"] == 25
    assert "> - minutes: 25" in note_of(vault, INKLING).read_text(encoding="utf-8")
