"""The exporter's command-line options, apart from the exporter.

``export`` and ``queue`` list the options of every installed exporter; the
``digest2notes.options`` entry point names this module, so listing them imports
click and nothing else of the exporter. `exporter.ObsidianExporter` declares these
same options.
"""

from __future__ import annotations

import click

from .location import DEFAULT_FOLDER


def _vault_option() -> click.Option:
    return click.Option(
        ["--vault"],
        type=click.Path(file_okay=False),
        metavar="DIR",
        help="Obsidian vault folder; it must exist. [obsidian] vault in the config file.",
    )


def _folder_option() -> click.Option:
    return click.Option(
        ["--folder"],
        metavar="NAME",
        default=DEFAULT_FOLDER,
        show_default=True,
        help="Folder inside the vault for new notes and the Study queue. "
        "[obsidian] folder in the config file.",
    )


def _daily_note_option() -> click.Option:
    return click.Option(
        ["--daily-note/--no-daily-note", "daily_note"],
        default=False,
        help="Link the day's digest notes in your daily note (found through Obsidian's Daily "
        "notes settings; made from your template if missing). [obsidian] daily_note.",
    )


def _task_tag_option() -> click.Option:
    return click.Option(
        ["--task-tag"],
        metavar="TAG",
        help="Tag every generated to-do (e.g. '#task', your Tasks plugin's global filter) so "
        "study items join your Tasks views; '' for none. [obsidian] task_tag.",
    )


#: ``export``'s options for ``--to obsidian``.
options = (_vault_option(), _folder_option(), _daily_note_option(), _task_tag_option())
#: ``queue``'s: ``--vault`` selects the vault as the progress source.
queue_options = (_vault_option(),)
