"""Where a rating's phrase lies, and what it rates: the whole PR, a part, or only under a
condition.

The phrase is its cues with an article before and a pronoun after ("A quick look is
enough", "Skim it"). A rating about a part ("所附单元测试…，概览即可"; "The tests?
Routine, glance at them"), about other reading ("Background, not required: …"), for a
group of readers ("…的同学，") or under a condition ("若…", "If you…", but not a choice
of one: "如果只能挑一支精读") is tier 1: it counts only when nothing rates the whole.
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .clauses import AFTER, BEFORE, has_content
from .combination import Cues
from .scanner import Scan
from .text import Para

__all__ = [
    "READ_FOR", "about_background", "about_the_rest", "introduces_object", "only_part",
    "passive_of_part", "phrase_span", "rating_scope", "worth_nothing_after", "worth_points",
    "worth_verb",
]


def phrase_span(para: Para, scan: Scan, first: int, last: int) -> tuple[int, int]:
    """The rating phrase: its cues, with an article before and a pronoun after
    ("A quick look is enough", "Skim it")."""
    start, end = scan.starts[first], scan.ends[last]
    norm = para.norm
    for article in ("a ", "an "):
        at = start - len(article)
        if at >= 0 and norm.startswith(article, at) and (at == 0 or not norm[at - 1].isalnum()):
            start = at
            break
    following = last + 1
    if following < len(scan.starts) and scan.flags[following] & lx.WHOLE:
        word = scan.words[following]
        gap = norm[end : scan.starts[following]]
        if word in ("it", "this", "this one") and gap.isspace():
            end = scan.ends[following]
    return start, end


def rating_scope(para: Para, scan: Scan, clause_start: int, first_cue: int) -> tuple[int, str]:
    """Tier 1 when the rating is about a part ("所附单元测试…，概览即可") or depends on the
    reader's situation ("若…", "If you…", "…的同学，"); tier 0 otherwise."""
    if not scan.present & (lx.COND | lx.AUDIENCE | lx.PART | lx.BACKGROUND):
        return 0, ""
    # (a chunk of thousands of commas is read back no further than a sentence would go)
    chunk = max(para.chunk_start(clause_start), clause_start - _CHUNK_REACH)
    # "Background, not required: …", "背景材料可以不看": other reading rated, when the
    # background word is the rating's own subject or opens its chunk as a label
    background = scan.first(lx.BACKGROUND, clause_start, first_cue)
    if background < 0:
        opening = scan.first(lx.BACKGROUND, chunk, first_cue)
        if opening >= 0 and not para.norm[chunk : scan.starts[opening]].strip(" \t\n*_>"):
            background = opening
    if background >= 0 and not scan.any(lx.WHOLE, chunk, scan.starts[background]):
        return 1, _BACKGROUND + scan.words[background]
    asked = (_asked_part(para, scan, clause_start) or _topic(para, clause_start, first_cue)
             or _given_part(para, scan, first_cue) or _part_behind_it(para, scan, first_cue))
    if asked:
        return 1, f"part: {asked}"
    # "若…，建议精读"; "Worth your time if you maintain a runtime" (after it, in its
    # clause); but "if …, X; otherwise a quick glance" is the advice for everyone else.
    condition = scan.first(lx.COND, first_cue, para.clause_end(first_cue))
    for i in scan.between(chunk, first_cue):
        if scan.flags[i] & lx.COND:
            condition = i
        elif scan.flags[i] & lx.EXCEPT:
            condition = -1
    if condition >= 0 and not _only_one().search(
        para.norm, scan.ends[condition], min(first_cue, scan.ends[condition] + _ONLY_REACH)
    ):  # "如果这周只能挑一支精读，就是它": a choice of one, not a condition on the reader
        return 1, f"condition: {scan.words[condition]}"
    for i in scan.between(chunk, first_cue):
        if scan.flags[i] & lx.AUDIENCE and para.clause_end(scan.ends[i]) < first_cue:
            return 1, f"audience: {scan.words[i]}"
    # A part as the subject of the rating's own clause ("…，实现细节可以不看"), whatever
    # rated the whole before it; else a part earlier in the chunk, not the whole's.
    own = scan.first(lx.PART, clause_start, first_cue)
    if own >= 0 and not scan.any(lx.WHOLE, clause_start, scan.starts[own]):
        return 1, f"part: {scan.words[own]}"
    part = scan.first(lx.PART, chunk, first_cue)
    if part >= 0 and scan.starts[part] < clause_start and _own_subject(
        para, scan, clause_start, first_cue
    ):
        part = -1  # "测试扫一眼即可，核心改动值得细读": the second clause has its own subject
    if part >= 0 and not scan.any(lx.WHOLE, chunk, scan.starts[part]):
        return 1, f"part: {scan.words[part]}"
    return 0, ""


_ONLY_REACH = 16
_CHUNK_REACH = 240


@cache
def _only_one() -> re.Pattern[str]:
    return re.compile(r"只|仅|(?<![a-z])(?:only|just)\s+(?:one|read|have|pick)(?![a-z])")


def _asked_part(para: Para, scan: Scan, clause_start: int) -> str:
    """The part a short question right before the rating's sentence names, when that is
    all it asks ("The tests? Routine, glance at them."), or ""."""
    sentence = para.sentence_start(clause_start)
    if not sentence or para.norm[sentence - 1] not in "?？":
        return ""
    question = para.sentence_start(sentence - 1)
    part = scan.first(lx.PART, question, sentence)
    if part < 0 or sentence - question > _ONLY_REACH * 2:
        return ""
    rest = para.norm[question:sentence].replace(scan.words[part], "", 1)
    return scan.words[part] if _asked_rest().fullmatch(rest) is not None else ""


def _part_behind_it(para: Para, scan: Scan, first_cue: int) -> str:
    """The part "it" stands for when the rating's object is "it" and the stretch before
    (the chunk before a ";", or the sentence before) opens with a part as its subject
    ("The test file is boilerplate; skip it."): the rating is about that part."""
    norm = para.norm
    pronoun = _it_object().match(norm, first_cue, para.clause_end(first_cue))
    chunk = para.chunk_start(first_cue)
    if pronoun is None or not chunk or norm[chunk:first_cue].strip(" \t\n*_>"):
        return ""
    before = para.chunk_start(chunk - 1)
    head = min(chunk, before + _SUBJECT_REACH)
    part = scan.first(lx.PART, before, head)
    if part < 0 or scan.any(lx.WHOLE, before, chunk):
        return ""
    return scan.words[part]


_SUBJECT_REACH = 24  # characters: a subject opens its stretch


@cache
def _it_object() -> re.Pattern[str]:
    return re.compile(r"[a-z']+(?:\s+[a-z']+)?\s+(?:it|them)(?![a-z])\s*[.!;,]?\s*\Z")


def _given_part(para: Para, scan: Scan, first_cue: int) -> str:
    """The part a reading is given to ("recommend giving the tests a miss", "give the docs
    a skim"): the rating is about that part, wherever the advice stands."""
    norm = para.norm
    for i in scan.between(first_cue, para.clause_end(first_cue)):
        if scan.flags[i] & lx.PART and _giving().search(
            norm, max(first_cue, scan.starts[i] - 24), scan.starts[i]
        ) and _article().match(norm, scan.ends[i]):
            return scan.words[i]
    return ""


@cache
def _giving() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])giv(?:e|es|ing)\s+(?:(?:the|its|those|these|their)\s+)?"
                      r"(?:[a-z-]+\s+)?\Z")


@cache
def _article() -> re.Pattern[str]:
    return re.compile(r"\s+an?\s")


def _topic(para: Para, clause_start: int, first_cue: int) -> str:
    """A topic other than the PR that opens the rating's sentence ("至于迁移脚本，…看看就
    行", "As for the tests, …"), or a demonstrative naming what was just mentioned as the
    rating's subject ("those pages you can pour away"): the rating is about that, a part."""
    norm = para.norm
    sentence = para.sentence_start(clause_start)
    opening, demonstrative = _topics()
    topic = opening.match(norm, sentence, first_cue) or demonstrative.match(
        norm, clause_start, first_cue
    )
    return topic.group("topic").strip() if topic else ""


@cache
def _topics() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a topic opening its sentence, a demonstrative subject)"""
    opening = (
        r"[\s*_>]*(?:至于|至於|(?<![a-z])as\s+for|as\s+to)\s*(?P<topic>[^,.;:!?，。；：！？]{1,30})"
    )
    those = r"[\s*_>]*(?P<topic>(?:those|these)\s+[a-z]+s)(?![a-z])"
    return re.compile(opening), re.compile(those)


@cache
def _asked_rest() -> re.Pattern[str]:
    return re.compile(
        r"[\s*_>]*(?:and|so|what\s+about|how\s+about|the|its|至于|那)?\s*(?:呢)?\s*[?？]"
    )


def _own_subject(para: Para, scan: Scan, start: int, first_cue: int) -> bool:
    """Does the clause name what it rates before its first rating cue?"""
    return scan.any(lx.VALUE | lx.ATTEND, start, first_cue) or has_content(
        para, scan, start, first_cue, BEFORE
    )


#: The scope of a rating whose reading verb has an object ("仔细看 X 的实现"): how to read
#: that object, the whole's rating only if nothing else rates it.
READ_FOR = "part: what it is read for"
_BACKGROUND = "background: "


def about_background(scope: str) -> bool:
    """Does a rating rate other reading ("Background, not required: …"), not this PR?"""
    return scope.startswith(_BACKGROUND)


def about_the_rest(scope: str) -> bool:
    """Does a part rating rate what is left once another part is set aside ("文档部分可以不
    看，其余快速浏览即可")? Then, when nothing rates the whole, it is the whole's rating."""
    return scope.removeprefix("part: ") in _REST


_REST = frozenset({"其余", "剩下", "剩余", "其余部分", "其他部分", "the rest", "remaining"})


def only_part(para: Para, start: int) -> int:
    """Where "the only part/thing …" that opens a clause ends ("The only part I'd slow
    down for is X", "唯一值得细看的是 X"): one part deserves the care, so the whole is a
    skim; -1 when the clause does not open so."""
    match = _only().match(para.norm, start)
    return match.end() if match else -1


@cache
def _only() -> re.Pattern[str]:
    return re.compile(
        r"[\s*_>-]*(?:(?:but|and|so)\s+)?(?:the\s+)?(?:only|single|sole)\s+(?:[a-z]+\s+)?"
        r"(?:part|parts|thing|things|bit|bits|piece|pieces|place|places|section|spot|file)"
        r"(?![a-z])|[\s*_>]*(?:但|不过)?(?:唯一|只有一处|只有一个地方)"
    )


def worth_nothing_after(para: Para, scan: Scan, start: int, end: int) -> bool:
    """Nothing after a negated recommendation but the PR, someone's time or an exception
    ("not worth the members' time", "不推荐。", "not relevant unless you …"): it rates
    the reading."""
    exception = scan.first(lx.EXCEPT | lx.COND, start, end)
    if exception >= 0:
        end = scan.starts[exception]
    if not has_content(para, scan, start, end, AFTER):
        return True
    if para.norm.endswith("worth", max(0, start - 5), start) and _gap_for().search(
        para.norm, start, end
    ):
        return True  # "Not worth lacing your boots for": the PR is what it is not worth
    return _someones_time().fullmatch(para.norm, start, end) is not None


@cache
def _gap_for() -> re.Pattern[str]:
    """A preposition left without its object at the clause's end ("…getting up for")."""
    return re.compile(r"[a-z]+ing\b[^.;:!?]*\s(?:for|over|about)\W*\Z")


@cache
def _someones_time() -> re.Pattern[str]:
    return re.compile(
        r"\W*(?:(?:the\s+|your\s+|one's\s+|anyone's\s+|[a-z]+'s?\s+){0,2}time|"
        # what reading it would cost: "not worth the effort", "not worth the fight"
        r"(?:the|a)\s+(?:effort|trouble|bother|hassle|fight|click|detour|candle|ink)|"
        # "not relevant to you unless …": whom it concerns, not what
        r"(?:to|for)\s+(?:you|us|most\s+(?:of\s+us|readers|people)))\W*"
    )


def passive_of_part(para: Para, scan: Scan, cues: Cues, start: int) -> bool:
    """A passive rating ("X may be passed over", "X can be skipped") whose subject is
    something other than the PR ("The changes to the documentation build …")."""
    first = cues.indices[0]
    if not any(scan.words[i].startswith(("be ", "can be")) for i in cues.indices):
        return False
    if scan.any(lx.WHOLE, start, scan.starts[first]):
        return False
    return has_content(para, scan, start, scan.starts[first], BEFORE)


def introduces_object(para: Para, end: int) -> bool:
    """"Worth reading: why X is rejected", "Worth a glance, though: the new section": a
    rating whose colon introduces a thing rates that thing; one whose colon introduces a
    sentence ("值得精读：这是…", "Read it closely: it changes …") explains itself."""
    return _object_after_colon().match(para.norm, end) is not None


@cache
def _object_after_colon() -> re.Pattern[str]:
    # a question word opens a thing to look at; "the X" does unless a verb follows it
    return re.compile(
        r"[\s*_]*:[\s*_]*(?:(?:why|how|what|when|where|whether)\s|(?:the|its)\s"
        r"(?![^.;:!?]{0,40}?\s(?:is|are|was|were|has|have|does|do|will|can|changes?|makes?)\s))"
    )


def worth_points(para: Para, word: str, end: int) -> bool:
    """ "The only card worth peeking at is X": "worth" heading a verb in -ing and an
    "is"/"are" points at X (see `pointers`); it rates no reading, whatever follows."""
    return word == "worth" and worth_verb().match(para.norm, end) is not None


@cache
def worth_verb() -> re.Pattern[str]:
    """After "worth": a verb in -ing and up to two words, then "is"/"are" ("worth slowing
    down for is"); the match ends before the copula."""
    return re.compile(r"\s+[a-z'-]+ing(?:\s+[a-z'-]+){0,2}?(?=\s+(?:is|are)\s)")
