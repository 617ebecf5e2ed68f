"""Data source property schemas and page property values.

Shapes follow https://developers.notion.com/reference/property-object (schema) and
https://developers.notion.com/reference/page-property-values (values). Rules emulated:

* unknown property → ``"<name> is not a property that exists."`` (400 validation_error);
* value of the wrong type → ``"<name> is expected to be <type>."``;
* select / multi_select option names may not contain commas
  (``"Invalid select option, commas not allowed: <name>"``), unknown names are added to the
  schema (as Notion does), unknown status names are refused;
* empty strings are refused where Notion wants ``null``
  (https://developers.notion.com/reference/intro#json-conventions);
* URL ≤ 2000 characters, email / phone number ≤ 200, multi_select ≤ 100 options per value
  (https://developers.notion.com/reference/request-limits).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Final

from .content import parse_rich_text
from .errors import UNDEFINED, body_invalid, too_long, validation

JSONDict = dict[str, Any]

SCHEMA_TYPES: Final = frozenset(
    {
        "title",
        "rich_text",
        "number",
        "select",
        "multi_select",
        "status",
        "date",
        "checkbox",
        "url",
        "email",
        "phone_number",
    }
)
# Property types Notion has but the emulator does not model.
UNSUPPORTED_SCHEMA_TYPES: Final = frozenset(
    {
        "people",
        "files",
        "formula",
        "relation",
        "rollup",
        "created_time",
        "created_by",
        "last_edited_time",
        "last_edited_by",
        "unique_id",
        "verification",
        "button",
        "place",
    }
)
OPTION_COLORS: Final = (
    "default",
    "gray",
    "brown",
    "orange",
    "yellow",
    "green",
    "blue",
    "purple",
    "pink",
    "red",
)
DEFAULT_STATUS_OPTIONS: Final = (
    ("Not started", "default", "to_do"),
    ("In progress", "blue", "in_progress"),
    ("Done", "green", "complete"),
)
MAX_URL: Final = 2000
MAX_EMAIL: Final = 200
MAX_PHONE: Final = 200
MAX_MULTI_SELECT: Final = 100
MAX_OPTION_NAME: Final = 100

ShortId = Callable[[], str]


def _check_option_name(name: object, path: str) -> str:
    if not isinstance(name, str):
        raise body_invalid(path, "should be a string", UNDEFINED if name is None else name)
    if name == "":
        raise body_invalid(path, "should be populated", name)
    if "," in name:
        raise validation(f"Invalid select option, commas not allowed: {name}")
    if len(name) > MAX_OPTION_NAME:
        raise too_long(path, MAX_OPTION_NAME, len(name))
    return name


def _parse_options(
    raw: object, path: str, short_id: ShortId, existing: list[JSONDict] | None = None
) -> list[JSONDict]:
    """Options for a select-like schema; existing options are kept, new names appended."""
    options = [dict(o) for o in (existing or [])]
    if raw is None:
        return options
    if not isinstance(raw, list):
        raise body_invalid(path, "should be an array", raw)
    for index, item in enumerate(raw):
        item_path = f"{path}[{index}]"
        if not isinstance(item, dict):
            raise body_invalid(item_path, "should be an object", item)
        if "id" in item and "name" not in item:
            if not any(o["id"] == item["id"] for o in options):
                raise body_invalid(f"{item_path}.id", "should be an existing option id", item["id"])
            continue
        name = _check_option_name(item.get("name"), f"{item_path}.name")
        color = item.get("color")
        if color is not None and color not in OPTION_COLORS:
            raise body_invalid(f"{item_path}.color", "should be a valid color", color)
        found = next((o for o in options if o["name"] == name), None)
        if found is not None:
            if color is not None:
                found["color"] = color
            continue
        options.append(
            {
                "id": short_id(),
                "name": name,
                "color": color or OPTION_COLORS[len(options) % len(OPTION_COLORS)],
                "description": item.get("description"),
            }
        )
    return options


def parse_property_config(
    name: str,
    cfg: object,
    path: str,
    short_id: ShortId,
    existing: JSONDict | None = None,
) -> JSONDict:
    """Validate a property schema entry (create database / update data source)."""
    if not isinstance(cfg, dict):
        raise body_invalid(path, "should be an object", cfg)
    declared = cfg.get("type")
    type_keys = [k for k in cfg if k in SCHEMA_TYPES or k in UNSUPPORTED_SCHEMA_TYPES]
    if declared is not None and declared not in type_keys:
        type_keys.append(declared)
    if not type_keys:
        if existing is None:
            raise body_invalid(f"{path}.type", "should be defined", UNDEFINED)
        ptype = str(existing["type"])
    elif len(type_keys) > 1:
        raise body_invalid(path, "should have exactly one property type", sorted(type_keys))
    else:
        ptype = str(type_keys[0])
    if ptype in UNSUPPORTED_SCHEMA_TYPES:
        raise validation(
            f"body failed validation: {path} uses property type `{ptype}`, which the emulator "
            "does not model (supported: " + ", ".join(sorted(SCHEMA_TYPES)) + ")."
        )
    if ptype not in SCHEMA_TYPES:
        raise body_invalid(f"{path}.type", "should be a known property type", ptype)
    conf = cfg.get(ptype, {})
    if conf is None:
        conf = {}
    if not isinstance(conf, dict):
        raise body_invalid(f"{path}.{ptype}", "should be an object", conf)
    same_type = existing is not None and existing["type"] == ptype
    previous: JSONDict = dict(existing[ptype]) if existing is not None and same_type else {}
    out_conf: JSONDict
    if ptype == "number":
        fmt = conf.get("format", previous.get("format", "number"))
        if not isinstance(fmt, str):
            raise body_invalid(f"{path}.number.format", "should be a string", fmt)
        out_conf = {"format": fmt}
    elif ptype in ("select", "multi_select"):
        out_conf = {
            "options": _parse_options(
                conf.get("options"), f"{path}.{ptype}.options", short_id, previous.get("options")
            )
        }
    elif ptype == "status":
        existing_opts = previous.get("options")
        if existing_opts is None and conf.get("options") is None:
            options = [
                {"id": short_id(), "name": n, "color": c, "description": None}
                for n, c, _ in DEFAULT_STATUS_OPTIONS
            ]
        else:
            options = _parse_options(
                conf.get("options"), f"{path}.status.options", short_id, existing_opts
            )
        groups = previous.get("groups") or [
            {"id": short_id(), "name": "To-do", "color": "gray", "option_ids": []},
            {"id": short_id(), "name": "In progress", "color": "blue", "option_ids": []},
            {"id": short_id(), "name": "Complete", "color": "green", "option_ids": []},
        ]
        for group in groups:
            group["option_ids"] = []
        for index, option in enumerate(options):
            if option["name"] in ("Done", "Complete", "Completed"):
                group_index = 2
            else:
                group_index = 0 if index == 0 else 1
            groups[group_index]["option_ids"].append(option["id"])
        out_conf = {"options": options, "groups": groups}
    else:
        out_conf = {}
    description = cfg.get("description", existing.get("description") if existing else None)
    prop_id = (
        existing["id"] if existing is not None else ("title" if ptype == "title" else short_id())
    )
    return {"id": prop_id, "name": name, "type": ptype, "description": description, ptype: out_conf}


def empty_value(prop: JSONDict) -> Any:
    """The value a page shows for a property it has never set."""
    ptype = prop["type"]
    if ptype in ("title", "rich_text", "multi_select"):
        return []
    if ptype == "checkbox":
        return False
    if ptype == "status":
        options = prop["status"].get("options") or []
        if options:
            first = options[0]
            return {"id": first["id"], "name": first["name"], "color": first["color"]}
        return None
    return None


def _parse_iso(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise body_invalid(path, "should be a string", UNDEFINED if value is None else value)
    if value == "":
        raise body_invalid(path, "should be populated", value)
    try:
        if len(value) == 10:
            date.fromisoformat(value)
        else:
            datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise body_invalid(path, "should be a valid ISO 8601 date string", value) from exc
    return value


class PendingOptions:
    """Select/multi_select options a request would add to the schema (applied on success)."""

    def __init__(self) -> None:
        self.items: list[tuple[str, JSONDict]] = []

    def find(self, prop_name: str, option_name: str) -> JSONDict | None:
        for name, option in self.items:
            if name == prop_name and option["name"] == option_name:
                return option
        return None


def _resolve_option(
    prop_name: str,
    prop: JSONDict,
    raw: object,
    path: str,
    short_id: ShortId,
    pending: PendingOptions,
) -> JSONDict:
    ptype = prop["type"]
    if not isinstance(raw, dict):
        raise body_invalid(path, "should be an object", raw)
    options: list[JSONDict] = prop[ptype].get("options", [])
    if "id" in raw and raw.get("name") is None:
        found = next((o for o in options if o["id"] == raw["id"]), None)
        if found is None:
            raise validation(f"Invalid {ptype} option id for {prop_name}: {raw['id']}")
        return {"id": found["id"], "name": found["name"], "color": found["color"]}
    name = _check_option_name(raw.get("name"), f"{path}.name")
    found = next((o for o in options if o["name"] == name), None) or pending.find(prop_name, name)
    if found is None:
        if ptype == "status":
            raise validation(f'Invalid status option. Status option "{name}" does not exist.')
        color = raw.get("color")
        if color is not None and color not in OPTION_COLORS:
            raise body_invalid(f"{path}.color", "should be a valid color", color)
        count = len(options) + len([1 for n, _ in pending.items if n == prop_name])
        found = {
            "id": short_id(),
            "name": name,
            "color": color or OPTION_COLORS[count % len(OPTION_COLORS)],
            "description": None,
        }
        pending.items.append((prop_name, found))
    return {"id": found["id"], "name": found["name"], "color": found["color"]}


def parse_property_value(
    prop_name: str,
    prop: JSONDict,
    value: object,
    path: str,
    short_id: ShortId,
    pending: PendingOptions,
) -> Any:
    """Validate a page property value from a request; return it in response shape."""
    ptype: str = prop["type"]
    if not isinstance(value, dict):
        raise body_invalid(path, "should be an object", value)
    declared = value.get("type")
    if declared is not None and declared != ptype:
        raise validation(f"{prop_name} is expected to be {ptype}.")
    if ptype not in value:
        if any(k in SCHEMA_TYPES or k in UNSUPPORTED_SCHEMA_TYPES for k in value):
            raise validation(f"{prop_name} is expected to be {ptype}.")
        raise body_invalid(f"{path}.{ptype}", "should be defined", UNDEFINED)
    raw = value[ptype]
    vpath = f"{path}.{ptype}"
    if ptype in ("title", "rich_text"):
        return parse_rich_text(raw, vpath)
    if ptype == "number":
        if raw is None or (isinstance(raw, (int, float)) and not isinstance(raw, bool)):
            return raw
        raise body_invalid(vpath, "should be a number or `null`", raw)
    if ptype == "checkbox":
        if not isinstance(raw, bool):
            raise body_invalid(vpath, "should be a boolean", raw)
        return raw
    if ptype in ("url", "email", "phone_number"):
        if raw is None:
            return None
        if not isinstance(raw, str):
            raise body_invalid(vpath, "should be a string or `null`", raw)
        if raw == "":
            raise body_invalid(vpath, "should be populated or `null`", raw)
        limit = MAX_URL if ptype == "url" else MAX_EMAIL
        if len(raw) > limit:
            raise too_long(vpath, limit, len(raw))
        return raw
    if ptype == "date":
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise body_invalid(vpath, "should be an object or `null`", raw)
        start = _parse_iso(raw.get("start"), f"{vpath}.start")
        end = raw.get("end")
        if end is not None:
            end = _parse_iso(end, f"{vpath}.end")
        time_zone = raw.get("time_zone")
        if time_zone is not None and (not isinstance(time_zone, str) or not time_zone):
            raise body_invalid(f"{vpath}.time_zone", "should be a string or `null`", time_zone)
        return {"start": start, "end": end, "time_zone": time_zone}
    if ptype in ("select", "status"):
        if raw is None:
            return None
        return _resolve_option(prop_name, prop, raw, vpath, short_id, pending)
    if ptype == "multi_select":
        if not isinstance(raw, list):
            raise body_invalid(vpath, "should be an array", raw)
        if len(raw) > MAX_MULTI_SELECT:
            raise too_long(vpath, MAX_MULTI_SELECT, len(raw))
        out: list[JSONDict] = []
        for index, item in enumerate(raw):
            option = _resolve_option(prop_name, prop, item, f"{vpath}[{index}]", short_id, pending)
            if all(o["id"] != option["id"] for o in out):
                out.append(option)
        return out
    raise validation(f"{prop_name} has unsupported type {ptype}.")  # pragma: no cover


def apply_pending_options(schema: dict[str, JSONDict], pending: PendingOptions) -> None:
    for prop_name, option in pending.items:
        prop = schema.get(prop_name)
        if prop is None:
            continue
        options: list[JSONDict] = prop[prop["type"]].setdefault("options", [])
        if all(o["name"] != option["name"] for o in options):
            options.append(dict(option))


def plain_value(prop_value: JSONDict) -> Any:
    """A comparable Python value for a page property value (used by filters and sorts)."""
    ptype = prop_value["type"]
    raw = prop_value.get(ptype)
    if ptype in ("title", "rich_text"):
        return "".join(str(i.get("plain_text", "")) for i in raw or [])
    if ptype in ("select", "status"):
        return raw["name"] if raw else None
    if ptype == "multi_select":
        return [o["name"] for o in raw or []]
    if ptype == "date":
        return raw["start"] if raw else None
    return raw
