"""Validation and normalisation of rich text and block content sent to the emulator.

Limits come from https://developers.notion.com/reference/request-limits (size limits table:
``text.content`` ≤ 2000 characters, ``text.link.url`` ≤ 2000, ``equation.expression`` ≤ 1000,
any rich text array ≤ 100 elements, payload ≤ 1000 block elements and 500 KB) and from
https://developers.notion.com/reference/patch-block-children (≤ 100 block children per
request, up to two levels of nesting per request).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .errors import UNDEFINED, NotionAPIError, body_invalid, too_long, validation

JSONDict = dict[str, Any]

MAX_TEXT_CONTENT: Final = 2000
MAX_LINK_URL: Final = 2000
MAX_EQUATION: Final = 1000
MAX_RICH_TEXT_ITEMS: Final = 100
MAX_CHILDREN_PER_ARRAY: Final = 100
MAX_BLOCKS_PER_REQUEST: Final = 1000
# Blocks at this depth (1 = the top-level ``children`` array) may not carry children themselves:
# Notion answers ``body.children[0].x.children[0].y.children[0].z.children should be not present``.
MAX_BLOCK_DEPTH: Final = 3

COLORS: Final = frozenset(
    {
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
    }
    | {
        f"{c}_background"
        for c in ("gray", "brown", "orange", "yellow", "green", "blue", "purple", "pink", "red")
    }
)

TEXT_BLOCK_TYPES: Final = frozenset(
    {
        "paragraph",
        "heading_1",
        "heading_2",
        "heading_3",
        "bulleted_list_item",
        "numbered_list_item",
        "quote",
        "to_do",
        "toggle",
        "callout",
        "code",
    }
)
BLOCK_TYPES: Final = TEXT_BLOCK_TYPES | {"divider"}
HEADING_TYPES: Final = frozenset({"heading_1", "heading_2", "heading_3"})
# Block types that accept nested children (headings only when ``is_toggleable``).
CHILDREN_TYPES: Final = frozenset(
    {"paragraph", "bulleted_list_item", "numbered_list_item", "quote", "to_do", "toggle", "callout"}
)
# Known Notion block types the emulator does not model (answered with a clear message).
UNSUPPORTED_BLOCK_TYPES: Final = frozenset(
    {
        "bookmark",
        "breadcrumb",
        "column",
        "column_list",
        "embed",
        "equation",
        "file",
        "image",
        "link_preview",
        "link_to_page",
        "pdf",
        "synced_block",
        "table",
        "table_of_contents",
        "table_row",
        "template",
        "video",
        "audio",
        "child_page",
        "child_database",
    }
)

DEFAULT_ANNOTATIONS: Final[JSONDict] = {
    "bold": False,
    "italic": False,
    "strikethrough": False,
    "underline": False,
    "code": False,
    "color": "default",
}


def plain_text(rich_text: list[JSONDict] | None) -> str:
    """Concatenate ``plain_text`` of a rich text array (as returned by the API)."""
    if not rich_text:
        return ""
    return "".join(str(item.get("plain_text", "")) for item in rich_text)


def text_item(content: str) -> JSONDict:
    """A rich text item in output shape."""
    return {
        "type": "text",
        "text": {"content": content, "link": None},
        "annotations": dict(DEFAULT_ANNOTATIONS),
        "plain_text": content,
        "href": None,
    }


def _annotations(value: object, path: str) -> JSONDict:
    if value is None:
        return dict(DEFAULT_ANNOTATIONS)
    if not isinstance(value, dict):
        raise body_invalid(path, "should be an object", value)
    out = dict(DEFAULT_ANNOTATIONS)
    for key, item in value.items():
        if key == "color":
            if item not in COLORS:
                raise body_invalid(f"{path}.color", "should be a valid color", item)
            out["color"] = item
        elif key in DEFAULT_ANNOTATIONS:
            if not isinstance(item, bool):
                raise body_invalid(f"{path}.{key}", "should be a boolean", item)
            out[key] = item
        else:
            raise body_invalid(f"{path}.{key}", "should be not present", item)
    return out


def parse_rich_text(value: object, path: str) -> list[JSONDict]:
    """Validate a rich text array from a request and return it in response shape."""
    if not isinstance(value, list):
        raise body_invalid(path, "should be an array", UNDEFINED if value is None else value)
    if len(value) > MAX_RICH_TEXT_ITEMS:
        raise too_long(path, MAX_RICH_TEXT_ITEMS, len(value))
    out: list[JSONDict] = []
    for index, item in enumerate(value):
        item_path = f"{path}[{index}]"
        if not isinstance(item, dict):
            raise body_invalid(item_path, "should be an object", item)
        kind = item.get("type")
        if kind is None:
            kind = next((k for k in ("text", "equation", "mention") if k in item), None)
        annotations = _annotations(item.get("annotations"), f"{item_path}.annotations")
        if kind == "text":
            text = item.get("text")
            if not isinstance(text, dict):
                raise body_invalid(f"{item_path}.text", "should be an object", text)
            content = text.get("content", UNDEFINED)
            if not isinstance(content, str):
                raise body_invalid(f"{item_path}.text.content", "should be a string", content)
            if len(content) > MAX_TEXT_CONTENT:
                raise too_long(f"{item_path}.text.content", MAX_TEXT_CONTENT, len(content))
            link = text.get("link")
            href: str | None = None
            if link is not None:
                if not isinstance(link, dict) or not isinstance(link.get("url"), str):
                    raise body_invalid(f"{item_path}.text.link.url", "should be a string", link)
                url = link["url"]
                if url == "":
                    raise body_invalid(f"{item_path}.text.link.url", "should be populated", url)
                if len(url) > MAX_LINK_URL:
                    raise too_long(f"{item_path}.text.link.url", MAX_LINK_URL, len(url))
                href = url
                link = {"url": url}
            out.append(
                {
                    "type": "text",
                    "text": {"content": content, "link": link},
                    "annotations": annotations,
                    "plain_text": content,
                    "href": href,
                }
            )
        elif kind == "equation":
            equation = item.get("equation")
            expression = equation.get("expression") if isinstance(equation, dict) else UNDEFINED
            if not isinstance(expression, str):
                raise body_invalid(
                    f"{item_path}.equation.expression", "should be a string", expression
                )
            if len(expression) > MAX_EQUATION:
                raise too_long(f"{item_path}.equation.expression", MAX_EQUATION, len(expression))
            out.append(
                {
                    "type": "equation",
                    "equation": {"expression": expression},
                    "annotations": annotations,
                    "plain_text": expression,
                    "href": None,
                }
            )
        elif kind == "mention":
            mention = item.get("mention")
            if not isinstance(mention, dict):
                raise body_invalid(f"{item_path}.mention", "should be an object", mention)
            out.append(
                {
                    "type": "mention",
                    "mention": mention,
                    "annotations": annotations,
                    "plain_text": str(item.get("plain_text", "")),
                    "href": None,
                }
            )
        else:
            raise body_invalid(f"{item_path}.text", "should be defined", UNDEFINED)
    return out


@dataclass
class ParsedBlock:
    """A validated block from a request, ready to be stored."""

    type: str
    payload: JSONDict
    children: list[ParsedBlock] = field(default_factory=list)


def _color(raw: JSONDict, path: str) -> str:
    color = raw.get("color", "default")
    if color not in COLORS:
        raise body_invalid(f"{path}.color", "should be a valid color", color)
    return str(color)


def parse_block_payload(
    btype: str, raw: JSONDict, path: str, *, partial: bool = False, current: JSONDict | None = None
) -> JSONDict:
    """Validate the typed payload of a block (``raw`` = ``block[btype]``) and return it.

    With ``partial`` (block update), missing keys keep the values in ``current``.
    """
    base: JSONDict = dict(current or {})
    if btype == "divider":
        return {}
    if "rich_text" in raw:
        base["rich_text"] = parse_rich_text(raw["rich_text"], f"{path}.rich_text")
    elif not partial:
        raise body_invalid(f"{path}.rich_text", "should be defined", UNDEFINED)
    if btype != "code" and ("color" in raw or not partial):
        base["color"] = _color(raw, path)
    if btype == "to_do" and ("checked" in raw or not partial):
        checked = raw.get("checked", False)
        if not isinstance(checked, bool):
            raise body_invalid(f"{path}.checked", "should be a boolean", checked)
        base["checked"] = checked
    if btype in HEADING_TYPES and ("is_toggleable" in raw or not partial):
        toggleable = raw.get("is_toggleable", False)
        if not isinstance(toggleable, bool):
            raise body_invalid(f"{path}.is_toggleable", "should be a boolean", toggleable)
        base["is_toggleable"] = toggleable
    if btype == "code":
        if "language" in raw or not partial:
            language = raw.get("language", "plain text")
            if not isinstance(language, str) or not language:
                raise body_invalid(f"{path}.language", "should be a string", language)
            base["language"] = language
        if "caption" in raw or not partial:
            base["caption"] = parse_rich_text(raw.get("caption", []), f"{path}.caption")
    if btype == "callout" and ("icon" in raw or not partial):
        icon = raw.get("icon", {"type": "emoji", "emoji": "💡"})
        if icon is not None and not isinstance(icon, dict):
            raise body_invalid(f"{path}.icon", "should be an object or `null`", icon)
        base["icon"] = icon
    return base


def block_type_of(item: JSONDict, path: str) -> str:
    btype = item.get("type")
    if btype is None:
        candidates = [k for k in item if k in BLOCK_TYPES or k in UNSUPPORTED_BLOCK_TYPES]
        if len(candidates) != 1:
            raise body_invalid(f"{path}.type", "should be defined", UNDEFINED)
        btype = candidates[0]
    if not isinstance(btype, str) or btype not in BLOCK_TYPES:
        if btype in UNSUPPORTED_BLOCK_TYPES:
            raise validation(
                f"body failed validation: {path}.type `{btype}` is a Notion block type "
                "the emulator does not model (supported: " + ", ".join(sorted(BLOCK_TYPES)) + ")."
            )
        raise body_invalid(f"{path}.type", "should be a known block type", btype)
    return btype


def can_have_children(btype: str, payload: JSONDict) -> bool:
    if btype in HEADING_TYPES:
        return bool(payload.get("is_toggleable"))
    return btype in CHILDREN_TYPES


def parse_children(value: object, path: str) -> list[ParsedBlock]:
    """Validate a ``children`` array (pages.create or blocks.children.append)."""
    counter = [0]
    tree = _parse_block_list(value, path, 1, counter)
    if counter[0] > MAX_BLOCKS_PER_REQUEST:
        raise validation(
            f"body failed validation: {path} should contain ≤ `{MAX_BLOCKS_PER_REQUEST}` "
            f"block elements in total, instead was `{counter[0]}`."
        )
    return tree


def _parse_block_list(
    value: object, path: str, depth: int, counter: list[int]
) -> list[ParsedBlock]:
    if not isinstance(value, list):
        raise body_invalid(path, "should be an array", UNDEFINED if value is None else value)
    if len(value) > MAX_CHILDREN_PER_ARRAY:
        raise too_long(path, MAX_CHILDREN_PER_ARRAY, len(value))
    return [_parse_block(item, f"{path}[{i}]", depth, counter) for i, item in enumerate(value)]


def _parse_block(item: object, path: str, depth: int, counter: list[int]) -> ParsedBlock:
    if not isinstance(item, dict):
        raise body_invalid(path, "should be an object", item)
    btype = block_type_of(item, path)
    raw = item.get(btype)
    if not isinstance(raw, dict):
        raise body_invalid(
            f"{path}.{btype}", "should be an object", UNDEFINED if raw is None else raw
        )
    counter[0] += 1
    payload = parse_block_payload(btype, raw, f"{path}.{btype}")
    kids_in = raw.get("children", item.get("children"))
    kids: list[ParsedBlock] = []
    if kids_in is not None:
        kids_path = f"{path}.{btype}.children"
        if depth >= MAX_BLOCK_DEPTH or not can_have_children(btype, payload):
            raise body_invalid(kids_path, "should be not present", kids_in)
        kids = _parse_block_list(kids_in, kids_path, depth + 1, counter)
    return ParsedBlock(btype, payload, kids)


def check_body_size(size: int, limit: int) -> NotionAPIError | None:
    if size > limit:
        return validation(
            f"body failed validation: request body size should be ≤ `{limit}` bytes, "
            f"instead was `{size}`."
        )
    return None
