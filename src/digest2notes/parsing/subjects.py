"""English pointers that point through a phrase rather than an advising verb.

"The thing to notice is X", "The points to study are (i) …": the attention verb sits in
the subject ("the N to VERB"), and the copula right after it introduces the object; a
verb with an object of its own ("The time to read it is…") is no pointer. "Spend the
attention on X, Y and Z": the attention is spent as a noun, on what follows.
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .headers import count
from .objects import FocusState, announced, inline

__all__ = ["english_phrase", "in_subject"]


def english_phrase(state: FocusState, i: int) -> bool:
    """Two English forms that point through a phrase rather than an advising verb:

    * the verb in a subject, "the N to VERB is / are X" ("The thing to notice is X",
      "The points to study are (i) …"): the list after "is" / "are";
    * the attention spent as a noun, "spend / put / focus the attention on X": X.
    """
    scan, para = state.scan, state.para
    norm = para.norm
    start, end = scan.starts[i], scan.ends[i]
    clause = para.clause_start(start)
    if scan.flags[i] & (lx.ATTEND | lx.READ) and in_subject(state, i):
        copula = _copula_after().match(norm, end)
        if copula is None:
            return False  # "The time to read it is…": the verb has its own object
        are, single = copula.end(), copula.group("be") == "is"
        if single:
            inline(state, i, are, "introduced")
        else:
            announced(state, i, are, count(para, clause, end))
        return True
    if scan.words[i] in _ATTENTION_NOUNS and _spend().search(
        norm, max(clause, start - 20), start
    ):
        on = _preposition().match(norm, end)
        if on is None:
            return False
        announced(state, i, on.end(), 0)  # "on A, B and C": the rest of the sentence
        return True
    return False


def in_subject(state: FocusState, i: int) -> bool:
    """Is the verb at `i` in a subject, "the N to VERB" ("to study" may be one cue)?"""
    scan = state.scan
    start = scan.starts[i]
    if scan.words[i].startswith("to "):
        start += 3
    clause = max(state.para.clause_start(scan.starts[i]), start - _SUBJECT_REACH)
    return scan.words[i].isascii() and _infinitive_subject().search(
        state.para.norm, clause, start
    ) is not None


_SUBJECT_REACH = 60  # a subject is a few words: the search stays linear in the paragraph


@cache
def _infinitive_subject() -> re.Pattern[str]:
    # "the thing to", "the points to", "what to", "the only part worth taking time to":
    # a subject noun phrase whose verb is the pointer, at the start of its clause
    return re.compile(r"[\s*_>-]*(?:the|what|one|two|three)\s(?:[a-z'-]+\s){0,4}?to\s+\Z")


@cache
def _copula_after() -> re.Pattern[str]:
    return re.compile(r"(?:\s+(?:at|for|closely|carefully|first|here|most))?\s+(?P<be>is|are)\s+")


_ATTENTION_NOUNS = frozenset({"attention", "your attention", "effort", "your effort"})


@cache
def _spend() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?:spend|put|focus|direct|save|give)\s+(?:the\s+|your\s+)?\Z")


@cache
def _preposition() -> re.Pattern[str]:
    return re.compile(r"\s+(?:on|to|for)\s+")
