"""From settings and environment to a checked data source: token, address, database.

The token comes only from ``NOTION_TOKEN`` in the environment handed to the
exporter: never a command-line argument (visible in ``ps`` and shell history) and
never echoed. ``NOTION_BASE_URL`` points the client elsewhere (tests, proxies).

`open_api` is where notion-client and httpx are first imported: everything that
only describes the exporter (its options, ``--help``) never pays for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from digest2notes import ConfigError, ExportError

from .blocks import plain_text
from .errors import FatalRequestError, NotionError
from .ids import normalize_id
from .pacing import RetryPolicy
from .schema import SYNC_STATE, check_schema
from .settings import BASE_URL_ENV, DATABASE_ENV, TOKEN_ENV, Settings

if TYPE_CHECKING:
    from .api import NotionAPI

_NO_TOKEN = (
    f"{TOKEN_ENV} is not set: create an internal integration at "
    "https://www.notion.so/profile/integrations, share the database (or its parent page) "
    f"with it, and put its secret in the {TOKEN_ENV} environment variable"
)


def open_api(settings: Settings, env: Mapping[str, str]) -> NotionAPI:
    """A paced, retrying client from the exporter's settings and environment."""
    token = (env.get(TOKEN_ENV) or "").strip()
    if not token:
        raise ConfigError(_NO_TOKEN)
    from .api import NotionAPI  # the HTTP stack, only now that Notion is used

    defaults = RetryPolicy()
    policy = RetryPolicy(
        max_attempts=settings.max_attempts or defaults.max_attempts,
        backoff=defaults.backoff if settings.retry_backoff is None else settings.retry_backoff,
    )
    return NotionAPI(
        token,
        base_url=(env.get(BASE_URL_ENV) or "").strip() or None,
        rate=settings.rate,
        timeout=settings.timeout,
        policy=policy,
        api_version=settings.api_version,
    )


def database_setting(settings: Settings) -> str:
    """The configured database (or data source) id, normalised; ConfigError if unset."""
    if settings.database is None:
        raise ConfigError(
            "no Notion database given: pass --database ID (or a Notion URL), set "
            f'{DATABASE_ENV}, or add `database = "..."` under [notion] in the config file; '
            "create one with `digest2notes notion init --parent PAGE`"
        )
    return normalize_id(settings.database)


@dataclass(frozen=True)
class Target:
    """The data source rows live in, with the schema we checked."""

    data_source_id: str
    title: str
    properties: Mapping[str, Any]

    @property
    def has_sync_state(self) -> bool:
        """False for a database made before the sync state: the first export adds it."""
        return isinstance(self.properties.get(SYNC_STATE), Mapping)


def retrieve_source(api: NotionAPI, given_id: str) -> tuple[str, Mapping[str, Any]]:
    """The database id and data source behind `given_id` (a database or a data source).

    A database id is tried first (what readers copy from the browser), then a data
    source id: two requests at most either way.
    """
    try:
        try:
            database = api.retrieve_database(given_id)
        except FatalRequestError as error:
            if error.status not in (400, 404):
                raise
            source = api.retrieve_data_source(given_id)
            parent = source.get("parent") or {}
            return str(parent.get("database_id") or given_id), source
        sources = database.get("data_sources") or []
        if not sources:
            raise ExportError(f"Notion database {given_id} has no data source to write rows to")
        return str(database["id"]), api.retrieve_data_source(str(sources[0]["id"]))
    except FatalRequestError as error:
        raise _setup_error(error, given_id) from None
    except NotionError as error:
        raise ExportError(f"Notion did not answer reliably, nothing was written: {error}") from None


def resolve_target(api: NotionAPI, given_id: str) -> Target:
    """Find the data source behind `given_id` and check it before any write.

    The schema check runs first, so a wrong database fails whole instead of half-written.
    """
    _, source = retrieve_source(api, given_id)
    title = plain_text(source.get("title")) or "Untitled"
    if source.get("in_trash") or source.get("archived"):
        raise ExportError(
            f"Notion database '{title}' ({given_id}) is in the trash: restore it in Notion, "
            "or create a new one with `digest2notes notion init --parent PAGE`"
        )
    properties = source.get("properties") or {}
    check_schema(properties, f"'{title}' ({given_id})")
    return Target(data_source_id=str(source["id"]), title=title, properties=properties)


def _setup_error(error: FatalRequestError, given_id: str) -> ExportError:
    if error.status == 401:
        return ExportError(
            f"Notion refused the token in {TOKEN_ENV} (401 unauthorized): check that it is "
            "the integration's current secret"
        )
    if error.status in (403, 404):
        return ExportError(
            f"Notion database {given_id} was not found or is not shared with the integration: "
            "check the id, and in Notion open the database's ••• menu → Connections → add "
            f"the integration ({error})"
        )
    return ExportError(f"cannot use Notion database {given_id}: {error}")


OUT_OF_BLOCKS = (
    "Notion refused to add blocks: this workspace is out of blocks (a Free workspace with "
    "more than one member gets 1,000 blocks in all, and every row, to-do and paragraph is "
    "one; see https://developers.notion.com/reference/workspace-block-limits). Nothing was "
    'half-written. Upgrade the workspace\'s plan, or set body = "compact" under [notion] '
    "(or --body compact) to spend fewer blocks per row"
)


def fatal_message(error: NotionError) -> str:
    """One line for an unfixable request error, with a hint for the usual causes."""
    if isinstance(error, FatalRequestError) and error.out_of_blocks:
        return OUT_OF_BLOCKS
    if error.status == 401:
        return f"Notion refused the token in {TOKEN_ENV} (401 unauthorized)"
    if error.status == 403:
        return f"the integration may not edit this database (403): {error}"
    return str(error)
