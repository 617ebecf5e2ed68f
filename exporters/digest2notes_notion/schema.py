"""The database schema: property names, option labels, and the check before any write.

Names and labels are fixed by contract (other tools and the reader's saved views
filter on them), so they live here once and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, TypeVar

from digest2notes import ExportError, StudyStatus, Verdict

_Key = TypeVar("_Key")

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
#: What the tool last wrote in the row (see `base`): its three-way-merge base.
SYNC_STATE: Final = "Sync state"
#: What versions before the base wrote instead (a hash of the whole row), still read
#: to take a database over without rewriting it; never written.
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
    SYNC_STATE: "rich_text",
}
#: Shown on the property in Notion, for a reader who meets the column anyway (`notion
#: init` hides it, but the reader may show it, or Notion may not have let us hide it).
SYNC_STATE_DESCRIPTION: Final = (
    "Kept by digest2notes: what it last wrote in this row, so your edits are told "
    "apart from the digest's. `digest2notes notion init` hides this column; keep it "
    "hidden: editing it only makes the next export treat the row as yours."
)

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
    return _by_label(VERDICT_LABELS, label, Verdict.UNKNOWN)


def status_from_label(label: str | None) -> StudyStatus:
    """The reader's status; an empty or unknown label means not started."""
    return _by_label(STATUS_LABELS, label, StudyStatus.UNREAD)


def _by_label(labels: Mapping[_Key, str], label: str | None, default: _Key) -> _Key:
    return next((key for key, text in labels.items() if text == label), default)


def _property_config(name: str, ptype: str) -> dict[str, Any]:
    config: dict[str, Any] = {}
    if name == VERDICT:
        config = {
            "options": [{"name": VERDICT_LABELS[v], "color": VERDICT_COLORS[v]} for v in Verdict]
        }
    elif name == STATUS:
        config = {
            "options": [{"name": STATUS_LABELS[s], "color": STATUS_COLORS[s]} for s in StudyStatus]
        }
    elif ptype == "number":
        config = {"format": "number"}
    body: dict[str, Any] = {ptype: config}
    if name == SYNC_STATE:
        body["description"] = SYNC_STATE_DESCRIPTION
    return body


def database_properties() -> dict[str, Any]:
    """The ``initial_data_source.properties`` body of `notion init`."""
    return {name: _property_config(name, ptype) for name, ptype in PROPERTY_TYPES.items()}


def problems(properties: Mapping[str, Any]) -> list[str]:
    """Properties the exporter needs that the data source has with another type."""
    found: list[str] = []
    for name, ptype in PROPERTY_TYPES.items():
        prop = properties.get(name)
        if isinstance(prop, Mapping) and prop.get("type") != ptype:
            found.append(f"has property '{name}' as {prop.get('type')}, expected {ptype}")
    return found


def missing(properties: Mapping[str, Any]) -> dict[str, Any]:
    """The data-source PATCH that adds what is missing: properties, and select options.

    Options are only ever added (a select PATCH lists the options to keep, so the
    reader's own options are sent back unchanged); nothing the reader made is renamed,
    recoloured or removed. Empty when nothing is missing, which makes `notion init
    --database` idempotent.
    """
    patch: dict[str, Any] = {}
    for name, ptype in PROPERTY_TYPES.items():
        prop = properties.get(name)
        if not isinstance(prop, Mapping):
            patch[name] = _property_config(name, ptype)
            continue
        wanted = _property_config(name, ptype).get(ptype, {}).get("options")
        if prop.get("type") != ptype or not wanted:
            continue
        have = list((prop.get(ptype) or {}).get("options") or [])
        names = {o.get("name") for o in have}
        extra = [o for o in wanted if o["name"] not in names]
        if extra:
            keep = [{"id": o["id"]} if "id" in o else {"name": o["name"]} for o in have]
            patch[name] = {ptype: {"options": keep + extra}}
    return patch


def check_schema(properties: Mapping[str, Any], database: str) -> None:
    """Refuse to write into a data source that lacks a property or has it with another type.

    Every problem is named in one message, with the way out, so the reader fixes the
    database once instead of meeting the errors one run at a time. Missing select
    options are fine: Notion adds them when a row uses them.
    """
    # A database from before the sync state gains it on the first export (`Target`).
    absent = [name for name in missing_names(properties) if name != SYNC_STATE]
    found = [f"is missing property '{name}' ({PROPERTY_TYPES[name]})" for name in absent]
    found += problems(properties)
    if found:
        raise ExportError(
            f"Notion database {database} " + "; ".join(found) + ": run `digest2notes notion "
            "init --database ID` to add what is missing (it changes nothing you made), or "
            "fix the property in Notion (names and types must match exactly)"
        )


def missing_names(properties: Mapping[str, Any]) -> list[str]:
    return [name for name in PROPERTY_TYPES if not isinstance(properties.get(name), Mapping)]
