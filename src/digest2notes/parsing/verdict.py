"""The verdict: a decision over the clauses that rate the pull request, not a phrase lookup.

Each clause is rated from the cue classes it holds (`lexicon`): depth ("精读", "read
closely"), brevity ("快速", "skim"), dismissal ("跳过", "leave it"), sufficiency
("了解即可", "will do"), negation and what it covers ("不必精读", "no reading
required"), priority ("high priority", "五星推荐"), and the reading words they attach to.
A clause counts only where it gives advice: framed by a recommendation, a permission,
a priority or a "… is enough", or standing where a verdict stands (the start of its
clause: "Skim it.", "Light read, 3 min."). It does not count when its reading verb has
an object ("look closely at X", "仔细看 X 的实现": that points at a part, see `focus`),
when it only says when ("阅读时…", "while reading"), or when a dismissal verb describes
code ("可跳过校验", "we skip the barrier").

Then the whole decides:

* a clause about a part of the PR (its tests, the review thread: "所附单元测试…，概览即可")
  or under a condition ("若团队在维护 X，建议精读") counts only when no clause rates the
  whole PR;
* among the rest the first wins: the verdict usually opens the paragraph, and when it
  closes it ("…，这条我给 high priority，值得逐个文件研究") nothing earlier rates;
* a negated close read ("无需精读") is a skip, unless a quick read is offered instead
  ("无需精读，快速浏览即可" is a skim).

The config file's phrases (`extra`) are taken as written, wherever they stand, and win
over built-in cues in their clause.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache

from ..model import Verdict
from . import lexicon as lx
from .rating import WANTED, Rating, rate_clause
from .scanner import Scan
from .text import Para

__all__ = ["Rating", "VerdictReading", "read_verdict", "with_reading_time"]

@dataclass(frozen=True, slots=True)
class VerdictReading:
    """The verdict, the rating that decided it (None: nothing rates), and every rating seen."""

    verdict: Verdict
    rating: Rating | None
    ratings: tuple[Rating, ...]


@cache
def _stars() -> re.Pattern[str]:
    return re.compile(
        r"(?=[⭐★🌟1-5一二三四五])"
        r"(?:(?P<glyphs>(?:[⭐★🌟]\ufe0f?){1,5})|(?P<count>[1-5一二三四五])\s*(?:颗)?(?:星|stars?\b))"
    )


@cache
def _score() -> re.Pattern[str]:
    """ "9/10", "3 / 5", "7 out of 10", "8分（满分10）": a score out of five or ten."""
    return re.compile(
        r"(?<![\w./])(?P<n>10|\d(?:\.\d)?)\s*(?:/|out\s+of|of)\s*(?P<of>10|5)(?![\w./])"
    )


_ZH_COUNT = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5}


def read_verdict(
    para: Para, scan: Scan, extra: Mapping[str, Verdict] | None = None
) -> VerdictReading:
    """Rate every clause of `para` that could rate, then decide (see the module docs)."""
    ratings: list[Rating] = []
    flags, starts = scan.flags, scan.starts
    # Without config phrases a clause can rate only if it holds `WANTED`, or a negated
    # attention word ("不必关注"); most clauses hold neither and are never looked at.
    if extra:
        wanted = [i for i in range(len(flags))]
    elif scan.present & lx.NEG:
        # A negated recommendation rates too: "not worth the members' time", "不推荐".
        wanted = [
            i for i, bits in enumerate(flags)
            if bits & (WANTED | lx.ATTEND | lx.RECOMMEND | lx.ENDORSE)
        ]
    else:
        wanted = [i for i, bits in enumerate(flags) if bits & WANTED]
    clause_ends = para.clause_ends
    size = len(para.norm)
    done = -1  # the clause already rated
    for i in wanted:
        clause = bisect_left(clause_ends, starts[i])
        if clause == done:
            continue
        done = clause
        start = clause_ends[clause - 1] + 1 if clause else 0
        end = clause_ends[clause] if clause < len(clause_ends) else size
        first, stop = bisect_left(starts, start), bisect_left(starts, end)
        rating = rate_clause(para, scan, start, end, extra, first, stop)
        if rating is not None:
            ratings.append(rating)
    stars = _star_rating(para)
    if stars is not None:
        ratings.append(stars)
        ratings.sort(key=lambda r: r.start)
    return VerdictReading(*_decide(ratings), tuple(ratings))


def with_reading_time(reading: VerdictReading, minutes: int | None) -> VerdictReading:
    """A negated close read ("不用深挖", "no need to read closely") is a skip, unless the
    digest gives the time to read it in: then it is a light read, a skim."""
    rating = reading.rating
    if minutes is None or rating is None or not rating.weak or reading.verdict is not Verdict.SKIP:
        return reading
    light = replace(rating, verdict=Verdict.SKIM, rule=f"{rating.rule}, with a reading time")
    ratings = tuple(light if r is rating else r for r in reading.ratings)
    return VerdictReading(Verdict.SKIM, light, ratings)


def _decide(ratings: list[Rating]) -> tuple[Verdict, Rating | None]:
    whole = [r for r in ratings if r.tier == 0 and not r.scale]
    pool = whole or [r for r in ratings if r.scale] or ratings
    if not pool:
        return Verdict.UNKNOWN, None
    first = pool[0]
    if first.weak:
        quick = next((r for r in pool[1:] if r.verdict is Verdict.SKIM), None)
        if quick is not None:
            return quick.verdict, quick
    return first.verdict, first


def _star_rating(para: Para) -> Rating | None:
    """Five-star scales: ⭐⭐⭐⭐⭐ or "五星" is deep, three a skim, one or two a skip; scores
    out of ten alike (8 and up deep, 5 and up a skim). Words that rate the entry win."""
    norm = para.norm
    if "/" in norm or " of " in norm:
        score = _score().search(norm)
        if score is not None:
            share = float(score.group("n")) / int(score.group("of"))
            if share <= 1:
                verdict = Verdict.DEEP if share >= 0.75 else (
                    Verdict.SKIM if share >= 0.5 else Verdict.SKIP)
                clause = (para.clause_start(score.start()), para.clause_end(score.end()))
                return Rating(verdict, score.start(), score.end(), clause, 0,
                              f"a score of {score.group()}", (), scale=True)
    if not any(mark in norm for mark in ("星", "star", "⭐", "★", "🌟")):
        return None  # no scale: nearly every paragraph, found without the regex
    match = _stars().search(norm)
    if match is None:
        return None
    if match.group("glyphs"):
        count = len(match.group("glyphs").replace("\ufe0f", ""))
    else:
        token = match.group("count")
        count = int(token) if token.isdigit() else _ZH_COUNT[token]
    verdict = Verdict.DEEP if count >= 4 else Verdict.SKIM if count == 3 else Verdict.SKIP
    clause = (para.clause_start(match.start()), para.clause_end(match.end()))
    return Rating(verdict, match.start(), match.end(), clause, 0, f"{count} stars", (), scale=True)
