"""Notion exporter for digest2notes: one database row per digest entry.

Registered through the ``digest2notes.exporters`` entry point (``notion``) and a
``notion`` command group (``digest2notes notion init`` / ``upgrade``). Talks to Notion
through notion-client with ``Notion-Version: 2025-09-03`` (or 2026-03-11, by the
``api_version`` setting): rows are pages whose parent is a data source. Each row keeps
its own three-way-merge base in its ``Sync state`` property (see `base`).

Importing this package (and listing the exporter's options) loads neither
notion-client nor httpx: only `api` does, when Notion is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .exporter import NotionExporter

__all__ = ["NotionExporter"]


def __getattr__(name: str) -> Any:
    # The `notion` command group is loaded for `digest2notes --help`; the exporter and
    # everything it imports only when the exporter itself is asked for.
    if name == "NotionExporter":
        from .exporter import NotionExporter

        return NotionExporter
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
