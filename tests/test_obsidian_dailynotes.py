"""Finding the reader's daily note and property types as Obsidian itself would."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path, PurePosixPath

import pytest

from digest2notes import ExportError
from digest2notes_obsidian import dailynotes, propertytypes

DAY = dt.date(2026, 12, 1)  # a Tuesday in ISO week 49


def settings_file(vault: Path, data: object) -> None:
    (vault / ".obsidian").mkdir(exist_ok=True)
    (vault / ".obsidian" / "daily-notes.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("YYYY-MM-DD", "2026-12-01"),
        ("YYYY/MM/YYYY-MM-DD", "2026/12/2026-12-01"),
        ("DD.MM.YY", "01.12.26"),
        ("dddd, MMMM Do YYYY", "Tuesday, December 1st YYYY".replace("YYYY", "2026")),
        ("gggg-[W]ww", "2026-W49"),
        ("[Daily] YYYY-MM-DD", "Daily 2026-12-01"),
        ("YYYY年M月D日", "2026年12月1日"),
    ],
)
def test_moment_formats_daily_notes_use(fmt: str, expected: str) -> None:
    assert dailynotes.format_date(fmt, DAY) == expected


def test_no_settings_means_obsidians_defaults(vault: Path) -> None:
    settings = dailynotes.read_settings(vault)
    assert dailynotes.note_path(settings, DAY) == PurePosixPath("2026-12-01.md")


def test_the_folder_and_format_of_the_plugin_settings(vault: Path) -> None:
    settings_file(vault, {"folder": "Journal/", "format": "YYYY/MM/YYYY-MM-DD", "template": ""})
    settings = dailynotes.read_settings(vault)
    assert dailynotes.note_path(settings, DAY) == PurePosixPath("Journal/2026/12/2026-12-01.md")


@pytest.mark.parametrize("folder", ["../outside", "a/../../b"])
def test_settings_that_lead_outside_the_vault_are_refused(vault: Path, folder: str) -> None:
    settings_file(vault, {"folder": folder})
    with pytest.raises(ExportError, match="not a path inside the vault"):
        dailynotes.note_path(dailynotes.read_settings(vault), DAY)


def test_broken_settings_are_an_error_naming_the_file(vault: Path) -> None:
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "daily-notes.json").write_text('{"folder": ', encoding="utf-8")
    with pytest.raises(ExportError, match=r"daily-notes.json:1: not valid JSON"):
        dailynotes.read_settings(vault)


def test_the_template_is_filled_in_as_obsidian_fills_it(vault: Path) -> None:
    settings_file(vault, {"format": "YYYY/MM/YYYY-MM-DD", "template": "Templates/Daily"})
    (vault / "Templates").mkdir()
    (vault / "Templates" / "Daily.md").write_text(
        "# {{title}}\nCreated {{date:dddd D MMMM}} at {{time}}\n<% tp.file.title %>\n",
        encoding="utf-8",
    )
    settings = dailynotes.read_settings(vault)
    text = dailynotes.template_text(vault, settings, DAY, dt.datetime(2026, 12, 1, 7, 5))
    # Templater's tags are the reader's own: left for Templater, never run by us.
    assert text == "# 2026-12-01\nCreated Tuesday 1 December at 07:05\n<% tp.file.title %>\n"


def test_a_missing_template_is_named(vault: Path) -> None:
    settings_file(vault, {"template": "Templates/Nope"})
    settings = dailynotes.read_settings(vault)
    with pytest.raises(ExportError, match=r"Templates/Nope\.md' does not exist"):
        dailynotes.template_text(vault, settings, DAY, dt.datetime(2026, 12, 1))


def test_property_types_are_added_and_the_readers_own_kept() -> None:
    ours = {"minutes": "number", "digest_date": "date", "references": "multitext"}
    created = propertytypes.merged(None, ours)
    assert created is not None and json.loads(created) == {"types": ours}
    readers = json.dumps({"types": {"minutes": "text", "rating": "number"}, "other": 1})
    merged = propertytypes.merged(readers, ours)
    assert merged is not None
    assert json.loads(merged) == {
        "types": {"minutes": "text", "rating": "number", "digest_date": "date",
                  "references": "multitext"},
        "other": 1,
    }
    assert propertytypes.merged(merged, ours) is None  # nothing missing: nothing to write


def test_a_broken_types_file_is_left_alone_with_an_error() -> None:
    with pytest.raises(ExportError, match=r"types\.json:1: not valid JSON"):
        propertytypes.merged("{oops", {"minutes": "number"})
