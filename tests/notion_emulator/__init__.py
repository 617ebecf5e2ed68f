"""A stateful emulator of the Notion API (version 2025-09-03) for tests.

See ``tests/notion_emulator/README.md`` for what it covers and where each rule comes from.
"""

from .content import plain_text
from .errors import NotionAPIError
from .handle import EmulatorControlError, EmulatorHandle
from .server import (
    DEFAULT_TOKEN,
    FaultConfig,
    NotionEmulator,
    RequestRecord,
    count_records,
)
from .state import NotionState, normalize_id

__all__ = [
    "DEFAULT_TOKEN",
    "EmulatorControlError",
    "EmulatorHandle",
    "FaultConfig",
    "NotionAPIError",
    "NotionEmulator",
    "NotionState",
    "RequestRecord",
    "count_records",
    "normalize_id",
    "plain_text",
]
