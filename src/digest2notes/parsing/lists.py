"""Separated lists: how a stretch of text is cut into items at the separator it uses.

The separator is the strongest one present: ``;`` (full-width ``；`` folds to it), then
``|``, then `` / `` (spaced, so a path is no list), then ``•``, then a spaced dash used
twice or more after a header, then ``、`` or commas.
Commas inside an item do not cut it when the list uses another separator. Nothing
inside brackets, quotes or code is ever a separator. (Lists with markers are `markers`.)
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from .items import Item, leading_preposition, trim
from .script import is_han
from .text import Para

__all__ = ["cut", "glue_comma", "starts_phrase"]


@cache
def _and_or() -> re.Pattern[str]:
    return re.compile(r"(?<=\s)(?:and|or|\+|&)(?=\s)")


@cache
def glue_comma() -> re.Pattern[str]:
    """A comma that starts another item: glue ("，以及 Y") or the next step of an order
    ("，再看 Y", "，最后 Z")."""
    return re.compile(
        r",\s*(?:以及|还有|另外还有|(?:和|与|及)(?=[\s`\ue000a-z0-9#(“\"'])|"
        r"(?:and|as\s+well\s+as|plus)(?![a-z]))"
    )


@cache
def _step_comma() -> re.Pattern[str]:
    """A comma before the next step of a reading order ("，再看 Y", "，最后看 Z")."""
    return re.compile(r",\s*(?:其次|然后|接着|随后|再|最后)(?:看|读|关注|留意|研究)")


@cache
def _and_blocker() -> re.Pattern[str]:
    # "between A and B"; "the rule when A and B disagree": the "and" of a clause inside
    return re.compile(r"(?<![a-z])(?:between|both|either|neither|when|if|whether|while|once|"
                      r"until|unless|because)(?![a-z])")


@cache
def _new_phrase() -> re.Pattern[str]:
    # Case-sensitive, on the original text: a capital starts a new noun phrase.
    return re.compile(
        r"(?:the|a|an|its|their|his|her|this|that|these|those|how|why|what|whether|where|"
        r"when|which|who)\b|[`A-Z#(\"“]|\w+ing\b"
    )


def starts_phrase(para: Para, pos: int) -> bool:
    """Does a new noun phrase ("the X", "how…", "`code`", a capital) or the next step of a
    reading order ("read X", "look at X") start at `pos`?"""
    return bool(_new_phrase().match(para.text, pos) or _next_step().match(para.norm, pos))


@cache
def _relative() -> re.Pattern[str]:
    """A relative clause after a comma ("X, which was wrong") belongs to X."""
    return re.compile(r"(?:which|who|whose|where|when|that)(?![a-z])")


@cache
def _next_step() -> re.Pattern[str]:
    return re.compile(
        r"(?:then\s+)?(?:(?:move|go|head|turn|jump)\s+(?:on\s+)?to|read|study|look\s+at|"
        r"glance\s+at|skim)\s+"
    )


@cache
def _relational_end() -> re.Pattern[str]:
    """A Chinese "X 和 Y" that names one thing: the relation or contrast between them."""
    return re.compile(
        r"(?:之间|关系|区别|差异|交互|对比|对应|异同|两者|二者|结合|一致|相同|不同|相符|兼容|对齐)"
        r"[^、，,]{0,6}$"
    )


_Cuts = list[tuple[int, int]]


@dataclass(slots=True)
class _Separators:
    """The separators of one stretch, by kind (outside brackets, quotes and code)."""

    found: dict[str, _Cuts]

    def within(self, kind: str, start: int, end: int) -> _Cuts:
        cuts = self.found.get(kind, [])  # sorted: the ones in range are one slice
        return cuts[bisect_left(cuts, (start,)) : bisect_left(cuts, (end,))]

    def and_or(self, para: Para, start: int, end: int) -> _Cuts:
        """ "and" / "or" between spaces in [start, end): asked for by English lists only."""
        inside = para.inside_brackets
        return [
            m.span() for m in _and_or().finditer(para.norm, start, end)
            if not (para.brackets and inside(m.start()))
        ]


# Each separator by its text: found with `str.find`, which for the few a list holds is
# much cheaper than a pattern and its match objects.
_SEPARATORS = (
    ("semi", ";"), ("bar", "|"), ("slash", " / "), ("dot", "•"), ("dot", "▪"), ("dot", "◦"),
    ("dot", "●"), ("dot", "◆"), ("dot", "→"), ("dot", "⇒"), ("dot", "➜"), ("dot", "➔"),
    ("dash", " — "), ("dash", " – "), ("dun", "、"), ("comma", ","), ("yiji", "以及"), ("he", "和"),
    ("yu", "与"), ("ji", "及"),
)


def _separators(para: Para, start: int, end: int) -> _Separators:
    found: dict[str, _Cuts] = {}
    norm = para.norm
    inside = para.inside_brackets if para.brackets else None
    for kind, text in _SEPARATORS:
        at = norm.find(text, start, end)
        while at >= 0:
            if inside is None or not inside(at):
                if kind == "slash":  # the slash alone; the spaces around it are the item's
                    found.setdefault(kind, []).append((at + 1, at + 2))
                else:
                    found.setdefault(kind, []).append((at, at + len(text)))
            at = norm.find(text, at + len(text), end)
    for cuts in found.values():
        cuts.sort()
    return _Separators(found)


def _pieces(para: Para, start: int, end: int, cuts: _Cuts) -> list[Item]:
    items: list[Item] = []
    cursor = start
    for cut_start, cut_end in cuts:
        item = trim(para, cursor, cut_start)
        if item is not None:
            items.append(item)
        cursor = cut_end
    item = trim(para, cursor, end)
    if item is not None:
        items.append(item)
    return items


def cut(para: Para, start: int, end: int, *, announced: bool) -> list[Item]:
    """Cut [start, end) into items at the separator it uses (see the module docs).

    `announced` is True after a colon or dash, where the writer has said a list follows:
    there ``、`` always separates. In running prose (an object after "尤其是", "look
    at") ``、`` separates only a series of like phrases (every one a "…的 X", or none),
    since it also joins the modifiers of one noun ("融合加法、避免单独 launch 的思路").
    """
    seps = _separators(para, start, end)
    strong = [kind for kind in ("semi", "bar", "slash", "dot") if kind in seps.found]
    if strong:
        # the separator the list uses most (the first of them on a tie); another after
        # its last cut ends the list ("A ／ B ／ C | 背景见 #1")
        kind = max(strong, key=lambda k: len(seps.found[k]))
        cuts = seps.found[kind]
        later = [c[0] for k in strong if k != kind for c in seps.found[k] if c[0] > cuts[-1][1]]
        return _pieces(para, start, min(later, default=end), cuts)
    dashes = seps.found.get("dash", [])
    if announced and len(dashes) >= 2:  # "The parts that matter: A — B — C"
        return _pieces(para, start, end, dashes)
    commas = seps.found.get("comma", [])
    steps = [c for c in commas if _step_comma().match(para.norm, c[0])]
    if steps:  # a reading order cuts at its steps only: "先看 A、B，再看 C"
        return _pieces(para, start, end, steps)
    if _has_cjk(para.norm, start, end):
        glue = []
        for comma in commas:
            match = glue_comma().match(para.norm, comma[0])
            if match is not None:
                glue.append(match.span())
        bare = len(glue) < len(commas)
        if bare and announced:
            ends = _series_end(para, seps, commas, glue, start, end)
            if ends is not None:  # "A、B、C，另外作者提醒…": a remark after the series
                return cut(para, start, ends, announced=True)
        parts = _pieces(para, start, end, glue)
        if bare and announced:
            return parts
        items: list[Item] = []
        for part in parts:
            items += _chinese_series(para, seps, part, announced=announced and not bare)
        if len(items) == 1 and not glue:
            items = _two_joined(para, seps, items[0])
        return items
    return _english_series(para, seps, start, end, commas, announced=announced)


def _series_end(
    para: Para, seps: _Separators, commas: list[tuple[int, int]],
    glue: list[tuple[int, int]], start: int, end: int,
) -> int | None:
    """Where a 、-series ends at a plain comma with no 、 after it: the comma starts a
    remark of the writer's, not another item. None when the stretch is not so shaped."""
    glued = {span[0] for span in glue}
    bare = [c[0] for c in commas if c[0] not in glued]
    if not bare:
        return None
    first = bare[0]
    if seps.within("dun", start, first) and not seps.within("dun", first, end):
        return first
    return None


def _has_cjk(norm: str, start: int, end: int) -> bool:
    """Chinese text, or a list punctuated the Chinese way (``A、B`` of code names)."""
    part = norm[start:end]
    return not part.isascii() and any(ch == "、" or is_han(ch) for ch in part)


def _chinese_series(para: Para, seps: _Separators, part: Item, *, announced: bool) -> list[Item]:
    norm = para.norm
    dun = seps.within("dun", part.start, part.end)
    if dun:
        pieces = _pieces(para, part.start, part.end, dun)
        if announced or _alike(norm, pieces):
            last = pieces[-1]
            joined = seps.within("yiji", last.start, last.end)
            tail = _pieces(para, last.start, last.end, joined) if joined else [last]
            return pieces[:-1] + (tail if len(tail) > 1 and _alike(norm, tail) else [last])
        return [part]
    joined = seps.within("yiji", part.start, part.end)
    if joined:
        # "以及" joins whole items ("A以及B的存放方式"), unless the phrase names the relation
        # of the two ("X 以及 Y 之间的关系")
        pieces = _pieces(para, part.start, part.end, joined)
        if len(pieces) > 1 and (
            _alike(norm, pieces)
            or not _relational_end().search(norm, pieces[-1].start, pieces[-1].end)
        ):
            return pieces
    return [part]


def _alike(norm: str, pieces: list[Item]) -> bool:
    """All pieces are "…的 X" phrases, or none is."""
    with_de = sum(1 for p in pieces if norm.find("的", p.start, p.end) >= 0)
    return with_de in (0, len(pieces))


@cache
def _together() -> re.Pattern[str]:
    """A second part that refers back (a pronoun) or acts with the first ("… 同时 …")."""
    return re.compile(
        r"(?:它|他|她|其|彼此|此)|[^,，。；;]{1,24}?\s*(?:同时|一起|一同|共同|相互|互相)"
    )


_JI_BEFORE = frozenset("以涉普波危顾提论企触不")
_JI_AFTER = frozenset("时其格早")


def _two_joined(para: Para, seps: _Separators, item: Item) -> list[Item]:
    """ "X和Y", "X 与 Y" straight after a pointer: two items, unless it names a relation of
    the two ("X 与 Y 的交互")."""
    norm = para.norm
    cuts = (
        seps.within("he", item.start, item.end) or seps.within("yu", item.start, item.end)
        or [  # the formal "A及B", not a word that holds 及 ("以及", "涉及", "及时")
            c for c in seps.within("ji", item.start, item.end)
            if norm[c[0] - 1 : c[0]] not in _JI_BEFORE and norm[c[1] : c[1] + 1] not in _JI_AFTER
        ]
    )
    if len(cuts) != 1:
        return [item]
    pieces = _pieces(para, item.start, item.end, cuts)
    if len(pieces) != 2 or any(p.end - p.start < 2 for p in pieces):
        return [item]
    if para.norm.find("的", pieces[0].start, pieces[0].end) < 0 and _relational_end().search(
        para.norm, pieces[1].start, pieces[1].end
    ):
        return [item]  # "X 与 Y 的交互"; "A 的合并逻辑和 B 的交互" are two phrases with heads
    if para.norm[pieces[0].start : pieces[0].end].rstrip().endswith(("是否", "能否", "有没有")):
        return [item]  # "新字段的命名是否和 Y 一致": a question of the two, one item
    if _together().match(para.norm, pieces[1].start, pieces[1].end):
        return [item]  # "X 与它同时为真时…", "X 与 `loader` 同时传入时": the two act together
    return pieces


def _english_series(
    para: Para, seps: _Separators, start: int, end: int, commas: _Cuts, *, announced: bool
) -> list[Item]:
    """ "A, B and C", or "X and Y" when Y starts a new noun phrase and nothing pairs them;
    after a colon, "A, B" when every piece opens a noun phrase of its own."""
    if commas:
        pieces = _pieces(para, start, end, commas)
        last = pieces[-1] if pieces else None
        if last is not None and len(pieces) >= 2:
            raw_last = para.norm[commas[-1][1] : end].lstrip()
            joined = seps.and_or(para, last.start, last.end)
            if raw_last.startswith(_SERIES_GLUE) or joined:
                if joined and not raw_last.startswith(_SERIES_GLUE):
                    pieces = pieces[:-1] + _pieces(para, last.start, last.end, joined[:1])
                return pieces
            if announced and all(starts_phrase(para, piece.start) for piece in pieces) and not any(
                _relative().match(para.norm, piece.start) for piece in pieces[1:]
            ):
                return pieces  # "Things to check: the lock order, the error path."
        whole = trim(para, start, end)
        return [whole] if whole else []
    whole = trim(para, start, end)
    return _and_split(para, seps, whole) if whole else []


_SERIES_GLUE = ("and ", "or ", "then ")  # "A, B and C"; a reading order "A, then B, then C"


def _and_split(para: Para, seps: _Separators, item: Item) -> list[Item]:
    pieces: list[Item] = []
    last = item.start
    for cut_start, cut_end in seps.and_or(para, item.start, item.end):
        if _and_blocker().search(para.norm, last, cut_start):
            continue
        following = cut_end
        while following < item.end and para.text[following].isspace():
            following += 1
        repeated = leading_preposition().match(para.norm, following, item.end)
        step = _next_step().match(para.norm, following, item.end)
        if repeated is not None:  # "to A and to B", "on A, and on B"
            following = repeated.end()
        elif step is not None:  # "Begin with A and move on to B", "Head to A and read B"
            following = step.end()
        if step is None and not _new_phrase().match(para.text, following, item.end):
            continue
        piece = trim(para, last, cut_start)
        if piece is not None:
            pieces.append(piece)
        last = following
    piece = trim(para, last, item.end)
    if piece is not None:
        pieces.append(piece)
    return pieces or [item]
