"""Everything digest2notes understands from one entry's paragraph, and why.

`analyse` reads the verdict (`verdict`), the reading time (`minutes`), the focus
points (`focus`) and the references (`references`) from one shared reading of the
paragraph (`text.Para`, `lexicon.scan`). It is pure and never raises: the reader
calls it on whatever a digest holds, and a paragraph it does not understand is an
UNKNOWN verdict with no points, not an error. Asked for it, `Analysis.evidence` keeps
the decisions (the rating clause, the duration, the pointers) for `parse --explain`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from ..model import Verdict
from .durations import find_durations
from .focus import FocusReading, read_focus
from .minutes import ReadingTime, reading_time
from .references import find_references
from .scanner import extra_key, scan
from .text import Para
from .verdict import VerdictReading, read_verdict, with_reading_time

__all__ = ["Analysis", "Evidence", "analyse", "analyse_uncached", "clear_cache", "coerce_verdict"]


@dataclass(frozen=True, slots=True)
class Evidence:
    """How the analysis decided, for `--explain`: positions refer to `para.text`."""

    para: Para
    verdict: VerdictReading
    minutes: ReadingTime
    focus: FocusReading


@dataclass(frozen=True, slots=True)
class Analysis:
    """What one paragraph says: how to read the entry, for how long, what to study, what next."""

    verdict: Verdict
    verdict_text: str | None
    minutes: int | None
    focus_points: tuple[str, ...]
    references: tuple[str, ...]
    evidence: Evidence | None = field(default=None, compare=False, repr=False)


def coerce_verdict(value: object) -> Verdict | None:
    """Config files give strings ("deep"); accept those as well as `Verdict` members."""
    if isinstance(value, Verdict):
        return value
    if isinstance(value, str):
        try:
            return Verdict(value.strip().lower())
        except ValueError:
            return None
    return None


_Extras = frozenset[tuple[str, Verdict]]


def _extras_key(extra: Mapping[str, Verdict] | None) -> _Extras | None:
    """A hashable form of the config phrases; entries that are not phrase → verdict drop."""
    if not extra:
        return None
    items: set[tuple[str, Verdict]] = set()
    for phrase, verdict in extra.items():
        coerced = coerce_verdict(verdict)
        if isinstance(phrase, str) and coerced is not None:
            key = extra_key(phrase)
            if key:
                items.add((key, coerced))
    return frozenset(items) or None


def analyse(text: str, extra_phrases: Mapping[str, Verdict] | None = None) -> Analysis:
    """Verdict, reading time, focus points and references of one entry's paragraph.

    Pure and total: any string gives an `Analysis`. Memoised per (text, config phrases),
    because the same entry recurs in consecutive daily digests.
    """
    return _analyse_cached(text, _extras_key(extra_phrases))


@lru_cache(maxsize=8192)
def _analyse_cached(text: str, key: _Extras | None) -> Analysis:
    return _analyse(text, key)


def clear_cache() -> None:
    """Forget every memoised analysis (so a benchmark's repeated run is as cold as its first)."""
    _analyse_cached.cache_clear()


def analyse_uncached(
    text: str, extra_phrases: Mapping[str, Verdict] | None = None, *, evidence: bool = False
) -> Analysis:
    """`analyse` without the memo (benchmarks, property tests and ``--explain`` use it);
    with `evidence`, the result keeps how each decision was made."""
    return _analyse(text, _extras_key(extra_phrases), evidence)


def _analyse(text: str, key: _Extras | None, evidence: bool = False) -> Analysis:
    para = Para.of(text)
    para.durations = find_durations(para)
    extras = dict(key) if key else None
    cues = scan(para.norm, frozenset(extras) if extras else frozenset())
    verdict = read_verdict(para, cues, extras)
    ratings = list(verdict.ratings)
    minutes = reading_time(para, cues, para.durations, ratings)
    verdict = with_reading_time(verdict, minutes.minutes)
    focus = read_focus(para, cues, ratings, verdict.rating)
    rating = verdict.rating
    return Analysis(
        verdict=verdict.verdict,
        verdict_text=text[rating.start : rating.end] if rating else None,
        minutes=minutes.minutes,
        focus_points=focus.points,
        references=find_references(para.masked),
        # Kept only when asked for: a memo of thousands of analyses would hold every
        # paragraph's working state for nothing.
        evidence=Evidence(para, verdict, minutes, focus) if evidence else None,
    )
