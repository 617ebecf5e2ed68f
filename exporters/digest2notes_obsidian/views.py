"""The study queue inside Obsidian: a Bases view and the same query for Dataview.

Both rank exactly as ``digest2notes queue`` does (`digest2notes.queue`):
verdict deep, skim, unknown, then skip; newest digest first; fewest focus
points left. ``verdict_rank`` (1 deep, 2 skim, 3 skip, 4 unknown) is the
property's documented meaning, so the views map it to queue order with a
formula rather than changing the property.

They live in the export folder, beside the notes they list, so everything the
tool owns is in one place and the vault root stays the reader's. They select
notes by the ``digest2notes_id`` property, not by folder, so a note the reader
moved elsewhere is still listed. Both files are ours: each export rewrites
them if (and only if) their text differs; a reader who wants their own view
copies the file under another name.
"""

from __future__ import annotations

from dataclasses import dataclass

from .progress import DONE_WORDS

BASE_NAME = "Study queue.base"
MARKDOWN_NAME = "Study queue.md"
#: File stems the notes must not take, so a headline "Study queue" gets a suffix.
RESERVED_STEMS = ("Study queue",)


@dataclass(frozen=True)
class ViewFile:
    name: str
    text: str


def _not_done_base() -> str:
    return "".join(f"        - 'status == \"{word}\"'\n" for word in DONE_WORDS)


def base_text() -> str:
    """``Study queue.base``: Bases YAML (filters, formulas, one table view with its sort)."""
    return (
        "# Written by digest2notes at every export; edits here are replaced.\n"
        "# To make your own view, copy this file under another name.\n"
        "filters:\n"
        "  and:\n"
        "    - file.hasProperty(\"digest2notes_id\")\n"
        "    - not:\n"
        f"{_not_done_base()}"
        "formulas:\n"
        "  queue_order: 'if(verdict == \"skip\", 4, if(verdict == \"unknown\", 3, verdict_rank))'\n"
        "  points_left: 'focus_total - focus_done'\n"
        "properties:\n"
        "  file.name:\n"
        "    displayName: Note\n"
        "  formula.points_left:\n"
        "    displayName: Points left\n"
        "  digest_date:\n"
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
        "      - property: formula.queue_order\n"
        "        direction: ASC\n"
        "      - property: digest_date\n"
        "        direction: DESC\n"
        "      - property: formula.points_left\n"
        "        direction: ASC\n"
        "      - property: title\n"
        "        direction: ASC\n"
    )


def markdown_text() -> str:
    """``Study queue.md``: the Bases view embedded, and the same query for Dataview users."""
    done = ", ".join(f'"{word}"' for word in DONE_WORDS)
    return (
        "%% Written by digest2notes at every export; edits here are replaced. %%\n"
        "# Study queue\n"
        "\n"
        "What to read next: deep before skim before unknown before skip, newest digest first,\n"
        "then the items closest to done. Tick focus points in each note; set `status` to\n"
        "`reading` or `done` in its properties (or run `digest2notes queue`).\n"
        "\n"
        f"![[{BASE_NAME}]]\n"
        "\n"
        "With the Dataview plugin:\n"
        "\n"
        "```dataview\n"
        'TABLE WITHOUT ID file.link AS "Note", verdict AS "Verdict", minutes AS "Minutes",\n'
        '  status AS "Status", (focus_total - focus_done) AS "Points left",\n'
        '  digest_date AS "Digest", repo AS "Repo"\n'
        f"WHERE digest2notes_id AND !contains(list({done}), status)\n"
        'SORT choice(verdict = "skip", 4, choice(verdict = "unknown", 3, verdict_rank)) ASC,\n'
        "  digest_date DESC, (focus_total - focus_done) ASC, title ASC\n"
        "```\n"
    )


def view_files() -> list[ViewFile]:
    return [ViewFile(BASE_NAME, base_text()), ViewFile(MARKDOWN_NAME, markdown_text())]
