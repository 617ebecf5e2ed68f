"""The Obsidian exporter: one Markdown note per digest entry, safe to re-run.

Registered as ``obsidian`` in the ``digest2notes.exporters`` entry-point group.
Modules, one job each: `exporter` (the plugin: plan, then apply), `planning` (each
entry's fate), `finder` (where our notes are), `state` (what the tool knows of each
note: where, what it last wrote, the history), `history` (what the digests said over
time), `merge` and `body` (the three-way merge of a note's properties and generated
part), `note` (what a note says), `properties` (YAML frontmatter), `markdown`
(untrusted text made inert), `filenames` (portable names), `location` (the vault and
folder), `writer` (atomic writes inside the vault), `views` (the Study queue),
`progress` (reading ticks and statuses back).
"""

from __future__ import annotations

from .exporter import ObsidianExporter

__all__ = ["ObsidianExporter"]
