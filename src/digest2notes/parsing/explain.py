"""Why the parser read an entry as it did, in words: ``digest2notes parse --explain``.

For each entry: the clause and cues that decided the verdict (and the other rating
clauses it set aside, and why), the expression that gave the minutes (and the durations
that were not reading time), and the pointer that opened each list of focus points. A
reader who disagrees sees which words were read how, and what to put in the config
file's ``[verdicts]`` table.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..model import Entry, Verdict
from . import lexicon as lx
from .analysis import Analysis, analyse_uncached
from .text import Para

__all__ = ["explain_entry"]


def _quote(para: Para, start: int, end: int, limit: int = 60) -> str:
    text = " ".join(para.text[start:end].split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"“{text}”"


def _cue_list(words: tuple[str, ...]) -> str:
    table = lx.table()
    shown = []
    for word in words:
        names = lx.class_names(table.get(word, 0) & ~lx.NULL) or ["config phrase"]
        shown.append(f"{word} ({', '.join(names)})")
    return "; ".join(shown)


def explain_entry(entry: Entry, extra: Mapping[str, Verdict] | None = None) -> list[str]:
    """The lines that explain `entry`'s reading (of its newest digest's paragraph)."""
    analysis = analyse_uncached(entry.text, extra, evidence=True)
    evidence = analysis.evidence
    assert evidence is not None
    where = ", ".join(f"{s.path}:{s.line}" for s in entry.sources)
    lines = [f"{entry.title}", f"  from {where}"]
    lines += _verdict_lines(analysis)
    lines += _minutes_lines(analysis)
    lines += _focus_lines(analysis)
    refs = ", ".join(entry.references) if entry.references else "none"
    lines.append(f"  references: {refs}")
    return lines


def _verdict_lines(analysis: Analysis) -> list[str]:
    evidence = analysis.evidence
    assert evidence is not None
    para, reading = evidence.para, evidence.verdict
    rating = reading.rating
    if rating is None:
        return [
            "  verdict: unknown: no clause rates this entry",
            "    (a phrase the parser does not know can go in the config file's [verdicts] table)",
        ]
    lines = [
        f"  verdict: {analysis.verdict.value} from {_quote(para, rating.start, rating.end)}"
        f" ({rating.rule})",
        f"    cues: {_cue_list(rating.cues)}",
    ]
    for other in reading.ratings:
        if other is rating:
            continue
        if other.tier > rating.tier:
            why = f"set aside: {other.scope}"
        elif other.scale and not rating.scale:
            why = "set aside: words rate the entry"
        elif other.start > rating.start:
            why = "set aside: an earlier clause decided"
        else:
            why = "set aside: a quick read is offered after it"
        lines.append(
            f"    also {other.verdict.value} from {_quote(para, other.start, other.end)}"
            f" ({other.rule}; {why})"
        )
    return lines


def _minutes_lines(analysis: Analysis) -> list[str]:
    evidence = analysis.evidence
    assert evidence is not None
    para, time = evidence.para, evidence.minutes
    lines = []
    if time.duration is not None:
        duration = time.duration
        lines.append(
            f"  minutes: {time.minutes} from {_quote(para, duration.start, duration.end)}"
            f" ({time.rule.removeprefix('reading: ')})"
        )
    else:
        lines.append("  minutes: none given")
    for duration, why in time.others:
        lines.append(
            f"    not reading time: {_quote(para, duration.start, duration.end)}"
            f" ({why.removeprefix('not reading: ')})"
        )
    return lines


def _focus_lines(analysis: Analysis) -> list[str]:
    evidence = analysis.evidence
    assert evidence is not None
    para, focus = evidence.para, evidence.focus
    count = len(analysis.focus_points)
    lines = [f"  focus points: {count}"]
    for found in focus.lists:
        if found.pointer is None:
            opener = "a list right after the rating"
        else:
            opener = f"{_quote(para, *found.pointer)} ({found.kind})"
        lines.append(f"    opened by {opener}:")
        for item in found.items:
            lines.append(f"      - {_quote(para, item.start, item.end, limit=1000)}")
    for skipped in focus.skipped:
        lines.append(
            f"    no points from {_quote(para, skipped.start, skipped.end)}: {skipped.reason}"
        )
    return lines
