"""``digest2notes watch PATH… --to NAME``: export each digest file as it appears or changes.

Digests arrive every day; a reader should not have to remember to run the export.
The watcher (watchfiles, on the platform's own file events) hands us changed paths;
a path is exported only once it has been quiet for ``--settle`` seconds, so a digest
still being written, in pieces, is waited out and exported once. Each export is the
same as ``digest2notes export`` of that one file, so a bad file is reported and
skipped, and the watch goes on.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import click

from .context import CONTEXT_SETTINGS, DATE_OPTION, paths_or_default
from .export_cmd import export_paths, open_exporter
from .options import PluginOptionsCommand

DIGEST_SUFFIXES = (".txt", ".md", ".markdown")


@click.command(cls=PluginOptionsCommand, context_settings=CONTEXT_SETTINGS)
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--to", "to", required=True, metavar="NAME", help="Exporter to use.")
@click.option(
    "--settle",
    type=click.FloatRange(min=0),
    default=2.0,
    show_default=True,
    metavar="SECONDS",
    help="How long a changed file must stay unchanged before it is exported.",
)
@DATE_OPTION
@click.option(
    "--initial/--no-initial",
    default=True,
    show_default=True,
    help="Export every digest once at start, to catch up on what arrived meanwhile.",
)
@click.pass_context
def watch(
    ctx: click.Context,
    /,
    paths: tuple[str, ...],
    to: str,
    settle: float,
    date: str | None,
    initial: bool,
    **values: Any,
) -> None:
    """Export each digest file as it appears or changes, until Ctrl-C.

    PATHS (files or folders, watched recursively) default to ./digests. Each
    export prints one summary line; a file that cannot be read is reported and
    the watch goes on. To run the export on a schedule instead, see the README
    (cron, systemd, launchd).

    \b
    Examples:
      digest2notes watch digests/ --to obsidian --vault ~/Notes
      digest2notes watch ~/Downloads/digests --to notion --database $DB_ID
    """
    import watchfiles  # only this command needs it

    exporter = open_exporter(ctx, to, values)
    roots = paths_or_default(paths)
    missing = [root for root in roots if not os.path.exists(root)]
    if missing:
        shown = ", ".join(missing)
        raise click.BadParameter(f"{shown}: no such file or directory", param_hint="PATHS")
    if initial and any(_digests_under(root) for root in roots):
        export_paths(exporter, roots, label="catch-up", date=date)

    def ready() -> None:
        click.echo(f"Watching {', '.join(roots)} (Ctrl-C to stop)…", err=True)

    try:
        for path in _settled(watchfiles, roots, settle, ready):
            export_paths(exporter, [path], label=path, date=date)
    except KeyboardInterrupt:
        click.echo("Stopped watching.", err=True)


def _settled(
    watchfiles: Any, roots: Sequence[str], settle: float, ready: Callable[[], None]
) -> Iterator[str]:
    """Digest paths that changed and then stayed quiet for `settle` seconds, as they do.

    `ready` is called once the watcher is running (its first wake-up), so whatever
    is written after it is seen; what was written while it started is found by its
    modification time.
    """
    started = time.time()
    last_change: dict[str, float] = {}
    first = True
    tick = max(int(min(settle, 1.0) * 1000 / 2), 50)  # wake up often enough to notice quiet
    changes_seen = watchfiles.watch(
        *roots,
        watch_filter=_DigestFilter(roots),
        debounce=tick,
        step=min(tick, 50),
        rust_timeout=tick,
        yield_on_timeout=True,
    )
    for changes in changes_seen:
        now = time.monotonic()
        if first:
            first = False
            for path in _digests_changed_since(roots, started):
                last_change.setdefault(path, now)
            ready()
        for change, path in changes:
            if change == watchfiles.Change.deleted:
                last_change.pop(path, None)
            else:
                last_change[path] = now
        quiet = sorted(p for p, seen in last_change.items() if now - seen >= settle)
        for path in quiet:
            del last_change[path]
            if os.path.isfile(path):
                yield path


class _DigestFilter:
    """Digest files only: not hidden files or folders below a watched root (editors' swap
    files, our own atomic temp files, .git), whatever the root's own path holds."""

    def __init__(self, roots: Sequence[str]) -> None:
        self._roots = [os.path.abspath(root) for root in roots]

    def __call__(self, _: object, path: str) -> bool:
        if not path.lower().endswith(DIGEST_SUFFIXES):
            return False
        full = os.path.abspath(path)
        for root in self._roots:
            if full == root:
                return True
            if full.startswith(root + os.sep):
                inside = os.path.relpath(full, root).split(os.sep)
                return not any(part.startswith(".") for part in inside)
        return False


def _digests(root: str) -> Iterator[str]:
    """Digest files under `root` (or `root` itself), hidden files and folders left out."""
    if os.path.isfile(root):
        yield os.path.abspath(root)
        return
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.lower().endswith(DIGEST_SUFFIXES):
                yield os.path.abspath(os.path.join(folder, name))


def _digests_under(root: str) -> bool:
    return next(_digests(root), None) is not None


def _digests_changed_since(roots: Sequence[str], since: float) -> list[str]:
    found = []
    for root in roots:
        for path in _digests(root):
            try:
                if os.stat(path).st_mtime >= since - 1:  # mtimes may be coarse
                    found.append(path)
            except OSError:
                continue
    return found
