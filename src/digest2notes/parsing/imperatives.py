"""Imperatives that rate by their shape, whatever their verb.

* the PR as the object, with a manner closing the clause ("take it slowly", "Clear this
  one properly"): rated by the manner;
* the PR as the object of a plain reading verb, the whole clause ("Read it."): a close
  read, as "recommended reading" is;
* the PR sent away or passed by ("throw it back", "Send it back to the kitchen",
  "Scroll right past this one"): a skip;
* an imperative that says nothing of reading, for all but a few readers ("Sit this one
  out unless you maintain the port"): the rest skip it.

An imperative opens its clause with a verb: a subject before it ("This makes it fast",
"It runs past the limit") is a description, and rates nothing.
"""

from __future__ import annotations

import re
from functools import cache

from ..model import Verdict
from . import lexicon as lx
from .rating import Rating
from .scanner import Scan
from .text import Para

__all__ = ["imperative_ratings", "opens_imperative", "rating_of"]


def imperative_ratings(para: Para, scan: Scan) -> list[Rating]:
    """The ratings of `para`'s imperatives of the shapes above."""
    found: list[Rating] = []
    if scan.present & lx.WHOLE and scan.present & (lx.DEPTH | lx.BREVITY):
        found += _manner_of_taking_it(para, scan)
    if scan.present & lx.WHOLE:
        found += _sent_away(para, scan)
        if scan.present & lx.READ:
            found += _read_it(para, scan)
    if "unless you" in para.norm:
        found += _unless_you(para, scan)
    if "除非" in para.norm:
        found += _otherwise(para, scan)
    return found


def _manner_of_taking_it(para: Para, scan: Scan) -> list[Rating]:
    """An imperative with the PR as its object and a manner closing the clause ("take
    it slowly", "Clear this one properly, no speedrunning"): the manner rates it, whatever
    the verb ("It deeply changes X" has the PR as its subject, and rates nothing)."""
    found: list[Rating] = []
    norm = para.norm
    for k in range(len(scan.starts) - 1):
        if not scan.flags[k] & lx.WHOLE or scan.words[k] not in _OBJECT_PRONOUNS:
            continue
        manner = k + 1
        bits = scan.flags[manner]
        if not bits & (lx.DEPTH | lx.BREVITY) or bits & lx.READ:
            continue
        if norm[scan.ends[k] : scan.starts[manner]].strip(" ,"):
            continue  # the manner must follow the object at once
        clause = para.clause_start(scan.starts[k])
        verb = norm[clause : scan.starts[k]].split()
        # an imperative ("take it …") or an infinitive after advice ("encourage you to take")
        if not (1 <= len(verb) <= 2 or (len(verb) > 2 and verb[-2] == "to")):
            continue
        if scan.any(lx.NEG, clause, scan.starts[k]) or _described(verb):
            continue
        end = scan.ends[manner]
        if norm[end : para.clause_end(end)].strip(" .!;*_"):
            continue  # "take it slowly through X" goes on: no verdict of its own
        verdict = Verdict.DEEP if bits & lx.DEPTH else Verdict.SKIM
        found.append(rating_of(para, verdict, clause, end, "the manner of taking it"))
    return found


def _described(lead: list[str]) -> bool:
    """Words before the PR that give it a subject ("This makes it fast", "which keeps it
    quick"): a description, not an imperative."""
    last = lead[-1]
    return lead[0] in _SUBJECTS or (last.endswith("s") and not last.endswith("ss")) or (
        last.endswith("ed")
    )


_SUBJECTS = frozenset({
    "this", "that", "it", "which", "who", "he", "she", "they", "we", "the", "its", "their",
    "our", "his", "her",
})
# Words that open a statement or a condition, not an imperative
_NOT_IMPERATIVE = _SUBJECTS | {
    "you", "i", "there", "everything", "nothing", "all", "most", "some", "a", "an", "one",
    "if", "when",
}
def opens_imperative(text: str) -> bool:
    """Does `text` open with an English verb addressed to the reader ("Run the drill on
    …", not "The PR touches …", "It changes …")?"""
    lead = text.strip(" \t\n*_>").split()[:1]
    return bool(lead) and lead[0].isalpha() and lead[0].isascii() and not (
        lead[0] in _NOT_IMPERATIVE or _described(lead)
    )


_OBJECT_PRONOUNS = frozenset({"it", "this one", "this", "this pr", "the pr", "this change"})


def _read_it(para: Para, scan: Scan) -> list[Rating]:
    """A plain reading verb with the PR as its object, the whole of its clause ("Read it.",
    "High signal, read this one."): a reading asked for, as advice is; "Read it?" asks."""
    norm = para.norm
    for k in range(1, len(scan.words)):
        reading, bits = k - 1, scan.flags[k - 1]
        if not scan.flags[k] & lx.WHOLE or scan.words[k] not in _OBJECT_PRONOUNS:
            continue
        if not bits & lx.READ or bits & (lx.DEPTH | lx.BREVITY | lx.LIGHT | lx.DISMISS | lx.NEG):
            continue  # a manner or a dismissal is rated by its words
        at, end = scan.starts[reading], scan.ends[k]
        clause = para.clause_start(at)
        if norm[clause:at].strip(" \t\n*_>") or norm[scan.ends[reading] : scan.starts[k]].strip():
            continue
        close = para.clause_end(end)
        if _read_it_tail().fullmatch(norm, end, close) and norm[close : close + 1] not in "?？":
            return [rating_of(para, Verdict.DEEP, at, end, "a reading asked for")]
    return []


@cache
def _read_it_tail() -> re.Pattern[str]:
    return re.compile(r"\s*(?:now|first|today|this\s+week)?\s*[.!。！]*\s*")


def _sent_away(para: Para, scan: Scan) -> list[Rating]:
    """The PR as an imperative's object, sent away ("throw it back", "set this one aside",
    "Send it back to the kitchen without tasting"), or passed by ("Scroll right past this
    one"): whatever the verb, the reader is told to leave it."""
    found: list[Rating] = []
    norm = para.norm
    for k, word in enumerate(scan.words):
        if not scan.flags[k] & lx.WHOLE or word not in _OBJECT_PRONOUNS:
            continue
        clause, at, end = para.clause_start(scan.starts[k]), scan.starts[k], scan.ends[k]
        lead = norm[clause:at].strip(" \t\n*_>").split()
        if not 1 <= len(lead) <= 3 or lead[0] in _NOT_IMPERATIVE or _described(lead[:1]):
            continue
        passed = lead[-1] in _PAST and len(lead) > 1
        away = _away().match(norm, end, para.clause_end(end))
        if passed and not _closes(norm, end, para.clause_end(end)):
            continue
        if not passed and (away is None or lead[-1] in _PAST):
            continue
        if scan.any(lx.RATING | lx.NEG, clause, at):
            continue  # "don't throw it away", "read it and set it aside": other words rate
        stop = end if passed else away.end()  # type: ignore[union-attr]
        found.append(rating_of(para, Verdict.SKIP, clause, stop, "the PR sent away"))
    return found


_PAST = frozenset({"past", "by"})


@cache
def _away() -> re.Pattern[str]:
    """A particle of removal closing the clause, a short phrase after it at most ("back to
    the kitchen without tasting", "aside for later")."""
    return re.compile(
        r"\s+(?:back|away|aside)(?:\s+(?:to|into|in|on|for|without)(?:\s+[\w'-]+){1,4})?"
        r"(?=\s*(?:[.;:!,)]|\Z|and\s))"
    )


def _closes(norm: str, end: int, clause_end: int) -> bool:
    """Nothing but an emoji or punctuation after the pronoun in its clause."""
    rest = norm[end:clause_end]
    return not any(ch.isalnum() for ch in rest)


def _unless_you(para: Para, scan: Scan) -> list[Rating]:
    """ "Pour this one down the sink unless you run X": an imperative that says nothing
    of reading, excepting a few readers: the rest of them skip it."""
    found: list[Rating] = []
    norm = para.norm
    for match in _unless().finditer(norm):
        start, stop, end = para.sentence_start(match.start()), match.start(), match.end()
        if not norm[start:stop].strip(" \t\n*_>,"):
            # "Unless you build your own images, fold this hand": the imperative follows
            comma = norm.find(",", match.end(), para.sentence_end(match.end()))
            if comma < 0:
                continue
            start = comma + 1
            stop = end = para.clause_end(start)
        lead = norm[start:stop].strip(" \t\n*_>").split()
        if not lead or lead[0] in _NOT_IMPERATIVE or _described(lead[:1]):
            continue  # "The change is small unless you count tests" describes
        if scan.any(lx.RATING & ~lx.DISMISS | lx.PROCESS | lx.PART, start, stop):
            continue  # "Read it unless you …" is rated by its own words; a dismissal,
            # whatever its object ("Leave this one to lie fallow unless you …"), is a skip
        found.append(rating_of(para, Verdict.SKIP, start, end, _FOR_ALL_BUT_A_FEW))
    return found


_FOR_ALL_BUT_A_FEW = "an imperative for all but a few"


def _otherwise(para: Para, scan: Scan) -> list[Rating]:
    """ "除非你维护 CI，否则别碰": what holds for every reader but a few, a negation with
    no reading word (否则不受影响, 否则别碰), leaves the rest out: they skip it."""
    found: list[Rating] = []
    for match in _unless_you_otherwise().finditer(para.norm):
        end = para.sentence_end(match.end())
        if not scan.any(lx.NEG, match.end(), end) or scan.any(
            lx.RATING & ~(lx.DISMISS | lx.NEG) | lx.PROCESS | lx.PART, match.end(), end
        ):
            continue  # "否则精读" is rated by its own words; "否则性能下降" describes
        found.append(rating_of(para, Verdict.SKIP, match.start(), end, _FOR_ALL_BUT_A_FEW))
    return found


@cache
def _unless_you_otherwise() -> re.Pattern[str]:
    return re.compile(r"除非(?:你|您|大家)[^。！？!?;；]{1,40}?[，,]\s*(?:否则|不然|要不然)")


@cache
def _unless() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z]),?\s*unless\s+you(?![a-z])")


def rating_of(para: Para, verdict: Verdict, start: int, end: int, rule: str) -> Rating:
    """A rating of the whole PR by a shape's rule (no cue words of its own)."""
    clause = (para.clause_start(start), para.clause_end(end))
    return Rating(verdict, start, end, clause, 0, rule, ())


