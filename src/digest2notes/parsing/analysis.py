"""Everything digest2notes understands from one entry's paragraph, and why.

`analyse` reads the verdict (`verdict`), the reading time (`minutes`), the focus
points (`focus`) and the references (`references`) from one shared reading of the
paragraph (`text.Para`, `lexicon.scan`). It is pure and never raises: the reader
calls it on whatever a digest holds, and a paragraph it does not understand is an
UNKNOWN verdict with no points, not an error. Asked for it, `Analysis.evidence` keeps
the decisions (the rating clause, the duration, the pointers) for `parse --explain`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ..model import Verdict

if TYPE_CHECKING:
    from .cache import Store
    from .focus import FocusReading
    from .minutes import ReadingTime
    from .text import Para
    from .verdict import VerdictReading

__all__ = [
    "Analysis",
    "Evidence",
    "analyse",
    "analyse_many",
    "analyse_uncached",
    "clear_cache",
    "coerce_verdict",
]


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
    from .scanner import extra_key

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


def analyse_many(
    texts: Sequence[str], extra_phrases: Mapping[str, Verdict] | None, store: Store | None
) -> list[Analysis]:
    """`analyse` of each of `texts` (a digest's paragraphs), taken from the persistent
    `store` where it has them (one lookup for them all) and put there where it has not."""
    key = _extras_key(extra_phrases)
    if store is None:
        return [_analyse_cached(text, key) for text in texts]
    salt = json.dumps(sorted((phrase, verdict.value) for phrase, verdict in key or ()))
    distinct = list(dict.fromkeys(texts))  # yesterday's entries repeat: each looked up once
    keys = [store.key(salt, text) for text in distinct]
    stored = store.get_many(keys)
    analyses = {}
    for text, hashed in zip(distinct, keys, strict=True):
        value = stored.get(hashed)
        analysis = _decoded(value) if value is not None else None
        if analysis is None:
            analysis = _analyse_cached(text, key)
            store.put(hashed, _encoded(analysis))
        analyses[text] = analysis
    return [analyses[text] for text in texts]


def _encoded(analysis: Analysis) -> str:
    return json.dumps(
        [analysis.verdict.value, analysis.verdict_text, analysis.minutes,
         analysis.focus_points, analysis.references],
        ensure_ascii=False, separators=(",", ":"),
    )


def _decoded(value: str) -> Analysis | None:
    """The analysis stored as `value`, or None if it is not one (then it is made again)."""
    try:
        verdict, verdict_text, minutes, points, references = json.loads(value)
        analysis = Analysis(
            verdict=Verdict(verdict),
            verdict_text=verdict_text,
            minutes=minutes,
            focus_points=tuple(points),
            references=tuple(references),
        )
    except (ValueError, TypeError):
        return None
    if not (
        (verdict_text is None or isinstance(verdict_text, str))
        and (minutes is None or type(minutes) is int)
        and all(isinstance(item, str) for item in analysis.focus_points + analysis.references)
    ):
        return None
    return analysis


def _analyse(text: str, key: _Extras | None, evidence: bool = False) -> Analysis:
    return _analyser()(text, key, evidence)


@cache
def _analyser() -> Callable[[str, _Extras | None, bool], Analysis]:
    """`_analyse`, with the rules imported on the first paragraph analysed, not with this
    module (a run whose paragraphs all come from the cache, `analyse_many`, never loads
    them), and once: an import statement costs a lookup every time it runs."""
    from .durations import find_durations
    from .exceptions import rating_by_exception
    from .focus import read_focus
    from .implied import rating_by_time
    from .minutes import reading_time, without_last_resort
    from .references import find_references
    from .scanner import scan
    from .text import Para
    from .verdict import VerdictReading, read_verdict, with_reading_time

    def analyse_paragraph(text: str, key: _Extras | None, evidence: bool) -> Analysis:
        para = Para.of(text)
        para.durations = find_durations(para)
        extras = dict(key) if key else None
        cues = scan(para.norm, frozenset(extras) if extras else frozenset())
        verdict = read_verdict(para, cues, extras)
        ratings = list(verdict.ratings)
        # read as if rated; a paragraph rated for no reading keeps no last-resort time
        timed = reading_time(para, cues, para.durations, ratings)
        rated = verdict.verdict in (Verdict.DEEP, Verdict.SKIM)
        minutes = timed if rated else without_last_resort(timed)
        decided = verdict.rating
        only_part = decided is not None and decided.tier and decided.scope.startswith("part")
        if (verdict.verdict is Verdict.UNKNOWN or only_part) and para.durations:
            # nothing rates it in words, or only a part of it: the whole's reading time may
            # ("Fifteen minutes at most."; "plan on 35 minutes … the tests you can glance at")
            by_time = rating_by_time(para, cues, timed)
            if by_time is not None:
                verdict = VerdictReading(by_time.verdict, by_time, (*ratings, by_time))
                minutes = timed
        if verdict.verdict is Verdict.UNKNOWN:
            excepted = rating_by_exception(para, cues)
            if excepted is not None:  # "…unless you run Oracle": the rest may pass
                verdict = VerdictReading(excepted.verdict, excepted, (*ratings, excepted))
        verdict = with_reading_time(verdict, minutes.minutes)
        # the phrase that rated in words, even a part's, is no focus point
        focus = read_focus(para, cues, ratings, decided if only_part else verdict.rating)
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

    return analyse_paragraph
