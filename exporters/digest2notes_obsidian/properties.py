"""Properties (YAML frontmatter) that Obsidian, PyYAML and YAML 1.2 readers all read alike.

Two YAML dialects read every note: python-frontmatter (PyYAML, YAML 1.1, where
``no`` is False and ``1:20`` is 80) and YAML 1.2 readers such as Obsidian's own
and ruamel.yaml (where both are strings). A headline like ``no`` or ``2026-11-28``
or ``a: b # c`` must mean the same string to all of them, so any string that
*either* dialect could resolve to something else, or that YAML syntax could
misread, is double-quoted; the rest stays plain, as Obsidian writes it.

Notes are laid out exactly as ``frontmatter.dumps`` with our handler
(`PropertiesHandler`) lays them out, but `dumps` formats that layout directly,
without a ``Post`` and a handler call per note. The emitter renders the value
types our properties use (text, numbers, dates, lists of those) itself, because
PyYAML's representer costs ~250 µs a note, which alone would be most of a cold
export of 10,000 notes; any other value (a reader's nested property) goes
through PyYAML itself.

For merging, a note's frontmatter is also split into `Chunk`s, one per
top-level key, so the reader's own properties are carried over byte for byte
(formatting and comments included) and only ours are re-emitted.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import yaml
from frontmatter.default_handlers import YAMLHandler
from yaml.constructor import SafeConstructor

from .lines import LinePattern

try:
    _Loader: Any = yaml.CSafeLoader
    _Dumper: Any = yaml.CSafeDumper
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader
    _Dumper = yaml.SafeDumper

_SIMPLE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
# Characters YAML 1.1 forbids raw in a stream, plus the ones it reads as line breaks
# (NEL, LS, PS) and the BOM: all must be written as escapes inside double quotes.
_NEEDS_ESCAPE = re.compile(
    "[^\t\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
_QUOTED_ESCAPE = re.compile('[\\\\"\t\n]|' + _NEEDS_ESCAPE.pattern)
_NEEDS_QUOTES = re.compile(
    r"""
    ^[\s\-?:,\[\]{}\#&*!|>'"%@`0-9+.~=<\\]   # an indicator, a digit or sign (numbers, dates)
    | [\s:]$                                # trailing space; a trailing colon makes a key
    | :\s | \s\# | [\t\n,\[\]{}]            # key separators, comments, flow indicators
    | """ + _NEEDS_ESCAPE.pattern,
    re.VERBOSE,
)
# Words either dialect resolves to a bool or null (YAML 1.1's yes/no/on/off/y/n included).
_RESERVED = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
# Longer text is never reserved: a headline need not be lower-cased (copied) to know.
_LONGEST_RESERVED = max(map(len, _RESERVED))
# The same for keys, as PyYAML actually resolves them (it leaves y and n alone).
_RESERVED_KEYS = _RESERVED - {"y", "n"}
_PLAIN_KEY = re.compile(r"[^\W\d][^:#]*")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\t": "\\t", "\n": "\\n", "\r": "\\r", "\x00": "\\0"}


@functools.lru_cache(maxsize=4096)  # repos, verdicts, tags repeat across thousands of notes
def text_scalar(value: str) -> str:
    """`value` as a YAML scalar every reader reads back as this same string."""
    return unique_text_scalar(value)


def unique_text_scalar(value: str) -> str:
    """`text_scalar` without its cache, for a value that belongs to one note (its id,
    headline, reference URLs): looking those up only to miss costs more than the
    check itself, and each miss would push out a repo or tag that does repeat."""
    if (
        value
        and not needs_quotes(value)
        and (len(value) > _LONGEST_RESERVED or value.lower() not in _RESERVED)
    ):
        return value
    return '"' + _QUOTED_ESCAPE.sub(_escape_char, value) + '"'


def split_scalar(prefix: str) -> tuple[str, str]:
    """(head, end) with ``unique_text_scalar(prefix + rest) == head + rest + end`` for every
    `rest` of ASCII letters and digits, so values that share a prefix (a repo's note ids
    and issue URLs) need the prefix looked at once, not once per value.

    `prefix` must end in a character that is not a letter (as ``owner/repo:`` and
    ``…/issues/`` do): then the value starts with the prefix and is no reserved word,
    and a rest needs no quotes or escapes itself, nor can make the prefix need them (it
    ends the value, and holds no blank, colon or ``#`` to pair with the prefix). So the
    scalar for ``prefix + "0"`` shows where any rest goes.
    """
    if not prefix[-1:] or prefix[-1].isalpha():
        raise ValueError(f"a prefix must end in a character that is not a letter: {prefix!r}")
    head, _, end = unique_text_scalar(prefix + "0").rpartition("0")
    return head, end


# `_NEEDS_QUOTES` taken apart, for `needs_quotes`:
_QUOTED_FIRST = frozenset("-?:,[]{}#&*!|>'\"%@`0123456789+.~=<\\")
_COLON_SPACE = re.compile(r":\s")


def needs_quotes(value: str) -> bool:
    """``_NEEDS_QUOTES.search(value) is not None`` for a non-empty `value`, at a fraction
    of the cost: titles, ids and URLs are unique per note, so a cold export of 10,000
    notes asks this some 40,000 times, and the pattern's alternatives are tried at every
    character. Here the first and last characters are looked at directly, and the rest
    with ``in`` and ``find`` (which run at memory speed) before any regex.
    """
    first, last = value[0], value[-1]
    if first in _QUOTED_FIRST or first.isspace() or last == ":" or last.isspace():
        return True  # ``^[\s…]`` and ``[\s:]$``
    # Printable text holds nothing `_NEEDS_ESCAPE` finds, and no blank but the space (both
    # checked for every character by `test_obsidian_render_speedups`); in ASCII text,
    # whatever is not printable is a control character, and needs an escape.
    printable = value.isprintable()
    if not printable and (
        value.isascii() or "\t" in value or "\n" in value or _NEEDS_ESCAPE.search(value)
    ):
        return True
    if "," in value or "[" in value or "]" in value or "{" in value or "}" in value:
        return True  # ``[,\[\]{}]``
    if printable:  # the only blank is a space
        return ": " in value or " #" in value  # ``:\s`` and ``\s\#``
    if ":" in value and _COLON_SPACE.search(value) is not None:
        return True
    return "#" in value and _space_hash(value)


def _space_hash(value: str) -> bool:
    r"""``re.search(r"\s#", value) is not None``, looking only before each ``#``: the
    search would try every character for the ``\s``."""
    at = value.find("#", 1)
    while at >= 0:
        if value[at - 1].isspace():
            return True
        at = value.find("#", at + 1)
    return False


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
    """The plain text of a scalar we emit ourselves; None for types left to PyYAML."""
    kind = type(value)  # exact types: a datetime is a date subclass but needs PyYAML
    if kind is str:
        return text_scalar(cast(str, value))
    if kind is int:
        return str(value)
    if value is None:
        return ""
    if kind is bool:
        return "true" if value else "false"
    if kind is dt.date:
        return cast(dt.date, value).isoformat()
    return None


@functools.lru_cache(maxsize=1024)
def _is_simple_key(key: str) -> bool:
    return _SIMPLE_KEY.fullmatch(key) is not None and key.lower() not in _RESERVED_KEYS


def emit_entry(key: str, value: object) -> str:
    """One top-level property as YAML lines, each ending in a newline.

    Lists are block sequences indented by two spaces and empty values are left
    empty (``minutes:``), as Obsidian writes them, so an edit in Obsidian's
    property editor does not make every note look changed to us.
    """
    if _is_simple_key(key):
        scalar = _scalar(value)
        if scalar is not None:
            return f"{key}: {scalar}\n" if scalar else f"{key}:\n"
        if isinstance(value, (list, tuple)):
            if not value:
                return f"{key}: []\n"
            items = [_scalar(item) for item in value]
            if all(item is not None for item in items):
                return f"{key}:\n" + "".join(f"  - {item or 'null'}\n" for item in items)
    return dump_yaml({key: value})


def dump_yaml(mapping: Mapping[str, Any]) -> str:
    """PyYAML's rendering, for values our emitter does not handle (never wrapped)."""
    text: str = yaml.dump(
        dict(mapping),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=1 << 30,
    )
    return text


def emit(metadata: Mapping[str, object]) -> str:
    """A whole frontmatter body (no delimiters), keys in the mapping's order.

    The same text as `emit_entry` per key, with the common cases inlined: a cold
    export calls this for every note, and a generic call (or even a cache lookup)
    per property was a third of the time spent rendering a note. Text values still
    go through the cached `text_scalar`: repos, verdicts, statuses and tags repeat
    thousands of times. Lists of other things and unusual keys take `emit_entry`,
    cached (typed, so ``1`` and ``True`` stay apart).
    """
    out: list[str] = []
    append = out.append
    value: Any  # checked by exact type below; no `cast` calls in the loop
    for key, value in metadata.items():
        kind = type(value)
        if not _is_simple_key(key):
            append(_cached_entry(key, value) if kind in _CACHEABLE else emit_entry(key, value))
        elif kind is str:
            append(f"{key}: {text_scalar(value)}\n")
        elif kind is int:
            append(f"{key}: {int.__repr__(value)}\n")
        elif value is None:
            append(f"{key}:\n")
        elif kind is list and all([type(i) in _CACHEABLE_ITEMS for i in value]):
            if not value:
                append(f"{key}: []\n")
            else:
                append(f"{key}:\n" + "".join([f"  - {_item_scalar(i)}\n" for i in value]))
        elif kind in _CACHEABLE:
            append(_cached_entry(key, value))
        else:
            append(emit_entry(key, value))
    return "".join(out)


def _item_scalar(item: Any) -> str:
    """`_scalar` of a list item we render ourselves (text or a date: never empty)."""
    scalar: str = text_scalar(item) if type(item) is str else item.isoformat()
    return scalar


_CACHEABLE = frozenset({str, int, bool, type(None), dt.date})
# List items whose rendering `_item_scalar` knows (no 1 == True confusion either).
_CACHEABLE_ITEMS = frozenset({str, dt.date})
_cached_entry = functools.lru_cache(maxsize=8192, typed=True)(emit_entry)


class PropertiesHandler(YAMLHandler):
    """python-frontmatter's YAML handler, exporting with our emitter."""

    def export(self, metadata: dict[str, object], **kwargs: object) -> str:
        return emit(metadata).rstrip("\n")


HANDLER = PropertiesHandler()


def dumps(metadata: Mapping[str, object], content: str) -> str:
    """A complete note: frontmatter in the mapping's key order, then `content`."""
    return dumps_yaml(emit(metadata), content)


def dumps_yaml(yaml_text: str, content: str) -> str:
    """A complete note from an already emitted frontmatter body and `content`.

    Exactly what ``frontmatter.dumps`` with `HANDLER` writes (its post template,
    stripped, plus our final newline), without building a ``Post`` and a handler
    call per note; `test_obsidian_perf_paths` holds the two to the same bytes.
    """
    meta = yaml_text.rstrip("\n")
    return f"---\n{meta}\n---\n\n{content}\n".strip() + "\n"


def load_yaml(text: str) -> Any:
    """Read YAML the way python-frontmatter does (PyYAML's safe loader)."""
    return yaml.load(text, Loader=_Loader)


_STR_TAG = "tag:yaml.org,2002:str"
# Strings can be taken straight from the parse only while the loader builds them the
# stock way; a constructor someone registered for str would be honoured instead.
_STOCK_STR = _Loader.yaml_constructors.get(_STR_TAG) is SafeConstructor.construct_yaml_str


def load_values(text: str, keys: Sequence[str]) -> list[object] | None:
    """The values of a top-level mapping whose keys are exactly `keys` (in that order),
    each as `load_yaml` would give it; None if the YAML is invalid or has other keys.

    For the study queue, which loads the titles of a whole vault in one document:
    the constructor's per-node bookkeeping cost as much as the parse itself, so a
    scalar the resolver tagged as a string (a plain or quoted one) is taken as the
    parser produced it — which is exactly what PyYAML's safe constructor returns for
    it — and every other value goes through the constructor as usual.
    """
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if not isinstance(node, yaml.MappingNode) or len(node.value) != len(keys):
            return None
        values: list[object] = []
        for (key_node, value_node), key in zip(node.value, keys, strict=True):
            if not isinstance(key_node, yaml.ScalarNode) or key_node.value != key:
                return None
            if _STOCK_STR and type(value_node) is yaml.ScalarNode and value_node.tag == _STR_TAG:
                values.append(value_node.value)
            else:
                values.append(loader.construct_object(value_node, deep=True))
        return values
    except Exception:  # any error of the loader's, as `load_yaml` callers treat them
        return None
    finally:
        loader.dispose()


def same_value(left: object, right: object) -> bool:
    """Equality that also checks types, so ``1`` is not ``True`` and a date is not a string."""
    if type(left) is not type(right):
        return False
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(same_value, left, right))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(same_value(v, right[k]) for k, v in left.items())
    return left == right


# ---------------------------------------------------------------------------- reading notes

#: A frontmatter delimiter line, as python-frontmatter and Obsidian recognise it.
DELIMITER = LinePattern("---", r"[ \t]*\r?$")
_KEY_LINE = re.compile(
    r"""^(?P<key>[^\s\#'"\-?:,\[\]{}&*!|>%@`][^:\n]*?|"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*')
        [ \t]*:(?=[ \t]|\r?$)""",
    re.VERBOSE,
)
_CONTINUATION = re.compile(r"^(?:[ \t]|-(?:[ \t]|\r?$)|\#|\r?$)")


@dataclass(frozen=True)
class Frontmatter:
    """A note split at its frontmatter: the YAML text between the delimiters, and the rest."""

    yaml: str
    body: str


def split(text: str) -> Frontmatter | None:
    """The frontmatter and body of `text`, or None if it does not start with ``---``.

    Splits on the same delimiter lines python-frontmatter and Obsidian use, but
    keeps the body exactly (python-frontmatter strips it), since the reader's
    text after our generated part must survive byte for byte.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    opening = DELIMITER.match(text)
    if opening is None:
        return None
    start = text.find("\n", opening.end())
    if start < 0:
        return None
    closing = DELIMITER.search(text, start + 1)
    if closing is None:
        return None
    body_start = text.find("\n", closing.end())
    body = "" if body_start < 0 else text[body_start + 1 :]
    return Frontmatter(text[start + 1 : closing.start()], body)


@dataclass(frozen=True)
class Chunk:
    """One top-level key's lines, verbatim; `key` is None for comments before the first key."""

    key: str | None
    text: str


def chunks(yaml_text: str) -> list[Chunk] | None:
    """Top-level entries of a block mapping, or None when the layout is anything fancier.

    None (flow mappings, complex keys, duplicate keys, ...) sends the caller to
    the slow path: a full YAML parse and a re-emit.
    """
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
        result.append(Chunk(key, "".join(lines)))
    if result and not result[-1].text.endswith("\n"):
        last = result[-1]
        result[-1] = Chunk(last.key, last.text + "\n")
    return result


def _decode_key(raw: str) -> str | None:
    if raw[0] in "\"'":
        try:
            value = load_yaml(raw)
        except yaml.YAMLError:
            return None
        return value if isinstance(value, str) else None
    key = raw.rstrip()
    if _PLAIN_KEY.fullmatch(key) is None or key.lower() in _RESERVED_KEYS:
        return None  # a key YAML reads as something else (a bool, a merge, ...): slow path
    return key


def chunk_value(chunk: Chunk) -> tuple[bool, object]:
    """(True, value) of a chunk's key, or (False, None) if the chunk is not valid YAML."""
    try:
        data = load_yaml(chunk.text)
    except yaml.YAMLError:
        return False, None
    if not isinstance(data, dict) or chunk.key not in data:
        return False, None
    return True, data[chunk.key]


def join(parts: Iterable[str]) -> str:
    """Frontmatter lines back into a note head, delimiters included."""
    return "---\n" + "".join(parts) + "---\n"
