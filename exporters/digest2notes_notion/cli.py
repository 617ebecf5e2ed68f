"""``digest2notes notion init`` / ``upgrade``: a database with the schema the exporter expects.

``init --parent PAGE`` creates a database and prints its id alone on stdout (so
``DB=$(digest2notes notion init ...)`` works); how to configure it goes to stderr.
``init --database ID`` (or ``upgrade``) adds what an existing database lacks:
missing properties and select options, nothing renamed, removed or recoloured; run
twice, it writes nothing the second time. The run that creates the `Sync state`
property also hides its column in the database's table views (`views`); a warning, not
a failure, when Notion will not let it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import click

from digest2notes import ConfigError, ExportError

from .settings import DATABASE_ENV, Settings, api_version_option, rate_option

# The group is loaded for `digest2notes --help`: what talks to Notion is imported by the
# commands that do.

DEFAULT_TITLE = "Digest study notes"


def _env() -> Mapping[str, str]:
    """The environment the root command captured (tests may swap it), else the process's.

    Click hands the root's ``obj`` down to every subcommand's context."""
    ctx = click.get_current_context(silent=True)
    env = getattr(ctx.obj if ctx is not None else None, "env", None)
    return env if isinstance(env, Mapping) else os.environ


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def notion() -> None:
    """Set up Notion for `digest2notes export --to notion` (token from NOTION_TOKEN).

    \b
    Examples:
      export NOTION_TOKEN=...   # the integration's secret; never an option
      digest2notes notion init --parent https://www.notion.so/Study-<page id>
      digest2notes notion init --database <id>    # add what an existing one lacks
    """


def _shared(command: Any) -> Any:
    for option in (api_version_option(), rate_option()):
        command.params.append(option)
    return command


@_shared
@notion.command()
@click.option(
    "--parent",
    metavar="PAGE",
    help="Page (id or URL) to create the database in; share it with the integration first.",
)
@click.option(
    "--database",
    "database",
    metavar="ID|URL",
    help="An existing database: add the properties and options it lacks instead.",
)
@click.option("--title", default=DEFAULT_TITLE, show_default=True, help="Database title.")
def init(parent: str | None, database: str | None, title: str, **values: Any) -> None:
    """Create a database with the properties the Notion exporter writes and print its id,
    or with --database bring an existing one up to that schema.

    \b
    Examples:
      NOTION_TOKEN=... digest2notes notion init --parent https://www.notion.so/My-Page-<id>
      NOTION_TOKEN=... digest2notes notion init --database <id>
    """
    from . import schema
    from .blocks import rich_text
    from .connection import fatal_message, open_api
    from .errors import AmbiguousWrite, NotionError
    from .ids import normalize_id
    from .views import hide_sync_state

    if (parent is None) == (database is None):
        raise click.UsageError("give --parent PAGE to create a database, or --database ID")
    if database is not None:
        _upgrade(database, values)
        return
    settings = Settings.of(values)
    page_id = normalize_id(str(parent), "page")
    api = open_api(settings, _env())
    body = {
        "parent": {"type": "page_id", "page_id": page_id},
        "title": rich_text(title),
        "initial_data_source": {"properties": schema.database_properties()},
    }
    try:
        try:
            created = api.create_database(body)
        except AmbiguousWrite as error:
            raise ExportError(
                f"Notion did not confirm the new database ({error}); it may exist anyway: "
                "check the parent page before running init again"
            ) from None
        except NotionError as error:
            raise ExportError(
                f"cannot create the Notion database: {fatal_message(error)}"
            ) from None
        database_id = str(created["id"])
        sources = created.get("data_sources") or [{}]
        warning = hide_sync_state(api, database_id, str(sources[0].get("id") or ""))
    finally:
        api.close()
    click.echo(database_id)
    click.echo(f"Created Notion database '{title}' ({created.get('url', '')}).", err=True)
    if warning:
        click.echo(f"Warning: {warning}", err=True)
    click.echo(
        "Use it with --database, or add to digest2notes.toml:\n"
        f'  [notion]\n  database = "{database_id}"\n'
        f"or set {DATABASE_ENV}={database_id}",
        err=True,
    )


@_shared
@notion.command()
@click.option("--database", "database", envvar=DATABASE_ENV, metavar="ID|URL", help="The database.")
def upgrade(database: str | None, **values: Any) -> None:
    """Add the properties and select options an existing database lacks (same as
    `notion init --database ID`).

    \b
    Example:
      NOTION_TOKEN=... digest2notes notion upgrade --database <id>
    """
    if not database:
        raise ConfigError(f"no Notion database given: pass --database ID or set {DATABASE_ENV}")
    _upgrade(database, values)


def _upgrade(database: str, values: Mapping[str, Any]) -> None:
    from . import schema
    from .blocks import plain_text
    from .connection import fatal_message, open_api, retrieve_source
    from .errors import NotionError
    from .ids import normalize_id
    from .views import hide_sync_state

    given = normalize_id(database)
    api = open_api(Settings.of(values), _env())
    warning = None
    try:
        database_id, source = retrieve_source(api, given)
        title = plain_text(source.get("title")) or "Untitled"
        properties = source.get("properties") or {}
        wrong = schema.problems(properties)
        if wrong:
            raise ExportError(
                f"Notion database '{title}' " + "; ".join(wrong) + ": rename or retype that "
                "property in Notion (digest2notes changes nothing you made)"
            )
        patch = schema.missing(properties)
        if patch:
            updated = api.update_data_source(str(source["id"]), patch)
            if schema.SYNC_STATE in patch:  # only then: a column that existed is the reader's
                warning = hide_sync_state(api, database_id, str(source["id"]), updated)
    except NotionError as error:
        raise ExportError(
            f"cannot update Notion database {given}: {fatal_message(error)}"
        ) from None
    finally:
        api.close()
    if patch:
        click.echo(f"Added to Notion database '{title}': {', '.join(sorted(patch))}.", err=True)
    else:
        click.echo(f"Notion database '{title}' has everything digest2notes needs.", err=True)
    if warning:
        click.echo(f"Warning: {warning}", err=True)
