"""The exporter's command-line options, apart from the exporter.

``export`` and ``queue`` list the options of every installed exporter; the
``digest2notes.options`` entry point names this module, so listing them imports
click and `settings`, not the exporter. `exporter.NotionExporter` declares these
same options.
"""

from __future__ import annotations

from . import settings

#: ``export``'s options for ``--to notion``.
options = tuple(settings.export_options())
#: ``queue``'s: ``--notion`` (or the database) selects Notion as the progress source.
queue_options = tuple(settings.queue_options())
