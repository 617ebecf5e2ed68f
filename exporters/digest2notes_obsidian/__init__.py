"""The Obsidian exporter: one Markdown note per digest entry, safe to re-run.

Registered as ``obsidian`` in the ``digest2notes.exporters`` entry-point group.
Modules, one job each: `filenames` (portable names), `markdown` (untrusted
text made inert), `properties` (YAML frontmatter), `note` (what a note says),
`merge` (re-export without clobbering), `vault` (finding notes, safe writes),
`views` (the Study queue), `progress` (reading ticks and statuses back),
`exporter` (the plugin class tying them together).
"""

from __future__ import annotations

from .exporter import ObsidianExporter

__all__ = ["ObsidianExporter"]
