"""Notion-shaped API errors raised by the emulator's state layer.

Error bodies follow https://developers.notion.com/reference/status-codes :
``{"object": "error", "status": N, "code": "...", "message": "...", "request_id": "..."}``.
Validation messages imitate the wording Notion uses
(``body failed validation: body.x.y should be ..., instead was `...`.``).
"""

from __future__ import annotations

import json
from typing import Any, Final

# Sentinel rendered as ``undefined`` in validation messages, as Notion does for missing keys.
UNDEFINED: Final = object()


class NotionAPIError(Exception):
    """An error the emulator answers with instead of a result."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers: dict[str, str] = dict(headers or {})

    def body(self, request_id: str) -> dict[str, Any]:
        return {
            "object": "error",
            "status": self.status,
            "code": self.code,
            "message": self.message,
            "request_id": request_id,
        }

    def __repr__(self) -> str:
        return f"NotionAPIError({self.status}, {self.code!r}, {self.message!r})"


def render(value: object) -> str:
    """Render a value the way Notion quotes it inside validation messages."""
    if value is UNDEFINED:
        return "undefined"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > 120:
        text = text[:117] + "..."
    return text


def validation(message: str) -> NotionAPIError:
    return NotionAPIError(400, "validation_error", message)


def body_invalid(path: str, expectation: str, value: object, where: str = "body") -> NotionAPIError:
    """``body failed validation: <path> <expectation>, instead was `<value>`.``"""
    return validation(
        f"{where} failed validation: {path} {expectation}, instead was `{render(value)}`."
    )


def too_long(path: str, limit: int, actual: int, where: str = "body") -> NotionAPIError:
    return body_invalid(f"{path}.length", f"should be ≤ `{limit}`", actual, where)


def not_found(kind: str, object_id: str) -> NotionAPIError:
    return NotionAPIError(
        404,
        "object_not_found",
        f"Could not find {kind} with ID: {object_id}. "
        "Make sure the relevant pages and databases are shared with your integration.",
    )


def archived_edit() -> NotionAPIError:
    return validation(
        "Can't edit block that is archived. You must unarchive the block before editing."
    )


#: What the emulator answers once a Free workspace is past its block limit. Notion's
#: reference (https://developers.notion.com/reference/workspace-block-limits) says such
#: writes fail while reads, edits and deletes go on; the status, code and wording here are
#: the emulator's ("Notion-like"), not quoted from Notion.
BLOCK_LIMIT_MESSAGE: Final = (
    "This workspace has reached its block limit. Upgrade to a paid plan to add more content."
)


def block_limit_reached() -> NotionAPIError:
    return NotionAPIError(403, "restricted_resource", BLOCK_LIMIT_MESSAGE)
