"""The ``digest2notes`` command line: a thin shell over the library.

Each command lives in its own module and does three things: turn options into
arguments, call the library, and report. Every `Digest2NotesError` is caught
here, in one place, and shown as one line (``--debug`` shows the traceback).
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any

import click

from ..config import find_config, load_config
from ..errors import Digest2NotesError
from ..plugins import command_entry_points
from .context import CONTEXT_SETTINGS, AppContext
from .export_cmd import export
from .exporters_cmd import exporters
from .parse_cmd import parse
from .queue_cmd import queue

__all__ = ["main"]


class RootGroup(click.Group):
    """Adds plugin commands lazily and turns our errors into one-line messages."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = set(super().list_commands(ctx))
        names.update(ep.name for ep in command_entry_points())
        return sorted(names)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        for ep in command_entry_points():
            if ep.name == cmd_name:
                try:
                    loaded = ep.load()
                except Exception as error:
                    raise click.ClickException(
                        f"command {cmd_name!r} ({ep.value}) failed to load: {error}"
                    ) from error
                if isinstance(loaded, click.Command):
                    return loaded
        return None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Digest2NotesError as error:
            if _debug(ctx):
                raise
            raise click.ClickException(str(error)) from None
        except (click.ClickException, click.exceptions.Exit, click.Abort, KeyboardInterrupt):
            raise
        except Exception as error:
            if _debug(ctx):
                raise
            click.echo(
                f"Error: internal error: {type(error).__name__}: {error} "
                "(run with --debug for the traceback)",
                err=True,
            )
            ctx.exit(3)


def _debug(ctx: click.Context) -> bool:
    obj = ctx.find_object(AppContext)
    if obj is not None and obj.debug:
        traceback.print_exc(file=sys.stderr)
        return True
    return False


@click.group(cls=RootGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(package_name="digest2notes", message="%(prog)s %(version)s")
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    help="Config file (default: $DIGEST2NOTES_CONFIG, ./digest2notes.toml, "
    "or the user config dir).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks instead of one-line errors.")
@click.pass_context
def main(ctx: click.Context, config_path: str | None, debug: bool) -> None:
    """Turn pull-request digests into study notes in Obsidian and Notion.

    \b
    Examples:
      digest2notes parse digests/
      digest2notes export --to obsidian --vault ~/Notes
      digest2notes export --to notion --database $DB_ID
      digest2notes queue --vault ~/Notes --budget 45m
    """
    env = dict(os.environ)
    app = AppContext(debug=debug, env=env)
    ctx.obj = app
    try:
        app.config = load_config(find_config(config_path, env))
    except Digest2NotesError as error:
        # Help must still work with a broken config; commands that need it fail later.
        app.config_error = error


main.add_command(parse)
main.add_command(export)
main.add_command(exporters)
main.add_command(queue)
