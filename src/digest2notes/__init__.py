"""digest2notes: pull-request digests in, study notes out.

The public API that exporters (built-in and third-party) may use is what this
module exports, and nothing else: the model, the exporter contract, the errors,
`read_digests`, and atomic file writes for exporters that keep their promise that
an interrupted run leaves every file whole. docs/PLUGINS.md describes them.
"""

from __future__ import annotations

from .atomic import (
    atomic_create_bytes,
    atomic_create_text,
    atomic_write_bytes,
    atomic_write_text,
    is_temp_name,
)
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
from .model import Appearance, Entry, Source, Verdict
from .parsing import ReadResult, read_digests

__all__ = [
    "DEFAULT_MINUTES_SETTING",
    "NO_RESTORE",
    "Action",
    "Appearance",
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
    "is_temp_name",
    "read_digests",
]
