"""Pointers: the attention, interest or learning cues that open a list of focus points.

A pointer is a cue of attention, study, interest or learning (`lexicon.ATTEND`,
`VALUE`, `EMPHASIS`) followed by an *introducer*:

* right after it, "是 / 为 / 在于 / 在" ("看点是 X", "值得关注的是 X：…", "最有嚼头的是
  X和Y"): the object runs to the end of its clause, where a colon starts an explanation;
* a colon or dash closing a short header ("建议关注：", "需重点核查的事项包括：",
  "Notice three things:", "Of note —"): the list runs to the end of the sentence;
* "are" / "include" after an English header ("The parts that repay the effort are X and Y");
* nothing at all, after an attention verb in advice position ("Look closely at X",
  "报告建议读者聚焦于 X", "重点对照…理解 X") or an emphasis opening a clause ("，尤其是 X").

A header's count ("以下三项", "three things") caps the items. Pointers give nothing under
a condition ("若…", "If you…"), for a group of readers ("…的同学，"), in a caveat
("使用时需明确边界：", "Note that"), or when what they point at is another PR or
background reading ("可一并参阅 #N", "背景见 #N").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cache

from . import lexicon as lx
from .headers import count, english_introducer, place_header, word_introducer
from .labels import labelled_pointer
from .objects import FocusState, Skipped, announced, claim, inline, only_space
from .questions import question_pointer
from .scope import worth_verb
from .subjects import english_phrase, in_subject
from .verbs import (
    ADVICE,
    advice_position,
    colon_of,
    negated,
    read_point,
    reading_verb,
    skip_preposition,
)

__all__ = ["PRAISE", "read_pointers"]

# Value words that can also be verbs with an object ("可以借鉴 X").
_VALUE_VERBS = frozenset({"借鉴", "参考", "学习"})
PRAISE = frozenset({"值得", "worth"})


def read_pointers(state: FocusState) -> None:
    scan = state.scan
    flags = scan.flags
    words = scan.words
    state.asks = "?" in state.para.norm or "？" in state.para.norm
    # "Where should I look?": a reading verb with no object of its own, in a question
    norm = state.para.norm
    asked = {i for i, bits in enumerate(flags) if state.asks and bits & lx.READ
             and norm[(end := state.para.sentence_end(scan.starts[i])) : end + 1] in ("?", "？")}
    candidates = [
        i for i, bits in enumerate(flags)
        # "最值得看的是 X", "我最想推荐的是 X", "看三处：", "建议看下 X"
        if bits & (lx.POINTING | lx.CAUTION | lx.ENDORSE) or words[i] in PRAISE or i in asked
        or (bits & lx.READ and (reading_verb(state, i) or in_subject(state, i)))
    ]
    # An inline object ends where its pointer word comes again: what follows is the
    # object of that one ("留意 A，以及留意 B"). Other cue words inside an object are part
    # of it ("关注 varlen attention 的处理").
    again: dict[str, list[int]] = {}
    for i in candidates:
        again.setdefault(words[i], []).append(scan.starts[i])
    for i in candidates:
        bits = flags[i]
        start = scan.starts[i]
        same = again[words[i]]
        later = bisect_right(same, start)
        state.next_pointer = same[later] if later < len(same) else len(state.para.norm)
        if state.covered(start) >= 0:
            continue
        if bits & (lx.POINTING | lx.READ) and labelled_pointer(state, i):
            continue
        if bits & lx.CAUTION and not _only_one(state, i):
            _caution(state, i)  # "要注意的只有一点：X" names what to watch: it points
            continue
        if words[i] in PRAISE and not _worth_reading_is(state, i):
            continue  # "值得精读": a rating, no pointer
        if bits & lx.ENDORSE and not bits & lx.POINTING and not _recommended_is(state, i):
            continue
        reason = _excluded(state, i)
        if reason:
            state.skipped.append(Skipped(start, scan.ends[i], reason))
            state.consume(start, _region_end(state, i))
            continue
        if i and scan.words[i - 1] in PRAISE and _praise_form(state, i):
            continue  # "X 也值得参考。": trailing praise, read by `_praise`
        # "重点关注", "重点 check": the attention verb after "重点" does the pointing.
        following = i + 1
        if scan.words[i] == "重点" and following < len(scan.starts) and (
            scan.starts[following] - scan.ends[i] <= 1 and scan.flags[following] & lx.ATTEND
        ):
            continue
        if scan.words[i] == "注意" and state.para.norm.startswith(
            ":", _past_label(state.para.norm, start, scan.ends[i])
        ):
            _caution(state, i)  # "注意：…" is a caveat; "注意看：…", "让大家注意的是" point
            continue
        if bits & lx.ATTEND and negated(state, i):
            continue  # "No need to look at it", "不用关注 X"
        if question_pointer(state, i) or (i in asked and not reading_verb(state, i)):
            continue
        if words[i].isascii() and english_phrase(state, i):
            continue
        if not bits & (lx.POINTING | lx.ENDORSE) and words[i] not in PRAISE:
            read_point(state, i)
            continue
        _point(state, i)


def _worth_reading_is(state: FocusState, i: int) -> bool:
    """ "最值得看的是 X", "值得一读的地方有三处：": worth + a reading word + an introducer."""
    return _worth_phrase_end(state, i) >= 0


def _worth_phrase_end(state: FocusState, i: int) -> int:
    """Where the phrase that "值得"/"worth" at `i` heads ends, when an introducer follows
    it, or -1. The phrase is a reading word ("最值得看的是 X") or, in the same shape, any
    short verb phrase: "唯一值得多停一下的是 X", "the one part worth slowing down for is
    X". The shape, not the verb, makes it a pointer."""
    scan, norm = state.scan, state.para.norm
    end = scan.ends[i]
    following = i + 1
    if following < len(scan.starts) and scan.starts[following] - end <= 1:
        bits = scan.flags[following]
        if bits & (lx.READ | lx.ATTEND | lx.VALUE):
            phrase_end = scan.ends[following]
            return phrase_end if word_introducer(norm, phrase_end) >= 0 else -1
        if bits & lx.RATING:
            return -1  # "值得一试的是…" is not reached; a rating cue rates, it does not point
    phrase = _any_verb_phrase().match(norm, end) or worth_verb().match(norm, end)
    if phrase is None or _cue_inside(state, following, phrase.end()):
        return -1
    return phrase.end()


def _cue_inside(state: FocusState, i: int, end: int) -> bool:
    """Does a rating or caution cue start at `i` and before `end`?"""
    scan = state.scan
    return i < len(scan.starts) and scan.starts[i] < end and bool(
        scan.flags[i] & (lx.RATING | lx.CAUTION)
    )


@cache
def _any_verb_phrase() -> re.Pattern[str]:
    # Chinese: a few characters, then 的 and a copula, a noun of place or a colon ("多停一下
    # 的是", "值得夹一筷子的：", "唯一值得暂停一下的镜头："); English: a noun and a colon
    # ("Worth a replay:"); a verb in -ing before "is" is `scope.worth_verb`
    return re.compile(
        r"[^\W\d_a-zA-Z]{1,8}?(?=的(?:是|就是|地方|部分|之处|只有|就|\s*:)"
        r"|的[^\W\d_a-zA-Z]{1,4}?(?:只有|\s*:))|\s+an?\s+[a-z-]+(?=\s*:)"
    )


def _recommended_is(state: FocusState, i: int) -> bool:
    """ "我最想推荐的是 X": what is recommended, introduced right after the word."""
    end = state.scan.ends[i]
    return state.para.norm.startswith(("的是", "的地方", "的部分"), end)


def _praise_form(state: FocusState, i: int) -> bool:
    """Does the cue at `i` end its chunk, right after "值得"/"worth" ("也值得参考。")?"""
    para, scan = state.para, state.scan
    end = scan.ends[i]
    return scan.ends[i - 1] >= scan.starts[i] - 1 and not para.norm[
        end : para.chunk_end(end)
    ].strip(" .!。！)）\"”'")


def _excluded(state: FocusState, i: int) -> str:
    """Why the pointer at cue `i` gives no points, or ""."""
    if not state.exclusions:
        return ""
    scan, para = state.scan, state.para
    start = scan.starts[i]
    chunk = para.chunk_start(start)
    clause = para.clause_start(start)
    for j in state.exclusions:
        at = scan.starts[j]
        if at >= start:
            break
        bits = scan.flags[j]
        if at < chunk:
            continue
        # "If I may suggest" is the writer's courtesy; "when you read it" says when.
        if bits & lx.COND and not (_of_the_writer(state, j) or _when_reading(state, j)):
            return f"conditional advice ({scan.words[j]!r})"
        if bits & lx.OPTIONAL and para.norm.startswith("的", scan.ends[j]):
            # "感兴趣的家人们可以翻翻 X", "有兴趣的读者": the readers an interest defines
            return f"advice for a group of readers ({scan.words[j]!r})"
        if bits & lx.AUDIENCE and para.clause_end(scan.ends[j]) < clause:
            return f"advice for a group of readers ({scan.words[j]!r})"
        if bits & lx.CAUTION and at >= clause:
            return f"a caveat ({scan.words[j]!r})"
        if bits & lx.BACKGROUND and at >= clause:  # "背景可以看 X": other reading
            return f"background reading ({scan.words[j]!r})"
    return ""


def _of_the_writer(state: FocusState, j: int) -> bool:
    """"If I …", "如果我 …": a condition on the writer, not the reader."""
    end = state.scan.ends[j]
    return re.match(r"\s*(?:i|i'd|我)(?![a-z])", state.para.norm[end : end + 5]) is not None


def _when_reading(state: FocusState, j: int) -> bool:
    """"when (you) read …": says when to do it, not for whom."""
    scan, following = state.scan, j + 1
    return (
        scan.words[j] in ("when you", "when")
        and following < len(scan.starts)
        and bool(scan.flags[following] & lx.READ)
        and scan.starts[following] - scan.ends[j] <= 1
    )


def _caution(state: FocusState, i: int) -> None:
    """A caveat header ("使用时需明确边界：…", "Limitations: …") claims what it introduces."""
    scan, para = state.scan, state.para
    colon = colon_of(state, scan.ends[i])
    if colon is not None:
        state.consume(scan.starts[i], para.sentence_end(colon[1]))
        state.skipped.append(Skipped(scan.starts[i], scan.ends[i], "a caveat"))


def _only_one(state: FocusState, i: int) -> bool:
    """ "要注意的只有一点：X": a restriction to a counted few after the cue, then a colon."""
    para = state.para
    only = _restricted().match(para.norm, state.scan.ends[i])
    if only is None:
        return False
    colon = colon_of(state, only.end())
    return colon is not None and count(para, only.end(), colon[0], bare=True) > 0


def _region_end(state: FocusState, i: int) -> int:
    colon = colon_of(state, state.scan.ends[i])
    return state.para.sentence_end(colon[1] if colon else state.scan.ends[i])


def _point(state: FocusState, i: int) -> None:
    scan, para = state.scan, state.para
    norm = para.norm
    word = scan.words[i]
    bits = scan.flags[i]
    start, end = scan.starts[i], scan.ends[i]
    following = i + 1
    if word == "重点" and following < len(scan.starts) and scan.flags[following] & lx.READ and (
        scan.starts[following] - end <= 1
    ):
        end = scan.ends[following]  # "重点看 X": the reading verb belongs to the pointer
    if word in PRAISE:  # checked by `_worth_reading_is`
        end = _worth_phrase_end(state, i)
    end = _past_label(norm, start, end)
    marked = state.marked_at(_past_arrows(norm, end))
    if marked >= 0 and marked not in state.claimed:
        claim(state, marked, (start, end))  # "stuff to stare at 👇 • A • B • C"
        return
    # 1. "看点是 X", "值得关注的是 X：…", "之处在于 X", "要点为：…", "集中在两处：…"
    intro = word_introducer(norm, end)
    if intro < 0:
        only = _restricted().match(norm, end)  # "值得留意的只有 X", "要看的就是 X"
        intro = only.end() if only else -1
    if intro >= 0:
        colon = colon_of(state, intro)
        if colon is not None and (
            only_space(norm, intro, colon[0]) or count(para, intro, colon[0], bare=True)
            or place_header(norm, intro, colon[0])
        ):
            header = count(para, para.clause_start(start), end)
            announced(state, i, colon[1], header or count(para, intro, colon[0], bare=True))
        else:
            inline(state, i, intro, "introduced")
        return
    # 2. a header closed by a colon or a dash
    colon = colon_of(state, end)
    if colon is not None:
        if _noun_header(state, i) or (
            not bits & lx.VALUE and _narrated(norm, para.clause_start(start), start)
        ):
            return  # "加了一道检查：…", "补上了 watch：…" narrate what the PR added
        header = count(para, para.clause_start(start), end) or count(para, end, colon[0])
        announced(state, i, colon[1], header)
        return
    # 3. "The parts that repay the effort are X and Y", "The interesting bit is X: …",
    # "the one part worth slowing down for is X"
    if bits & (lx.VALUE | lx.HEADER) or word in PRAISE:
        are, single = english_introducer(para, end)
        if are >= 0 and single:
            inline(state, i, are, "introduced")
        elif are >= 0:
            announced(state, i, are, count(para, para.clause_start(start), end))
        elif word in _VALUE_VERBS and advice_position(state, i):
            inline(state, i, end, "inline")  # "可以借鉴 X"
        return
    # 4. an attention verb or an emphasis with its object
    if bits & lx.EMPHASIS:
        if not state.content_before(start):
            inline(state, i, end, "emphasis")
        return
    if bits & lx.HEADER or not advice_position(state, i) or _noun_compound(state, i):
        return
    inline(state, i, skip_preposition(norm, end), "inline")


def _noun_compound(state: FocusState, i: int) -> bool:
    """ "Watch mode now keeps…", "Check constraints are…": an English attention verb that
    opens its sentence with a bare noun after it is a noun itself, the subject."""
    scan, para = state.scan, state.para
    word, start = scan.words[i], scan.starts[i]
    if not word.isascii() or " " in word:
        return False
    if para.norm[para.sentence_start(start) : start].strip(" \t\n*_>#-"):
        return False  # not the sentence's first word
    following = _next_word().match(para.norm, scan.ends[i])
    return following is not None and following.group(1) not in _OBJECT_STARTS


def _noun_header(state: FocusState, i: int) -> bool:
    """ "CI note:", "Migration notes:": "note" closing a label after a bare word is the
    noun, the label of a remark, not the verb; "Things to note:", "Also note:" and
    "Note:" still point. ("Review targets:" names what to look at: only "note" has a
    noun reading that is a remark about something else.)"""
    scan, para = state.scan, state.para
    start = scan.starts[i]
    if scan.words[i] not in _REMARK_NOUNS:
        return False
    if not state.content_before(start):
        return False
    clause = para.clause_start(start)
    before = para.norm[clause:start].rstrip(" *_")
    return _bare_word_end().search(before) is not None and not scan.any(ADVICE, clause, start)


_REMARK_NOUNS = frozenset({"note", "notes"})


@cache
def _bare_word_end() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?!(?:to|please|and|also|then|closely|carefully)\Z)[a-z]+\Z")


@cache
def _next_word() -> re.Pattern[str]:
    return re.compile(r"[ \t]+([a-z][a-z'-]*)")


_OBJECT_WORDS = (
    "the a an this that these those its their our your his her how why what whether when "
    "where which who if for out on at to into over in each every all both any some two three "
    "four whatever with"
)
_OBJECT_STARTS = frozenset(_OBJECT_WORDS.split())


@cache
def _restricted() -> re.Pattern[str]:
    # "值得留意的只有 X", "要尝的就两样：", "值得捡的装备只有一件：": a short noun may stand
    # between 的 and the restriction
    return re.compile(
        r"\s*的(?:[^\W\d_a-zA-Z]{1,4}?)?(?:只有|就是|只是|主要是|其实是|只|就)\s*"
    )


@cache
def _narration() -> re.Pattern[str]:
    return re.compile(r"了\s*(?:[一两几]\s*[个道处条层项次份套]\s*)?\Z")


def _narrated(norm: str, clause: int, start: int) -> bool:
    """Is the cue at `start` the object of a verb of narration ("加了一道检查", "补上了
    watch")? It is then a noun, what the PR did, not a header ("揭示了一个值得注意的问题："
    still points: the value word modifies the noun)."""
    return _narration().search(norm, max(clause, start - 8), start) is not None


def _past_arrows(norm: str, pos: int) -> int:
    """After the spaces and pointing emoji ("👇", "⬇️", "↓") that may close a header."""
    while pos < len(norm) and (
        norm[pos] in " \t:\ufe0f↓⬇⤵" or "\U0001f446" <= norm[pos] <= "\U0001f449"
    ):
        pos += 1
    return pos


def _past_label(norm: str, start: int, end: int) -> int:
    """After the close of a bold label that is the pointer itself ("**重点** 在 X",
    "**重点**是 X", "**注意**：…"): what introduces the object follows the label."""
    for mark in ("**", "__"):
        if norm.startswith(mark, end) and norm.rfind(mark, max(0, start - _LABEL_LEAD), start) >= 0:
            return end + len(mark)
    return end


_LABEL_LEAD = 8  # characters between a bold label's opening and its pointer word
