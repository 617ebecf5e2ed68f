"""Filters and sorts of ``POST /v1/data_sources/{id}/query``.

Written from https://developers.notion.com/reference/filter-data-source-entries and
https://developers.notion.com/reference/sort-data-source-entries . Supported conditions:

* text (title, rich_text, url, email, phone_number): equals, does_not_equal, contains,
  does_not_contain, starts_with, ends_with, is_empty, is_not_empty
  (contains / starts_with / ends_with are case-insensitive, equals is exact);
* number: equals, does_not_equal, greater_than, less_than, greater_than_or_equal_to,
  less_than_or_equal_to, is_empty, is_not_empty;
* select / status: equals, does_not_equal, is_empty, is_not_empty;
* multi_select: contains, does_not_contain, is_empty, is_not_empty;
* checkbox: equals, does_not_equal;
* date and timestamp (created_time / last_edited_time): equals, before, after,
  on_or_before, on_or_after, is_empty, is_not_empty;
* compound ``and`` / ``or``, nested at most two levels deep.

Sorts: by property or by timestamp, ascending / descending, empty values last; ties keep
creation order, so pagination is stable.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any, Final

from .errors import body_invalid, too_long, validation
from .schema import plain_value

JSONDict = dict[str, Any]
Predicate = Callable[[JSONDict], bool]

TEXT_TYPES: Final = frozenset({"title", "rich_text", "url", "email", "phone_number"})
TEXT_OPS: Final = frozenset(
    {
        "equals",
        "does_not_equal",
        "contains",
        "does_not_contain",
        "starts_with",
        "ends_with",
        "is_empty",
        "is_not_empty",
    }
)
NUMBER_OPS: Final = frozenset(
    {
        "equals",
        "does_not_equal",
        "greater_than",
        "less_than",
        "greater_than_or_equal_to",
        "less_than_or_equal_to",
        "is_empty",
        "is_not_empty",
    }
)
SELECT_OPS: Final = frozenset({"equals", "does_not_equal", "is_empty", "is_not_empty"})
MULTI_OPS: Final = frozenset({"contains", "does_not_contain", "is_empty", "is_not_empty"})
CHECKBOX_OPS: Final = frozenset({"equals", "does_not_equal"})
DATE_OPS: Final = frozenset(
    {"equals", "before", "after", "on_or_before", "on_or_after", "is_empty", "is_not_empty"}
)
MAX_COMPOUND_DEPTH: Final = 2
# Any array in a request holds at most 100 elements (request limits).
MAX_COMPOUND_ITEMS: Final = 100


def find_property(schema: dict[str, JSONDict], key: object) -> tuple[str, JSONDict]:
    if isinstance(key, str):
        if key in schema:
            return key, schema[key]
        for name, prop in schema.items():
            if prop["id"] == key:
                return name, prop
    raise validation(f"Could not find property with name or id: {key}")


def to_datetime(value: str) -> datetime:
    if len(value) == 10:
        return datetime.fromisoformat(value).replace(tzinfo=timezone.utc)
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed


def _single_condition(cond: object, path: str, allowed: frozenset[str]) -> tuple[str, Any]:
    if not isinstance(cond, dict) or len(cond) != 1:
        raise body_invalid(path, "should be an object with exactly one condition", cond)
    op, arg = next(iter(cond.items()))
    if op not in allowed:
        raise body_invalid(f"{path}.{op}", f"should be one of {sorted(allowed)}", arg)
    if op in ("is_empty", "is_not_empty") and arg is not True:
        raise body_invalid(f"{path}.{op}", "should be `true`", arg)
    return str(op), arg


def _text_pred(op: str, arg: Any, path: str) -> Callable[[str], bool]:
    if op in ("is_empty", "is_not_empty"):
        want_empty = op == "is_empty"
        return lambda v: (v == "") == want_empty
    if not isinstance(arg, str):
        raise body_invalid(f"{path}.{op}", "should be a string", arg)
    low = arg.lower()
    preds: dict[str, Callable[[str], bool]] = {
        "equals": lambda v: v == arg,
        "does_not_equal": lambda v: v != arg,
        "contains": lambda v: low in v.lower(),
        "does_not_contain": lambda v: low not in v.lower(),
        "starts_with": lambda v: v.lower().startswith(low),
        "ends_with": lambda v: v.lower().endswith(low),
    }
    return preds[op]


def _date_pred(op: str, arg: Any, path: str) -> Callable[[str | None], bool]:
    if op in ("is_empty", "is_not_empty"):
        want_empty = op == "is_empty"
        return lambda v: (v is None) == want_empty
    if not isinstance(arg, str):
        raise body_invalid(f"{path}.{op}", "should be an ISO 8601 date string", arg)
    try:
        ref = to_datetime(arg)
    except ValueError as exc:
        raise body_invalid(f"{path}.{op}", "should be an ISO 8601 date string", arg) from exc
    date_only = len(arg) == 10

    def compare(value: str | None) -> int | None:
        if value is None:
            return None
        actual = to_datetime(value)
        if date_only:
            a, b = actual.date(), ref.date()
            return (a > b) - (a < b)
        return (actual > ref) - (actual < ref)

    checks: dict[str, Callable[[int], bool]] = {
        "equals": lambda c: c == 0,
        "before": lambda c: c < 0,
        "after": lambda c: c > 0,
        "on_or_before": lambda c: c <= 0,
        "on_or_after": lambda c: c >= 0,
    }
    check = checks[op]

    def pred(value: str | None) -> bool:
        result = compare(value)
        return result is not None and check(result)

    return pred


def _property_pred(flt: JSONDict, schema: dict[str, JSONDict], path: str) -> Predicate:
    name, prop = find_property(schema, flt["property"])
    ptype = prop["type"]
    keys = [k for k in flt if k != "property"]
    if len(keys) != 1:
        raise body_invalid(path, "should have exactly one filter type next to `property`", flt)
    key = keys[0]
    ok_keys = TEXT_TYPES if ptype in TEXT_TYPES else frozenset({ptype})
    if key not in ok_keys:
        raise validation(
            f"body failed validation: {path}.{key} does not match the type of property "
            f"{name} ({ptype})."
        )
    cond = flt[key]
    cpath = f"{path}.{key}"

    def value_of(page: JSONDict) -> Any:
        pv = page["properties"].get(name)
        return plain_value(pv) if pv is not None else None

    if ptype in TEXT_TYPES:
        op, arg = _single_condition(cond, cpath, TEXT_OPS)
        tpred = _text_pred(op, arg, cpath)
        return lambda page: tpred(value_of(page) or "")
    if ptype == "number":
        op, arg = _single_condition(cond, cpath, NUMBER_OPS)
        if op in ("is_empty", "is_not_empty"):
            want_empty = op == "is_empty"
            return lambda page: (value_of(page) is None) == want_empty
        if not isinstance(arg, (int, float)) or isinstance(arg, bool):
            raise body_invalid(f"{cpath}.{op}", "should be a number", arg)
        num: Callable[[float], bool] = {
            "equals": lambda v: v == arg,
            "does_not_equal": lambda v: v != arg,
            "greater_than": lambda v: v > arg,
            "less_than": lambda v: v < arg,
            "greater_than_or_equal_to": lambda v: v >= arg,
            "less_than_or_equal_to": lambda v: v <= arg,
        }[op]

        def number_pred(page: JSONDict) -> bool:
            value = value_of(page)
            if value is None:
                return op == "does_not_equal"
            return num(value)

        return number_pred
    if ptype in ("select", "status"):
        op, arg = _single_condition(cond, cpath, SELECT_OPS)
        if op == "is_empty":
            return lambda page: value_of(page) is None
        if op == "is_not_empty":
            return lambda page: value_of(page) is not None
        if not isinstance(arg, str):
            raise body_invalid(f"{cpath}.{op}", "should be a string", arg)
        if op == "equals":
            return lambda page: value_of(page) == arg
        return lambda page: value_of(page) != arg
    if ptype == "multi_select":
        op, arg = _single_condition(cond, cpath, MULTI_OPS)
        if op == "is_empty":
            return lambda page: not value_of(page)
        if op == "is_not_empty":
            return lambda page: bool(value_of(page))
        if not isinstance(arg, str):
            raise body_invalid(f"{cpath}.{op}", "should be a string", arg)
        if op == "contains":
            return lambda page: arg in (value_of(page) or [])
        return lambda page: arg not in (value_of(page) or [])
    if ptype == "checkbox":
        op, arg = _single_condition(cond, cpath, CHECKBOX_OPS)
        if not isinstance(arg, bool):
            raise body_invalid(f"{cpath}.{op}", "should be a boolean", arg)
        if op == "equals":
            return lambda page: bool(value_of(page)) == arg
        return lambda page: bool(value_of(page)) != arg
    if ptype == "date":
        op, arg = _single_condition(cond, cpath, DATE_OPS)
        dpred = _date_pred(op, arg, cpath)
        return lambda page: dpred(value_of(page))
    raise validation(f"Filtering on {ptype} properties is not supported by the emulator.")


def compile_filter(
    flt: object, schema: dict[str, JSONDict], path: str = "body.filter", depth: int = 0
) -> Predicate:
    """Validate a filter object and return a predicate over page objects."""
    if not isinstance(flt, dict):
        raise body_invalid(path, "should be an object", flt)
    for compound in ("and", "or"):
        if compound in flt:
            if len(flt) != 1:
                raise body_invalid(path, f"should only contain `{compound}`", flt)
            if depth >= MAX_COMPOUND_DEPTH:
                raise validation(
                    f"body failed validation: {path}.{compound} is nested too deeply "
                    f"(compound filters may be nested at most {MAX_COMPOUND_DEPTH} levels)."
                )
            items = flt[compound]
            if not isinstance(items, list):
                raise body_invalid(f"{path}.{compound}", "should be an array", items)
            if len(items) > MAX_COMPOUND_ITEMS:
                raise too_long(f"{path}.{compound}", MAX_COMPOUND_ITEMS, len(items))
            preds = [
                compile_filter(item, schema, f"{path}.{compound}[{i}]", depth + 1)
                for i, item in enumerate(items)
            ]
            if compound == "and":
                return lambda page: all(p(page) for p in preds)
            return lambda page: any(p(page) for p in preds)
    if "timestamp" in flt:
        ts = flt["timestamp"]
        if ts not in ("created_time", "last_edited_time"):
            raise body_invalid(
                f"{path}.timestamp", "should be `created_time` or `last_edited_time`", ts
            )
        op, arg = _single_condition(flt.get(ts), f"{path}.{ts}", DATE_OPS)
        dpred = _date_pred(op, arg, f"{path}.{ts}")
        return lambda page: dpred(page[ts])
    if "property" in flt:
        return _property_pred(flt, schema, path)
    raise body_invalid(path, "should contain `property`, `timestamp`, `and` or `or`", flt)


def _sort_value(prop: JSONDict, page: JSONDict, name: str) -> Any:
    pv = page["properties"].get(name)
    if pv is None:
        return None
    ptype = prop["type"]
    raw = pv.get(ptype)
    if ptype in TEXT_TYPES:
        text = plain_value(pv)
        return text.lower() if text else None
    if ptype in ("select", "status"):
        if not raw:
            return None
        names = [o["name"] for o in prop[ptype].get("options", [])]
        return names.index(raw["name"]) if raw["name"] in names else len(names)
    if ptype == "multi_select":
        return ",".join(o["name"] for o in raw) if raw else None
    if ptype == "date":
        return to_datetime(raw["start"]) if raw else None
    if ptype == "checkbox":
        return bool(raw)
    return raw


def _timestamp_value(ts: str, page: JSONDict) -> Any:
    return page[ts]


def compile_sorts(
    sorts: object, schema: dict[str, JSONDict]
) -> Callable[[list[JSONDict], dict[str, int]], list[JSONDict]]:
    """Validate ``sorts``; return a function ordering pages (ties by creation sequence)."""
    if sorts is None:
        sorts = []
    if not isinstance(sorts, list):
        raise body_invalid("body.sorts", "should be an array", sorts)
    criteria: list[tuple[Callable[[JSONDict], Any], bool]] = []
    for index, item in enumerate(sorts):
        path = f"body.sorts[{index}]"
        if not isinstance(item, dict):
            raise body_invalid(path, "should be an object", item)
        direction = item.get("direction", "ascending")
        if direction not in ("ascending", "descending"):
            raise body_invalid(
                f"{path}.direction", "should be `ascending` or `descending`", direction
            )
        descending = direction == "descending"
        if "property" in item:
            name, prop = find_property(schema, item["property"])
            criteria.append((functools.partial(_sort_value, prop, name=name), descending))
        elif "timestamp" in item:
            ts = item["timestamp"]
            if ts not in ("created_time", "last_edited_time"):
                raise body_invalid(
                    f"{path}.timestamp", "should be `created_time` or `last_edited_time`", ts
                )
            criteria.append((functools.partial(_timestamp_value, str(ts)), descending))
        else:
            raise body_invalid(path, "should contain `property` or `timestamp`", item)

    def order(pages: list[JSONDict], seq: dict[str, int]) -> list[JSONDict]:
        keys = {p["id"]: [fn(p) for fn, _ in criteria] for p in pages}

        def cmp(a: JSONDict, b: JSONDict) -> int:
            ka, kb = keys[a["id"]], keys[b["id"]]
            for (_, descending), va, vb in zip(criteria, ka, kb, strict=True):
                if va is None and vb is None:
                    continue
                if va is None:
                    return 1
                if vb is None:
                    return -1
                if va < vb:
                    return 1 if descending else -1
                if va > vb:
                    return -1 if descending else 1
            return seq[a["id"]] - seq[b["id"]]

        return sorted(pages, key=functools.cmp_to_key(cmp))

    return order
