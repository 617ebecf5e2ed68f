"""Notion exporter for digest2notes: one database row per digest entry.

Registered through the ``digest2notes.exporters`` entry point (``notion``) and a
``notion`` command group (``digest2notes notion init``). Talks to Notion through
notion-client with ``Notion-Version: 2025-09-03`` (rows are pages whose parent is
a data source).
"""

from __future__ import annotations

from .exporter import NotionExporter

__all__ = ["NotionExporter"]
