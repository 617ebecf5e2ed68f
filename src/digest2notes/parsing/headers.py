"""Introducers: where what a pointer points at starts, and how many items it announces.

After a pointer comes "是 / 的是 / 在于 / 在 / 包括 / 有" ("看点是 X", "值得关注的是 X",
"之处在于 X", "集中在两处："), a colon or a dash closing a short header ("建议关注：",
"需重点核查的事项包括：", "Of note —"), or, in English, "are" / "include" / "is" after the
header's noun phrase ("The parts that repay the effort are X and Y"). A header may count
its items ("以下三项", "如下两点", "three things"): the count caps the list.
"""

from __future__ import annotations

import re
from functools import cache

from .text import Para

__all__ = [
    "HEADER_LIMIT", "colon", "count", "english_introducer", "first_of", "place_header",
    "word_introducer",
]

HEADER_LIMIT = 30  # characters from a pointer to the colon that closes its header
INTRO_GAP = 3


@cache
def _introducers() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    return (
        re.compile(
            r"\s*(?:的是|(?:的(?:地方|部分|一点)|之处|处(?=在于|是|为))(?:\s*,?\s*(?:在于|是|为|有))?|"
            # "值得一看的 trade-off 是 X": a short noun between 的 and 是
            r"的\s*[^,.;:!?。，；：！？\s]{1,12}(?:\s[^,.;:!?。，；：！？\s]{1,12})?\s*(?:是|在于)|"
            r"在于|集中在|放在(?!了)|主要是|是|为|在|包括|包含|有)\s*"
        ),
        re.compile(r"(?:以下|如下|下面|下列|这|几)?\s*(?P<n>[一二两三四五六七八九十\d]+)\s*(?:个|项|点|处|条|件|类|方面|地方|things?|points?|items?|ways?|parts?|areas?|details?|places?)"
                   r"|(?<![a-z])(?P<en>two|three|four|five|six)\s+(?:things|points|items|areas|parts|places|details)"),
        re.compile(
            r"\s+(?:are|is|include|includes|including|(?:should|must|will|is|are)\s+be\s+"
            r"(?:given|paid|devoted|directed)\s+to|goes\s+to|go\s+to)\s+"
        ),
    )


_COUNT_WORDS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
                "九": 9, "十": 10, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def count(para: Para, start: int, end: int, *, bare: bool = False) -> int:
    """A header's count ("以下三项", "如下两点", "three things"; with `bare`, a number alone
    as in "看点有三："), or 0."""
    if bare:
        token = para.norm[start:end].strip()
        if token in _COUNT_WORDS:
            return _COUNT_WORDS[token]
    match = _introducers()[1].search(para.norm, max(start, end - HEADER_LIMIT), end)
    if match is None:
        return 0
    token = match.group("n") or match.group("en") or ""
    if token.isdigit():
        return int(token)
    return _COUNT_WORDS.get(token, 0)


def word_introducer(norm: str, end: int) -> int:
    """Right after a pointer, "是", "的是", "在于", …: where its object starts, or -1."""
    match = _introducers()[0].match(norm, end, min(len(norm), end + INTRO_GAP + 28))
    if match is None:
        return -1
    return match.end()


def colon(para: Para, pos: int, limit: int) -> tuple[int, int] | None:
    """The colon or dash closing a header that starts at `pos` (and ends before `limit`),
    as (start, end), or None. Headers are short, and a sentence end or a plain comma
    before the colon means there is none. An English header may run a few words longer
    ("Inspect what the box does not tell you:"), unless a copula in it has already
    introduced its object ("The interesting bit is how X: …" explains X)."""
    norm, origin = para.norm, pos
    stop = min(para.chunk_end(pos), pos + HEADER_LIMIT + _ENGLISH_EXTRA, limit)
    while True:
        found = first_of(norm, _HEADER_ENDS, pos, stop)
        if found is None:
            return None
        at, mark = found
        if not _short_enough(norm, origin, at):
            return None
        if para.brackets and para.inside_brackets(at):
            pos = at + 1
            continue
        if mark == ",":
            # "Check, in order:": a few words after the comma, then the colon
            reach = _AFTER_COMMA if norm[at : at + _AFTER_COMMA].isascii() else _AFTER_HAN
            after = norm.find(":", at + 1, min(stop, at + reach))
            if after >= 0 and "," not in norm[at + 1 : after] and _short_enough(
                norm, origin, after
            ):
                return after, after + 1
            return None
        if mark == "—" and norm.startswith("—", at + 1):
            return at, at + 2  # "——", the Chinese dash, is one mark
        return at, at + len(mark)


_ENGLISH_EXTRA = 12


def _short_enough(norm: str, start: int, end: int) -> bool:
    return end - start < HEADER_LIMIT or (
        norm[start:end].isascii() and _copula().search(norm, start, end) is None
    )


@cache
def _copula() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z'])(?:is|are|was|were)(?![a-z'])")


_HEADER_ENDS = (":", ",", "—", "–", " - ")
# a few words: "Check, in order:", "The bits, such as they are:", "看点，按顺序："
_AFTER_COMMA, _AFTER_HAN = 20, 14


def first_of(norm: str, marks: tuple[str, ...], start: int, end: int) -> tuple[int, str] | None:
    """The first of `marks` in [start, end), and which; `str.find` is far cheaper than a
    pattern for so few characters."""
    best: tuple[int, str] | None = None
    for mark in marks:
        at = norm.find(mark, start, end)
        if at >= 0 and (best is None or at < best[0]):
            best = (at, mark)
            end = at
    return best


def english_introducer(para: Para, pos: int) -> tuple[int, bool]:
    """After an English header, where "are"/"include" starts its list, or "is" its one
    object (True): (-1, False) when neither follows."""
    if not para.norm[pos : pos + 1].isascii():
        return -1, False
    aside = _aside().match(para.norm, pos)  # "Of interest, in my reading, are X"
    if aside is not None:
        pos = aside.end()
    stop = min(para.clause_end(pos), pos + 40)
    match = _introducers()[2].search(para.norm, pos, stop)
    if match is None:
        return -1, False
    return match.end(), match.group().strip() == "is"


@cache
def _aside() -> re.Pattern[str]:
    return re.compile(r",[^,.;:]{1,30},(?=\s+(?:are|is|include)\s)")


def place_header(norm: str, intro: int, colon: int) -> bool:
    """ "要盯的地方先写下来：A、B": the place named without a copula, then a few words of
    the writer's own up to a colon, heads the list after it."""
    named = norm[max(0, intro - 8) : intro].rstrip()
    return named.endswith(("的地方", "的部分")) and 0 < colon - intro <= _PLACE_TAIL


_PLACE_TAIL = 8
