"""The page body, and splitting text to Notion's size limits.

Notion refuses a request (400 validation_error) when a rich-text ``content`` is
longer than 2,000 characters, a rich-text array has more than 100 items, a
``children`` array has more than 100 blocks, or the body exceeds 500 KB
(https://developers.notion.com/reference/request-limits). Digests can carry a long
paragraph or many focus points, so every piece of text is cut *before* it is sent.

Notion counts characters the JavaScript way (UTF-16 code units), so an emoji
counts twice; we measure the same way so an emoji-heavy paragraph cannot slip past.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

MAX_TEXT: Final = 2000  # characters (UTF-16 code units) per rich-text item
MAX_RICH_TEXT_ITEMS: Final = 100
MAX_CHILDREN: Final = 100  # blocks per children array
# Notion's limit is 500 KB per request; leave room for the properties and the JSON framing.
MAX_CHILDREN_BYTES: Final = 400_000

# Where a paragraph may be cut, best first: after a sentence, then after a clause.
_SENTENCE_ENDS: Final = "。！？!?\n"
_CLAUSE_ENDS: Final = "；;：:，,、）)」』】"
_LATIN_SENTENCE_ENDS: Final = ".!?"
# How far back from the hard limit we look for a nicer place to cut.
_LOOKBACK: Final = 600

JSONDict = dict[str, Any]


def utf16_len(text: str) -> int:
    """Length as Notion measures it."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def _hard_limit(text: str, limit: int) -> int:
    """The largest code-point index `i` with ``utf16_len(text[:i]) <= limit``."""
    units = 0
    for index, ch in enumerate(text):
        units += 2 if ord(ch) > 0xFFFF else 1
        if units > limit:
            return index
    return len(text)


def _cut_point(text: str, limit: int) -> int:
    """Where to end the first piece of `text`: a sentence end if one is near the limit."""
    hard = _hard_limit(text, limit)
    low = max(1, hard - _LOOKBACK)
    for ends in (_SENTENCE_ENDS, _CLAUSE_ENDS):
        for index in range(hard - 1, low - 1, -1):
            if text[index] in ends:
                return _after_spaces(text, index + 1, hard)
    for index in range(hard - 1, low - 1, -1):
        if text[index] in _LATIN_SENTENCE_ENDS and index + 1 < len(text) and text[index + 1] == " ":
            return _after_spaces(text, index + 1, hard)
    for index in range(hard - 1, low - 1, -1):
        if text[index].isspace():
            return index + 1
    # No natural break: cut on a character boundary, never inside a combining sequence.
    cut = hard
    while cut > 1 and unicodedata.combining(text[cut]):
        cut -= 1
    return cut


def _after_spaces(text: str, cut: int, hard: int) -> int:
    """Move a cut past following blanks, so the next block does not start with a space."""
    while cut < hard and text[cut] in " \t":
        cut += 1
    return cut


def split_text(text: str, limit: int = MAX_TEXT) -> list[str]:
    """`text` in pieces of at most `limit` UTF-16 units; joined back they give `text`."""
    pieces: list[str] = []
    rest = text
    while utf16_len(rest) > limit:
        cut = _cut_point(rest, limit)
        pieces.append(rest[:cut])
        rest = rest[cut:]
    if rest or not pieces:
        pieces.append(rest)
    return pieces


def rich_text(text: str) -> list[JSONDict]:
    """A rich-text array for `text`, split into items Notion accepts.

    Beyond 100 items (200,000 characters) the text is truncated with an ellipsis:
    no digest line comes near that, and a refused request would be worse.
    """
    if not text:
        return []
    pieces = split_text(text)
    if len(pieces) > MAX_RICH_TEXT_ITEMS:
        pieces = pieces[:MAX_RICH_TEXT_ITEMS]
        pieces[-1] = pieces[-1][:-1] + "…"
    return [{"type": "text", "text": {"content": piece}} for piece in pieces]


def plain_text(items: object) -> str:
    """The text of a rich-text array as the API returns it."""
    if not isinstance(items, list):
        return ""
    parts: list[str] = []
    for item in items:
        if not isinstance(item, Mapping):
            continue
        text = item.get("plain_text")
        if text is None:
            inner = item.get("text")
            text = inner.get("content", "") if isinstance(inner, Mapping) else ""
        parts.append(str(text))
    return "".join(parts)


@dataclass(frozen=True)
class BlockSpec:
    """One block the tool owns, by what identifies it: its type and its text."""

    type: str  # "to_do" or "paragraph" (or, copied from a reader's block, its type)
    text: str
    checked: bool = False

    def to_json(self) -> JSONDict:
        payload: JSONDict = {"rich_text": rich_text(self.text)}
        if self.type == "to_do":
            payload["checked"] = self.checked
        return {"object": "block", "type": self.type, self.type: payload}


def block_text(block: Mapping[str, Any]) -> str:
    """The text of a block returned by the API (its rich text, joined)."""
    btype = block.get("type")
    payload = block.get(btype) if isinstance(btype, str) else None
    return plain_text(payload.get("rich_text")) if isinstance(payload, Mapping) else ""


def block_checked(block: Mapping[str, Any]) -> bool:
    payload = block.get("to_do")
    return bool(payload.get("checked")) if isinstance(payload, Mapping) else False


def json_size(value: object) -> int:
    """Bytes `value` takes in a request body (httpx sends compact UTF-8 JSON)."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def batches(
    blocks: Sequence[JSONDict], first_budget: int = MAX_CHILDREN_BYTES
) -> Iterator[list[JSONDict]]:
    """`blocks` in request-sized groups: at most 100 blocks and about 400 KB each.

    `first_budget` lets the page-creating request keep room for its properties.
    """
    batch: list[JSONDict] = []
    size = 0
    budget = first_budget
    for block in blocks:
        block_size = json_size(block) + 1
        if batch and (len(batch) >= MAX_CHILDREN or size + block_size > budget):
            yield batch
            batch, size, budget = [], 0, MAX_CHILDREN_BYTES
        batch.append(block)
        size += block_size
    if batch:
        yield batch
