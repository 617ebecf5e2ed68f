"""Marked lists: a run of markers of one style, counting up from one, and its items.

The styles: ``1)``, ``(1)``, ``1.``, ``1、``, ``[1]``, ``【1】``, ``1️⃣``, ``①``,
``（一）``, ``一、``, ``一是``, ``其一``, ``第一，``, ``一个是…另一个是``, ``甲、``, ``a)``,
``(a)``, ``(ii)``, ``ii.``, ``First,`` … ``Finally,``, and bullets (``•`` inline, any
emoji used twice or more as one, ``-``/``*``/``+`` at line starts).
An item runs to the next marker, the last one to the end of its sentence (or of its line,
for lines). This module knows the shapes of lists, not what they mean: `focus` decides
which are focus points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from .items import Item, leading_preposition, trim
from .script import is_han
from .text import MASK, Para

__all__ = ["MarkedList", "marked_lists"]

_ZH_NUMBERS = {c: i for i, c in enumerate("一二三四五六七八九十", start=1)}
_STEMS = {c: i for i, c in enumerate("甲乙丙丁戊己庚辛壬癸", start=1)}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9,
          "x": 10}
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_EN_CARDINALS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_NEXT = 99  # "then", "next": whatever step comes after the one before
_LINE_KINDS = frozenset({"line-bullet", "line-number"})
_MAX_GAP = 400  # characters between two markers of one list


@dataclass(frozen=True, slots=True)
class MarkedList:
    """A run of markers and its items. `start` is the first marker; `end` the last item's."""

    kind: str
    start: int
    end: int
    items: tuple[Item, ...]


@dataclass(slots=True)
class _Marker:  # not frozen: made for every marker of every paragraph, and never changed
    kind: str
    start: int
    end: int
    ordinal: int  # 0: a bullet, or "finally"


# A marker starts an item only after a space, punctuation or the start of the text: never
# inside a word or a number ("v1.2", "CUDA 10.1", "统一、"). The check is a lookbehind
# placed after the marker's first character, so every alternative starts with a literal
# or a character set and the engine skips positions that cannot start a marker at once.
_NOT_AFTER = r"[^\s:;,.、。!?！？—–\-(\[*_>]"
# A bracketed marker may also follow a Chinese character: Chinese has no spaces to put
# before it ("请特别留意（1）X（2）Y"), while "f(1)" is still a call (`_paren_may_follow`,
# tested on the match: a class of the CJK range costs every process a walk over it).
_PAREN_AFTER = frozenset(" \t\n:;,.、。!?！？—–-([*_>")
_ZH = "[一二三四五六七八九十]"
_STEM = "[甲乙丙丁戊己庚辛壬癸]"


def _guard(first: str) -> str:
    return f"(?<!{_NOT_AFTER}{first})"


# A marker at the start of a line: a number or a bullet.
_LINE = (
    r"[ \t]*(?:(?P<linenum>\d{1,2})[.)、](?=[ \t]|[^\x00-\x7f\d])|(?P<linebullet>[-*+–])"
    r"(?=[ \t]))"
)


# Three patterns, each compiled on its first use: a process whose digests hold no
# marker in English letters never compiles that one (nor, holding no list, the main one).
@cache
def _line_marker() -> re.Pattern[str]:
    """The line-start markers at the very start of the text."""
    return re.compile(_LINE)


@cache
def _main_markers() -> re.Pattern[str]:
    """Markers that start with a digit, a bracket, a CJK numeral or a bullet."""
    # The lookahead names every character a marker can start with: it lets the engine
    # skip all other positions in one step.
    return re.compile(
        r"(?=[\d\u2460-\u2487\u2776-\u277f\u2780-\u2789\[【(一二三四五六七八九十其第另"
        r"甲乙丙丁戊己庚辛壬癸最•▪◦●◆◇■▶►▸➤✓✔*\-\u2170-\u217b\n\U0001F300-\U0001F31E\U0001F320-\U0001FAFF])"
        r"(?:(?P<keycap>[1-9])\ufe0f?\u20e3"
        r"|(?P<circled>[\u2460-\u2487\u2776-\u277f\u2780-\u2789])"
        rf"|\[{_guard(chr(92) + '[')}(?P<bracket>\d{{1,2}})\]|【(?P<bracket2>\d{{1,2}})】"
        rf"|\((?:(?P<paren>\d{{1,2}})|(?P<zhparen>{_ZH}{{1,2}})"
        r"|(?P<letterparen>[a-h])|(?P<romanparen>i{1,3}|iv|vi{0,3}|ix|x))\)"
        # A number, then what closes it: ")" (the number's group is the last closed),
        # "." or "、" (a group of their own closes last and names the style).
        rf"|(?P<close>\d{_guard(chr(92) + 'd')}\d?)(?:\)|(?P<dot>\.)(?=[ \t]*[^\d\s])|(?P<dun>、))"
        rf"|(?P<zhdun>{_ZH}){_guard(_ZH)}(?:、|(?P<zhshi>是|曰|则))"
        rf"|其{_guard('其')}(?P<zhqi>{_ZH})[,、:]?"
        rf"|第{_guard('第')}(?P<zhdi>{_ZH})[,、:]"
        rf"|(?P<stem>{_STEM}){_guard(_STEM)}[、,.:)]"
        rf"|(?P<zhlast>最后){_guard('最')}[,、:]"
        rf"|(?P<pair1>一个是|一方面){_guard('一')}|(?P<pair2>另一个是|另一方面){_guard('另')}"
        # "*" between spaces, not before a number ("2 * 3")
        r"|(?P<bullet>[•▪◦●◆◇■▶►▸➤✓✔])|(?<=[ \t])(?P<star>\*)(?=[ \t]+\D)"
        r"|(?<=[ \t:])(?P<dash>-)(?=[ \t]+\D)"  # "Things to trace: - A - B" (see `_dashes`)
        r"|(?P<romanchar>[\u2170-\u217b])[.、)]?"  # "Ⅰ．", "Ⅱ、": a Roman numeral (folded)
        r"|(?P<emoji>[\U0001F300-\U0001F31E\U0001F320-\U0001FAFF])"
        rf"|\n{_LINE})"
    )


@cache
def _english_markers() -> re.Pattern[str]:
    """Markers in English letters ("a)", "(ii)" handled above, "First,"), tried only when
    the paragraph could hold them (`_ENGLISH_HINTS`)."""
    lead = r"(?:^|(?<=[\s:;,.、。!?！？—–\-(\[*_>]))"
    return re.compile(
        rf"(?=[a-hivxfstlno])(?:{lead}(?P<letter>[a-h])\)|{lead}(?P<roman>i{{1,3}}|iv|vi{{0,3}}|ix|x)\)"
        rf"|{lead}(?P<romandot>i{{1,3}}|iv|vi{{0,3}}|ix|x)\.(?=\s)"
        rf"|(?:^|(?<=[\s:;、]))(?P<letterdot>[a-h])\.(?=\s)"
        rf"|{lead}(?P<ordinal>first|second|third|fourth|fifth|sixth)(?:ly)?[,:]"
        rf"|{lead}(?P<last>finally|lastly)[,:]"
        # "First, X. Then Y. Finally, Z": a step after a full stop or a semicolon
        rf"|(?:^|(?<=[.;!?]\s)|(?<=[.;!?]))(?P<step>then|next),?(?=\s)"
        # "The first is X. The second is Y.", "One: X. Two: Y."
        rf"|{lead}the\s+(?P<theordinal>first|second|third|fourth|fifth|sixth)\s+(?:one\s+)?"
        rf"(?:is|are|concerns)(?=\s)"
        rf"|{lead}(?P<cardinal>one|two|three|four|five|six):)"
    )


# A list in English letters or roman numerals starts at "a)" or "i)", ordinals at "first":
# without one, the English markers are not looked for.
_ENGLISH_HINTS = ("a)", "i)", "i. ", "a. ", "first", "second", "finally", "lastly", "one:")


_CLOSERS = {"dot": "close", "dun": "close", "zhshi": "zhdun"}
_KINDS = {
    "keycap": "keycap", "circled": "circled", "bracket": "bracket", "bracket2": "bracket",
    "paren": "paren", "close": "paren", "zhparen": "zhparen", "letterparen": "letter",
    "letter": "letter", "letterdot": "letter-dot", "romanparen": "roman", "roman": "roman",
    "romandot": "roman-dot",
    "linenum": "line-number", "pair1": "pair", "pair2": "pair", "emoji": "emoji",
    "dot": "dot", "dun": "dun", "zhdun": "zhdun", "zhshi": "zhshi", "zhqi": "zhqi",
    "zhdi": "zhdi", "zhlast": "zhdi", "stem": "stem", "ordinal": "ordinal", "last": "ordinal",
    "step": "ordinal", "theordinal": "the-ordinal", "cardinal": "cardinal",
    "bullet": "bullet", "linebullet": "line-bullet", "star": "star", "romanchar": "roman-char",
    "dash": "dash",
}


def _ordinal(group: str, value: str) -> int:
    if value.isascii() and value.isdigit():
        return int(value)
    if group == "circled":
        code = ord(value)
        for base in (0x2460, 0x2474, 0x2776, 0x2780):  # ①, ⑴, ❶, ➀
            if base <= code < base + 20:
                return code - base + 1
    if group in ("zhparen", "zhdun", "zhshi", "zhqi", "zhdi"):
        if value in _ZH_NUMBERS:
            return _ZH_NUMBERS[value]
        if value.startswith("十") and len(value) == 2 and value[1] in _ZH_NUMBERS:
            return 10 + _ZH_NUMBERS[value[1]]
        return -1
    if group == "stem":
        return _STEMS[value]
    if group in ("pair1", "pair2"):
        return 1 if group == "pair1" else 2
    if group == "romanchar":
        return ord(value) - 0x2170 + 1
    if group in ("roman", "romanparen", "romandot"):
        return _ROMAN.get(value, -1)
    if group in ("letter", "letterparen", "letterdot"):
        return ord(value) - ord("a") + 1
    if group in ("ordinal", "theordinal"):
        return _EN_ORDINALS[value]
    if group == "cardinal":
        return _EN_CARDINALS[value]
    if group == "step":
        return _NEXT
    return 0  # bullets, "finally"


def _markers(para: Para) -> list[_Marker]:
    norm = para.norm
    matches = list(_main_markers().finditer(norm))
    if any(hint in norm for hint in _ENGLISH_HINTS):
        matches += _english_markers().finditer(norm)
        matches.sort(key=lambda m: m.start())
    at_start = _line_marker().match(norm)
    if at_start is not None and at_start.lastgroup:
        matches.insert(0, at_start)
    found: list[_Marker] = []
    for match in matches:
        group = match.lastgroup or ""
        if not group:
            continue
        if group in _CLOSERS:  # "1." / "1、" / "一是": the number is in another group
            number = _CLOSERS[group]
            start = match.start(number)
            value = match.group(number)
            begin = match.start()
            if para.inside_brackets(begin) or norm[start] == MASK:
                continue
            ordinal = _ordinal(number, value)
            if ordinal >= 0:
                found.append(_Marker(_KINDS[group], begin, match.end(), ordinal))
            continue
        start = match.start(group)
        begin = match.start() if group not in ("linenum", "linebullet") else start
        if para.inside_brackets(begin) or norm[start] == MASK:
            continue
        if group in _PAREN_GROUPS and begin and not _paren_may_follow(norm[begin - 1]):
            continue
        ordinal = _ordinal(group, match.group(group))
        if ordinal >= 0:
            kind = _KINDS[group]
            if kind == "emoji":  # a bullet only as the same emoji, again and again
                kind = "emoji " + match.group(group)
            found.append(_Marker(kind, begin, match.end(), ordinal))
    return found


_PAREN_GROUPS = frozenset({"paren", "zhparen", "letterparen", "romanparen"})


def _paren_may_follow(before: str) -> bool:
    """May "(1)" start a list after `before`: a space, punctuation or a Chinese character?"""
    return before in _PAREN_AFTER or before.isspace() or is_han(before)


@cache
def _first_marker() -> re.Pattern[str]:
    """Something that could be the first marker of a list (a necessary condition: every
    list has its first marker, or bullets). Most paragraphs hold none."""
    return re.compile(
        r"(?=[1\u2460\u2474\u2776\u2780\u2170•▪◦●◆◇■▶►▸➤✓✔*:(\[【一甲其第\n\U0001F300-\U0001FAFF])"
        r"(?:1\ufe0f?\u20e3|[\u2460\u2474\u2776\u2780\u2170•▪◦●◆◇■▶►▸➤✓✔\U0001F300-\U0001FAFF]"
        r"|[(\[【]1[)\]】]|1[).、]|\(一\)|[一甲][、是曰则,.:)]|其一|第一|一个是|一方面"
        r"|\n[ \t]*(?:[-*+–][ \t]|1[.)、])|(?<=[ \t])\*[ \t]|:[ \t]*-[ \t])"
    )


def marked_lists(para: Para) -> list[MarkedList]:
    """Every marked list in the paragraph, in order; lists never overlap."""
    norm = para.norm
    if (
        _first_marker().search(norm) is None
        and not _line_marker().match(norm)
        and not any(hint in norm for hint in _ENGLISH_HINTS)
    ):
        return []
    markers = _markers(para)
    if len(markers) < 1:
        return []
    by_kind: dict[str, list[_Marker]] = {}
    for marker in markers:
        by_kind.setdefault(marker.kind, []).append(marker)
    runs: list[list[_Marker]] = []
    for kind, group in by_kind.items():
        bullets = kind in ("bullet", "line-bullet", "star", "dash") or kind.startswith("emoji")
        index = 0
        while index < len(group):
            first = group[index]
            index += 1
            if not bullets and first.ordinal != 1:  # "then" never starts a list
                continue
            run = [first]
            while index < len(group):
                later = group[index]
                if later.start - run[-1].end > _MAX_GAP:
                    break
                if bullets:
                    lines = para.norm.count("\n", run[-1].end, later.start)
                    if kind == "line-bullet" and lines != 1:
                        break
                elif later.ordinal == _NEXT:
                    later = _Marker(later.kind, later.start, later.end, run[-1].ordinal + 1)
                elif later.ordinal == 0 and len(run) >= 2:
                    run.append(later)
                    index += 1
                    break
                elif later.ordinal != run[-1].ordinal + 1:
                    break
                run.append(later)
                index += 1
            if len(run) >= 2 or kind == "line-bullet":
                if kind == "line-bullet":
                    fields = _fields(para, run)
                    if fields == len(run):
                        continue
                    run = run[fields:]  # "- **Worth a look:**" then its own bullets
                if kind.startswith("emoji") and _scale(para, run):
                    continue
                if kind == "dash" and not _dashes(para, run):
                    continue
                runs.append(run)
    runs.sort(key=lambda run: run[0].start)
    lists: list[MarkedList] = []
    taken = -1
    for run in runs:
        if run[0].start < taken:
            continue
        marked = _items(para, run)
        lists.append(marked)
        taken = marked.end
    return lists


def _dashes(para: Para, run: list[_Marker]) -> bool:
    """A spaced "-" is a dash in prose ("X - Y"); a run of them is a list only when the
    first follows a colon ("Things worth tracing: - A - B")."""
    return para.norm[: run[0].start].rstrip().endswith(":")


def _scale(para: Para, run: list[_Marker]) -> bool:
    """ "🌶️🌶️🌶️", "⭐⭐⭐⭐": the same emoji side by side is a rating scale, not bullets
    (a bullet has an item after it)."""
    return any(
        not para.norm[before.end : after.start].strip(_EMOJI_GLUE)
        for before, after in pairwise(run)
    )


_EMOJI_GLUE = " \t\ufe0f\u200d"


@cache
def _field_label() -> re.Pattern[str]:
    return re.compile(r"[ \t]*[*_]{0,2}[^\n:*_]{1,30}?[*_]{0,2}[ \t]*:")


def _fields(para: Para, run: list[_Marker]) -> int:
    """How many bullets of this run are the paragraph's layout, fields ("- **Grade:** A",
    "- **Time:** 8 min", "- **Look at:** X"): the run opens the paragraph and each opens
    with a label. Fields are read each on its own (a pointer among them opens its own
    list), never as points; bullets after them are a list of their own, under the last
    field ("- **Worth a look:**"). A bullet list under a pointer does not open the
    paragraph."""
    if len(run) < 2 or para.norm[: run[0].start].strip():
        return 0
    label = _field_label()
    fields = 0
    while fields < len(run) and label.match(para.norm, run[fields].end):
        fields += 1
    return fields if fields >= 2 else 0


def _items(para: Para, run: list[_Marker]) -> MarkedList:
    kind = run[0].kind
    items: list[Item] = []
    end = run[0].end
    for number, marker in enumerate(run):
        start = marker.end
        if kind in _LINE_KINDS:
            newline = para.norm.find("\n", start)
            stop = newline if newline >= 0 else len(para.norm)
        else:
            stop = para.sentence_end(start)
            if number + 1 < len(run):
                stop = min(stop, run[number + 1].start)
        end = max(end, stop)
        item = trim(para, start, stop)
        if item is not None:
            items.append(item)
    return MarkedList(kind, run[0].start, end, tuple(_without_shared_preposition(para, items)))


def _without_shared_preposition(para: Para, items: list[Item]) -> list[Item]:
    """"Attend, first, to X; second, to Y": a preposition every item opens with is the
    verb's, not part of a point."""
    found = [leading_preposition().match(para.norm, item.start, item.end) for item in items]
    if len(items) < 2 or None in found or len({m.group("word") for m in found if m}) != 1:
        return items
    return [Item(m.end(), item.end) for m, item in zip(found, items, strict=True) if m]
