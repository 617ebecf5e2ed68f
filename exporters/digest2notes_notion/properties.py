"""Row properties as plain values: what the digest says, what the row holds, and the API form.

The tool writes the properties in `OWNED`; `Status` and `Tags` are the reader's
(Status is set once, at creation, and by ``queue done``; Tags never). Digest dates
are not tags: the newest is `Digest date`, and every digest's date, references and
paragraph are in the page body (`body`).

Values are compared as plain Python values (text, number, None), the same on both
sides, so "the reader changed it" never depends on how Notion spells a value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from digest2notes import Entry

from . import schema
from .blocks import plain_text, rich_text

JSONDict = dict[str, Any]
Plain = str | float | None

_MAX_OPTION = 100  # characters in a select option name

#: The properties the tool writes, and their Notion types.
OWNED: Final = {
    schema.NAME: "title",
    schema.REPO: "select",
    schema.VERDICT: "select",
    schema.MINUTES: "number",
    schema.FOCUS_POINTS: "number",
    schema.DIGEST_DATE: "date",
    schema.REFERENCES: "rich_text",
}


def option(name: str) -> str:
    """A select option name Notion accepts: no commas, at most 100 characters."""
    cleaned = name.replace(",", " ").strip() or "?"
    return cleaned[:_MAX_OPTION]


def desired(entry: Entry, references: tuple[str, ...], newest: str | None) -> dict[str, Plain]:
    """What the digest says, with the history's references and newest date."""
    return {
        schema.NAME: entry.title,
        schema.REPO: option(entry.repo),
        schema.VERDICT: schema.VERDICT_LABELS[entry.verdict],
        schema.MINUTES: float(entry.minutes) if entry.minutes is not None else None,
        schema.FOCUS_POINTS: float(len(entry.focus_points)),
        schema.DIGEST_DATE: newest,
        schema.REFERENCES: ", ".join(references),
    }


def current(page: Mapping[str, Any]) -> dict[str, Plain]:
    """The owned properties as the row holds them now."""
    return {name: _READERS[kind](page, name) for name, kind in OWNED.items()}


def to_api(name: str, value: Plain) -> JSONDict:
    """The API value that writes `value` into property `name`."""
    kind = OWNED[name]
    if kind in ("title", "rich_text"):
        return {kind: rich_text(str(value or ""))}
    if kind == "select":
        return {"select": {"name": str(value)} if value else None}
    if kind == "number":
        return {"number": int(value) if isinstance(value, float) and value.is_integer() else value}
    return {"date": {"start": str(value)} if value else None}


def sync_state_value(text: str) -> JSONDict:
    return {"rich_text": rich_text(text)}


def sync_state_text(page: Mapping[str, Any]) -> str:
    return text_value(page, schema.SYNC_STATE)


# ---------------------------------------------------------------- reading pages


def _prop(page: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    props = page.get("properties")
    value = props.get(name) if isinstance(props, Mapping) else None
    return value if isinstance(value, Mapping) else {}


def text_value(page: Mapping[str, Any], name: str) -> str:
    """A title or rich_text property as plain text."""
    prop = _prop(page, name)
    return plain_text(prop.get(prop.get("type", "rich_text")))


def select_value(page: Mapping[str, Any], name: str) -> str | None:
    value = _prop(page, name).get("select")
    return str(value["name"]) if isinstance(value, Mapping) and "name" in value else None


def number_value(page: Mapping[str, Any], name: str) -> float | None:
    value = _prop(page, name).get("number")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def date_value(page: Mapping[str, Any], name: str) -> str | None:
    value = _prop(page, name).get("date")
    start = value.get("start") if isinstance(value, Mapping) else None
    return str(start)[:10] if start else None


_READERS: Final[dict[str, Callable[[Mapping[str, Any], str], Plain]]] = {
    "title": text_value,
    "rich_text": text_value,
    "select": select_value,
    "number": number_value,
    "date": date_value,
}


def user_id(obj: Mapping[str, Any], key: str) -> str | None:
    """The id in ``created_by`` / ``last_edited_by``."""
    who = obj.get(key)
    value = who.get("id") if isinstance(who, Mapping) else None
    return str(value) if value else None
