"""The reader's daily note, found the way Obsidian's Daily notes plugin finds it.

Obsidian keeps the plugin's settings in ``.obsidian/daily-notes.json``: the folder,
a moment.js date format (``YYYY/MM/YYYY-MM-DD`` puts each note in a year and a month
folder) and a template note. We read the same file, so the day's reading lands in
the very note the reader opens each morning, and a note that does not exist yet is
made from their template, as Obsidian would make it.

Everything here is pure, apart from reading those settings and the template: the
exporter decides what to write, and writes it atomically.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from digest2notes import ExportError

SETTINGS_FILE = PurePosixPath(".obsidian") / "daily-notes.json"
DEFAULT_FORMAT = "YYYY-MM-DD"  # Obsidian's own default


@dataclass(frozen=True)
class DailyNotesSettings:
    """The Daily notes plugin's settings, with Obsidian's defaults for what is unset."""

    folder: str = ""
    format: str = DEFAULT_FORMAT
    template: str = ""


def read_settings(vault: Path) -> DailyNotesSettings:
    """The vault's Daily notes settings; Obsidian's defaults when it has none.

    A settings file we cannot read is an error naming it, rather than a guess that
    would put the reader's daily notes somewhere they do not look.
    """
    path = vault / SETTINGS_FILE
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return DailyNotesSettings()
    except (OSError, UnicodeDecodeError) as error:
        raise ExportError(f"{path}: cannot read the Daily notes settings: {error}") from None
    try:
        data = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError as error:
        raise ExportError(f"{path}:{error.lineno}: not valid JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise ExportError(f"{path}: expected a JSON object")

    def text(key: str, default: str) -> str:
        value = data.get(key)
        return value.strip() if isinstance(value, str) and value.strip() else default

    return DailyNotesSettings(
        folder=text("folder", "").strip("/"),
        format=text("format", DEFAULT_FORMAT),
        template=text("template", ""),
    )


def note_path(settings: DailyNotesSettings, day: dt.date) -> PurePosixPath:
    """The vault-relative path of `day`'s daily note (``Journal/2026/12/2026-12-01.md``).

    Raises `ExportError` for settings that would lead outside the vault.
    """
    name = format_date(settings.format, day)
    relative = (
        PurePosixPath(settings.folder, f"{name}.md")
        if settings.folder
        else (PurePosixPath(f"{name}.md"))
    )
    return inside_vault(relative, SETTINGS_FILE)


def inside_vault(relative: PurePosixPath, source: PurePosixPath) -> PurePosixPath:
    """`relative` if it stays inside the vault; an error naming `source` otherwise."""
    parts = relative.parts
    if relative.is_absolute() or not parts or any(p in ("", ".", "..") for p in parts):
        raise ExportError(f"{source}: {str(relative)!r} is not a path inside the vault")
    return relative


# moment.js tokens, longest first so that YYYY wins over YY and MMMM over MM.
_TOKENS = re.compile(
    r"\[[^\]]*\]|YYYY|YY|Q|MMMM|MMM|MM|M|DDDD|DDD|Do|DD|D|dddd|ddd|dd|d|E|e|"
    r"GGGG|gggg|WW|W|ww|w"
)
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def format_date(fmt: str, day: dt.date) -> str:
    """`day` in a moment.js format, for the tokens daily-note formats use.

    ``[text]`` is literal, as in moment; any other character is kept as it is.
    Names are English, as in Obsidian's default locale.
    """
    iso_year, iso_week, iso_weekday = day.isocalendar()

    def token(match: re.Match[str]) -> str:
        t = match.group(0)
        if t.startswith("["):
            return t[1:-1]
        values = {
            "YYYY": f"{day.year:04d}",
            "YY": f"{day.year % 100:02d}",
            "Q": str((day.month - 1) // 3 + 1),
            "MMMM": _MONTHS[day.month - 1],
            "MMM": _MONTHS[day.month - 1][:3],
            "MM": f"{day.month:02d}",
            "M": str(day.month),
            "DDDD": f"{day.timetuple().tm_yday:03d}",
            "DDD": str(day.timetuple().tm_yday),
            "Do": _ordinal(day.day),
            "DD": f"{day.day:02d}",
            "D": str(day.day),
            "dddd": _DAYS[iso_weekday - 1],
            "ddd": _DAYS[iso_weekday - 1][:3],
            "dd": _DAYS[iso_weekday - 1][:2],
            "d": str(iso_weekday % 7),  # moment: Sunday is 0
            "E": str(iso_weekday),
            "e": str(iso_weekday % 7),
            "GGGG": f"{iso_year:04d}",
            "gggg": f"{iso_year:04d}",
            "WW": f"{iso_week:02d}",
            "W": str(iso_week),
            "ww": f"{iso_week:02d}",
            "w": str(iso_week),
        }
        return values[t]

    return _TOKENS.sub(token, fmt)


def _ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_TEMPLATE_VARIABLE = re.compile(r"\{\{\s*(date|time|title)\s*(?::([^}]*))?\}\}")


def template_text(vault: Path, settings: DailyNotesSettings, day: dt.date, now: dt.datetime) -> str:
    """A new daily note's text from the reader's template, or "" when they have none.

    The variables Obsidian fills in when it makes a daily note are filled in the same
    way: ``{{date}}``, ``{{time}}``, ``{{title}}`` and ``{{date:FORMAT}}``.
    """
    if not settings.template:
        return ""
    relative = PurePosixPath(settings.template)
    if relative.suffix != ".md":
        relative = relative.with_name(relative.name + ".md")
    inside_vault(relative, SETTINGS_FILE)
    path = vault / relative
    try:
        template = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ExportError(
            f"{SETTINGS_FILE}: the daily note template {str(relative)!r} does not exist"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ExportError(f"{relative}: cannot read the daily note template: {error}") from None
    title = format_date(settings.format, day).rsplit("/", 1)[-1]

    def fill(match: re.Match[str]) -> str:
        name, fmt = match.group(1), match.group(2)
        if name == "title":
            return title
        if name == "time":
            return now.strftime("%H:%M") if fmt is None else _format_time(fmt.strip(), now)
        return format_date(fmt.strip() if fmt else DEFAULT_FORMAT, day)

    return _TEMPLATE_VARIABLE.sub(fill, template)


def _format_time(fmt: str, now: dt.datetime) -> str:
    values = {
        "HH": f"{now.hour:02d}",
        "H": str(now.hour),
        "mm": f"{now.minute:02d}",
        "ss": f"{now.second:02d}",
    }
    return re.sub(r"HH|H|mm|ss", lambda m: values[m.group(0)], fmt)
