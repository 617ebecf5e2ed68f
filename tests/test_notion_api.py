"""The Notion client wrapper against scripted HTTP answers: what is retried, how long it
waits, what counts as ambiguous, and that no message carries the token."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from digest2notes_notion.api import NotionAPI
from digest2notes_notion.errors import AmbiguousWrite, FatalRequestError, TransientExhausted
from digest2notes_notion.pacing import RetryPolicy

TOKEN = "secret_CANARY_api_token_4242"
Answer = Callable[[httpx.Request], httpx.Response]


def error(status: int, code: str, message: str = "nope", **headers: str) -> httpx.Response:
    body = {"object": "error", "status": status, "code": code, "message": message}
    return httpx.Response(status, json=body, headers=headers)


def ok(payload: dict[str, Any] | None = None) -> httpx.Response:
    return httpx.Response(200, json=payload or {"object": "page", "id": "p1"})


class Script:
    """Answers requests in order; records them and the sleeps asked for."""

    def __init__(self, *answers: httpx.Response | Exception) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []
        self.sleeps: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def sleep(self, seconds: float) -> None:
        if seconds >= 0.01:  # the pacer's microsecond waits are not retries
            self.sleeps.append(seconds)

    def api(self, attempts: int = 5) -> NotionAPI:
        return NotionAPI(
            TOKEN,
            rate=1e6,
            policy=RetryPolicy(max_attempts=attempts, backoff=0.1),
            sleep=self.sleep,
            transport=httpx.MockTransport(self),
        )


def test_requests_carry_version_and_token_header() -> None:
    script = Script(ok())
    script.api().update_page("p1", {})
    request = script.requests[0]
    assert request.headers["Notion-Version"] == "2025-09-03"
    assert request.headers["Authorization"] == f"Bearer {TOKEN}"


def test_429_and_529_wait_for_retry_after_even_on_writes() -> None:
    script = Script(
        error(429, "rate_limited", **{"Retry-After": "7"}),
        error(529, "service_overload", **{"Retry-After": "2.5"}),
        ok(),
    )
    script.api().create_page({"parent": {}})
    assert script.sleeps[:2] == [7.0, 2.5]
    assert len(script.requests) == 3


def test_retry_after_is_capped() -> None:
    script = Script(error(429, "rate_limited", **{"Retry-After": "3600"}), ok())
    script.api().update_page("p1", {})
    assert script.sleeps == [60.0]


def test_server_errors_and_drops_are_retried_with_backoff_on_idempotent_calls() -> None:
    request = httpx.Request("PATCH", "http://x")
    script = Script(
        error(500, "internal_server_error"),
        httpx.Response(502, text="<html>bad gateway</html>"),
        error(503, "service_unavailable"),
        httpx.RemoteProtocolError("Server disconnected", request=request),
        httpx.ReadTimeout("slow", request=request),
        ok(),
    )
    script.api(attempts=8).update_page("p1", {})
    assert len(script.requests) == 6
    assert len(script.sleeps) == 5
    assert script.sleeps[0] <= 0.1 < script.sleeps[-1] <= 1.6  # grows


def test_ambiguous_create_is_handed_back_not_repeated() -> None:
    request = httpx.Request("POST", "http://x")
    for failure in (
        error(500, "internal_server_error"),
        httpx.Response(504, text="gateway timeout"),
        httpx.RemoteProtocolError("Server disconnected", request=request),
        httpx.ReadTimeout("slow", request=request),
    ):
        script = Script(failure)
        with pytest.raises(AmbiguousWrite):
            script.api().create_page({"parent": {}})
        assert len(script.requests) == 1


def test_connect_errors_are_not_ambiguous() -> None:
    request = httpx.Request("POST", "http://x")
    script = Script(httpx.ConnectError("refused", request=request), ok())
    script.api().create_page({"parent": {}})
    assert len(script.requests) == 2


@pytest.mark.parametrize(
    ("status", "code"),
    [
        (400, "validation_error"),
        (401, "unauthorized"),
        (403, "restricted_resource"),
        (404, "object_not_found"),
    ],
)
def test_errors_retrying_cannot_fix_stop_at_once(status: int, code: str) -> None:
    script = Script(error(status, code, f"token {TOKEN} was echoed"))
    with pytest.raises(FatalRequestError) as caught:
        script.api().update_page("p1", {})
    assert caught.value.status == status
    assert TOKEN not in str(caught.value)
    assert len(script.requests) == 1


def test_gives_up_after_max_attempts() -> None:
    script = Script(*[error(503, "service_unavailable")] * 3)
    with pytest.raises(TransientExhausted, match="gave up after 3 attempts"):
        script.api(attempts=3).update_page("p1", {})


def test_deleting_a_block_already_gone_is_fine() -> None:
    script = Script(error(400, "validation_error", "Can't edit block that is archived."))
    script.api().delete_block("b1")
    script = Script(error(404, "object_not_found"))
    script.api().delete_block("b1")


def test_query_follows_cursors() -> None:
    pages = [
        {"object": "list", "results": [{"id": "1"}], "has_more": True, "next_cursor": "c1"},
        {"object": "list", "results": [{"id": "2"}], "has_more": False, "next_cursor": None},
    ]
    script = Script(*[ok(p) for p in pages])
    found = list(script.api().query("ds", filter={"property": "Entry ID"}))
    assert [p["id"] for p in found] == ["1", "2"]
    second = json.loads(script.requests[1].content)
    assert second["start_cursor"] == "c1" and second["page_size"] == 100


def test_repr_hides_the_token() -> None:
    api = Script().api()
    assert TOKEN not in repr(api)
