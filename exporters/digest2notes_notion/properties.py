"""Row properties: what the tool writes for an entry, and reading values back.

The tool *owns* every property except `Status` (the reader's) and the tags the
reader adds by hand: owned values are rewritten when the entry changes; the
others are never sent after creation.

`Tags` holds one tag per digest date the entry appeared in (``2026-11-27``), so a
reader can filter "everything from that day's digest" including repeats, which the
single `Digest date` (the latest) cannot express. Tags that do not look like a
date are the reader's own and are carried over untouched.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from digest2notes import Entry

from . import schema
from .blocks import BlockSpec, plain_text, rich_text

JSONDict = dict[str, Any]

HASH_VERSION: Final = 1
_OWN_TAG = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MAX_OPTION = 100  # characters in a select option name


def _option(name: str) -> str:
    """A select option name Notion accepts: no commas, at most 100 characters."""
    cleaned = name.replace(",", " ").strip() or "?"
    return cleaned[:_MAX_OPTION]


def own_tags(entry: Entry) -> list[str]:
    return list(entry.digest_dates)


def is_own_tag(name: str) -> bool:
    return bool(_OWN_TAG.match(name))


def owned_properties(entry: Entry) -> JSONDict:
    """The property values the tool owns for `entry` (without `Content hash`)."""
    return {
        schema.NAME: {"title": rich_text(entry.title)},
        schema.ENTRY_ID: {"rich_text": rich_text(entry.id)},
        schema.REPO: {"select": {"name": _option(entry.repo)}},
        schema.VERDICT: {"select": {"name": schema.VERDICT_LABELS[entry.verdict]}},
        schema.MINUTES: {"number": entry.minutes},
        schema.FOCUS_POINTS: {"number": len(entry.focus_points)},
        schema.DIGEST_DATE: {"date": {"start": entry.latest_date} if entry.latest_date else None},
        schema.REFERENCES: {"rich_text": rich_text(", ".join(entry.references))},
        schema.TAGS: {"multi_select": [{"name": tag} for tag in own_tags(entry)]},
    }


def content_hash(properties: Mapping[str, Any], body: Sequence[BlockSpec]) -> str:
    """sha256 over everything the tool writes for a row, so "unchanged" costs no request."""
    canonical = {
        "v": HASH_VERSION,
        "properties": properties,
        "body": [[spec.type, spec.text] for spec in body],
    }
    data = json.dumps(canonical, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def hash_value(value: str) -> JSONDict:
    """The `Content hash` property value; empty means "body not finished yet"."""
    return {"rich_text": rich_text(value)}


def merged_tags(entry: Entry, page: Mapping[str, Any] | None) -> JSONDict:
    """Our date tags plus the reader's own tags already on `page`."""
    names = own_tags(entry)
    for name in select_names(page, schema.TAGS) if page is not None else []:
        if not is_own_tag(name) and name not in names:
            names.append(name)
    return {"multi_select": [{"name": name} for name in names]}


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


def select_names(page: Mapping[str, Any], name: str) -> list[str]:
    values = _prop(page, name).get("multi_select")
    if not isinstance(values, list):
        return []
    return [str(v["name"]) for v in values if isinstance(v, Mapping) and "name" in v]


def number_value(page: Mapping[str, Any], name: str) -> float | None:
    value = _prop(page, name).get("number")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def date_value(page: Mapping[str, Any], name: str) -> str | None:
    value = _prop(page, name).get("date")
    start = value.get("start") if isinstance(value, Mapping) else None
    return str(start)[:10] if start else None


def changed_properties(entry: Entry, page: Mapping[str, Any]) -> list[str]:
    """Names of owned properties whose value on `page` differs from `entry` (for reports)."""
    changed: list[str] = []
    if text_value(page, schema.NAME) != entry.title:
        changed.append(schema.NAME)
    if select_value(page, schema.REPO) != _option(entry.repo):
        changed.append(schema.REPO)
    if select_value(page, schema.VERDICT) != schema.VERDICT_LABELS[entry.verdict]:
        changed.append(schema.VERDICT)
    minutes = number_value(page, schema.MINUTES)
    if minutes != (float(entry.minutes) if entry.minutes is not None else None):
        changed.append(schema.MINUTES)
    if number_value(page, schema.FOCUS_POINTS) != float(len(entry.focus_points)):
        changed.append(schema.FOCUS_POINTS)
    if date_value(page, schema.DIGEST_DATE) != entry.latest_date:
        changed.append(schema.DIGEST_DATE)
    if text_value(page, schema.REFERENCES) != ", ".join(entry.references):
        changed.append(schema.REFERENCES)
    theirs = sorted(n for n in select_names(page, schema.TAGS) if is_own_tag(n))
    if theirs != sorted(own_tags(entry)):
        changed.append(schema.TAGS)
    return changed
