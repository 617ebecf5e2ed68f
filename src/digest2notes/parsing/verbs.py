"""Reading and attention verbs: where they advise, and what they take as their object.

An attention verb points when it advises: at the start of its clause ("Look closely at
X", "阅读时留意 X") or after advice ("建议关注", "审阅者宜关注", "多瞅瞅"). A reading verb
("看", "read", "glance") points as a verb only: closing a header ("看三处：…"), before a
marked list ("Study (a) …"), or with its object where it advises ("建议看下 X",
"Look hard at X", "瞄一眼 X 就够了"); never negated ("不看也没关系", "No need to read
it"), nor as a noun ("a quick look", "Gist: …").
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .clauses import AFTER, BEFORE, article_before, has_content
from .headers import colon, count
from .objects import FocusState, announced, claim, inline, measure_first
from .script import is_han
from .text import Para

__all__ = [
    "ADVICE", "advice_position", "colon_of", "negated", "read_point", "reading_verb",
    "skip_preposition",
]

ADVICE = lx.RECOMMEND | lx.MODAL | lx.HIGH | lx.TEMPORAL


def reading_verb(state: FocusState, i: int) -> bool:
    """A reading word used as a verb, which may point like an attention verb: any Chinese
    one ("看三处：", "建议看下 X"), an English verb of study ("Study (a) …"), or any
    reading word that a header's colon closes ("Read in this order: …",
    "One question worth holding in your head as you read: …")."""
    scan = state.scan
    if scan.words[i].endswith(("完", "懂")):
        return False  # "读完 PR 描述就懂了": reading to the end, no pointing
    if scan.words[i].isascii():
        if article_before().search(state.para.norm, max(0, scan.starts[i] - 3), scan.starts[i]):
            return False  # "a close read", "a quick look": a noun
        return bool(scan.flags[i] & (lx.DEPTH | lx.TEMPORAL)) or colon_of(
            state, scan.ends[i]
        ) is not None or _verb_at(state, i) >= 0
    return True


def _pointed(state: FocusState, i: int) -> bool:
    """Does the reading verb that rates the entry also point at a part of it ("Glance at
    X", "Study how X is ordered")? A plain object is what is read ("Flip through the
    crate layout"), and after a colon comes what the verdict explains."""
    at = _verb_at(state, i)
    norm = state.para.norm
    return state.scan.words[i].isascii() and at >= 0 and colon_of(
        state, state.scan.ends[i]
    ) is None and (norm[at - 3 : at].strip() in ("at", "to") or _wh().match(norm, at) is not None)


@cache
def _wh() -> re.Pattern[str]:
    return re.compile(r"(?:how|what|why|where|which|whether)\s")


def _verb_at(state: FocusState, i: int) -> int:
    """ "Look hard at X", "Glance at X", "look twice into X": an English reading verb
    with its preposition is a verb with an object, and so is one opening its sentence
    before a question of how, what or why ("Study how X is ordered"); where the object
    starts, or -1. A plain object ("Read the summary") is what is read, not a point:
    taking it as one cost precision on writers nobody developed against."""
    match = _preposition_after().match(state.para.norm, state.scan.ends[i])
    if match:
        return match.end()
    named = _named_object().match(state.para.norm, state.scan.ends[i])
    start, para = state.scan.starts[i], state.para
    if named and not has_content(para, state.scan, para.sentence_start(start), start, BEFORE):
        return named.start(1)
    return -1


@cache
def _named_object() -> re.Pattern[str]:
    return re.compile(r"\s+((?:how|what|why|where|which|whether)\s)")


@cache
def _preposition_after() -> re.Pattern[str]:
    # an aside may stand before the preposition ("Glance, as you pass, at X") and an
    # emoji after it ("Peek at 👀 X")
    return re.compile(
        r"(?:\s*,[^,.;:]{1,24},)?\s+(?:[a-z]+ly\s+|hard(?:er|est)?\s+|closer\s+|closest\s+|twice\s+|"
        r"again\s+)?(?:at|into)\s+"
        r"(?:[^\w\s`\"“(\[\ue000]+\s+)?"
    )




def read_point(state: FocusState, i: int) -> None:
    """A reading verb that points: a header it closes with a colon ("看三处：…", "读的时候
    请大家带着三个问题：…"), a marked list right after it ("Study (a) …, (b) …"), or its
    object where it advises ("建议看下 X 和 Y", "可以看一下 X", "先看 X，再看 Y")."""
    scan, para = state.scan, state.para
    start, end = scan.starts[i], scan.ends[i]
    verdict = state.verdict
    if verdict is not None and verdict[0] <= start < verdict[1] and not _pointed(state, i):
        return  # "值得精读：这是…": what follows the verdict's colon explains it (`focus`)
    if negated(state, i):
        return  # "Not one to skim: read it through", "不看也没关系"
    colon = colon_of(state, end)
    if colon is not None:
        if _duration_at(para, colon[1]) or (
            scan.words[i].isascii() and _duration_in(para, colon[1], para.sentence_end(colon[1]))
        ):
            return  # "Reading time: 25 minutes", "Read: the headline only, 2-3 min": a label
        if scan.words[i] in lx.SUMMARY_NOUNS or _why().search(
            para.norm, max(para.clause_start(start), start - 12), start
        ):
            return  # "Gist: …", "Why read: …": a summary or a reason follows, not a list
        value_end = para.sentence_end(colon[1])
        if scan.any(lx.SUFFICE, colon[1], value_end):
            return  # "Reading: the description will do": the label's value rates
        if not state.rates(colon[1], value_end):
            header = count(para, para.clause_start(start), end) or count(para, end, colon[0])
            announced(state, i, colon[1], header)
        return
    marked = state.marked_at(end)
    if marked >= 0:
        claim(state, marked, (start, end))
        return
    bits = scan.flags[i]
    if bits & lx.TEMPORAL or _temporal_after(state, i):
        return  # "阅读时…" says when
    at = _verb_at(state, i) if scan.words[i].isascii() else -1
    if scan.words[i].isascii() and not bits & lx.DEPTH and at < 0:
        return
    evaluated = _evaluated_object(state, i)
    if evaluated >= 0:  # "最耐看的是 X", "最该读的就是 X": what is worth the reading
        inline(state, i, evaluated, "introduced")
        return
    if not advice_position(state, i):
        return
    object_start = at if at >= 0 else skip_preposition(para.norm, _complement_end(state, i))
    clause_end = para.clause_end(object_start)
    if scan.any(lx.DISMISS, object_start, clause_end) or any(
        scan.words[k] in lx.MOVING_ON for k in scan.between(object_start, clause_end)
    ):
        return  # "Glance at the NEWS entry and move on": how to read all of it
    if state.rates(start, end):
        # "精读 X" is the verdict; "瞄一眼 X 就够了", "Glance at X" scope a light
        # reading to X, which is then the point
        enough = scan.first(lx.SUFFICE, object_start, clause_end)
        if at < 0 and enough < 0:
            return
        clause_end = scan.starts[enough] if enough >= 0 else clause_end
    if not has_content(para, scan, object_start, clause_end, AFTER):
        return
    inline(state, i, object_start, "reading verb")


def _evaluated_object(state: FocusState, i: int) -> int:
    """Where the object of "最耐看的是 X", "需要细看的就是 X" starts, or -1: a reading
    verb judged worth it (最, 该, 值得…), nominalised by 的 and introduced ("读的是缓存
    里的值" only says what the code reads)."""
    scan, norm = state.scan, state.para.norm
    start, end = scan.starts[i], scan.ends[i]
    measure = measure_first().match(norm, end)
    if measure:
        end = measure.end()  # "能多瞄一下的只有 X": the measure belongs to the verb
    if not norm.startswith("的", end) or scan.words[i].isascii():
        return -1
    clause = state.para.clause_start(start)
    if not scan.flags[i] & lx.HIGH and not _judged().search(norm, max(clause, start - 6), start):
        return -1  # "必看的是 X" carries its judgement in the verb
    introduced = _nominalised().match(norm, end)
    return introduced.end() if introduced else -1


@cache
def _judged() -> re.Pattern[str]:
    return re.compile(r"(?:最|该|要|需要|应该|应当|值得|建议|必须|多)[^\s,:。]{0,3}\Z")


@cache
def _nominalised() -> re.Pattern[str]:
    return re.compile(r"的(?:地方|部分)?\s*(?:是|就是|只有|在于)\s*")


def _complement_end(state: FocusState, i: int) -> int:
    """The end of a reading verb with the measure of reading right after it ("看一眼",
    "看一下"): the object follows the measure."""
    scan = state.scan
    end = scan.ends[i]
    following = i + 1
    if following < len(scan.starts) and scan.starts[following] == end and not (
        scan.flags[following] & lx.READ
    ) and scan.flags[following] & lx.BREVITY:
        return scan.ends[following]
    return end


def negated(state: FocusState, i: int) -> bool:
    """Is the pointer at `i` negated ("不看也没关系", "No need to read it unless…", "Not
    one to skim:")? "Don't forget to check X", "不要忘了看 X" still point."""
    scan, para = state.scan, state.para
    if not scan.present & lx.NEG:
        return False
    start = scan.starts[i]
    clause = para.clause_start(start)
    for j in scan.between(max(clause, start - _NEGATION_REACH), start):
        if scan.flags[j] & lx.NEG:
            between = para.norm[scan.ends[j] : start]
            return not ("forget" in between or "忘" in between)
    return False


_NEGATION_REACH = 16


def _duration_at(para: Para, pos: int) -> bool:
    while pos < len(para.norm) and para.norm[pos] in " \t*_~≈约":
        pos += 1
    return any(d.start <= pos < d.end for d in para.durations)


def _duration_in(para: Para, start: int, end: int) -> bool:
    return any(start <= d.start < end for d in para.durations)


def _temporal_after(state: FocusState, i: int) -> bool:
    """ "阅读时", "读代码时", "看 diff 时": the reading says when, its object a word or two."""
    following = i + 1
    scan = state.scan
    return (
        following < len(scan.flags)
        and bool(scan.flags[following] & lx.TEMPORAL)
        and scan.starts[following] - scan.ends[i] <= _WHEN_OBJECT
        and not state.para.norm[scan.ends[i] : scan.starts[following]].strip(" `").count(" ")
    )


_WHEN_OBJECT = 6  # characters of object between a reading verb and its "时"


def colon_of(state: FocusState, pos: int) -> tuple[int, int] | None:
    return colon(state.para, pos, state.next_consumed(pos) + 1)


def advice_position(state: FocusState, i: int) -> bool:
    """An attention verb points when it advises: at the start of its clause ("Look
    closely at X", "阅读时留意 X"), or after advice ("建议关注", "审阅者宜关注", "多瞅瞅").
    In English "can" describes rather than advises ("so you can inspect X")."""
    scan, para = state.scan, state.para
    start = scan.starts[i]
    clause = para.clause_start(start)
    english = scan.words[i].isascii()
    if english and _determiner().search(para.norm, max(clause, start - 8), start):
        return False  # "the answer was no", "the check passes": a noun, no advice
    if english and _wish().search(para.norm, max(clause, start - 16), start):
        return True  # "The reader may wish to note X", "you might want to check X"
    if english and _emphatic().search(para.norm, max(clause, start - 12), start):
        return True  # "Do peek at X", "Please look at X": an imperative, emphasised
    if english and scan.any(lx.MODAL, clause, start):
        return False
    if not state.content_before(start):
        return True
    advice = ADVICE & ~lx.MODAL if english else ADVICE
    for j in scan.between(max(clause, start - 24), start):
        bits = scan.flags[j]
        if bits & advice and scan.ends[j] >= start - 12:
            if bits & advice == lx.TEMPORAL and not _reading_time(state, j):
                continue  # "启动时读一次证书" says when something else happens
            return True
    # "多瞅瞅", "主要看 X", "只需关注 X", "先看 X": an adverb of focus makes it advice
    return _focused(para.norm, max(clause, start - 4), start)


@cache
def _why() -> re.Pattern[str]:
    return re.compile(r"(?:(?<![a-z])why|为什么|为何)\s*(?:to\s+)?\Z")


@cache
def _determiner() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z'])(?:the|this|that|these|those|its|their|his|her|our|my)\s+\Z")


@cache
def _emphatic() -> re.Pattern[str]:
    return re.compile(r"(?:^|[\s,;:(])(?:do|please|definitely|absolutely)\s+\Z")


@cache
def _wish() -> re.Pattern[str]:
    # "you might want to check X"; the writer's own advice: "I'd look at X first"
    return re.compile(r"(?:wish|want|like)\s+to\s+\Z|(?<![a-z])(?:i'd|i\s+would)\s+\Z")


def _focused(norm: str, lo: int, start: int) -> bool:
    """Does [lo, start) end in an adverb of focus of its own ("只需", not 很多's 多)?"""
    head = norm[lo:start].rstrip()
    end = lo + len(head)
    for word in _FOCUS_WORDS:
        if head.endswith(word):
            at = end - len(word)  # a topic may come first ("代码只要看 X"), not 很多's 多
            return len(word) > 1 or not (at and is_han(norm[at - 1]))
    return False


# longest first; "稍微留意 X", "顺带比较 X": an adverb of the reader's doing, too
_FOCUS_WORDS = ("仅需", "只需", "只要", "主要", "着重", "稍微", "略微", "顺便", "顺带", "顺手",
                "多", "只", "先")


def _reading_time(state: FocusState, j: int) -> bool:
    """Is the temporal cue at `j` about reading ("阅读时", "读的时候", "as you read")?"""
    scan = state.scan
    if scan.flags[j] & lx.READ:
        return True
    before = j - 1
    return before >= 0 and bool(scan.flags[before] & lx.READ) and (
        scan.ends[before] >= scan.starts[j] - 1
    )


def skip_preposition(norm: str, pos: int) -> int:
    for word in ("于", "在", " on ", " at "):
        if norm.startswith(word, pos):
            return pos + len(word)
    return pos
