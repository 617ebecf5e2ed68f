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
    Action,
    Change,
    Exporter,
    Plan,
    ProgressCallback,
    ProgressSource,
    Report,
    StudyItem,
    StudyStatus,
)
from .model import Appearance, Entry, Source, Verdict
from .parallel import map_chunks
from .parsing import ReadResult, entry_id, read_digests

__all__ = [
    "Action",
    "Appearance",
    "Change",
    "ConfigError",
    "Digest2NotesError",
    "Entry",
    "ExportError",
    "Exporter",
    "InputError",
    "Plan",
    "PluginError",
    "ProgressCallback",
    "ProgressSource",
    "ReadResult",
    "Report",
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
