"""The ``digest2notes`` command line: a thin shell over the library.

Each command lives in its own module and does three things: turn options into
arguments, call the library, and report. Every `Digest2NotesError` is caught
here, in one place, and shown as one line (``--debug``, anywhere on the command
line, shows the traceback). The exit codes are the conventional ones: 1 for an
error, 2 for a usage error, 130 after Ctrl-C, 141 when the reader of our output
went away (``digest2notes parse | head -1``), 3 for a bug of ours.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from ..config import find_config, load_config, unknown_tables
from ..errors import Digest2NotesError
from ..plugins import command_entry_points, installed_exporters
from .context import CONTEXT_SETTINGS, AppContext, echo_warning
from .export_cmd import export
from .exporters_cmd import exporters
from .parse_cmd import parse
from .queue_cmd import queue
from .watch_cmd import watch

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

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Take ``--debug`` wherever it is typed, since every error message suggests it."""
        end = args.index("--") if "--" in args else len(args)
        if DEBUG_FLAG in args[:end]:
            args = [DEBUG_FLAG, *(a for a in args[:end] if a != DEBUG_FLAG), *args[end:]]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Digest2NotesError as error:
            if _debug(ctx):
                raise
            raise click.ClickException(str(error)) from None
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("Interrupted.", err=True)
            ctx.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            _silence_stdout()
            ctx.exit(EXIT_BROKEN_PIPE)
        except OSError as error:
            if _debug(ctx):
                raise
            raise click.ClickException(_os_error_line(error)) from None
        except Exception as error:
            if _debug(ctx):
                raise
            click.echo(
                f"Error: internal error: {type(error).__name__}: {error} "
                "(run with --debug for the traceback)",
                err=True,
            )
            ctx.exit(3)


DEBUG_FLAG = "--debug"
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a program that Ctrl-C stopped
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as for `git log | head -1`


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's final flush raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test runner's buffer): nothing will be flushed to a pipe


def _os_error_line(error: OSError) -> str:
    """``cannot write Digests/x.md: Permission denied``: what failed, on which file."""
    reason = error.strerror or str(error)
    if error.filename is None:
        return f"file system error: {reason}"
    return f"{error.filename}: {reason}"


def _debug(ctx: click.Context) -> bool:
    obj = ctx.find_object(AppContext)
    if obj is not None and obj.debug:
        import traceback  # only with --debug

        traceback.print_exc(file=sys.stderr)
        return True
    return False


@click.group(cls=RootGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(
    None, "-V", "--version", package_name="digest2notes", message="digest2notes %(version)s"
)
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
        return
    if ctx.resilient_parsing:  # shell completion: print nothing
        return
    plugin_names = [*installed_exporters(), *(ep.name for ep in command_entry_points())]
    for warning in unknown_tables(app.config, plugin_names):
        echo_warning(warning)


main.add_command(parse)
main.add_command(export)
main.add_command(exporters)
main.add_command(queue)
main.add_command(watch)
