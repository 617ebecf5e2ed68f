"""``digest2notes exporters``: what is installed, and whether it loads."""

from __future__ import annotations

import json

import click

from ..errors import PluginError
from ..plugins import installed_exporters
from .context import CONTEXT_SETTINGS


@click.command(context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array.")
def exporters(as_json: bool) -> None:
    """List installed exporters (entry-point group digest2notes.exporters).

    \b
    Example:
      digest2notes exporters
    """
    rows = []
    for name, installed in installed_exporters().items():
        try:
            cls = installed.load()
            rows.append(
                {
                    "name": name,
                    "distribution": installed.distribution,
                    "help": cls.help,
                    "error": None,
                }
            )
        except PluginError as error:
            rows.append(
                {
                    "name": name,
                    "distribution": installed.distribution,
                    "help": "",
                    "error": str(error),
                }
            )
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        click.echo("No exporters installed.")
    width = max((len(r["name"] or "") for r in rows), default=0)
    for row in rows:
        note = f"BROKEN: {row['error']}" if row["error"] else row["help"]
        click.echo(f"{(row['name'] or '').ljust(width)}  {note}  [{row['distribution']}]")
