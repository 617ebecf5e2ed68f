"""Traditional Chinese read as simplified, one character for one character.

The lexicon is written in simplified characters, so a digest in traditional ones
(``建議：精讀``, ``約十二分鐘``) would rate nothing. Every rule reads `text.Para.norm`,
whose positions must be those of the original text; a phrase-level conversion
(``計時器`` → ``计时器`` is fine, but ``記憶體`` → ``内存`` is not) would change the length,
so only the character table is used, and of a character with several simplified
forms only the first, the one OpenCC itself prefers.

The table is OpenCC's own (``TSCharacters.txt``, as shipped by the pure-Python
``opencc-purepy`` package): a well-kept list beats one written here by hand. It is read
the first time a paragraph holds a character outside ASCII, once per process, so
plain English runs never open it.
"""

from __future__ import annotations

import os
import re
from functools import cache
from importlib.util import find_spec

__all__ = ["simplify", "table_stamp"]

_TABLE_PACKAGE = "opencc_purepy"
_TABLE_FILE = "dicts/TSCharacters.txt"


@cache
def _table_path() -> str | None:
    # Found, not imported: importing the package loads all of its dictionaries, of
    # which only this one table is needed.
    spec = find_spec(_TABLE_PACKAGE)
    folders = list(spec.submodule_search_locations or ()) if spec else []
    return os.path.join(folders[0], _TABLE_FILE) if folders else None


def table_stamp() -> bytes:
    """Where the table is, its size and when it changed: part of the parser's version
    (`cache.parser_version`), so an upgraded table is never answered from old analyses."""
    path = _table_path()
    try:
        info = os.stat(path) if path else None
    except OSError:
        info = None
    if info is None:
        return b"no table"
    return f"{path}\0{info.st_size}\0{info.st_mtime_ns}".encode()


@cache
def _table() -> dict[int, int]:
    """Traditional code point to simplified code point, single characters only."""
    path = _table_path()
    try:
        if path is None:
            return {}
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError):
        # A package that moved its table costs traditional text its cues, never a run.
        return {}
    table: dict[int, int] = {}
    for line in text.splitlines():
        source, _, targets = line.partition("\t")
        first = targets.split(" ", 1)[0].strip()
        # A mapping to or from more than one code point (a few rare characters outside
        # the basic plane come as pairs) would shift every position after it.
        if len(source) == 1 and len(first) == 1 and first != source:
            table[ord(source)] = ord(first)
    return table


@cache
def _traditional() -> frozenset[str]:
    """The characters `_table` converts."""
    return frozenset(map(chr, _table()))


@cache
def _ideograph() -> re.Pattern[str]:
    """CJK Unified Ideographs and Extension A: where every traditional form in the table
    that can occur in a digest lives; a paragraph without one is left as it is."""
    return re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")


def simplify(text: str) -> str:
    """`text` with each traditional Chinese character replaced by its simplified form;
    the same length, and the same string when it holds no CJK ideograph."""
    # Most paragraphs are in simplified characters or none: asking whether any character
    # is in the table is a set lookup each, where converting is a table lookup each.
    if text.isascii() or _traditional().isdisjoint(text):
        return text
    if not _ideograph().search(text):  # only characters the table has outside the range
        return text
    return text.translate(_table())
