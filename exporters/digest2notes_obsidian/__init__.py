"""The Obsidian exporter: a Markdown note per digest entry and per digest, safe to re-run.

Registered as ``obsidian`` in the ``digest2notes.exporters`` entry-point group.
Modules, one job each: `exporter` (the plugin: plan, then apply), `options` (its
command-line options, listed without importing the exporter), `planning` (each
entry's fate, then the rest in order), `works` (one note's planned work, any kind),
`applying` (carrying it out), `finder` (where our notes are), `ids` (how a note says
it is ours), `state` and `statesave` (what the tool knows of each note: where, what it
last wrote, the history), `kept` (the merge base and the note's values, as the state
keeps them), `history` (what the digests said over time), `merge` and `body` (the
three-way merge of a note's properties and generated part), `note` (what an entry's
note says), `digestnotes` and `digestplanning` (a note per digest: its reading list),
`daily`, `dailypart` and `dailynotes` (the day's digests in the reader's daily note),
`propertytypes` (Obsidian's ``types.json``), `style` (the reader's choices: a Tasks
tag, default minutes), `properties` (YAML frontmatter), `markdown` (untrusted text
made inert), `filenames` and `naming` (portable names, new notes' names), `location`
(the vault and folder), `writer` (atomic writes inside the vault), `views` (the Study
queue), `progress` (reading ticks and statuses back).
"""

from __future__ import annotations

from .exporter import ObsidianExporter

__all__ = ["ObsidianExporter"]
