"""``digest2notes parse``: show what the tool understood of the digests, and why."""

from __future__ import annotations

import unicodedata
from collections import Counter

import click

from ..model import Entry, Verdict
from .context import DATE_OPTION, app_context, read_entries


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per entry.")
@click.option(
    "--explain", is_flag=True,
    help="Say, per entry, which clause and cues decided the verdict, which expression gave "
    "the minutes and which pointer opened each list of focus points.",
)
@DATE_OPTION
@click.option("-q", "--quiet", is_flag=True, help="Do not warn about entries without a verdict.")
def parse(
    paths: tuple[str, ...], as_json: bool, explain: bool, date: str | None, quiet: bool
) -> None:
    """Read digests and show each entry's verdict and focus points.

    PATHS default to ./digests. The JSON form is stable: other tools consume it.

    \b
    Examples:
      digest2notes parse
      digest2notes parse digests/2026-11-28.md --json | jq '.[].title'
      digest2notes parse --explain digests/2026-11-28.md
      cat today.txt | digest2notes parse --date 2026-11-28 -
    """
    if as_json and explain:
        raise click.UsageError("--explain prints text: use it without --json")
    entries, failed = read_entries(paths, quiet=quiet, date=date)
    if as_json:
        import json

        click.echo(json.dumps([e.to_json() for e in entries], ensure_ascii=False, indent=2))
    elif explain:
        from ..parsing.explain import explain_entry  # the analysis, loaded only when asked

        extra = app_context().checked_config().extra_phrases
        for entry in entries:
            click.echo("\n".join(_display(line) for line in explain_entry(entry, extra)))
            click.echo("")
        click.echo(_summary(entries))
    else:
        for entry in entries:
            click.echo(_row(entry))
        if entries or not failed:  # after an error alone, "0 entries" says nothing more
            click.echo(_summary(entries))
    if failed:
        raise SystemExit(1)


def _row(entry: Entry) -> str:
    verdict = entry.verdict.value.ljust(7)
    points = f"{len(entry.focus_points):>2} pts"
    return f"{verdict} {points}  {_display(entry.title)}"


def _display(text: str) -> str:
    """Control characters never reach the terminal."""
    return "".join(ch if unicodedata.category(ch)[0] != "C" else "?" for ch in text)


def _summary(entries: list[Entry]) -> str:
    counts = Counter(e.verdict for e in entries)
    by_verdict = ", ".join(f"{counts.get(v, 0)} {v.value}" for v in Verdict)
    files = len({s.path for e in entries for s in e.sources})
    points = sum(len(e.focus_points) for e in entries)
    noun = "entry" if len(entries) == 1 else "entries"
    return f"{len(entries)} {noun} ({by_verdict}), {points} focus points, from {files} file(s)"
