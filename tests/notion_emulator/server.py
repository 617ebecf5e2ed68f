"""HTTP front of the Notion emulator: routing, auth, rate limiting, fault injection, request log.

Standard library only (``http.server.ThreadingHTTPServer`` + ``json``). The API lives under
``/v1`` and behaves like ``https://api.notion.com/v1`` with ``Notion-Version: 2025-09-03``;
inspection and "human in the Notion UI" controls live under ``/_emulator`` (no auth, never
logged, never rate limited or faulted).
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import random
import re
import socket
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, fields
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

from .content import check_body_size
from .errors import NotionAPIError, body_invalid
from .state import NotionState, normalize_id
from .views import REFUSALS, refusal

JSONDict = dict[str, Any]

DEFAULT_TOKEN: Final = "secret_test_token"
#: The API versions the emulator speaks. 2026-03-11 drops the legacy ``after`` (append
#: children: ``position`` instead) and ``archived`` (``in_trash`` instead) from requests and
#: responses (https://developers.notion.com/reference/changes-by-version).
API_VERSIONS: Final = ("2025-09-03", "2026-03-11")
NEW_VERSION: Final = "2026-03-11"
MAX_BODY_BYTES: Final = 500_000
QUERY_ROUTE: Final = "POST /v1/data_sources/{id}/query"
# POST routes that only read.
READ_POSTS: Final = frozenset({QUERY_ROUTE, "POST /v1/search"})
FAULT_KINDS: Final = ("429", "500", "502", "503", "529", "ambiguous", "drop")

_ERRORS: Final[dict[str, tuple[int, str, str]]] = {
    "429": (429, "rate_limited", "You have been rate limited. Please try again in a few minutes."),
    "500": (500, "internal_server_error", "Unexpected error occurred."),
    "502": (502, "bad_gateway", "Bad gateway: the upstream server did not answer."),
    "503": (503, "service_unavailable", "Notion is unavailable, please try again later."),
    "529": (529, "service_overload", "Notion's servers are overloaded, please try again later."),
}
#: What `NotionEmulator.refuse_after` answers: not a fault a client may retry.
_REFUSED: Final = (
    403,
    "restricted_resource",
    "API token does not have access to this resource.",
)


@dataclass
class FaultConfig:
    """Injected faults. Rates are probabilities per API request (0.0 - 1.0).

    The kinds ``429``, ``500``, ``502``, ``503``, ``529``, ``ambiguous`` and ``drop`` are mutually
    exclusive (their rates must sum to ≤ 1); ``slow`` is drawn independently and combines with
    them. Every ``/v1`` request that passes auth draws exactly two numbers from
    ``random.Random(seed)``, so a seed plus a request sequence always gives the same faults.

    * ``429`` / ``500`` / ``502`` / ``503`` / ``529``: answered with that error, nothing applied
      (429 and 529 carry ``Retry-After: retry_after``).
    * ``ambiguous``: writes only. The write IS applied, then the client gets a 500 — or, with
      ``ambiguous_timeout``, the server sleeps ``ambiguous_timeout_seconds`` and drops the
      connection (set the client's timeout below that). Reads drawing it are served normally.
    * ``drop``: the connection is closed without any response; nothing applied.
    * ``slow``: the request sleeps ``slow_seconds`` before being handled (if the client times
      out meanwhile, a write is still applied afterwards, like the real thing).
    * ``only_writes``: faults apply only to writes (not GET, not query/search POSTs).
    """

    rate_429: float = 0.0
    rate_500: float = 0.0
    rate_502: float = 0.0
    rate_503: float = 0.0
    rate_529: float = 0.0
    rate_ambiguous: float = 0.0
    rate_drop: float = 0.0
    rate_slow: float = 0.0
    slow_seconds: float = 0.5
    retry_after: int = 1
    ambiguous_timeout: bool = False
    ambiguous_timeout_seconds: float = 1.0
    only_writes: bool = False

    @classmethod
    def sync_stress(cls) -> FaultConfig:
        """The [notion-sync] issue's mix: ~10% 429, 5% 500/503, 3% 529, 5% ambiguous, 1% drops.

        ``Retry-After: 0`` keeps stress runs fast; pacing is measured separately.
        """
        return cls(
            rate_429=0.10,
            rate_500=0.025,
            rate_503=0.025,
            rate_529=0.03,
            rate_ambiguous=0.05,
            rate_drop=0.01,
            retry_after=0,
        )

    def __post_init__(self) -> None:
        for name in ("rate_429", "rate_500", "rate_502", "rate_503", "rate_529"):
            self._check_rate(name)
        for name in ("rate_ambiguous", "rate_drop", "rate_slow"):
            self._check_rate(name)
        if sum(self.exclusive_rates().values()) > 1.0 + 1e-9:
            raise ValueError("FaultConfig: exclusive fault rates sum to more than 1")
        if self.retry_after < 0 or self.slow_seconds < 0 or self.ambiguous_timeout_seconds < 0:
            raise ValueError("FaultConfig: durations must be ≥ 0")

    def _check_rate(self, name: str) -> None:
        value = getattr(self, name)
        if not 0.0 <= float(value) <= 1.0:
            raise ValueError(f"FaultConfig.{name} must be within [0, 1], got {value!r}")

    def exclusive_rates(self) -> dict[str, float]:
        return {
            "429": self.rate_429,
            "500": self.rate_500,
            "502": self.rate_502,
            "503": self.rate_503,
            "529": self.rate_529,
            "ambiguous": self.rate_ambiguous,
            "drop": self.rate_drop,
        }

    def to_dict(self) -> JSONDict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: JSONDict) -> FaultConfig:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown FaultConfig fields: {sorted(unknown)}")
        return cls(**data)


@dataclass
class RequestRecord:
    """One ``/v1`` request as the emulator saw it (the Authorization header is never kept)."""

    seq: int
    time: float
    method: str
    path: str
    route: str
    status: int = 0  # 0 = no HTTP response (dropped connection / ambiguous timeout)
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    query: dict[str, list[str]] = field(default_factory=dict)
    write: bool = False
    applied: bool = False  # the request changed state
    fault: str | None = None  # "429", "500", ..., "ambiguous", "drop", "slow", "rate_limit"
    code: str | None = None  # Notion error code of the response, if any
    object_id: str | None = None  # id of the object returned/created, if any
    duration: float = 0.0

    def to_dict(self) -> JSONDict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: JSONDict) -> RequestRecord:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


def count_records(
    records: Iterable[RequestRecord],
    method: str | None = None,
    route: str | None = None,
    status: int | None = None,
) -> int:
    """Count records; ``route`` may be ``"POST /v1/pages"`` or just ``"/v1/pages"``."""
    total = 0
    for record in records:
        if method is not None and record.method != method.upper():
            continue
        if route is not None:
            if " " in route:
                if record.route != route:
                    continue
            elif record.route.split(" ", 1)[-1] != route:
                continue
        if status is not None and record.status != status:
            continue
        total += 1
    return total


def count_writes(
    records: Iterable[RequestRecord], status: int | None = None, applied: bool | None = None
) -> int:
    """Count writing requests, shared by the in-process emulator and the HTTP handle."""
    return sum(
        1
        for r in records
        if r.write
        and (status is None or r.status == status)
        and (applied is None or r.applied == applied)
    )


def is_write_route(method: str, route: str) -> bool:
    return method != "GET" and route not in READ_POSTS


@dataclass(frozen=True)
class _Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    action: str


def _route(method: str, path: str, action: str) -> _Route:
    regex = "^" + re.escape(path).replace(r"\{id\}", "(?P<id>[^/]+)") + "$"
    return _Route(method, f"{method} {path}", re.compile(regex), action)


ROUTES: Final = (
    _route("GET", "/v1/users/me", "users_me"),
    _route("POST", "/v1/search", "search"),
    _route("POST", "/v1/databases", "create_database"),
    _route("GET", "/v1/databases/{id}", "retrieve_database"),
    _route("PATCH", "/v1/databases/{id}", "update_database"),
    _route("POST", "/v1/data_sources", "create_data_source"),
    _route("GET", "/v1/data_sources/{id}", "retrieve_data_source"),
    _route("PATCH", "/v1/data_sources/{id}", "update_data_source"),
    _route("POST", "/v1/data_sources/{id}/query", "query_data_source"),
    _route("POST", "/v1/pages", "create_page"),
    _route("GET", "/v1/pages/{id}", "retrieve_page"),
    _route("PATCH", "/v1/pages/{id}", "update_page"),
    _route("GET", "/v1/blocks/{id}/children", "list_children"),
    _route("PATCH", "/v1/blocks/{id}/children", "append_children"),
    _route("GET", "/v1/blocks/{id}", "retrieve_block"),
    _route("PATCH", "/v1/blocks/{id}", "update_block"),
    _route("DELETE", "/v1/blocks/{id}", "delete_block"),
    _route("GET", "/v1/views", "list_views"),
    _route("GET", "/v1/views/{id}", "retrieve_view"),
    _route("PATCH", "/v1/views/{id}", "update_view"),
)

_ID_NAMES: Final = {
    "databases": "database_id",
    "data_sources": "data_source_id",
    "pages": "page_id",
    "blocks": "block_id",
    "views": "view_id",
}


def _first(query: dict[str, list[str]], key: str) -> str | None:
    values = query.get(key)
    return values[0] if values else None


class TokenBucket:
    """``rate`` requests per second on average, bursts up to ``capacity``."""

    def __init__(self, rate: float, capacity: float | None = None) -> None:
        if rate <= 0:
            raise ValueError("rate limit must be > 0 requests per second")
        self.rate = rate
        self.capacity = capacity if capacity is not None else max(1.0, rate)
        self.tokens = self.capacity
        self.last = time.monotonic()

    def take(self) -> float | None:
        """Take a token; return None if allowed, else seconds until one is available."""
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return None
        return (1.0 - self.tokens) / self.rate


@dataclass
class _Outcome:
    status: int = 200
    payload: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    drop: bool = False


def _error_outcome(error: NotionAPIError, request_id: str) -> _Outcome:
    payload = json.dumps(error.body(request_id)).encode()
    return _Outcome(error.status, payload, dict(error.headers))


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], emulator: NotionEmulator) -> None:
        self.emulator = emulator
        self._conns: set[socket.socket] = set()
        self._conns_lock = threading.Lock()
        super().__init__(address, _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._conns_lock:
            self._conns.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._conns_lock:
            self._conns.discard(request)
        super().shutdown_request(request)

    def close_connections(self) -> None:
        with self._conns_lock:
            conns = list(self._conns)
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        return

    def _serve(self) -> None:
        emulator = self.server.emulator
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length > 0 else b""
        if emulator.stopped:
            self._drop()
            return
        headers = dict(self.headers.items())
        if urlsplit(self.path).path.startswith("/_emulator/"):
            outcome = emulator.handle_control(self.command, self.path, raw)
        else:
            outcome = emulator.handle_api(self.command, self.path, headers, raw)
        if outcome.drop:
            self._drop()
            return
        try:
            phrase = HTTPStatus(outcome.status).phrase
        except ValueError:
            phrase = "Site is overloaded" if outcome.status == 529 else "Unknown"
        head = [
            f"HTTP/1.1 {outcome.status} {phrase}",
            f"Date: {self.date_time_string(time.time() + emulator.state.clock.offset)}",
            "Content-Type: application/json; charset=utf-8",
            f"Content-Length: {len(outcome.payload)}",
            *(f"{key}: {value}" for key, value in outcome.headers.items()),
        ]
        # Status line, headers and body in one send(): split writes cost a round trip.
        self.wfile.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + outcome.payload)

    def _drop(self) -> None:
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)

    do_GET = _serve
    do_POST = _serve
    do_PATCH = _serve
    do_DELETE = _serve
    do_PUT = _serve


class NotionEmulator:
    """A stateful Notion API (2025-09-03) on 127.0.0.1, for tests.

    >>> with NotionEmulator() as emu:
    ...     client = notion_client.Client(auth=emu.token, base_url=emu.base_url)
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        rate_limit: float | None = None,
        faults: FaultConfig | None = None,
        seed: int = 0,
        host: str = "127.0.0.1",
        port: int = 0,
        rate_limit_burst: float | None = None,
        timestamp_granularity: float = 60.0,
        max_body_bytes: int = MAX_BODY_BYTES,
    ) -> None:
        self.token = token
        self.seed = seed
        self.host = host
        self.port = port
        self.max_body_bytes = max_body_bytes
        self.state = NotionState(seed=seed, timestamp_granularity=timestamp_granularity)
        self._lock = threading.RLock()
        self._faults = faults or FaultConfig()
        self._fault_rng = random.Random(seed)
        self._rate_limit_burst = rate_limit_burst
        self._rate_limit: float | None = None
        self._bucket: TokenBucket | None = None
        self.rate_limit = rate_limit
        self._log: list[RequestRecord] = []
        self._refusals: dict[str, int] = {}
        #: When set (400, 403 or 404), every ``/v1/views`` request gets that refusal.
        self._views_refusal: int | None = None
        self._seq = 0
        self._request_rng = random.Random(f"notion-emulator-requests-{seed}")
        self.internal_errors: list[str] = []
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.stopped = False

    # ------------------------------------------------------------ lifecycle
    def start(self) -> str:
        if self._server is not None:
            return self.base_url
        self.stopped = False
        self._server = _Server((self.host, self.port), self)
        self.port = int(self._server.server_address[1])
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.01},
            name=f"notion-emulator-{self.port}",
            daemon=True,
        )
        self._thread.start()
        return self.base_url

    def stop(self) -> None:
        server, thread = self._server, self._thread
        if server is None:
            return
        self.stopped = True
        server.shutdown()
        server.close_connections()
        server.server_close()
        if thread is not None:
            thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> NotionEmulator:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("NotionEmulator is not started")
        return f"http://{self.host}:{self.port}"

    @property
    def root_page_id(self) -> str:
        return self.state.root_page_id

    # ------------------------------------------------------- configuration
    @property
    def faults(self) -> FaultConfig:
        return self._faults

    @faults.setter
    def faults(self, value: FaultConfig | None) -> None:
        with self._lock:
            self._faults = value or FaultConfig()

    @property
    def rate_limit(self) -> float | None:
        return self._rate_limit

    @rate_limit.setter
    def rate_limit(self, value: float | None) -> None:
        with self._lock:
            self._rate_limit = value
            self._bucket = TokenBucket(value, self._rate_limit_burst) if value else None

    def reseed(self, seed: int) -> None:
        """Restart the fault random sequence (ids are unaffected)."""
        with self._lock:
            self._fault_rng = random.Random(seed)

    @property
    def query_lag(self) -> float:
        """Seconds a new page stays out of query results (real Notion's eventual consistency)."""
        return self.state.query_lag

    @query_lag.setter
    def query_lag(self, seconds: float) -> None:
        self.state.query_lag = float(seconds)

    @property
    def shuffle_ties(self) -> int | None:
        """A seed: rows that sort equal come back in an order drawn from it (None: creation)."""
        return self.state.shuffle_ties

    @shuffle_ties.setter
    def shuffle_ties(self, seed: int | None) -> None:
        self.state.shuffle_ties = seed

    @property
    def blocks_left(self) -> int | None:
        """Blocks the workspace may still create (a page counts as one); None: no limit."""
        return self.state.blocks_left

    @blocks_left.setter
    def blocks_left(self, count: int | None) -> None:
        self.state.blocks_left = count

    def advance_clock(self, seconds: float) -> None:
        """Move the emulator's clock (created/last_edited times) forward."""
        self.state.clock.offset += seconds

    def refuse_after(self, route: str, count: int) -> None:
        """Answer `route` (e.g. ``GET /v1/blocks/{id}/children``) normally `count` more
        times, then with 403 ``restricted_resource``, an error no client retries: a run
        cut short at a chosen point, the same on every machine."""
        with self._lock:
            self._refusals[route] = count

    @property
    def views_refusal(self) -> int | None:
        """The status every Views API request is refused with (None: views work).

        400 is an API version or integration without the endpoint, 403 one without the
        capability, 404 views Notion will not show; requests are still logged.
        """
        return self._views_refusal

    @views_refusal.setter
    def views_refusal(self, status: int | None) -> None:
        if status is not None and status not in REFUSALS:
            raise ValueError(f"views_refusal must be one of {sorted(REFUSALS)} or None")
        with self._lock:
            self._views_refusal = status

    # ----------------------------------------------------------- inspection
    @property
    def requests(self) -> list[RequestRecord]:
        with self._lock:
            return list(self._log)

    def count(
        self, method: str | None = None, route: str | None = None, status: int | None = None
    ) -> int:
        return count_records(self.requests, method, route, status)

    def write_count(self, *, status: int | None = None, applied: bool | None = None) -> int:
        """Requests that write (not GET, not query/search POSTs), optionally filtered."""
        return count_writes(self.requests, status, applied)

    def clear_log(self) -> None:
        with self._lock:
            self._log.clear()

    def pages_in(self, data_source_id: str, include_trashed: bool = False) -> list[JSONDict]:
        ds_id = normalize_id(data_source_id)
        with self.state.lock:
            self.state.retrieve_data_source(ds_id)
            pages = [
                p
                for p in self.state.pages.values()
                if p["parent"].get("data_source_id") == ds_id
                and (include_trashed or not p["in_trash"])
            ]
            pages.sort(key=lambda p: self.state.seq[p["id"]])
            return copy.deepcopy(pages)

    def page(self, page_id: str) -> JSONDict:
        with self.state.lock:
            return copy.deepcopy(self.state.retrieve_page(normalize_id(page_id)))

    def children_of(self, block_or_page_id: str, include_trashed: bool = False) -> list[JSONDict]:
        parent_id = normalize_id(block_or_page_id)
        with self.state.lock:
            ids = self.state.children.get(parent_id)
            if ids is None:
                raise KeyError(f"no page or block {parent_id}")
            return copy.deepcopy(
                [
                    self.state.render_child(c)
                    for c in ids
                    if include_trashed or not self.state.is_trashed(c)
                ]
            )

    def database_for_data_source(self, data_source_id: str) -> JSONDict:
        with self.state.lock:
            return copy.deepcopy(self.state.database_of(normalize_id(data_source_id)))

    def data_source(self, data_source_id: str) -> JSONDict:
        with self.state.lock:
            return copy.deepcopy(self.state.retrieve_data_source(normalize_id(data_source_id)))

    def dump_state(self) -> JSONDict:
        return self.state.dump()

    def views_of(self, database_id: str) -> list[JSONDict]:
        """The database's views as ``GET /v1/views/{id}`` returns them, in creation order."""
        db_id = normalize_id(database_id)
        with self.state.lock:
            self.state.retrieve_database(db_id)
            return [
                self.state.views.render(view_id)
                for view_id, view in self.state.views.views.items()
                if view["parent"]["database_id"] == db_id
            ]

    # -------------------------------------------------- human (UI) helpers
    def human_set_select(self, page_id: str, prop: str, option_name: str | None) -> JSONDict:
        return copy.deepcopy(self.state.human_set_select(normalize_id(page_id), prop, option_name))

    def human_set_property(self, page_id: str, prop: str, value_json: JSONDict) -> JSONDict:
        return copy.deepcopy(self.state.human_set_property(normalize_id(page_id), prop, value_json))

    def human_tick(self, block_id: str, checked: bool = True) -> JSONDict:
        return copy.deepcopy(self.state.human_tick(normalize_id(block_id), checked))

    def human_rename(self, page_id: str, new_title: str) -> JSONDict:
        return copy.deepcopy(self.state.human_rename(normalize_id(page_id), new_title))

    def human_trash(self, page_id: str, trashed: bool = True) -> JSONDict:
        return copy.deepcopy(self.state.human_trash(normalize_id(page_id), trashed))

    def human_restore(self, page_id: str) -> JSONDict:
        return self.human_trash(page_id, trashed=False)

    def human_edit_text(self, block_id: str, text: str) -> JSONDict:
        return copy.deepcopy(self.state.human_edit_text(normalize_id(block_id), text))

    def human_delete_block(self, block_id: str) -> JSONDict:
        return copy.deepcopy(self.state.human_delete_block(normalize_id(block_id)))

    def human_add_page(
        self, data_source_id: str, properties: JSONDict, children: list[JSONDict] | None = None
    ) -> JSONDict:
        return copy.deepcopy(
            self.state.human_add_page(normalize_id(data_source_id), properties, children)
        )

    def human_add_blocks(self, parent_id: str, children: list[JSONDict]) -> list[JSONDict]:
        result = self.state.human_add_blocks(normalize_id(parent_id), children)
        return copy.deepcopy(list(result["results"]))

    def human_create_database(
        self, title: str, properties: JSONDict, parent_page_id: str | None = None
    ) -> JSONDict:
        parent = normalize_id(parent_page_id) if parent_page_id else None
        return copy.deepcopy(self.state.human_create_database(title, properties, parent))

    def human_set_view_property(self, view_id: str, prop: str, visible: bool) -> JSONDict:
        """Show or hide `prop` (name or id) in a view, as the reader does in its menu."""
        with self.state.lock:
            return self.state.views.set_visible(
                normalize_id(view_id), prop, visible, self.state.human_user
            )

    def human_add_view(self, database_id: str, view_type: str, name: str) -> JSONDict:
        """A view the reader adds to the database (over its first data source)."""
        with self.state.lock:
            database = self.state.retrieve_database(normalize_id(database_id))
            return self.state.views.add(
                database["id"],
                database["data_sources"][0]["id"],
                self.state.human_user,
                view_type=view_type,
                name=name,
            )

    # --------------------------------------------------------- the API
    def _new_record(self, method: str, path: str, route: str) -> RequestRecord:
        with self._lock:
            self._seq += 1
            return RequestRecord(
                seq=self._seq, time=time.time(), method=method, path=path, route=route
            )

    def _request_id(self) -> str:
        with self._lock:
            return f"{self._request_rng.getrandbits(128):032x}"

    def _refused(self, route: str) -> bool:
        with self._lock:
            left = self._refusals.get(route)
            if left is None:
                return False
            if left > 0:
                self._refusals[route] = left - 1
                return False
            return True

    def _draw_fault(self, is_write: bool) -> tuple[str | None, bool, FaultConfig]:
        with self._lock:
            faults = self._faults
            u_kind = self._fault_rng.random()
            u_slow = self._fault_rng.random()
        if faults.only_writes and not is_write:
            return None, False, faults
        kind: str | None = None
        threshold = 0.0
        for name, rate in faults.exclusive_rates().items():
            threshold += rate
            if rate > 0 and u_kind < threshold:
                kind = name
                break
        return kind, u_slow < faults.rate_slow, faults

    def _rate_limited(self) -> float | None:
        with self._lock:
            return self._bucket.take() if self._bucket is not None else None

    def handle_api(self, method: str, target: str, headers: dict[str, str], raw: bytes) -> _Outcome:
        started = time.monotonic()
        split = urlsplit(target)
        path = split.path.rstrip("/") or "/"
        query = parse_qs(split.query, keep_blank_values=True)
        route: _Route | None = None
        object_id: str | None = None
        for candidate in ROUTES:
            match = candidate.pattern.match(path)
            if match and candidate.method == method:
                route = candidate
                object_id = match.groupdict().get("id")
                break
        template = route.template if route else f"{method} <unknown>"
        record = self._new_record(method, path, template)
        record.query = query
        record.write = is_write_route(method, template)
        record.headers = {k: v for k, v in headers.items() if k.lower() != "authorization"}
        body: Any = None
        json_error = False
        if raw:
            try:
                body = json.loads(raw)
            except (ValueError, UnicodeDecodeError):
                json_error = True
        record.body = body
        request_id = self._request_id()
        try:
            outcome = self._process(
                record, route, object_id, query, body, raw, json_error, headers, request_id
            )
        except Exception:  # an emulator bug: answer 500 and keep the traceback
            self.internal_errors.append(traceback.format_exc())
            record.fault = record.fault or "emulator_bug"
            outcome = _error_outcome(
                NotionAPIError(500, "internal_server_error", "Emulator bug."), request_id
            )
        if not outcome.drop:
            record.status = outcome.status
        record.duration = time.monotonic() - started
        return outcome

    def _log_record(self, record: RequestRecord) -> None:
        with self._lock:
            self._log.append(record)

    def _process(
        self,
        record: RequestRecord,
        route: _Route | None,
        object_id: str | None,
        query: dict[str, list[str]],
        body: Any,
        raw: bytes,
        json_error: bool,
        headers: dict[str, str],
        request_id: str,
    ) -> _Outcome:
        self._log_record(record)

        def fail(error: NotionAPIError) -> _Outcome:
            record.code = error.code
            return _error_outcome(error, request_id)

        lower = {k.lower(): v for k, v in headers.items()}
        if lower.get("authorization") != f"Bearer {self.token}":
            return fail(NotionAPIError(401, "unauthorized", "API token is invalid."))
        if not lower.get("notion-version"):
            return fail(
                NotionAPIError(
                    400,
                    "missing_version",
                    "Notion-Version header failed validation: Notion-Version header should be "
                    "defined, instead was `undefined`.",
                )
            )
        version = lower["notion-version"].strip()
        if version not in API_VERSIONS:
            return fail(
                NotionAPIError(
                    400,
                    "validation_error",
                    f"Notion-Version header failed validation: `{version}` is not one of "
                    f"{', '.join(API_VERSIONS)} (the versions this emulator speaks).",
                )
            )
        if version == NEW_VERSION and isinstance(body, dict):
            legacy = _legacy_field(route, body)
            if legacy is not None:
                return fail(legacy)
        if self._refused(record.route):
            return fail(NotionAPIError(*_REFUSED))
        views_refusal = self._views_refusal
        if views_refusal is not None and record.path.startswith("/v1/views"):
            return fail(refusal(views_refusal))
        kind, slow, faults = self._draw_fault(record.write)
        wait = self._rate_limited()
        if wait is not None:
            record.fault = "rate_limit"
            error = NotionAPIError(*_ERRORS["429"])
            error.headers["Retry-After"] = str(max(1, math.ceil(wait)))
            return fail(error)
        if kind in _ERRORS:
            record.fault = kind
            error = NotionAPIError(*_ERRORS[str(kind)])
            if kind in ("429", "529"):  # Notion asks overloaded clients to back off too
                error.headers["Retry-After"] = str(faults.retry_after)
            return fail(error)
        if kind == "drop":
            record.fault = "drop"
            return _Outcome(drop=True)
        if slow:
            record.fault = "slow"
            time.sleep(faults.slow_seconds)
        if route is None:
            known_path = any(r.pattern.match(record.path) for r in ROUTES)
            if known_path:
                return fail(
                    NotionAPIError(
                        400,
                        "invalid_request",
                        f"Unsupported request: {record.method} {record.path}.",
                    )
                )
            return fail(NotionAPIError(400, "invalid_request_url", "Invalid request URL."))
        too_big = check_body_size(len(raw), self.max_body_bytes)
        if too_big is not None:
            return fail(too_big)
        if json_error:
            return fail(NotionAPIError(400, "invalid_json", "Error parsing JSON body."))
        if body is None:
            body = {}
        if not isinstance(body, dict):
            return fail(body_invalid("body", "should be an object", body))
        try:
            with self.state.lock:
                result = self._dispatch(route, object_id, query, body)
                payload_obj: JSONDict = {**result, "request_id": request_id}
                if version == NEW_VERSION:
                    payload_obj = _without_archived(payload_obj)
                payload = json.dumps(payload_obj).encode()
        except NotionAPIError as error:
            return fail(error)
        record.object_id = result.get("id") if isinstance(result.get("id"), str) else None
        record.applied = record.write
        if kind == "ambiguous" and record.write:
            record.fault = "ambiguous"
            if faults.ambiguous_timeout:
                time.sleep(faults.ambiguous_timeout_seconds)
                return _Outcome(drop=True)
            return fail(NotionAPIError(*_ERRORS["500"]))
        return _Outcome(200, payload)

    def _dispatch(
        self, route: _Route, raw_id: str | None, query: dict[str, list[str]], body: JSONDict
    ) -> JSONDict:
        state = self.state
        bot = state.bot_user
        object_id = ""
        if raw_id is not None:
            collection = route.template.split("/")[2]
            object_id = normalize_id(raw_id, _ID_NAMES[collection])
        filter_props = query.get("filter_properties") or None
        actions: dict[str, Callable[[], JSONDict]] = {
            "users_me": state.bot_user_object,
            "search": lambda: state.search(body),
            "create_database": lambda: state.create_database(body, bot),
            "retrieve_database": lambda: state.retrieve_database(object_id),
            "update_database": lambda: state.update_database(object_id, body, bot),
            "create_data_source": lambda: state.create_data_source(body, bot),
            "retrieve_data_source": lambda: state.retrieve_data_source(object_id),
            "update_data_source": lambda: state.update_data_source(object_id, body, bot),
            "query_data_source": lambda: state.query_data_source(object_id, body, filter_props),
            "create_page": lambda: state.create_page(body, bot),
            "retrieve_page": lambda: state.retrieve_page(object_id, filter_props),
            "update_page": lambda: state.update_page(object_id, body, bot),
            "list_children": lambda: state.list_children(
                object_id, _first(query, "start_cursor"), _first(query, "page_size")
            ),
            "append_children": lambda: state.append_children(object_id, body, bot),
            "retrieve_block": lambda: state.retrieve_block(object_id),
            "update_block": lambda: state.update_block(object_id, body, bot),
            "delete_block": lambda: state.delete_block(object_id, bot),
            "list_views": lambda: state.list_views(query),
            "retrieve_view": lambda: state.retrieve_view(object_id),
            "update_view": lambda: state.update_view(object_id, body, bot),
        }
        return actions[route.action]()

    # ------------------------------------------------------ control plane
    def handle_control(self, method: str, target: str, raw: bytes) -> _Outcome:
        split = urlsplit(target)
        action = split.path[len("/_emulator/") :].strip("/")
        params = {k: v[0] for k, v in parse_qs(split.query).items()}
        try:
            body: Any = json.loads(raw) if raw else {}
            if not isinstance(body, dict):
                raise ValueError("control body must be a JSON object")
            result = self._control(method, action, params, body)
            return _Outcome(200, json.dumps(result).encode())
        except NotionAPIError as error:
            return _error_outcome(error, "control")
        except (ValueError, KeyError, TypeError) as error:
            payload = {
                "object": "error",
                "status": 400,
                "code": "emulator_control",
                "message": str(error),
            }
            return _Outcome(400, json.dumps(payload).encode())

    def _control(self, method: str, action: str, params: dict[str, str], body: JSONDict) -> Any:
        if method == "GET":
            if action == "state":
                return self.dump_state()
            if action == "info":
                return {
                    "base_url": self.base_url,
                    "port": self.port,
                    "root_page_id": self.root_page_id,
                    "seed": self.seed,
                    "rate_limit": self.rate_limit,
                    "faults": self.faults.to_dict(),
                }
            if action == "requests":
                return [r.to_dict() for r in self.requests]
            if action == "pages_in":
                return self.pages_in(
                    params["data_source_id"], params.get("include_trashed", "") in ("1", "true")
                )
            if action == "children_of":
                return self.children_of(
                    params["id"], params.get("include_trashed", "") in ("1", "true")
                )
            if action == "database_for_data_source":
                return self.database_for_data_source(params["data_source_id"])
            if action == "views":
                return self.views_of(params["database_id"])
            if action == "internal_errors":
                return list(self.internal_errors)
        elif method == "POST":
            if action == "human":
                return self._human(body)
            if action == "faults":
                self.faults = FaultConfig.from_dict(body)
                return self.faults.to_dict()
            if action == "rate_limit":
                self.rate_limit = body.get("rate_limit")
                return {"rate_limit": self.rate_limit}
            if action == "reset_log":
                self.clear_log()
                return {"ok": True}
            if action == "settings":
                knobs = ("query_lag", "shuffle_ties", "blocks_left", "views_refusal")
                for key in knobs:
                    if key in body:
                        setattr(self, key, body[key])
                return {k: getattr(self, k) for k in knobs}
            if action == "advance_clock":
                self.advance_clock(float(body["seconds"]))
                return {"ok": True}
            if action == "reseed":
                self.reseed(int(body["seed"]))
                return {"ok": True}
        raise KeyError(f"unknown control endpoint {method} /_emulator/{action}")

    def _human(self, body: JSONDict) -> Any:
        action = body.get("action")
        if action == "set_select":
            return self.human_set_select(body["page_id"], body["prop"], body.get("option_name"))
        if action == "set_property":
            return self.human_set_property(body["page_id"], body["prop"], body["value"])
        if action == "tick":
            return self.human_tick(body["block_id"], bool(body.get("checked", True)))
        if action == "rename":
            return self.human_rename(body["page_id"], body["title"])
        if action == "trash":
            return self.human_trash(body["page_id"], bool(body.get("trashed", True)))
        if action == "restore":
            return self.human_restore(body["page_id"])
        if action == "edit_text":
            return self.human_edit_text(body["block_id"], body["text"])
        if action == "delete_block":
            return self.human_delete_block(body["block_id"])
        if action == "add_page":
            return self.human_add_page(
                body["data_source_id"], body["properties"], body.get("children")
            )
        if action == "add_blocks":
            return self.human_add_blocks(body["parent_id"], body["children"])
        if action == "create_database":
            return self.human_create_database(
                body["title"], body["properties"], body.get("parent_page_id")
            )
        if action == "set_view_property":
            return self.human_set_view_property(
                body["view_id"], body["prop"], bool(body.get("visible", True))
            )
        if action == "add_view":
            return self.human_add_view(body["database_id"], body["view_type"], body["name"])
        raise ValueError(f"unknown human action {action!r}")


def _legacy_field(route: _Route | None, body: JSONDict) -> NotionAPIError | None:
    """The 400 a 2026-03-11 request gets for a field that version removed."""
    if route is not None and route.action == "append_children" and "after" in body:
        return body_invalid(
            "body.after",
            "is not supported in API version 2026-03-11 (use `position`)",
            body["after"],
        )
    if "archived" in body:
        return body_invalid(
            "body.archived",
            "is not supported in API version 2026-03-11 (use `in_trash`)",
            body["archived"],
        )
    return None


def _without_archived(value: Any) -> Any:
    """An API object as 2026-03-11 returns it: no ``archived`` on any object."""
    if isinstance(value, dict):
        is_object = "object" in value
        return {
            k: _without_archived(v) for k, v in value.items() if not (is_object and k == "archived")
        }
    if isinstance(value, list):
        return [_without_archived(v) for v in value]
    return value
