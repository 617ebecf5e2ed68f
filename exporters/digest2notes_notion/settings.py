"""The exporter's options and settings, read without touching the network stack.

`export --help` and `queue --help` list these options, so this module (and the
exporter class that declares them) imports only click and the core: notion-client
and httpx are loaded by `connection.open_api`, when Notion is really used.

Settings arrive merged by the core (command line > environment > config ``[notion]``
table > option default). Anything that is not a usable value (click's "unset"
marker, a number typed as text in the config file) is checked here, once, into a
typed `Settings`, so no other module ever meets a raw value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import click

from digest2notes import ConfigError

TOKEN_ENV: Final = "NOTION_TOKEN"
BASE_URL_ENV: Final = "NOTION_BASE_URL"
DATABASE_ENV: Final = "NOTION_DATABASE_ID"

#: The Notion API versions the exporter speaks; the first is the default.
API_VERSIONS: Final = ("2025-09-03", "2026-03-11")
BODIES: Final = ("full", "compact")

DEFAULT_RATE: Final = 3.0
DEFAULT_TIMEOUT: Final = 60.0
#: How long a row Notion has just created may stay out of query results (Notion's
#: search index lags its writes by a few seconds). Look-ups after an ambiguous create
#: keep trying that long before the row is created again.
DEFAULT_SETTLE: Final = 10.0


@dataclass(frozen=True)
class Settings:
    """Every setting the exporter uses, checked."""

    database: str | None = None
    rate: float = DEFAULT_RATE
    timeout: float = DEFAULT_TIMEOUT
    api_version: str = API_VERSIONS[0]
    body: str = "full"
    settle: float = DEFAULT_SETTLE
    max_attempts: int | None = None
    retry_backoff: float | None = None

    @classmethod
    def of(cls, raw: Mapping[str, Any]) -> Settings:
        database = raw.get("database")
        return cls(
            database=database.strip() or None if isinstance(database, str) else None,
            rate=_number(raw, "rate", DEFAULT_RATE, minimum=0),
            timeout=_number(raw, "timeout", DEFAULT_TIMEOUT, minimum=0),
            api_version=_choice(raw, "api_version", API_VERSIONS),
            body=_choice(raw, "body", BODIES),
            settle=_number(raw, "settle", DEFAULT_SETTLE, minimum=-1e-9),
            max_attempts=_optional_int(raw, "max_attempts"),
            retry_backoff=_optional_number(raw, "retry_backoff"),
        )


def _given(raw: Mapping[str, Any], key: str) -> Any:
    """The value, or None when unset (None, or click's marker for "no default")."""
    value = raw.get(key)
    if value is None or type(value).__name__ == "Sentinel":
        return None
    return value


def _number(raw: Mapping[str, Any], key: str, default: float, *, minimum: float) -> float:
    value = _optional_number(raw, key)
    if value is None:
        return default
    if not value > minimum:
        raise ConfigError(f"[notion] {key} must be greater than {minimum:g}, got {value:g}")
    return value


def _optional_number(raw: Mapping[str, Any], key: str) -> float | None:
    value = _given(raw, key)
    if value is None:
        return None
    if isinstance(value, bool):
        raise ConfigError(f"[notion] {key} must be a number, got {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"[notion] {key} must be a number, got {value!r}") from None


def _optional_int(raw: Mapping[str, Any], key: str) -> int | None:
    value = _optional_number(raw, key)
    if value is None:
        return None
    if value < 1:
        raise ConfigError(f"[notion] {key} must be at least 1, got {value:g}")
    return int(value)


def _choice(raw: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = _given(raw, key)
    if value is None:
        return choices[0]
    text = str(value).strip()
    if text not in choices:
        raise ConfigError(f"[notion] {key} must be one of {', '.join(choices)}, got {value!r}")
    return text


# ---------------------------------------------------------------- the options


def database_option() -> click.Option:
    return click.Option(
        ["--database"],
        envvar=DATABASE_ENV,
        metavar="ID|URL",
        help=f"Notion database (or data source) id or URL; {DATABASE_ENV} or [notion] "
        "database in the config file.",
    )


def rate_option() -> click.Option:
    return click.Option(
        ["--rate"],
        type=click.FloatRange(min=0, min_open=True),
        default=DEFAULT_RATE,
        show_default=True,
        metavar="N",
        help="Notion requests per second, reads included (Notion allows 3 on average).",
    )


def api_version_option() -> click.Option:
    return click.Option(
        ["--api-version"],
        type=click.Choice(API_VERSIONS),
        default=None,
        help=f"Notion API version to speak (default {API_VERSIONS[0]}; "
        "[notion] api_version in the config file).",
    )


def export_options() -> list[click.Option]:
    return [
        database_option(),
        rate_option(),
        click.Option(
            ["--timeout"],
            type=click.FloatRange(min=0, min_open=True),
            default=DEFAULT_TIMEOUT,
            show_default=True,
            metavar="SECONDS",
            help="How long to wait for one Notion response before retrying.",
        ),
        click.Option(
            ["--body"],
            type=click.Choice(BODIES),
            default=None,
            help="Page body: 'full' (default: verdict and focus points as to-dos, then each "
            "digest's paragraph) or 'compact' (the to-dos only: fewer Notion blocks).",
        ),
        api_version_option(),
        # For tests and the benchmark: shorter backoff, fewer attempts, a shorter wait
        # for fresh rows to show in queries.
        click.Option(["--retry-backoff"], type=float, default=None, hidden=True),
        click.Option(["--max-attempts"], type=int, default=None, hidden=True),
        click.Option(["--settle"], type=float, default=None, hidden=True),
    ]


def queue_options() -> list[click.Option]:
    return [
        click.Option(["--notion"], is_flag=True, help="Read progress from the Notion database."),
        database_option(),
        rate_option(),
        api_version_option(),
    ]
