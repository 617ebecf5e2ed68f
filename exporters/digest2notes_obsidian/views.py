"""The study queue inside Obsidian: a Bases view and the same query for Dataview.

Both list and rank what ``digest2notes queue`` lists (`digest2notes.queue`): no
note whose status is a done word (in any case), no skip verdict; deep, skim,
unknown, then skip (``verdict_rank`` is that order, `Verdict.rank`), newest digest
first, fewest focus points left. ``minutes`` holds the digest's reading time or the
verdict's default, so the Base can sum a sitting.

They live in the export folder, beside the notes they list, so everything the tool
owns is in one place and the vault root stays the reader's. They select notes by
the ``digest2notes_id`` property, not by folder, so a note the reader moved is still
listed. Both files are ours: each export rewrites them if (and only if) their text
differs; a reader who wants their own view copies the file under another name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from digest2notes import Action, Change, ExportError

from .location import Location
from .statuses import DONE_WORDS
from .writer import Writer

BASE_NAME = "Study queue.base"
MARKDOWN_NAME = "Study queue.md"
#: File stems the notes must not take, so a headline "Study queue" gets a suffix.
RESERVED_STEMS = ("Study queue",)


@dataclass(frozen=True)
class ViewFile:
    name: str
    text: str


def base_text() -> str:
    """``Study queue.base``: Bases YAML (filters, a formula, one table view with its sort)."""
    done = "".join(
        f"        - 'status.toString().lower().trim() == \"{word}\"'\n" for word in DONE_WORDS
    )
    return (
        "# Written by digest2notes at every export; edits here are replaced.\n"
        "# To make your own view, copy this file under another name.\n"
        "filters:\n"
        "  and:\n"
        "    - file.hasProperty(\"digest2notes_id\")\n"
        "    - 'verdict.toString().lower().trim() != \"skip\"'\n"
        "    - not:\n"
        f"{done}"
        "formulas:\n"
        "  points_left: 'focus_total - focus_done'\n"
        "properties:\n"
        "  file.name:\n"
        "    displayName: Note\n"
        "  formula.points_left:\n"
        "    displayName: Points left\n"
        "  note.digest_date:\n"
        "    displayName: Digest\n"
        "views:\n"
        "  - type: table\n"
        "    name: Study queue\n"
        "    order:\n"
        "      - file.name\n"
        "      - verdict\n"
        "      - minutes\n"
        "      - status\n"
        "      - formula.points_left\n"
        "      - focus_total\n"
        "      - digest_date\n"
        "      - repo\n"
        "    sort:\n"
        "      - property: verdict_rank\n"
        "        direction: ASC\n"
        "      - property: digest_date\n"
        "        direction: DESC\n"
        "      - property: formula.points_left\n"
        "        direction: ASC\n"
        "      - property: title\n"
        "        direction: ASC\n"
        "    summaries:\n"
        "      minutes: Sum\n"
    )


def markdown_text() -> str:
    """``Study queue.md``: the Bases view embedded, and the same query for Dataview users."""
    done = ", ".join(f'"{word}"' for word in DONE_WORDS)
    return (
        "%% Written by digest2notes at every export; edits here are replaced. %%\n"
        "# Study queue\n"
        "\n"
        "What to read next: deep before skim before unknown, newest digest first, then the\n"
        "items closest to done (entries the digest says to skip are left out). Tick focus\n"
        "points in each note; set `status` to `reading` or `done` in its properties (or run\n"
        "`digest2notes queue`).\n"
        "\n"
        f"![[{BASE_NAME}]]\n"
        "\n"
        "With the Dataview plugin:\n"
        "\n"
        "```dataview\n"
        'TABLE WITHOUT ID file.link AS "Note", verdict AS "Verdict", minutes AS "Minutes",\n'
        '  status AS "Status", (focus_total - focus_done) AS "Points left",\n'
        '  digest_date AS "Digest", repo AS "Repo"\n'
        'WHERE digest2notes_id AND lower(string(verdict)) != "skip"\n'
        f"  AND !contains(list({done}), lower(string(status)))\n"
        "SORT verdict_rank ASC, digest_date DESC, (focus_total - focus_done) ASC, title ASC\n"
        "```\n"
    )


def view_files() -> list[ViewFile]:
    return [ViewFile(BASE_NAME, base_text()), ViewFile(MARKDOWN_NAME, markdown_text())]


@dataclass(frozen=True)
class ViewWork:
    """A view file's planned change, and the text it gets."""

    change: Change
    path: Path
    text: str


def plan_views(location: Location) -> list[ViewWork]:
    planned = []
    for view in view_files():
        path = location.folder_path / view.name
        try:
            current: str | None = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            current = None
        if current == view.text:
            action = Action.UNCHANGED
        else:
            action = Action.CREATE if current is None and not path.exists() else Action.UPDATE
        change = Change("", view.name, action, location.relative(path))
        planned.append(ViewWork(change, path, view.text))
    return planned


def apply_view(writer: Writer, view: ViewWork) -> Change:
    if view.change.action is Action.UNCHANGED:
        return view.change
    try:
        writer.replace(view.path, view.text.encode("utf-8"))
    except (OSError, ExportError) as error:
        return replace(view.change, action=Action.FAILED, detail=str(error))
    return view.change
