"""From settings and environment to a checked data source: token, address, database.

The token comes only from ``NOTION_TOKEN`` in the environment handed to the
exporter: never a command-line argument (visible in ``ps`` and shell history) and
never echoed. ``NOTION_BASE_URL`` points the client elsewhere (tests, proxies).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from digest2notes import ConfigError, ExportError

from .api import FatalRequestError, NotionAPI, NotionError
from .blocks import plain_text
from .ids import normalize_id
from .pacing import RetryPolicy
from .schema import check_schema

TOKEN_ENV = "NOTION_TOKEN"
BASE_URL_ENV = "NOTION_BASE_URL"
DATABASE_ENV = "NOTION_DATABASE_ID"

DEFAULT_RATE = 3.0
DEFAULT_TIMEOUT = 60.0

_NO_TOKEN = (
    f"{TOKEN_ENV} is not set: create an internal integration at "
    "https://www.notion.so/profile/integrations, share the database (or its parent page) "
    f"with it, and put its secret in the {TOKEN_ENV} environment variable"
)


def _number(settings: Mapping[str, Any], key: str, default: float, *, minimum: float) -> float:
    raw = settings.get(key)
    if raw is None:
        return default
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise ConfigError(f"[notion] {key} must be a number, got {raw!r}") from None
    if not value > minimum:
        raise ConfigError(f"[notion] {key} must be greater than {minimum:g}, got {raw!r}")
    return value


def open_api(settings: Mapping[str, Any], env: Mapping[str, str]) -> NotionAPI:
    """A paced, retrying client from the exporter's settings and environment."""
    token = (env.get(TOKEN_ENV) or "").strip()
    if not token:
        raise ConfigError(_NO_TOKEN)
    defaults = RetryPolicy()
    policy = RetryPolicy(
        max_attempts=int(_number(settings, "max_attempts", defaults.max_attempts, minimum=0)),
        backoff=_number(settings, "retry_backoff", defaults.backoff, minimum=-1e-9),
    )
    return NotionAPI(
        token,
        base_url=(env.get(BASE_URL_ENV) or "").strip() or None,
        rate=_number(settings, "rate", DEFAULT_RATE, minimum=0),
        timeout=_number(settings, "timeout", DEFAULT_TIMEOUT, minimum=0),
        policy=policy,
    )


def database_setting(settings: Mapping[str, Any]) -> str:
    """The configured database (or data source) id, normalised; ConfigError if unset."""
    raw = settings.get("database")
    if raw is None or not str(raw).strip():
        raise ConfigError(
            "no Notion database given: pass --database ID (or a Notion URL), set "
            f'{DATABASE_ENV}, or add `database = "..."` under [notion] in the config file; '
            "create one with `digest2notes notion init --parent PAGE`"
        )
    return normalize_id(str(raw))


@dataclass(frozen=True)
class Target:
    """The data source rows live in, with the schema we checked."""

    database_id: str
    data_source_id: str
    title: str
    url: str
    properties: Mapping[str, Any]


def resolve_target(api: NotionAPI, given_id: str) -> Target:
    """Find the data source behind `given_id` (a database or a data source) and check it.

    A database id is tried first (what readers copy from the browser), then a data
    source id: two requests at most either way. The schema check runs before any
    write, so a wrong database fails whole instead of half-written.
    """
    try:
        try:
            database = api.retrieve_database(given_id)
        except FatalRequestError as error:
            if error.status not in (400, 404):
                raise
            source = api.retrieve_data_source(given_id)
            parent = source.get("parent") or {}
            database_id = str(parent.get("database_id") or given_id)
        else:
            database_id = str(database["id"])
            sources = database.get("data_sources") or []
            if not sources:
                raise ExportError(f"Notion database {given_id} has no data source to write rows to")
            source = api.retrieve_data_source(str(sources[0]["id"]))
    except FatalRequestError as error:
        raise _setup_error(error, given_id) from None
    except NotionError as error:
        raise ExportError(f"Notion did not answer reliably, nothing was written: {error}") from None
    title = plain_text(source.get("title")) or "Untitled"
    if source.get("in_trash") or source.get("archived"):
        raise ExportError(
            f"Notion database '{title}' ({given_id}) is in the trash: restore it in Notion, "
            "or create a new one with `digest2notes notion init --parent PAGE`"
        )
    properties = source.get("properties") or {}
    check_schema(properties, f"'{title}' ({given_id})")
    return Target(
        database_id=database_id,
        data_source_id=str(source["id"]),
        title=title,
        url=str(source.get("url") or ""),
        properties=properties,
    )


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


def fatal_message(error: NotionError) -> str:
    """One line for an unfixable request error, with a hint for the usual causes."""
    if error.status == 401:
        return f"Notion refused the token in {TOKEN_ENV} (401 unauthorized)"
    if error.status == 403:
        return f"the integration may not edit this database (403): {error}"
    return str(error)
