"""Hide the `Sync state` column in the database's table views (``notion init`` / ``upgrade``).

The column is the tool's bookkeeping (`base`), so the reader should not have to hide it.
It is hidden only by the run that creates the property: once it exists, whether it shows
is the reader's choice, and the tool changes nothing the reader made. Export and queue
never come here: their request budgets have no room for views.

Listing views gives references only, so each view is read once; a table view over our
data source that still shows the column gets its whole property list back with that one
entry hidden (every other column as Notion made it, whether Notion's PATCH replaces the
list or merges it), so a second run finds nothing to write.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from .errors import NotionError
from .schema import SYNC_STATE

if TYPE_CHECKING:
    from .api import NotionAPI

#: What a property entry of a view configuration request may carry; the rest of a
#: response entry (``property_name``) is Notion's to fill in.
_REQUEST_KEYS: Final = frozenset(
    {
        "property_id",
        "visible",
        "width",
        "wrap",
        "status_show_as",
        "card_property_width_mode",
        "date_format",
        "time_format",
    }
)


def hiding(configuration: Mapping[str, Any], property_id: str) -> dict[str, Any] | None:
    """The table configuration with `property_id` hidden; None if there is nothing to do
    (not a table view, or the column is hidden already)."""
    if configuration.get("type") != "table":
        return None
    entries = [dict(e) for e in configuration.get("properties") or [] if isinstance(e, Mapping)]
    mine = [e for e in entries if e.get("property_id") == property_id]
    if any(e.get("visible") is False for e in mine):
        return None
    for entry in mine:
        entry["visible"] = False
    if not mine:  # a view that does not list it: say so rather than guess what it shows
        entries.append({"property_id": property_id, "visible": False})
    sent = [{k: v for k, v in e.items() if k in _REQUEST_KEYS} for e in entries]
    return {"type": "table", "properties": sent}


def hide_sync_state(
    api: NotionAPI,
    database_id: str,
    data_source_id: str,
    source: Mapping[str, Any] | None = None,
) -> str | None:
    """Hide the column in every table view of the database over `data_source_id`.

    `source` is the data source as the write that added the property returned it (for
    the property's id); without it (a database just created: that answer lists no
    properties) the data source is read once. Returns the warning to show when Notion
    would not let us (the Views API refused, an integration without the capability, an
    API version without views), else None. Never raises for Notion's answers: the
    database is fully usable with the column showing.
    """
    ours = _compact(data_source_id)
    try:
        property_id = _property_id(api, data_source_id, source)
        if property_id is None:
            return warning(f"Notion lists no '{SYNC_STATE}' property")
        for ref in api.list_views(database_id):
            view_id = ref.get("id") if isinstance(ref, Mapping) else None
            if not isinstance(view_id, str):
                continue
            view = api.retrieve_view(view_id)
            current = view.get("configuration")
            if _compact(view.get("data_source_id")) != ours or not isinstance(current, Mapping):
                continue
            configuration = hiding(current, property_id)
            if configuration is not None:
                api.update_view(view_id, configuration)
    except NotionError as error:
        return warning(_reason(error))
    return None


def warning(reason: str) -> str:
    """The one line shown when the column could not be hidden, with the way by hand."""
    return (
        f"could not hide the '{SYNC_STATE}' column ({reason}); hide it by hand: in Notion, open "
        f"the table's ••• menu → Properties and click the eye beside '{SYNC_STATE}'"
    )


def _property_id(
    api: NotionAPI, data_source_id: str, source: Mapping[str, Any] | None
) -> str | None:
    prop = ((source or {}).get("properties") or {}).get(SYNC_STATE)
    if not isinstance(prop, Mapping):
        fresh = api.retrieve_data_source(data_source_id)
        prop = (fresh.get("properties") or {}).get(SYNC_STATE)
    found = prop.get("id") if isinstance(prop, Mapping) else None
    return found if isinstance(found, str) and found else None


def _compact(raw: object) -> str:
    return str(raw).replace("-", "").lower() if raw else ""


def _reason(error: NotionError) -> str:
    if error.status is not None and error.code:
        return f"Notion answered {error.status} {error.code}"
    return " ".join(str(error).split())
