"""The day's digests in the reader's daily note ([daily], opt-in): found through the
vault's own Daily notes settings, made from the reader's template when missing, and
nothing of the reader's touched, through the real CLI over a real vault."""

from __future__ import annotations

import json
import os
from pathlib import Path

from .conftest import RunCli
from .test_obsidian_digestnotes import links, resolve
from .test_obsidian_export import snapshot
from .test_obsidian_keep import edit, export, summary

GOLDEN = Path(__file__).parent / "golden" / "obsidian" / "daily-2026-11-28.md"
TEMPLATE = "---\ntags: [journal]\n---\n# {{title}}\n\n## Plan\n\n## Digests\n\n## Log\n"
JOURNAL = "Journal/2026/11"


def daily_settings(vault: Path, template: str | None = TEMPLATE) -> None:
    """Daily notes in Journal/, one folder per year and month, from a template."""
    (vault / ".obsidian").mkdir(exist_ok=True)
    settings = {"folder": "Journal", "format": "YYYY/MM/YYYY-MM-DD"}
    if template is not None:
        (vault / "Templates").mkdir(exist_ok=True)
        (vault / "Templates" / "Daily.md").write_text(template, encoding="utf-8")
        settings["template"] = "Templates/Daily"
    (vault / ".obsidian" / "daily-notes.json").write_text(json.dumps(settings), "utf-8")


def day_note(vault: Path, day: str) -> Path:
    return vault / JOURNAL / f"2026-11-{day}.md"


def test_daily_notes_are_made_from_the_template_and_link_their_days_digests(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    daily_settings(vault)
    export(run_cli, vault, samples, "--daily-note")
    for day in ("27", "28"):
        text = day_note(vault, day).read_text(encoding="utf-8")
        assert text.startswith(f"---\ntags: [journal]\n---\n# 2026-11-{day}\n\n## Plan\n\n")
        assert text.endswith("\n\n## Log\n")  # made from the template, our part under its heading
        (target,) = links(text)
        assert resolve(vault, target) == vault / f"Digests/Days/vllm-project vllm 2026-11-{day}.md"
    actual = day_note(vault, "28").read_text(encoding="utf-8")
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(actual, encoding="utf-8", newline="\n")
    assert actual == GOLDEN.read_text(encoding="utf-8")
    before = snapshot(vault)
    assert summary(export(run_cli, vault, samples, "--daily-note")).startswith("created 0, updated 0")
    assert snapshot(vault) == before


def test_the_readers_lines_survive_and_only_the_part_changes(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    daily_settings(vault)
    export(run_cli, vault, samples / "vllm-2026-11-28.txt", "--daily-note")
    path = day_note(vault, "28")
    # The reader writes around the part, and moves the heading's block to the top.
    text = path.read_text(encoding="utf-8")
    start, end = text.index("## Digests"), text.index("## Log")
    block = text[start:end]
    moved = text[:start].replace("## Plan\n", block + "## Plan\n- call Ana\n") + text[end:]
    path.write_text(moved + "- 18:00 read two entries\n", encoding="utf-8")
    # A digest of another repository arrives for the same day, in a run of its own.
    other = samples / "acme-2026-11-28.txt"
    other.write_text("acme/widgets\n\nA widget\n\n值得精读。\n", encoding="utf-8")
    export(run_cli, vault, other, "--daily-note")
    after = path.read_text(encoding="utf-8")
    assert after.replace(
        "- [[acme widgets 2026-11-28]] · 1 entry · 20 min\n", ""
    ).split("%% digest2notes:daily-end")[0] == moved.split("%% digest2notes:daily-end")[0]
    assert after.endswith("## Log\n- 18:00 read two entries\n")
    assert "## Plan\n- call Ana\n" in after
    assert after.index("[[acme widgets") < after.index("[[vllm-project vllm")  # by repository
    assert "## Digests" not in after[after.index("## Plan") :]  # no second heading


def test_an_existing_daily_note_is_added_to_and_nothing_else_changes(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    daily_settings(vault, template=None)
    path = day_note(vault, "27")
    path.parent.mkdir(parents=True)
    mine = "---\r\nmood: good\r\n---\r\n\r\nMorning pages.\r\n\r\n\r\n"
    path.write_bytes(mine.encode("utf-8"))
    export(run_cli, vault, samples, "--daily-note")
    text = path.read_bytes().decode("utf-8")
    assert text.startswith(mine) and "\n" not in text.replace("\r\n", "")  # CRLF kept
    assert text[len(mine) :].startswith("## Digests\r\n%% digest2notes:daily")
    # Without a template, a missing daily note is made with only the part.
    assert day_note(vault, "28").read_text(encoding="utf-8").startswith("## Digests\n%% digest2")


def test_the_readers_edit_removal_and_deletion_stay(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    daily_settings(vault)
    export(run_cli, vault, samples, "--daily-note")
    edited, removed = day_note(vault, "27"), day_note(vault, "28")
    edit(edited, ("- [[vllm-project vllm 2026-11-27]]", "- [[vllm-project vllm 2026-11-27]] ✓ read"))
    text = removed.read_text(encoding="utf-8")
    start = text.index("%% digest2notes:daily ")
    end = text.index("%%\n", text.index("%% digest2notes:daily-end")) + 3
    removed.write_text(text[:start] + text[end:], encoding="utf-8")
    kept = {p: p.read_bytes() for p in (edited, removed)}
    digests = samples / "vllm-2026-11-27.txt"
    digests.write_text(digests.read_text(encoding="utf-8") + "\n\nOne more\n\n值得精读。\n", "utf-8")
    digests = samples / "vllm-2026-11-28.txt"
    digests.write_text(digests.read_text(encoding="utf-8") + "\n\nAnother\n\n值得精读。\n", "utf-8")
    result = export(run_cli, vault, samples, "--daily-note", "--json")
    assert {p: p.read_bytes() for p in kept} == kept
    details = {e["target"]: e["detail"] for e in json.loads(result.stdout)["extras"]}
    assert details[f"{JOURNAL}/2026-11-27.md"] == "kept as you edited it"
    assert details[f"{JOURNAL}/2026-11-28.md"] == "left out: you removed it from this note"
    edited.unlink()
    export(run_cli, vault, samples, "--daily-note")
    assert not edited.exists()  # a daily note the reader deleted is not made again


def test_daily_notes_are_opt_in_and_the_config_can_turn_them_on(
    run_cli: RunCli, samples: Path, vault: Path, tmp_path: Path
) -> None:
    daily_settings(vault)
    export(run_cli, vault, samples)
    assert not (vault / "Journal").exists()
    config = tmp_path / "config.toml"
    config.write_text(f'[obsidian]\nvault = "{vault.as_posix()}"\ndaily_note = true\n', "utf-8")
    result = run_cli("--config", config, "export", "--to", "obsidian", samples)
    assert result.exit_code == 0, result.output
    assert day_note(vault, "27").is_file() and day_note(vault, "28").is_file()


def test_unreadable_daily_settings_cost_a_warning_never_the_export(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "daily-notes.json").write_text('{"folder": ', encoding="utf-8")
    result = export(run_cli, vault, samples, "--daily-note")
    assert summary(result) == "created 11, updated 0, unchanged 0, failed 0"
    assert "daily-notes.json:1: not valid JSON" in result.stderr
    assert (vault / ".obsidian" / "daily-notes.json").read_text(encoding="utf-8") == '{"folder": '
    daily_settings(vault, template=None)
    (vault / ".obsidian" / "daily-notes.json").write_text('{"folder": "../out"}', "utf-8")
    result = export(run_cli, vault, samples, "--daily-note")
    assert "not a path inside the vault" in result.stderr and not (vault.parent / "out").exists()


def test_a_later_day_that_changes_an_entry_keeps_every_digest_of_its_first_day(
    run_cli: RunCli, tmp_path: Path, vault: Path
) -> None:
    """Day one has two repositories' digests; day two changes an entry of one of them:
    day one's daily note says the new time, and still links both."""
    daily_settings(vault, template=None)
    digests = tmp_path / "d"
    digests.mkdir()
    (digests / "a-2026-11-27.txt").write_text("o/a\n\nShared\n\n值得精读。\n", encoding="utf-8")
    (digests / "b-2026-11-27.txt").write_text("o/b\n\nOther\n\n无需精读。\n", encoding="utf-8")
    export(run_cli, vault, digests, "--daily-note")
    later = tmp_path / "a-2026-11-28.txt"
    later.write_text("o/a\n\nShared\n\n建议快速阅读（约 7 分钟）。\n", encoding="utf-8")
    export(run_cli, vault, later, "--daily-note")
    first = day_note(vault, "27").read_text(encoding="utf-8")
    assert "- [[o a 2026-11-27]] · 1 entry · 7 min\n- [[o b 2026-11-27]] · 1 entry · 2 min\n" in first
    assert "- [[o a 2026-11-28]] · 1 entry · 7 min" in day_note(vault, "28").read_text("utf-8")
