"""One paragraph made ready to read: a normalised copy, its sentences, clauses and brackets.

Every analysis works on `Para.norm`, a copy of the paragraph *of the same length* in
which inline code is masked (an identifier never reads as advice), letters are
lowercase, full-width ASCII is folded to ASCII (``：`` is ``:``, ``１`` is ``1``) and
traditional Chinese characters read as simplified ones (``建議：精讀`` is ``建议:精读``),
so one lexicon, written in simplified characters, serves both scripts; a hyphenated
rating compound reads as its words (``must-read`` is ``must read``).
Positions therefore carry over to the original text, so every verdict phrase, duration
and focus point quoted back is an exact slice of what the writer wrote.

Boundaries, and why:

* a **sentence** ends at ``。！？!?`` always, at ``.`` only before whitespace or
  the end (``v1.2``, ``a.b()`` and ``e.g.`` do not end one), and where a bold span
  closes (writers put labels there: ``**可略**　纯文档错别字``);
* a **chunk** also ends at ``;`` (``；`` folds to it): writers put separate remarks
  there;
* a **clause** also ends at ``,`` ``:``, dashes and emoji (casual writers punctuate with
  them): the unit a rating or a duration belongs to.

A bracket or quotation never ends anything inside it: ``（按 2 的幂分桶、惰性释放）``
is one aside, whatever punctuation it holds.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from .codespans import MASK, mask_code_spans
from .linebreaks import chosen_breaks
from .script import simplify

if TYPE_CHECKING:
    from .clauses import Stretches
    from .durations import Duration

__all__ = ["MASK", "Para", "fold", "mask_code_spans", "normalise", "simplify"]

_ASCII_UPPER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold(text: str) -> str:
    """Lowercase without changing the length; the rare letters whose lowercase is longer
    ("İ") make it fall back to ASCII letters only."""
    low = text.lower()
    return low if len(low) == len(text) else text.translate(_ASCII_UPPER)


@cache
def _width_table() -> dict[int, int]:
    """Full-width ASCII to ASCII, and the odd spaces to a plain one."""
    table = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
    table.update({0x3000: 0x20, 0x00A0: 0x20, 0x2009: 0x20, 0x202F: 0x20})
    return table


# The full-width characters Chinese text is full of, replaced one by one (a few scans
# of the string); `translate` with the whole table only when a rarer one is left.
_COMMON_WIDE = ("，,", "：:", "；;", "（(", "）)", "！!", "？?", "～~", "\u3000 ", "\u00a0 ")


@cache
def _rare_wide() -> re.Pattern[str]:
    return re.compile("[\uff01-\uff5e\u2009\u202f]")


def _fold_width(text: str) -> str:
    for pair in _COMMON_WIDE:
        if pair[0] in text:
            text = text.replace(pair[0], pair[1])
    return text.translate(_width_table()) if _rare_wide().search(text) else text


#: What every rating compound holds (a paragraph without one of them has none).
_HYPHENATED_READING_WORDS = ("-read", "-skim", "-glance", "-look", "-study", "-skip", "-dive")


@cache
def _rating_compound() -> re.Pattern[str]:
    """A hyphenated compound that ends in a reading word: "must-read", "no-read",
    "nice-to-read", "quick-look", "deep-dive". Not one that starts with it ("read-only",
    "look-ahead", "skip-list"): there the reading word names something else."""
    return re.compile(
        r"(?<![\w-])[a-z]+(?:-[a-z]+)*-(?:read|reads|reading|skim|glance|look|study|skip|dive)"
        r"(?![\w-])"
    )


def _split_compounds(norm: str) -> str:
    """`norm` with the hyphens of every rating compound read as spaces, so the compound
    decomposes into the cue words it is made of (the same length)."""
    if "-" not in norm or not any(word in norm for word in _HYPHENATED_READING_WORDS):
        return norm
    return _rating_compound().sub(lambda m: m.group().replace("-", " "), norm)


def normalise(text: str) -> str:
    """`fold(mask_code_spans(text))` with full-width ASCII folded and traditional Chinese
    made simplified: what every rule reads (the lexicon's phrases go through it too)."""
    return _split_compounds(simplify(_fold_width(fold(mask_code_spans(text)))))


_BLANK = "\ue001"  # stands in for text inside brackets while boundaries are found
_OPEN = "([{（「『“‘《【〔"
_CLOSE = ")]}）」』”’》】〕"
_PAIR = dict(zip(_CLOSE, _OPEN, strict=True))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    brackets = re.compile("[" + re.escape(_OPEN + _CLOSE) + '"]')
    # Emoji punctuate casual writing ("强推👍 这条…", "直接划走👋 这是…"): they end a clause.
    emoji = re.compile("[\U0001F000-\U0001FAFF\u2300-\u23FF\u2600-\u27BF\u2B00-\u2BFF]")
    return brackets, emoji


@cache
def _line_item() -> re.Pattern[str]:
    """After a line break, a bullet or a number starts an item (most paragraphs: no break)."""
    return re.compile(r"[ \t]*(?:[-*+•·▪◦]\s|\d{1,2}[.)、]\s?)")


# Boundaries by their characters. They are found with `str.find`, which is much cheaper
# for the dozen a paragraph holds than one pattern and its match objects.
_SENTENCE_MARKS = "。！？!?"
_CLAUSE_MARKS = (",", ":", "、", "—", "–", " - ", " · ", " | ", " / ", "→", "⇒", "➜", "➔")
_ABBREVIATIONS = ("e.g", "i.e", "vs", "cf", "approx")
_AFTER_FULL_STOP = "*_)]\"'”’"


def _every(text: str, mark: str) -> list[int]:
    found: list[int] = []
    at = text.find(mark)
    while at >= 0:
        found.append(at)
        at = text.find(mark, at + len(mark))
    return found


def _sentence_ends(text: str, norm: str) -> list[int]:
    """``。！？!?`` always; ``.`` before whitespace (markup and closing quotes between
    allowed) and not after an abbreviation; a line break before a bullet or a number, or
    one the writer chose (`linebreaks.chosen_breaks`)."""
    ends: list[int] = []
    for mark in _SENTENCE_MARKS:
        if mark in text:
            ends += _every(text, mark)
    if "." in text:
        size = len(text)
        for at in _every(text, "."):
            after = at + 1
            while after < size and text[after] in _AFTER_FULL_STOP:
                after += 1
            if (after == size or text[after].isspace()) and not text.endswith(
                _ABBREVIATIONS, 0, at
            ):
                ends.append(at)
    if "1/" in text and _thread().match(text):
        # a numbered thread, "1/ … 2/ … 3/ …": each number starts a post of its own
        ends += [m.start() - 1 for m in _thread_post().finditer(text) if m.start()]
    if "\n" in text:
        # (the lines as written: `text` has what is inside brackets blanked)
        ragged = chosen_breaks(norm)
        line_item = _line_item()
        ends += [
            at for at in _every(text, "\n")
            if (at in ragged or line_item.match(text, at + 1)) and not _in_code(text, at)
        ]
    ends.sort()
    return ends


def _in_code(text: str, at: int) -> bool:
    """Is the line break at `at` inside a code span (masked on either side of it)?"""
    return text[at - 1 : at] in (MASK, "`") and text[at + 1 : at + 2] in (MASK, "`") and (
        MASK in text[at - 1 : at + 2]
    )


@cache
def _thread() -> re.Pattern[str]:
    return re.compile(r"[\s*_>]*1/\s")


@cache
def _thread_post() -> re.Pattern[str]:
    return re.compile(r"(?<=\s)\d{1,2}/(?=\s)")


def _bold_ends(text: str) -> list[int]:
    """Where each closing ``**`` of a bold span starts (its first asterisk ends a
    sentence), unless a colon follows or closes the span: ``**必看**：X`` and
    ``**Look at:** X`` are headers, and what they head is in their sentence."""
    marks = _every(text, "**")
    return [
        marks[k] for k in range(1, len(marks), 2)
        if not text[marks[k] + 2 : marks[k] + 4].lstrip().startswith((":", ",", ";"))
        and not text[max(0, marks[k] - 2) : marks[k]].rstrip().endswith(":")
    ]


def _label_ends(norm: str, spans: list[tuple[int, int]]) -> list[int]:
    """Where each short 【…】 or […] label closes ("【选读】", "[must-read]"), and a short
    (…) that opens the paragraph ("(skip) …", "(deep read, ~35 min) …"); a number in
    them (【1】, [2]) is a list marker, and ``[text](url)`` is a Markdown link."""
    opening = len(norm) - len(norm.lstrip(" \t\n*_>"))

    def short_label(start: int, end: int) -> bool:
        if (norm[start], norm[end - 1]) in _LABEL_BRACKETS:
            return end - start <= _LABEL_LIMIT
        return start == opening and norm[start] == "(" and end - start <= 2 * _LABEL_LIMIT

    labels = [
        (start, end) for start, end in spans
        if short_label(start, end) and not norm[start + 1 : end - 1].strip().isdigit()
        and not norm.startswith("(", end)
    ]
    # a 【…】 label opens a sentence of its own too: "…回退行为【扩展阅读】…"
    opened = [start for start, _ in labels if start and norm[start] == "【"]
    return sorted(opened + [end - 1 for _, end in labels])


_MARKER_INSIDE = re.compile(r"\d{1,2}|[a-h]|i{1,3}|iv|vi{0,2}|[一二三四五六七八九十]")
_LABEL_BRACKETS = (("【", "】"), ("[", "]"))


_LABEL_LIMIT = 12


@dataclass(slots=True)
class Para:
    """A paragraph with its normalised copy and its boundaries (all positions shared)."""

    text: str
    masked: str  # `text` with inline code masked
    norm: str
    #: (start, end) of every bracketed or quoted stretch, outermost only.
    brackets: list[tuple[int, int]] = field(default_factory=list)
    #: Sorted positions where a sentence, a chunk, a clause ends (the boundary
    #: character's own position; a boundary inside brackets is not one).
    sentence_ends: list[int] = field(default_factory=list)
    chunk_ends: list[int] = field(default_factory=list)
    clause_ends: list[int] = field(default_factory=list)
    #: Every duration in the paragraph (`durations.find_durations`), set by the analysis
    #: before any rule reads it: a duration is never a verb's object.
    durations: list[Duration] = field(default_factory=list)
    #: `clauses._stretches` of this paragraph, per scan's cue positions and filler kind,
    #: worked out once (with the positions they are of).
    stretches: dict[tuple[int, int, str], tuple[list[int], list[int], Stretches]] = field(
        default_factory=dict
    )
    #: `norm` with every duration blanked (`clauses`), worked out on first use.
    norm_without_durations: str | None = None

    @classmethod
    def of(cls, text: str) -> Para:
        masked = mask_code_spans(text)
        norm = _split_compounds(simplify(_fold_width(fold(masked))))
        para = cls(text, masked, norm)
        brackets, emoji = _patterns()
        outside = norm  # `norm` with every bracketed stretch blanked: no boundary inside
        if brackets.search(norm):
            para.brackets = _bracket_spans(norm, brackets)
            for start, end in para.brackets:
                if end - start > 2:
                    outside = outside[: start + 1] + _BLANK * (end - start - 2) + outside[end - 1 :]
        sentences = _sentence_ends(outside, norm)
        if "**" in outside:  # a bold label ("**P0 · 细读，约二十分钟**") is a sentence of its own
            sentences = sorted(set(sentences) | set(_bold_ends(outside)))
        if "【" in outside or "[" in outside or outside.lstrip(" \t\n*_>").startswith("("):
            # so is a bracketed one ("【选读】不强制", "(skip) …")
            sentences = sorted(set(sentences) | set(_label_ends(norm, para.brackets)))
        chunks = sorted(sentences + _every(outside, ";")) if ";" in outside else sentences
        clauses = list(chunks)
        for mark in _CLAUSE_MARKS:
            if mark in outside:
                found = _every(outside, mark)
                if mark == ",":  # "a careful, unhurried read": one noun phrase, one clause
                    glued = {m.end() - 1 for m in _coordinate_adjectives().finditer(outside)}
                    found = [at for at in found if at not in glued]
                clauses += [at + 1 for at in found] if mark[0] == " " else found
        if not outside.isascii() and emoji.search(outside):
            clauses += [m.start() for m in emoji.finditer(outside)]
        if para.brackets:  # a bracketed list marker, "（1）X（2）Y", starts a clause
            clauses += [
                start for start, end in para.brackets
                if end - start <= 4 and _MARKER_INSIDE.fullmatch(norm, start + 1, end - 1)
            ]
        clauses.sort()
        para.sentence_ends, para.chunk_ends, para.clause_ends = sentences, chunks, clauses
        return para

    def inside_brackets(self, pos: int) -> bool:
        """Is `pos` strictly inside a bracketed or quoted stretch?"""
        spans = self.brackets
        if not spans:
            return False
        index = bisect_right(spans, (pos, len(self.norm) + 1)) - 1
        return index >= 0 and spans[index][0] < pos < spans[index][1]

    @staticmethod
    def _before(ends: list[int], pos: int) -> int:
        index = bisect_right(ends, pos - 1) - 1
        return ends[index] + 1 if index >= 0 else 0

    @staticmethod
    def _after(ends: list[int], pos: int, size: int) -> int:
        index = bisect_right(ends, pos - 1)
        return ends[index] if index < len(ends) else size

    # Where the sentence, chunk or clause holding `pos` starts, and where it ends (the
    # position of its closing mark, or the end of the text).
    def sentence_start(self, pos: int) -> int:
        return self._before(self.sentence_ends, pos)

    def sentence_end(self, pos: int) -> int:
        return self._after(self.sentence_ends, pos, len(self.norm))

    def chunk_start(self, pos: int) -> int:
        return self._before(self.chunk_ends, pos)

    def chunk_end(self, pos: int) -> int:
        return self._after(self.chunk_ends, pos, len(self.norm))

    def clause_start(self, pos: int) -> int:
        return self._before(self.clause_ends, pos)

    def clause_end(self, pos: int) -> int:
        return self._after(self.clause_ends, pos, len(self.norm))


@cache
def _coordinate_adjectives() -> re.Pattern[str]:
    # an article, an adjective, a comma, another adjective, then a reading noun
    return re.compile(
        r"(?<![a-z])(?:a|an|the)\s+[a-z-]+,(?=\s+[a-z-]+\s+(?:read|reading|look|pass|skim|"
        r"study|review|read-through|once-over)(?![a-z]))"
    )


def _bracket_spans(norm: str, brackets: re.Pattern[str]) -> list[tuple[int, int]]:
    """Outermost bracket pairs (an unclosed opener closes nothing); ASCII double quotes
    pair up in order. Linear: one stack."""
    spans: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    quote = -1
    for match in brackets.finditer(norm):
        ch, at = match.group(), match.start()
        if ch == '"':
            if quote < 0:
                quote = at
            else:
                if not stack:
                    spans.append((quote, at + 1))
                quote = -1
        elif ch in _PAIR:
            opener = _PAIR[ch]
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == opener:
                    if depth == 0 and quote < 0:
                        spans.append((stack[0][1], at + 1))
                    del stack[depth:]
                    break
        else:
            stack.append((ch, at))
    spans.sort()
    # Keep the outermost of nested or overlapping spans (a quote pair inside brackets).
    outer: list[tuple[int, int]] = []
    for span in spans:
        if outer and span[0] < outer[-1][1]:
            if span[1] > outer[-1][1]:
                outer[-1] = (outer[-1][0], span[1])
            continue
        outer.append(span)
    return outer
