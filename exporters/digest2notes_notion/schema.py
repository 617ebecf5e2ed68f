"""The database schema: property names, option labels, and the check before any write.

Names and labels are fixed by contract (other tools and the reader's saved views
filter on them), so they live here once and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from digest2notes import ExportError, StudyStatus, Verdict

NAME: Final = "Name"
ENTRY_ID: Final = "Entry ID"
REPO: Final = "Repo"
VERDICT: Final = "Verdict"
MINUTES: Final = "Minutes"
FOCUS_POINTS: Final = "Focus points"
STATUS: Final = "Status"
DIGEST_DATE: Final = "Digest date"
REFERENCES: Final = "References"
TAGS: Final = "Tags"
CONTENT_HASH: Final = "Content hash"

#: Property name -> Notion property type, in the order `notion init` creates them.
PROPERTY_TYPES: Final[dict[str, str]] = {
    NAME: "title",
    ENTRY_ID: "rich_text",
    REPO: "select",
    VERDICT: "select",
    MINUTES: "number",
    FOCUS_POINTS: "number",
    STATUS: "select",
    DIGEST_DATE: "date",
    REFERENCES: "rich_text",
    TAGS: "multi_select",
    CONTENT_HASH: "rich_text",
}

VERDICT_LABELS: Final[dict[Verdict, str]] = {
    Verdict.DEEP: "Deep read",
    Verdict.SKIM: "Quick read",
    Verdict.SKIP: "Skip",
    Verdict.UNKNOWN: "Unknown",
}
VERDICT_COLORS: Final[dict[Verdict, str]] = {
    Verdict.DEEP: "red",
    Verdict.SKIM: "yellow",
    Verdict.SKIP: "gray",
    Verdict.UNKNOWN: "default",
}
STATUS_LABELS: Final[dict[StudyStatus, str]] = {
    StudyStatus.UNREAD: "To read",
    StudyStatus.READING: "Reading",
    StudyStatus.DONE: "Done",
}
STATUS_COLORS: Final[dict[StudyStatus, str]] = {
    StudyStatus.UNREAD: "gray",
    StudyStatus.READING: "blue",
    StudyStatus.DONE: "green",
}
INITIAL_STATUS: Final = STATUS_LABELS[StudyStatus.UNREAD]


def verdict_from_label(label: str | None) -> Verdict:
    """The verdict a `Verdict` select shows; anything unexpected is UNKNOWN."""
    for verdict, text in VERDICT_LABELS.items():
        if text == label:
            return verdict
    return Verdict.UNKNOWN


def status_from_label(label: str | None) -> StudyStatus:
    """The reader's status; an empty or unknown label means not started."""
    for status, text in STATUS_LABELS.items():
        if text == label:
            return status
    return StudyStatus.UNREAD


def database_properties() -> dict[str, Any]:
    """The ``initial_data_source.properties`` body of `notion init`."""
    props: dict[str, Any] = {}
    for name, ptype in PROPERTY_TYPES.items():
        config: dict[str, Any] = {}
        if name == VERDICT:
            config = {
                "options": [
                    {"name": VERDICT_LABELS[v], "color": VERDICT_COLORS[v]} for v in Verdict
                ]
            }
        elif name == STATUS:
            config = {
                "options": [
                    {"name": STATUS_LABELS[s], "color": STATUS_COLORS[s]} for s in StudyStatus
                ]
            }
        elif ptype == "number":
            config = {"format": "number"}
        props[name] = {ptype: config}
    return props


def check_schema(properties: Mapping[str, Any], database: str) -> None:
    """Refuse to write into a data source that lacks a property or has it with another type.

    Every problem is named in one message, with the two ways out, so the reader fixes
    the database once instead of meeting the errors one run at a time. Missing select
    options are fine: Notion adds them when a row uses them.
    """
    problems: list[str] = []
    for name, ptype in PROPERTY_TYPES.items():
        prop = properties.get(name)
        if not isinstance(prop, Mapping):
            problems.append(f"is missing property '{name}' ({ptype})")
        elif prop.get("type") != ptype:
            problems.append(f"has property '{name}' as {prop.get('type')}, expected {ptype}")
    if problems:
        raise ExportError(
            f"Notion database {database} " + "; ".join(problems) + ": run `digest2notes notion "
            "init --parent PAGE` for a new database, or fix the property in Notion "
            "(names and types must match exactly)"
        )
