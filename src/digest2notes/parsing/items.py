"""List items: a span of the paragraph, trimmed of what surrounds a point but is not it.

Edge punctuation and spaces, glue at either end ("以及", "and", "…, and"), a consequence
after it ("X and you're golden") and the emoji that opens the writer's next field are
not part of the point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .text import Para

__all__ = ["OPENING_QUOTES", "Item", "leading_preposition", "trim"]


@dataclass(slots=True)
class Item:
    """One item: [start, end) of the paragraph, trimmed. (Not frozen: items are made by the
    dozen for every list, and a frozen class costs several times as much to make; nothing
    changes one once made.)"""

    start: int
    end: int


_EDGE = " \t\r\n\u3000\u00a0。；;，,.：:、！？!?—–-|•▪◦●◆◇■▶►▸➤→⇒➜➔🔍🔎👀👉"


@cache
def _lead_glue() -> re.Pattern[str]:
    """Glue before an item, and the steps of a reading order ("先看 X，再看 Y，最后看 Z",
    "X, then Y, and finally Z"): the step word and the verb after it are the pointer's."""
    return re.compile(
        r"(?:以及|还有|另外还有|另外|此外|并且|"
        r"(?:首先|先|其次|然后|接着|随后|之后|再|最后)(?:看看|看一下|看下|看|读|关注|留意|研究)?|"
        # "…, and on Y": the preposition repeated after "and" is the pointer's
        r"(?:and|or|also|as\s+well\s+as|plus|then|next|finally|lastly)"
        r"(?:\s+(?:on|at|to|into)(?=\s+(?:the|how|what|why|whether|its|an?)\s))?(?![a-z])|"
        # "first X, then Y": an ordinal step before a noun phrase, not "first-run X"
        r"(?:first|second|third)(?:ly)?(?=[\s,]+(?:the|how|what|why|whether|its|an?)\s|[\s,]+`))"
        r"[\s,]*"
    )


def trim(para: Para, start: int, end: int) -> Item | None:
    """[start, end) without edge punctuation, spaces and leading glue ("以及", "and").

    One-character glue ("和", "与") stays: "与 #1234 的交互" starts with a preposition
    that belongs to the point; after a list comma `cut` takes it with the comma."""
    norm = para.norm
    piece = norm[start:end]
    stripped = piece.lstrip(_EDGE)
    while stripped[:2] in ("**", "__") and (stripped[2:3].isspace() or len(stripped) == 2):
        stripped = stripped[2:].lstrip(_EDGE)  # the close of a bold header ("**Look at:** X")
    start += len(piece) - len(stripped)
    if stripped[:1] in "(（":
        lone = _lone_marker().match(norm, start, end)
        if lone is not None:  # "审阅重点：（1）X。": a list of one, its marker no part of X
            return trim(para, lone.end(), end)
    if stripped[:1] in _GLUE_FIRST:
        glue = _lead_glue().match(norm, start, end)
        if glue is not None and glue.end() > start:
            return trim(para, glue.end(), end)
    end -= len(stripped) - len(stripped.rstrip(_EDGE))
    if end - start > 2 and (norm[start], norm[end - 1]) in _QUOTES and (
        norm[end - 1] not in norm[start + 1 : end - 1]
    ):  # "「A」、「B」": each point in quotes of its own
        return trim(para, start + 1, end - 1)
    if not piece.isascii():
        glyph = _field_glyph().search(norm, start, end)
        if glyph is not None and glyph.start() > start:
            return trim(para, start, glyph.start())
    if " you" in piece or " move on" in piece:
        then = _consequence().search(norm, start, end)
        if then is not None and then.start() > start:
            return trim(para, start, then.start())
    if end > start and norm[end - 1] in _GLUE_LAST:
        tail = _tail_glue().search(norm, start, end)
        if tail is not None and tail.start() > start:
            return trim(para, start, tail.start())
    return Item(start, end) if end > start else None


_GLUE_LAST = frozenset("drtol及和与")
_QUOTES = frozenset({("「", "」"), ("『", "』"), ("“", "”")})
#: What opens a point quoted on its own ("「事件委托的实现」"), once `trim` has shed the quotes.
OPENING_QUOTES = frozenset(opening for opening, _ in _QUOTES)


@cache
def leading_preposition() -> re.Pattern[str]:
    """A preposition that opens an item ("to A and to B", "first, to X; second, to Y"):
    when every item repeats it, it is the pointer's, not the point's."""
    return re.compile(r"(?P<word>to|on|at|for|into|in|with)\s+")


@cache
def _lone_marker() -> re.Pattern[str]:
    return re.compile(r"[(（](?:1|一|a|i)[)）]\s*")


@cache
def _field_glyph() -> re.Pattern[str]:
    """An emoji after a space inside an item ("X ❌ 可以略过：…", "X ⚠️ 关联 issue…"): it
    opens the writer's next field, so the point ends before it. (A list cut by an emoji
    has none left inside its items.)"""
    return re.compile("\\s[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\u23E9-\u23FA]")


@cache
def _consequence() -> re.Pattern[str]:
    """ "X and you're golden", "X, then move on": what follows the point, not part of it."""
    return re.compile(
        r"[\s,]+(?:and|then)\s+(?:you(?:'re|'ll|\s+are|\s+will|\s+can)|(?:you\s+can\s+)?move\s+on)"
        r"(?![a-z])"
    )


@cache
def _tail_glue() -> re.Pattern[str]:
    """ "…, and" left at an item's end by the next marker ("(b) X, and (c) Y")."""
    # and an adverb of order or addition after the object ("look at X first", "X too")
    return re.compile(r"(?:[\s,]+(?:and|or|first|too|as\s+well)|\s*[,，]?\s*(?:以及|和|与|及))\Z")


_GLUE_FIRST = frozenset("以还另此并首先其然接随之再最aoptnfls")
