"""``digest2notes notion init``: create a database with the schema the exporter expects.

The database id goes to stdout alone (so ``DB=$(digest2notes notion init ...)``
works); how to configure it goes to stderr.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import click

from digest2notes import ExportError

from .api import AmbiguousWrite, NotionError
from .blocks import rich_text
from .connection import DATABASE_ENV, fatal_message, open_api
from .ids import normalize_id
from .schema import database_properties

DEFAULT_TITLE = "Digest study notes"


def _env() -> Mapping[str, str]:
    """The environment the root command captured (tests may swap it), else the process's."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        env = getattr(ctx.obj, "env", None)
        if isinstance(env, Mapping):
            return env
        ctx = ctx.parent
    return os.environ


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def notion() -> None:
    """Set up Notion for `digest2notes export --to notion` (token from NOTION_TOKEN).

    \b
    Example:
      export NOTION_TOKEN=...   # the integration's secret; never an option
      digest2notes notion init --parent https://www.notion.so/Study-<page id>
    """


@notion.command()
@click.option(
    "--parent",
    required=True,
    metavar="PAGE",
    help="Page (id or URL) to create the database in; share it with the integration first.",
)
@click.option("--title", default=DEFAULT_TITLE, show_default=True, help="Database title.")
@click.option(
    "--rate",
    type=click.FloatRange(min=0, min_open=True),
    default=3.0,
    show_default=True,
    metavar="N",
    help="Notion requests per second.",
)
def init(parent: str, title: str, rate: float) -> None:
    """Create a database with the properties the Notion exporter writes and print its id.

    Each run creates a new database; to check an existing one, just export to it
    (the schema is checked before anything is written).

    \b
    Example:
      NOTION_TOKEN=... digest2notes notion init --parent https://www.notion.so/My-Page-<id>
    """
    page_id = normalize_id(parent, "page")
    api = open_api({"rate": rate}, _env())
    body = {
        "parent": {"type": "page_id", "page_id": page_id},
        "title": rich_text(title),
        "initial_data_source": {"properties": database_properties()},
    }
    try:
        database = api.create_database(body)
    except AmbiguousWrite as error:
        raise ExportError(
            f"Notion did not confirm the new database ({error}); it may exist anyway: "
            "check the parent page before running init again"
        ) from None
    except NotionError as error:
        raise ExportError(f"cannot create the Notion database: {fatal_message(error)}") from None
    finally:
        api.close()
    database_id = str(database["id"])
    click.echo(database_id)
    click.echo(f"Created Notion database '{title}' ({database.get('url', '')}).", err=True)
    click.echo(
        "Use it with --database, or add to digest2notes.toml:\n"
        f'  [notion]\n  database = "{database_id}"\n'
        f"or set {DATABASE_ENV}={database_id}",
        err=True,
    )
