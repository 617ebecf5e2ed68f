"""digest2notes: pull-request digests in, study notes out.

The public API that exporters (built-in and third-party) may use is what this
module exports; everything else is internal.
"""

from __future__ import annotations

from .atomic import (
    atomic_create_bytes,
    atomic_create_text,
    atomic_write_bytes,
    atomic_write_text,
    is_temp_name,
    write_if_changed,
)
from .batch import collector_paused
from .errors import ConfigError, Digest2NotesError, ExportError, InputError, PluginError
from .exporting import (
    DEFAULT_MINUTES_SETTING,
    NO_RESTORE,
    Action,
    Change,
    Cost,
    Exporter,
    Plan,
    Progress,
    ProgressCallback,
    ProgressSource,
    ReadCallback,
    Report,
    Restore,
    StudyItem,
    StudyStatus,
)
from .ids import entry_id
from .model import Entry, Source, Verdict
from .parallel import map_chunks
from .reader import ReadResult, read_digests

__all__ = [
    "DEFAULT_MINUTES_SETTING",
    "NO_RESTORE",
    "Action",
    "Change",
    "ConfigError",
    "Cost",
    "Digest2NotesError",
    "Entry",
    "ExportError",
    "Exporter",
    "InputError",
    "Plan",
    "PluginError",
    "Progress",
    "ProgressCallback",
    "ProgressSource",
    "ReadCallback",
    "ReadResult",
    "Report",
    "Restore",
    "Source",
    "StudyItem",
    "StudyStatus",
    "Verdict",
    "atomic_create_bytes",
    "atomic_create_text",
    "atomic_write_bytes",
    "atomic_write_text",
    "collector_paused",
    "entry_id",
    "is_temp_name",
    "map_chunks",
    "read_digests",
    "write_if_changed",
]
