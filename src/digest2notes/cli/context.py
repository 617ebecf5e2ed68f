"""What every command shares: settings, the config file, reading digests, and reporting."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import click

from ..config import Config
from ..errors import Digest2NotesError, InputError
from ..model import Entry
from ..parsing import ReadResult, read_digests

CONTEXT_SETTINGS: dict[str, object] = {
    "help_option_names": ["-h", "--help"],
    "max_content_width": 100,
}
DEFAULT_DIGESTS = "digests"
PATHS_HELP = "Digest files or directories (*.txt, *.md, recursively); '-' reads standard input."


@dataclass
class AppContext:
    """Per-invocation state; commands get it from the click context."""

    debug: bool = False
    env: Mapping[str, str] = field(default_factory=dict)
    config: Config = field(default_factory=Config)
    config_error: Digest2NotesError | None = None

    def checked_config(self) -> Config:
        if self.config_error is not None:
            raise self.config_error
        return self.config


def app_context() -> AppContext:
    return click.get_current_context().ensure_object(AppContext)


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        from ..parsing.dates import parse_iso

        return parse_iso(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date like 2026-11-28") from None


#: ``--date``, on every command that reads digests (a digest on standard input, or named
#: ``today.md``, has no date of its own).
DATE_OPTION = click.option(
    "--date",
    "date",
    metavar="YYYY-MM-DD",
    callback=_date,
    help="The date of digests that give none in their header or file name "
    "(standard input included); else a file's modification day is used.",
)


def paths_or_default(paths: Sequence[str]) -> list[str]:
    return list(paths) if paths else [DEFAULT_DIGESTS]


def read_entries(
    paths: Sequence[str], *, quiet: bool = False, date: str | None = None
) -> tuple[list[Entry], bool]:
    """Read digests, print their problems as one-liners on stderr; True if any file failed.

    `date` (ISO) dates the digests that give none in their header or file name."""
    config = app_context().checked_config()
    result: ReadResult = read_digests(
        paths_or_default(paths), extra_phrases=config.extra_phrases, date=date
    )
    if not quiet:
        for warning in result.warnings:
            echo_warning(warning)
    for error in result.errors:
        echo_error(error)
    return result.entries, bool(result.errors)


def echo_error(error: InputError | str) -> None:
    click.echo(f"Error: {error}", err=True)


def echo_warning(warning: InputError | str) -> None:
    click.echo(f"Warning: {warning}", err=True)


def stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
