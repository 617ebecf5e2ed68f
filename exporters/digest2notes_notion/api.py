"""A careful wrapper around notion-client: pacing, retries, and errors safe to show.

notion-client's own retries are switched off (``retry=False``): it retries POST and
PATCH only on 429, gives up after two tries, and cannot know that a failed page
creation must be looked up before it is tried again. Here every request goes
through one loop that paces it, classifies the failure, and either waits (429 and
529 for Retry-After; 5xx, timeouts and dropped connections with backoff), gives
up with a one-line reason (validation, auth, not found), or, for a write that is
not safe to repeat, reports the outcome as *ambiguous* so the caller can check.

notion-client logs every failed request (with its message) at WARNING through a
console handler; we hand it a silent logger so nothing reaches the terminal, and
no message we build ever contains the token or request headers.

This is the only module that imports notion-client and httpx; the rest of the
exporter reaches it through `connection.open_api`, so listing options stays fast.

Two API versions are spoken (`settings.API_VERSIONS`): 2026-03-11 renamed the
append anchor ``after`` to ``position`` and ``archived`` to ``in_trash``; the
differences live in `append_children` alone (``in_trash`` works in both).
"""

from __future__ import annotations

import email.utils
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import partial
from typing import Any

import httpx
from notion_client import Client
from notion_client.errors import HTTPResponseError, RequestTimeoutError
from notion_client.helpers import iterate_paginated_api

from .errors import AmbiguousWrite, FatalRequestError, TransientExhausted
from .pacing import Pacer, RetryPolicy
from .settings import API_VERSIONS

JSONDict = dict[str, Any]

PAGE_SIZE = 100
_NEW_VERSION = API_VERSIONS[1]
_RETRY_STATUSES = frozenset({409, 500, 502, 503, 504})
_RATE_STATUSES = frozenset({429, 529})
# 409 conflict_error: the transaction was refused, nothing applied.
_UNAMBIGUOUS_STATUSES = frozenset({409, 429, 529})
# Longest wait after a timed-out write before looking for it.
_MAX_SETTLE = 30.0


def _silent_logger() -> logging.Logger:
    logger = logging.getLogger("digest2notes_notion.notion_client")
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())
    logger.propagate = False
    return logger


def _http_date(raw: str | None) -> datetime | None:
    """An HTTP date header (Date, a Retry-After date) as an aware datetime, or None."""
    try:
        when = email.utils.parsedate_to_datetime(raw or "")
    except (TypeError, ValueError):
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _retry_after(headers: httpx.Headers | None, cap: float) -> float | None:
    """Seconds from a Retry-After header (delta seconds, fractional allowed, or a date)."""
    raw = headers.get("retry-after") if headers is not None else None
    if not raw:
        return None
    try:
        seconds = float(raw)
    except ValueError:
        when = _http_date(raw)
        if when is None:
            return None
        seconds = when.timestamp() - time.time()
    return min(max(seconds, 0.0), cap)


@dataclass(frozen=True)
class _Failure:
    """A failed attempt, classified."""

    message: str
    fatal: bool = False
    ambiguous: bool = False
    wait: float | None = None
    status: int | None = None
    code: str | None = None
    timed_out: bool = False


class NotionAPI:
    """The few Notion endpoints the exporter needs, each call paced and retried."""

    def __init__(
        self,
        token: str,
        *,
        base_url: str | None = None,
        rate: float = 3.0,
        timeout: float = 60.0,
        policy: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        transport: httpx.BaseTransport | None = None,
        api_version: str = API_VERSIONS[0],
    ) -> None:
        self.api_version = api_version
        options: dict[str, Any] = {
            "auth": token,
            "timeout_ms": max(1, int(timeout * 1000)),
            "notion_version": api_version,
            "retry": False,
            "logger": _silent_logger(),
            "log_level": logging.CRITICAL,
        }
        if base_url:
            options["base_url"] = _clean_base_url(base_url)
        #: Notion's clock at the last answer (its Date header), for incremental reads:
        #: "edited since we last looked" must be asked in Notion's time, not ours.
        self.server_time: datetime | None = None
        http = httpx.Client(transport=transport, event_hooks={"response": [self._note_date]})
        self._client = Client(client=http, **options)
        self._secret = token
        self._sleep = sleep
        self.policy = policy or RetryPolicy()
        self.pacer = Pacer(rate, sleep=sleep)
        self.timeout = timeout

    def __repr__(self) -> str:  # never show the client (it holds the token)
        return f"NotionAPI(rate={1 / self.pacer.interval:g}/s)"

    def close(self) -> None:
        self._client.close()

    def _note_date(self, response: httpx.Response) -> None:
        self.server_time = _http_date(response.headers.get("date")) or self.server_time

    # ------------------------------------------------------------------ core loop

    def call(self, what: str, fn: Callable[[], object], *, idempotent: bool = True) -> JSONDict:
        """Run `fn` (one request) with pacing and retries.

        Raises FatalRequestError, TransientExhausted, or, for a non-idempotent write
        whose outcome is unknown, AmbiguousWrite (the caller decides what to do).
        """
        attempt = 0
        while True:
            attempt += 1
            self.pacer.wait()
            try:
                result = fn()
            except Exception as error:
                failure = self._classify(error)
                if failure is None:
                    raise
            else:
                if isinstance(result, dict):
                    return result
                failure = _Failure("unexpected answer from Notion", ambiguous=True)
            message = self._scrub(f"{what}: {failure.message}")
            if failure.fatal:
                raise FatalRequestError(message, status=failure.status, code=failure.code)
            if failure.ambiguous and not idempotent:
                raise AmbiguousWrite(
                    message, status=failure.status, code=failure.code, timed_out=failure.timed_out
                )
            if attempt >= self.policy.max_attempts:
                raise TransientExhausted(
                    f"{message} (gave up after {attempt} attempts)",
                    status=failure.status,
                    code=failure.code,
                )
            self._sleep(failure.wait if failure.wait is not None else self.policy.delay(attempt))

    def pause(self, attempt: int, error: AmbiguousWrite | None = None) -> None:
        """Back off before checking on (or repeating) an ambiguous write.

        After a timeout Notion may still be carrying the write out; waiting as long
        again (at most 30 s) lets a slow write land before we look for it, so the
        look-up does not miss it and create a second row.
        """
        delay = self.policy.delay(attempt)
        if error is not None and error.timed_out:
            delay = max(delay, min(self.timeout, _MAX_SETTLE))
        self._sleep(delay)

    def _classify(self, error: Exception) -> _Failure | None:
        if isinstance(error, HTTPResponseError):
            status = int(error.status)
            code = str(getattr(error.code, "value", error.code))
            text = f"{status} {code}: {error}"
            if status in _RATE_STATUSES:
                wait = _retry_after(error.headers, self.policy.max_retry_after)
                return _Failure(text, wait=wait, status=status, code=code)
            if status in _RETRY_STATUSES or status >= 500:
                return _Failure(
                    text, ambiguous=status not in _UNAMBIGUOUS_STATUSES, status=status, code=code
                )
            return _Failure(text, fatal=True, status=status, code=code)
        if isinstance(error, RequestTimeoutError):
            return _Failure("no answer from Notion in time", ambiguous=True, timed_out=True)
        if isinstance(error, (httpx.UnsupportedProtocol, httpx.InvalidURL)):
            return _Failure(f"the Notion address is not a usable URL ({error})", fatal=True)
        if isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout)):
            # The request never left: safe to repeat even for a create.
            return _Failure(f"cannot connect to Notion ({type(error).__name__})")
        if isinstance(error, httpx.TransportError):
            return _Failure(f"connection to Notion lost ({type(error).__name__})", ambiguous=True)
        if isinstance(error, ValueError):  # a 200 whose body is not JSON: cut short
            return _Failure("unreadable answer from Notion", ambiguous=True)
        return None

    def _scrub(self, text: str) -> str:
        return text.replace(self._secret, "[token]") if self._secret else text

    # ------------------------------------------------------------------ endpoints

    def bot_id(self) -> str | None:
        """The integration's own user id (it marks the blocks we created)."""
        me = self.call("identify integration", self._client.users.me)
        return str(me.get("id") or "") or None

    def retrieve_database(self, database_id: str) -> JSONDict:
        return self.call("retrieve database", partial(self._client.databases.retrieve, database_id))

    def retrieve_data_source(self, data_source_id: str) -> JSONDict:
        return self.call(
            "retrieve data source", partial(self._client.data_sources.retrieve, data_source_id)
        )

    def _pages(self, what: str, endpoint: Callable[..., object], **body: Any) -> Iterator[JSONDict]:
        """Every result of a paginated endpoint, 100 per request, each request paced."""

        def one(**page: Any) -> JSONDict:
            return self.call(what, partial(endpoint, **page))

        return iterate_paginated_api(one, page_size=PAGE_SIZE, **body)

    def query(
        self, data_source_id: str, *, filter: JSONDict | None = None, in_trash: bool = False
    ) -> Iterator[JSONDict]:
        """Every page of the data source (matching `filter`), oldest first.

        With `in_trash`, rows in Notion's trash come too (each says ``in_trash``).
        """
        body: JSONDict = {"sorts": [{"timestamp": "created_time", "direction": "ascending"}]}
        if filter is not None:
            body["filter"] = filter
        if in_trash:
            body["in_trash"] = True
        endpoint = self._client.data_sources.query
        return self._pages("query data source", endpoint, data_source_id=data_source_id, **body)

    def list_children(self, block_id: str) -> list[JSONDict]:
        """All top-level child blocks of a page or block, in order."""
        endpoint = self._client.blocks.children.list
        return list(self._pages("list blocks", endpoint, block_id=block_id))

    def trash_page(self, page_id: str, trashed: bool = True) -> JSONDict:
        return self.call(
            "trash page" if trashed else "restore page",
            partial(self._client.pages.update, page_id, in_trash=trashed),
        )

    def create_page(self, body: JSONDict) -> JSONDict:
        """Create a page. Not idempotent: may raise AmbiguousWrite."""
        return self.call(
            "create page", partial(self._client.pages.create, **body), idempotent=False
        )

    def update_page(self, page_id: str, properties: JSONDict) -> JSONDict:
        return self.call(
            "update page", partial(self._client.pages.update, page_id, properties=properties)
        )

    def append_children(
        self, block_id: str, children: list[JSONDict], after: str | None = None
    ) -> list[JSONDict]:
        """Append blocks (after `after` if given). Not idempotent: may raise AmbiguousWrite."""
        kwargs: JSONDict = {"children": children}
        if after and self.api_version == _NEW_VERSION:
            kwargs["position"] = {"type": "after_block", "after_block": {"id": after}}
        elif after:
            kwargs["after"] = after
        response = self.call(
            "append blocks",
            partial(self._client.blocks.children.append, block_id, **kwargs),
            idempotent=False,
        )
        results: list[JSONDict] = response.get("results", [])
        return results

    def update_block(self, block_id: str, payload: JSONDict) -> JSONDict:
        return self.call("update block", partial(self._client.blocks.update, block_id, **payload))

    def delete_block(self, block_id: str) -> None:
        """Move a block to the trash; one already gone counts as done (a retried delete)."""
        try:
            self.call("delete block", partial(self._client.blocks.delete, block_id))
        except FatalRequestError as error:
            if error.status == 404 or (error.status == 400 and "archived" in str(error)):
                return
            raise

    def update_data_source(self, data_source_id: str, properties: JSONDict) -> JSONDict:
        return self.call(
            "update data source",
            partial(self._client.data_sources.update, data_source_id, properties=properties),
        )

    def create_database(self, body: JSONDict) -> JSONDict:
        return self.call(
            "create database", partial(self._client.databases.create, **body), idempotent=False
        )

    def list_views(self, database_id: str) -> list[JSONDict]:
        """References (``{"object": "view", "id"}``) to the database's own views.

        By database, not data source: a data source's list also holds the linked views
        readers placed on other pages, which are theirs.
        """
        return list(self._pages("list views", self._client.views.list, database_id=database_id))

    def retrieve_view(self, view_id: str) -> JSONDict:
        return self.call("retrieve view", partial(self._client.views.retrieve, view_id))

    def update_view(self, view_id: str, configuration: JSONDict) -> JSONDict:
        """Replace a view's configuration (idempotent: the same body twice is one change)."""
        return self.call(
            "update view",
            partial(self._client.views.update, view_id, configuration=configuration),
        )


def _clean_base_url(url: str) -> str:
    """``https://host/`` or ``https://host/v1`` → ``https://host`` (the client adds /v1/)."""
    cleaned = url.strip().rstrip("/")
    if cleaned.endswith("/v1"):
        cleaned = cleaned[: -len("/v1")]
    return cleaned
