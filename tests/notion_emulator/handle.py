"""``EmulatorHandle``: drive a standalone emulator's ``/_emulator`` endpoints over HTTP.

Same method names as :class:`NotionEmulator` so subprocess tests read like in-process ones.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from .server import FaultConfig, RequestRecord, count_records, count_writes

JSONDict = dict[str, Any]


class EmulatorControlError(RuntimeError):
    """A ``/_emulator`` call failed (status and decoded body attached)."""

    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"emulator control call failed with {status}: {body}")
        self.status = status
        self.body = body


class EmulatorHandle:
    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def _call(
        self,
        method: str,
        action: str,
        params: dict[str, str] | None = None,
        body: JSONDict | None = None,
    ) -> Any:
        url = f"{self.base_url}/_emulator/{action}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                decoded: Any = json.loads(raw)
            except ValueError:
                decoded = raw.decode(errors="replace")
            raise EmulatorControlError(error.code, decoded) from None

    # ---------------------------------------------------------- inspection
    @property
    def info(self) -> JSONDict:
        result: JSONDict = self._call("GET", "info")
        return result

    @property
    def root_page_id(self) -> str:
        return str(self.info["root_page_id"])

    @property
    def state(self) -> JSONDict:
        result: JSONDict = self._call("GET", "state")
        return result

    @property
    def requests(self) -> list[RequestRecord]:
        return [RequestRecord.from_dict(r) for r in self._call("GET", "requests")]

    @property
    def internal_errors(self) -> list[str]:
        return list(self._call("GET", "internal_errors"))

    def count(
        self, method: str | None = None, route: str | None = None, status: int | None = None
    ) -> int:
        return count_records(self.requests, method, route, status)

    def write_count(self, *, status: int | None = None, applied: bool | None = None) -> int:
        return count_writes(self.requests, status, applied)

    def clear_log(self) -> None:
        self._call("POST", "reset_log", body={})

    def pages_in(self, data_source_id: str, include_trashed: bool = False) -> list[JSONDict]:
        params = {
            "data_source_id": data_source_id,
            "include_trashed": "1" if include_trashed else "0",
        }
        return list(self._call("GET", "pages_in", params))

    def children_of(self, block_or_page_id: str, include_trashed: bool = False) -> list[JSONDict]:
        params = {"id": block_or_page_id, "include_trashed": "1" if include_trashed else "0"}
        return list(self._call("GET", "children_of", params))

    def database_for_data_source(self, data_source_id: str) -> JSONDict:
        result: JSONDict = self._call(
            "GET", "database_for_data_source", {"data_source_id": data_source_id}
        )
        return result

    def views_of(self, database_id: str) -> list[JSONDict]:
        return list(self._call("GET", "views", {"database_id": database_id}))

    # ------------------------------------------------------- configuration
    def set_faults(self, faults: FaultConfig | None = None, **fields: Any) -> FaultConfig:
        """Replace the fault config (``set_faults()`` with no argument turns faults off)."""
        config = faults.to_dict() if faults is not None else {}
        config.update(fields)
        FaultConfig.from_dict(config)  # validate locally for a clear error
        return FaultConfig.from_dict(self._call("POST", "faults", body=config))

    def set_rate_limit(self, rate_limit: float | None) -> None:
        self._call("POST", "rate_limit", body={"rate_limit": rate_limit})

    def settings(self, **knobs: Any) -> JSONDict:
        """Set ``query_lag``, ``shuffle_ties``, ``blocks_left`` and/or ``views_refusal``;
        returns all four."""
        result: JSONDict = self._call("POST", "settings", body=knobs)
        return result

    def advance_clock(self, seconds: float) -> None:
        self._call("POST", "advance_clock", body={"seconds": seconds})

    def reseed(self, seed: int) -> None:
        self._call("POST", "reseed", body={"seed": seed})

    # ---------------------------------------------------------------- human
    def _human(self, action: str, **fields: Any) -> Any:
        return self._call("POST", "human", body={"action": action, **fields})

    def human_set_select(self, page_id: str, prop: str, option_name: str | None) -> JSONDict:
        result: JSONDict = self._human(
            "set_select", page_id=page_id, prop=prop, option_name=option_name
        )
        return result

    def human_set_property(self, page_id: str, prop: str, value_json: JSONDict) -> JSONDict:
        result: JSONDict = self._human("set_property", page_id=page_id, prop=prop, value=value_json)
        return result

    def human_tick(self, block_id: str, checked: bool = True) -> JSONDict:
        result: JSONDict = self._human("tick", block_id=block_id, checked=checked)
        return result

    def human_rename(self, page_id: str, new_title: str) -> JSONDict:
        result: JSONDict = self._human("rename", page_id=page_id, title=new_title)
        return result

    def human_trash(self, page_id: str, trashed: bool = True) -> JSONDict:
        result: JSONDict = self._human("trash", page_id=page_id, trashed=trashed)
        return result

    def human_restore(self, page_id: str) -> JSONDict:
        result: JSONDict = self._human("restore", page_id=page_id)
        return result

    def human_edit_text(self, block_id: str, text: str) -> JSONDict:
        result: JSONDict = self._human("edit_text", block_id=block_id, text=text)
        return result

    def human_delete_block(self, block_id: str) -> JSONDict:
        result: JSONDict = self._human("delete_block", block_id=block_id)
        return result

    def human_add_page(
        self, data_source_id: str, properties: JSONDict, children: list[JSONDict] | None = None
    ) -> JSONDict:
        result: JSONDict = self._human(
            "add_page", data_source_id=data_source_id, properties=properties, children=children
        )
        return result

    def human_add_blocks(self, parent_id: str, children: list[JSONDict]) -> list[JSONDict]:
        return list(self._human("add_blocks", parent_id=parent_id, children=children))

    def human_create_database(
        self, title: str, properties: JSONDict, parent_page_id: str | None = None
    ) -> JSONDict:
        result: JSONDict = self._human(
            "create_database", title=title, properties=properties, parent_page_id=parent_page_id
        )
        return result

    def human_set_view_property(self, view_id: str, prop: str, visible: bool) -> JSONDict:
        result: JSONDict = self._human(
            "set_view_property", view_id=view_id, prop=prop, visible=visible
        )
        return result

    def human_add_view(self, database_id: str, view_type: str, name: str) -> JSONDict:
        result: JSONDict = self._human(
            "add_view", database_id=database_id, view_type=view_type, name=name
        )
        return result
