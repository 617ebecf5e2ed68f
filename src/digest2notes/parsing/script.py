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

__all__ = ["is_han", "simplify", "table_stamp"]

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


def is_han(char: str) -> bool:
    """Is `char` a Chinese character (CJK Unified Ideographs and Extension A, where every
    traditional form a digest holds lives)? A range test: a pattern of the range would be
    compiled by walking all of it."""
    return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf"


def simplify(text: str) -> str:
    """`text` with each traditional Chinese character replaced by its simplified form,
    and Cantonese function words by Mandarin ones (`_mandarin`); the same length, and the
    same string when it holds no CJK ideograph."""
    # Most paragraphs are in simplified characters or none: asking whether any character
    # is in the table is a set lookup each, where converting is a table lookup each.
    if text.isascii():
        return text
    if not _CANTONESE_MARKS.isdisjoint(text):
        text = _mandarin(text)
    if "儿" in text or "兒" in text:
        text = _without_erhua(text)
    if _traditional().isdisjoint(text):
        return text
    if not any(map(is_han, text)):  # only characters the table has outside the range
        return text
    return text.translate(_table())


def _without_erhua(text: str) -> str:
    """The northern 儿 closing a word ("直接翻篇儿。", "溜一眼儿") is a suffix, not a word:
    a space in its place keeps the length and lets the word before it be read."""
    chars = list(text)
    for at, char in enumerate(chars):
        if char in "儿兒" and at and is_han(chars[at - 1]) and (
            at + 1 == len(chars) or not is_han(chars[at + 1])
        ):
            chars[at] = " "
    return "".join(chars)


# Cantonese written in Chinese characters has function words Mandarin does not ("最值得
# 留意嘅係 X，同埋 Y"): the rules read Mandarin, so they are read as their Mandarin
# equivalents, each the same length. 係 alone stays (as 係 it is also the traditional
# form of 系, "system"); only after a word that makes it the copula is it 是.
_CANTONESE_MARKS = frozenset("嘅喺咗啲冇唔睇埋係呢")
_CANTONESE_PAIRS = {
    "同埋": "以及", "嘅係": "的是", "就係": "就是", "都係": "都是", "唔係": "不是", "即係": "就是",
    "先係": "才是", "唔使": "不用", "唔驶": "不用", "唔駛": "不用", "唔好": "不要",
    # the aspect 住 between two verbs is 着 ("跳住睇": 跳着看); 睇住 X keeps an eye on X
    "住睇": "着看", "睇住": "盯住", "睇吓": "看下",  # 睇吓: "have a look", 看下
    # 呢 + a measure word is "this" (呢个 PR); 呢 alone is also a Mandarin particle
    "呢个": "这个", "呢個": "這個", "呢条": "这条", "呢條": "這條", "呢啲": "这些",
}
_CANTONESE_SINGLE = str.maketrans("嘅喺咗啲冇唔睇", "的在了些没不看")


@cache
def _cantonese_pair() -> re.Pattern[str]:
    return re.compile("|".join(_CANTONESE_PAIRS))


def _mandarin(text: str) -> str:
    if "埋" in text or "係" in text or "唔" in text or "住" in text or "呢" in text:
        text = _cantonese_pair().sub(lambda m: _CANTONESE_PAIRS[m.group()], text)
    return text.translate(_CANTONESE_SINGLE)

