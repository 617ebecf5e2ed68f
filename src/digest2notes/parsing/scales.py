"""Ratings given as a position on a scale: scores, stars, repeated emoji, letter grades.

A writer who rates on a scale says where the pull request falls on it, not how to read
it, so every scale is read alike: the top third is a close read, the middle third a
skim, the bottom third a skip. What counts is the share of the scale reached:

* a score "N/10", "N out of 10", "N/5" is N of its maximum (a score can be zero), and
  so is a percentage where a rating stands: after a score's title ("阅读指数 50%",
  "score: 80%") or in brackets of its own opening or closing a sentence ("【95%】…");
* a row of one glyph (⭐⭐⭐⭐, 🌶️🌶️🌶️, 🔥🔥) or a count of stars ("五星", "3 stars") is a
  position from one to its maximum, five for stars and three for any other glyph: one
  glyph is the bottom of its row;
* a stated scale (a score, stars, a grade) wins over a row of glyphs, whose top is guessed;
* a letter grade after a grade title ("Grade: A", "评级：B") is on the A–C scale the
  letters are usually given on (a + or - does not move it a third; D and below are
  under C).

A scale rating is marked `scale`: words on how to read the whole PR say more, and win.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

from ..model import Verdict
from .rating import Rating
from .text import Para

__all__ = ["scale_rating"]

_ZH_COUNT = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5}
_STAR_GLYPHS = "⭐★🌟"


def _third(share: Fraction) -> Verdict:
    """Top third deep, middle third skim, bottom third skip (a boundary goes down)."""
    if share > Fraction(2, 3):
        return Verdict.DEEP
    return Verdict.SKIM if share > Fraction(1, 3) else Verdict.SKIP


def _position(count: int, top: int) -> Fraction:
    """Where `count` of a row of glyphs running from one to `top` lies, from 0 to 1."""
    return Fraction(min(count, top) - 1, top - 1)


@cache
def _score() -> re.Pattern[str]:
    """ "9/10", "3 / 5", "7 out of 10": a score out of five or ten; a full stop may
    follow ("2/10."), a decimal or a path may not ("1/10.5", "3/5/2027")."""
    return re.compile(
        r"(?=\d)(?<![\w./])(?P<n>10|\d(?:\.\d)?)\s*(?:/|out\s+of|of)\s*(?P<of>10|5)(?![\w/]|\.\d)"
    )


@cache
def _stars() -> re.Pattern[str]:
    return re.compile(
        r"(?=[⭐★🌟1-5一二两三四五])"
        r"(?:(?P<glyphs>(?:[⭐★🌟]\ufe0f?){1,5})"
        r"|(?P<count>[1-5一二两三四五])\s*(?:颗)?(?:星|stars?\b))"
    )


@cache
def _glyph_row() -> re.Pattern[str]:
    """The same pictograph one to five times in a row (variation selectors allowed)."""
    return re.compile(
        r"(?P<glyph>[\U0001F300-\U0001FAFF\u2600-\u27BF])\ufe0f?(?:(?P=glyph)\ufe0f?){0,4}"
    )


@cache
def _grade() -> re.Pattern[str]:
    """A grade title and its letter: "grade: a-minus", "graded b", "评级：c"."""
    return re.compile(
        r"(?<![a-z])(?:grade|graded|rating|评级|等级|评分)\s*[:=]?\s*"
        r"\**\s*(?P<letter>[a-f])(?![a-z])(?:\s*[+-]|-?\s*(?:minus|plus))?"
    )


_GRADES = {"a": Fraction(1), "b": Fraction(1, 2)}


def _percent(para: Para) -> tuple[int, int, Fraction, str] | None:
    """The first percentage in a rating's place (see the module docs), as a share."""
    norm = para.norm
    for match in _percentages().finditer(norm):
        if match.group("title") is None:
            start, end = match.span()
            alone = not norm[para.sentence_start(start) : start].strip(" \t\n*_>") or (
                not norm[end : para.sentence_end(end)].strip(" .。!！")
            )
            if not alone:
                continue  # "payloads shrink (15%) on the benchmark" measures
        share = Fraction(int(match.group("n")), 100)
        if share <= 1:
            return match.start("n"), match.end(), share, f"a score of {match.group('n')}%"
    return None


@cache
def _percentages() -> re.Pattern[str]:
    return re.compile(
        r"(?:(?P<title>(?<![a-z])(?:score|rating|reading\s+index)|评分|指数|总评)\s*[:=]?\s*"
        r"[【\[(]?\s*|[【\[(]\s*)(?P<n>\d{1,3})\s*%(?(title)|\s*[】\])])"
    )


def scale_rating(para: Para) -> Rating | None:
    """The first scale in `para` that rates, read by its third (see the module docs)."""
    norm = para.norm
    found: list[tuple[int, int, Fraction, str]] = []
    if "/" in norm or " of " in norm:
        score = _score().search(norm)
        if score is not None:
            share = Fraction(score.group("n")) / int(score.group("of"))
            if share <= 1:
                found.append((score.start(), score.end(), share, f"a score of {score.group()}"))
    if "%" in norm:
        percent = _percent(para)
        if percent is not None:
            found.append(percent)
    if any(mark in norm for mark in ("星", "star", *_STAR_GLYPHS)):
        star = _stars().search(norm)
        if star is not None:
            if star.group("glyphs"):
                count = len(star.group("glyphs").replace("\ufe0f", ""))
            else:
                token = star.group("count")
                count = int(token) if token.isdigit() else _ZH_COUNT[token]
            found.append((star.start(), star.end(), _position(count, 5), f"{count} stars"))
    if "grad" in norm or "rating" in norm or "评" in norm or "等级" in norm:
        grade = _grade().search(norm)
        if grade is not None:
            letter = grade.group("letter")
            share = _GRADES.get(letter, Fraction(0))
            found.append((grade.start("letter"), grade.end(), share, f"grade {letter.upper()}"))
    # A row of other glyphs is on a scale the writer never states: a score, stars or a
    # grade beside it say more ("🔥🔥 10/10").
    if not norm.isascii() and not found:
        for row in _glyph_row().finditer(norm):
            if row.group("glyph") in _STAR_GLYPHS:
                continue
            count = len(row.group().replace("\ufe0f", ""))
            if count > 1:  # one emoji alone is punctuation; a row is a scale
                share = _position(count, 3)
                found.append((row.start(), row.end(), share, f"{count} × {row.group('glyph')}"))
                break
    if not found:
        return None
    start, end, share, rule = min(found)
    clause = (para.clause_start(start), para.clause_end(end))
    return Rating(_third(share), start, end, clause, 0, rule, (), scale=True)
