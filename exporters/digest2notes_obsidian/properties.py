"""Properties (YAML frontmatter): written so that every reader reads them alike, read
back with PyYAML, and re-written one key at a time.

Two YAML dialects read every note: python-frontmatter and Dataview's parsers follow
YAML 1.1 through PyYAML (where ``no`` is False and ``1:20`` is 80), Obsidian and
ruamel.yaml follow YAML 1.2 (where both are strings). A headline like ``no`` or
``2026-11-28`` or ``a: b # c`` must mean the same string to all of them, so any
string that *either* dialect could resolve to something else, or that YAML syntax
could misread, is double-quoted; the rest stays plain, as Obsidian writes it.

The frontmatter is split into `Chunk`s, one per top-level key, so that the reader's
own properties are carried over byte for byte (formatting and comments included)
and only the keys whose value changes are written again.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .kept import Front

_SIMPLE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
# Characters YAML 1.1 forbids raw in a stream, plus the ones it reads as line breaks
# (NEL, LS, PS) and the BOM: all must be written as escapes inside double quotes. (Listed,
# not as the complement of what is allowed: a class spanning the whole of Unicode is slow
# to compile, and every process compiles it.)
_NEEDS_ESCAPE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]"
)
_QUOTED_ESCAPE = re.compile('[\\\\"\t\n]|' + _NEEDS_ESCAPE.pattern)
_NEEDS_QUOTES = re.compile(
    r"""
    ^[\s\-?:,\[\]{}\#&*!|>'"%@`0-9+.~=<\\]   # an indicator, a digit or sign (numbers, dates)
    | [\s:]$                                # trailing space; a trailing colon makes a key
    | :\s | \s\# | [\t\n,\[\]{}]            # key separators, comments, flow indicators
    | <%                                    # a Templater tag (written escaped, below)
    | """ + _NEEDS_ESCAPE.pattern,
    re.VERBOSE,
)
# Words either dialect resolves to a bool or null (YAML 1.1's yes/no/on/off/y/n included).
_RESERVED = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
# The same for keys, as PyYAML actually resolves them (it leaves y and n alone).
_RESERVED_KEYS = _RESERVED - {"y", "n"}
_PLAIN_KEY = re.compile(r"[^\W\d][^:#]*")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\t": "\\t", "\n": "\\n", "\r": "\\r", "\x00": "\\0"}


def text_scalar(value: str) -> str:
    """`value` as a YAML scalar every reader reads back as this same string.

    Templater runs ``<% … %>`` anywhere in a new file, frontmatter included (with its
    "trigger on new file creation"), so the ``<`` of a ``<%`` is written as ``\x3c``:
    the same string to every YAML reader, and nothing for Templater to run."""
    if value and not _NEEDS_QUOTES.search(value) and value.lower() not in _RESERVED:
        return value
    quoted = _QUOTED_ESCAPE.sub(_escape_char, value).replace("<%", "\\x3c%")
    return f'"{quoted}"'


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    if char in _ESCAPES:
        return _ESCAPES[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _scalar(value: object) -> str | None:
    """The text of a scalar we write ourselves; None for anything left to PyYAML."""
    if type(value) is str:
        return text_scalar(value)
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    if value is None:
        return ""
    if type(value) is dt.date:  # exactly a date: a datetime needs PyYAML
        return value.isoformat()
    return None


def emit_entry(key: str, value: object) -> str:
    """One top-level property as YAML lines, each ending in a newline.

    Lists are block sequences indented by two spaces and empty values are left
    empty (``minutes:``), as Obsidian writes them, so an edit in Obsidian's
    property editor does not make every note look changed to us. Values of other
    shapes (a reader's nested property) are written by PyYAML.
    """
    if _SIMPLE_KEY.fullmatch(key) and key.lower() not in _RESERVED_KEYS:
        scalar = _scalar(value)
        if scalar is not None:
            return f"{key}: {scalar}\n" if scalar else f"{key}:\n"
        if isinstance(value, list):
            items = [_scalar(item) for item in value]
            if not items:
                return f"{key}: []\n"
            if all(items):  # none is None (PyYAML's) or empty (an empty item needs quotes)
                return f"{key}:\n" + "".join(f"  - {item}\n" for item in items)
    import yaml  # see `load_yaml`

    text: str = yaml.dump(
        {key: value},
        Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=1 << 30,
    )
    return text


def emit(properties: Mapping[str, object]) -> str:
    """A whole frontmatter body (no delimiters), keys in the mapping's order."""
    return "".join(emit_entry(key, value) for key, value in properties.items())


# ---------------------------------------------------------------------------- reading


class BrokenFrontmatter(ValueError):
    """A note's frontmatter cannot be read safely; `line` is 1-based in the note, if known."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


@dataclass(frozen=True)
class Frontmatter:
    """A note (line breaks as ``\\n``) split at its frontmatter, and the properties read."""

    yaml: str
    body: str
    data: dict[str, Any]


_DELIMITER = re.compile(r"^---[ \t]*$", re.MULTILINE)


def load_yaml(text: str) -> Any:
    """`text` read by PyYAML's safe loader (libyaml's, when PyYAML has it); raises
    `BrokenFrontmatter` with the 1-based line of the problem in `text`, if known.

    PyYAML is imported here, on first use: it is the dearest module the exporter
    loads, and most runs read no note's properties (nothing changed since)."""
    import yaml

    try:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise BrokenFrontmatter("not valid YAML", line) from None


def read(text: str, kept: Front | None = None) -> Frontmatter:
    """The frontmatter of `text` (``\\n`` line breaks, no BOM), read as python-frontmatter
    and Dataview read it (PyYAML's safe loader); the body is kept exactly. When `kept`
    (what the tool left there) holds this very frontmatter text, its properties are
    those, and nothing is parsed.

    Raises `BrokenFrontmatter` when there is none or it is not a set of properties.
    """
    opening = _DELIMITER.match(text)
    start = text.find("\n") + 1
    closing = _DELIMITER.search(text, start) if opening and start else None
    if closing is None:
        raise BrokenFrontmatter("it has no frontmatter (no --- lines around its properties)", 1)
    yaml_text = text[start : closing.start()]
    body_start = text.find("\n", closing.end())
    body = "" if body_start < 0 else text[body_start + 1 :]
    if kept is not None and kept.holds(yaml_text):
        return Frontmatter(yaml_text, body, kept.properties())
    try:  # a note we are creating has nothing in it yet: no need for PyYAML
        data = load_yaml(yaml_text) if yaml_text.strip() else None
    except BrokenFrontmatter as error:
        line = error.line + 1 if error.line is not None else None  # the --- line above
        raise BrokenFrontmatter("its frontmatter is not valid YAML", line) from None
    if data is None:
        data = {}
    if not isinstance(data, dict) or not all(isinstance(key, str) for key in data):
        raise BrokenFrontmatter("its frontmatter is not a set of properties", 2)
    return Frontmatter(yaml_text, body, data)


# ---------------------------------------------------------------------------- re-writing

_KEY_LINE = re.compile(
    r"""^(?P<key>[^\s\#'"\-?:,\[\]{}&*!|>%@`][^:\n]*?|"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*')
        [ \t]*:(?=[ \t]|$)""",
    re.VERBOSE,
)
_CONTINUATION = re.compile(r"^(?:[ \t]|-(?:[ \t]|$)|\#|$)")


@dataclass(frozen=True)
class Chunk:
    """One top-level key's lines, verbatim; `key` is None for comments before the first key."""

    key: str | None
    text: str


def chunks(yaml_text: str) -> list[Chunk] | None:
    """Top-level entries of a block mapping, or None when the layout is anything fancier
    (flow mappings, complex or duplicate keys, ...): then the caller writes the whole
    frontmatter again from the values read."""
    result: list[Chunk] = []
    key: str | None = None
    lines: list[str] = []
    seen: set[str] = set()
    for line in yaml_text.splitlines(keepends=True):
        match = _KEY_LINE.match(line)
        if match:
            if lines or key is not None:
                result.append(Chunk(key, "".join(lines)))
            key = _decode_key(match.group("key"))
            if key is None or key in seen:
                return None
            seen.add(key)
            lines = [line]
        elif _CONTINUATION.match(line):
            lines.append(line)
        else:
            return None
    if lines:
        text = "".join(lines)
        result.append(Chunk(key, text if text.endswith("\n") else text + "\n"))
    return result


def _decode_key(raw: str) -> str | None:
    if raw[0] in "\"'":
        try:
            value = load_yaml(raw)
        except BrokenFrontmatter:
            return None
        return value if isinstance(value, str) else None
    key = raw.rstrip()
    if _PLAIN_KEY.fullmatch(key) is None or key.lower() in _RESERVED_KEYS:
        return None  # a key YAML reads as something else (a bool, a merge, ...)
    return key
