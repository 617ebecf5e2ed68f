"""Ratings a paragraph implies without advice words, read from how a sentence is built.

Writers often rate an entry the way people talk, not with "read closely" or "skip":

* a rhetorical question of who would read it ("Why would anyone read this?",
  "这种谁会点开看啊？"): a skip;
* nothing in it for a reader ("there's nothing in it for a reader", "nothing for you
  here"), "not for you" opening a clause ("Not for you unless …"), no bearing on the
  readers ("Doesn't concern us", "跟我们没关系") or one only on others opening a clause
  ("Only relevant to Windows packagers", "仅与打包相关"): a skip;
* time refused to it ("don't spend a click on it", "不值得花时间"), nothing missed
  without it ("you won't miss anything by passing on it"), or a bare refusal in the first
  person ("I wouldn't."): a skip;
* a large span of time cleared for it ("Clear your afternoon.", "block out the morning",
  "留出一整块时间"), or half an hour or more set aside ("set aside a full hour", "预留半小时"):
  a close read;
* an imperative with no advice word, for everyone but a few ("Sit this one out unless you
  maintain the port"): what the few would do is read it, so the rest skip it;
* the PR as an imperative's object with a manner closing the clause ("take it slowly",
  "Clear this one properly"): rated by the manner;
* a reading time or the summary declared sufficient ("A minute or two is plenty.",
  "五到十分钟足矣", "TL;DR 就够"): a quick read;
* this PR chosen as the one to read ("This is the one to read this week", "If you only
  read one PR, make it this one", "如果只能挑一支精读，就是它"), or a loss if it is not
  read ("这条不看亏了", "you'll regret skipping it"): a close read.

Each is found by its shape (a who-question around a reading word, "nothing" before a
place or a reader, a span noun after a verb of clearing), not by listing sentences; the
verdict weighs them with the other ratings, as clauses of the whole PR.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from ..model import Verdict
from . import lexicon as lx
from .imperatives import imperative_ratings, rating_of
from .minutes import UNTIED, ReadingTime
from .rating import Rating
from .scanner import Scan, with_time_words
from .text import Para
from .time_context import ceiling_after, ceiling_before

__all__ = ["REREAD", "implied_ratings", "rating_by_time"]

#: Shapes that read their own words otherwise than the words alone do: "这条不看亏了"
#: holds "不看" and is no refusal. Their rating replaces the words' own.
REREAD = frozenset({"a loss if it is not read"})


def implied_ratings(para: Para, scan: Scan) -> list[Rating]:
    """The ratings `para` implies by the shapes above, in order."""
    norm = para.norm
    found: list[Rating] = []
    if ("?" in norm or "？" in norm) and scan.present & lx.READ:
        found += _who_would_read(para, scan)
    for hints, source, verdict, rule, opens in _SHAPES:
        if not any(hint in norm for hint in hints):
            continue  # most paragraphs hold none of a shape's words: no search at all
        for match in _compiled(source).finditer(norm):
            start, end = match.span()
            if opens and norm[para.clause_start(start) : start].strip(" \t\n*_>"):
                continue  # "Not for you …", "I wouldn't." only as a sentence of their own
            if _negated(norm, start) and verdict is not Verdict.SKIP:
                continue  # "no need to clear your afternoon"
            found.append(rating_of(para, verdict, start, end, rule))
    if para.durations:
        found += _time_enough(para)
        if any(d.minutes >= LONG_READ for d in para.durations):
            found += _long_budget(para, scan)
    found += imperative_ratings(para, scan)
    if scan.present & lx.NEG:
        found += _needless_act(para, scan)
    return sorted(found, key=lambda r: r.start)


def _needless_act(para: Para, scan: Scan) -> list[Rating]:
    """No need to do anything at all with it, said in the first sentence with a bare verb
    ("避坑，不用去。", "这盘菜可以不吃", "your party need not stop here"): whatever the verb,
    an act the reader may leave undone is a skip. Only where no words rate the entry (a
    scale's standing), and only a bare everyday act: a change makes acts needless too
    ("升级后无需重启", "No need to migrate")."""
    norm = para.norm
    first = para.sentence_end(0)
    for k in scan.between(0, first):
        bits, word = scan.flags[k], scan.words[k]
        needless = bits & lx.NEED or (word == "不" and k and scan.flags[k - 1] & lx.MODAL and (
            scan.ends[k - 1] == scan.starts[k]))
        if not bits & lx.NEG or not needless:
            continue
        act = _bare_act().match(norm, scan.ends[k], para.clause_end(scan.ends[k]))
        clause = para.clause_start(scan.starts[k])
        # nothing before it but the PR or the reader as its subject ("这盘菜", "your party")
        lead = norm[clause : scan.starts[k - 1 if word == "不" else k]].strip(" \t\n*_>")
        if (
            act is None
            or (k + 1 < len(scan.starts) and scan.starts[k + 1] < act.end())  # a cue: rated
            or (lead and not lead.startswith(_OWN_SUBJECTS))
            or len(lead.split()) > 3 or (not lead.isascii() and len(lead) > 4)
            or scan.any(lx.PART | lx.PROCESS, clause, scan.starts[k])
        ):
            continue
        rating = rating_of(para, Verdict.SKIP, clause, act.end(), "an act the reader may leave")
        return [replace(rating, scale=True)]
    return []


_OWN_SUBJECTS = ("这", "此", "本", "你", "您", "this", "your", "you")


@cache
def _bare_act() -> re.Pattern[str]:
    return re.compile(
        # one character in Chinese ("去", "尝", "碰"; "重启" is what a change makes
        # needless); in English a verb with the PR or its place as object ("stop here")
        r"\s*(?:(?:再|直接)?[\u4e00-\u9fff]了?|(?:to\s+)?[a-z]+\s+(?:here|it|this(?:\s+one)?|"
        r"by|for\s+it))\s*[。.!！…~～]*\s*\Z"
    )


def _who_would_read(para: Para, scan: Scan) -> list[Rating]:
    """A question of who would read it, with no answer that rates: a skip."""
    found: list[Rating] = []
    norm = para.norm
    for match in _who().finditer(norm):
        end = para.sentence_end(match.start())
        if end >= len(norm) or norm[end] not in "?？":
            continue
        if not scan.any(lx.READ, match.end(), end):
            continue
        found.append(rating_of(para, Verdict.SKIP, para.sentence_start(match.start()), end,
                             "a question of who would read it"))
    return found


@cache
def _who() -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z])(?:why\s+would\s+(?:anyone|you|anybody)|who\s+(?:would|will|is\s+going\s+to)|"
        r"does\s+anyone|would\s+anyone|is\s+anyone)(?![a-z])|谁会|谁要|谁想|有人会|会有人|真有人|何必"
    )


def _negated(norm: str, start: int) -> bool:
    before = norm[max(0, start - 12) : start]
    return _negation_before().search(before) is not None


@cache
def _negation_before() -> re.Pattern[str]:
    return re.compile(
        r"(?:不必|不用|无需|没必要|不需要|(?<![a-z])(?:no\s+need\s+to|don't|do\s+not))\s*\Z"
    )


_SPAN = (
    r"(?:the\s+|your\s+|an?\s+|a\s+whole\s+|the\s+whole\s+|one\s+)?"
    r"(?:morning|afternoon|evening|weekend|day|night|calendar|diary|schedule)"
)

#: (words one of which it needs, pattern, verdict, rule, whether it must open its
#: sentence). A pattern is compiled the first time a paragraph holds one of its words;
#: each starts with a word, never with optional space, so a paragraph of blanks stays
#: linear.
_SHAPES: tuple[tuple[tuple[str, ...], str, Verdict, str, bool], ...] = (
    (("nothing",), (
        r"(?<![a-z])nothing\s+(?:[a-z']+\s+){0,2}?"
        r"(?:for\s+(?:you|us|a\s+reader|readers|reviewers|(?:our|the)\s+team|"
        r"most\s+(?:of\s+us|readers|people))|in\s+it|"
        r"here\s+for)(?![a-z])"
        # the end of the clause, or of a reader's phrase: "nothing in it alters X" describes
        r"(?=[^.;:!?,]{0,24}?(?:[.;:!?,]|\Z))(?!\s+[a-z]+s\s)"
    ), Verdict.SKIP, "nothing in it for a reader", False),
    (("nothing",), (  # "Nothing actionable here.": an adjective at most, then the clause ends
        r"(?<![a-z])nothing\s+(?:[a-z'-]*[a-rt-z]\s+)?here(?=\s*(?:[.;:!?]|\Z))"
    ), Verdict.SKIP, "nothing in it for a reader", False),
    (("not for",), (
        r"(?<![a-z])not\s+for\s+(?:you|us|most\s+(?:of\s+us|readers|people)|readers)(?![a-z])"
    ), Verdict.SKIP, "not for the reader", True),
    # no bearing on the readers ("Doesn't concern us", "跟我们没关系"), or a bearing only on
    # others ("Only relevant to Windows packagers", "仅与打包相关")
    (("concern", "affect", "impact", "not our", "我们", "咱们"), (
        r"(?<![a-z])(?:doesn't|does\s+not|won't|will\s+not)\s+(?:concern|affect)\s+(?:us|you)"
        r"(?![a-z])|(?<![a-z])(?:zero|no)\s+impact\s+on\s+us(?![a-z])|(?<![a-z])not\s+our\s+"
        r"(?:area|problem|concern)(?![a-z])|"
        r"(?:跟|和|与|同)(?:我们|咱们|大家)(?:没|无|没有|没啥)关系?|(?:跟|和|与)(?:我们|咱们)关系不大|"
        r"对(?:我们|咱们)(?:没有|没|无)(?:什么|啥)?影响"
    ), Verdict.SKIP, "no bearing on the reader", False),
    (("relevant", "仅与", "只与", "只和", "仅和"), (  # opening its clause: no subject of its own
        r"(?<![a-z])only\s+relevant\s+(?:to|for|if)(?![a-z])|"
        r"(?:仅|只)(?:与|和|跟)[^，,。；;]{1,16}(?:相关|有关)"
    ), Verdict.SKIP, "a bearing only on others", True),
    (("spend", "waste", "花时间"), (
        r"(?<![a-z])(?:don't|do\s+not|no\s+need\s+to|never)\s+(?:spend|waste)\s+"
        r"(?:a|an|one|any|your)?\s*(?:click|minute|second|moment|time|breath)s?\s+on\s+"
        r"(?:it|this|this\s+one)(?![a-z])|不值得花时间|别花时间|不用花时间|不必花时间"
    ), Verdict.SKIP, "time refused to it", False),
    (("i ", "我"), (
        r"(?:(?<![a-z])i\s+(?:wouldn't(?:\s+bother)?|would\s+not|won't|'d\s+pass)|"
        r"我(?:就)?不会(?:看)?|我(?:就)?不看了?|反正我不会)(?=[*_]*(?:[.!。！\n]|\Z))"
    ), Verdict.SKIP, "a refusal in the first person", True),
    (("the one", "the pr", "the change"), (
        r"(?<![a-z])(?:this\s+is|here'?s|it'?s|that'?s)\s+the\s+(?:one|pr|change)\s+"
        r"(?:(?:you\s+)?(?:to|should|must)\s+(?:read|study|dig\s+into|sit\s+down\s+with))"
        r"(?![a-z])"
    ), Verdict.DEEP, "the one to read", False),
    (("one", "只"), (
        r"(?<![a-z])if\s+you\s+(?:only\s+)?(?:read|pick|have\s+time\s+for)\s+(?:only\s+|just\s+)?"
        r"one\b[^.!?;]{0,40}?,\s*(?:make\s+it|read|let\s+it\s+be|pick)\s+(?:this|this\s+one|it)"
        r"(?![a-z])|(?:如果|要是|若)[^。！？]{0,6}只(?:能)?(?:看|读|挑|选)一(?:支|条|篇|个)[^。！？]{0,8}"
        r"[，,]\s*(?:就是|就读|就看|就选)(?:它|这条|这支|这篇|这个)"
    ), Verdict.DEEP, "the one PR to read", False),
    (("miss", "lose", "错过"), (
        r"(?<![a-z])(?:won't|will\s+not|wouldn't|would\s+not|don't|do\s+not)\s+(?:miss|lose)\s+"
        r"(?:anything|much|a\s+thing|out\s+on\s+(?:anything|much))"
        r"(?=\s*(?:[.!;]|\Z|by\s+(?:passing|skipping|ignoring|leaving)))|"
        r"(?:不会|不怕)错过(?:什么|啥|任何)|错过也(?:无妨|没关系|不可惜)"
    ), Verdict.SKIP, "nothing missed without it", False),
    (("看了", "读了"), (  # "您就甭看了": "看了" is no aspect after a negation
        r"(?:甭|别|不必|不用|无需|无须|没必要|不要|不)(?:再)?(?:看|读)了(?=[\s，,。！!~～…]|\Z)"
    ), Verdict.SKIP, "reading refused", False),
    # a loss if it is not read: "不看亏了", "it would be a mistake not to read this"
    (("亏", "后悔", "可惜", "regret", "peril", "mistake", "shame", "pity", "crime", "sin "), (
        r"(?:不看|不读|没看|错过)(?:就|会|真的|可|的话)?(?:亏|血亏|后悔|可惜)|"
        r"(?<![a-z])(?:you'll|you\s+will|you'd|you\s+would)\s+regret\s+(?:skipping|missing|"
        r"not\s+reading)|(?<![a-z])(?:skip|ignore)\s+(?:it|this(?:\s+one)?)\s+at\s+your\s+peril|"
        r"(?<![a-z])(?:it\s+would\s+be|it'd\s+be|it's|it\s+is)\s+a\s+(?:mistake|shame|pity|"
        r"crime|sin)\s+(?:not\s+to\s+(?:read|study)|to\s+(?:skip|miss|ignore))(?![a-z])"
    ), Verdict.DEEP, "a loss if it is not read", False),
    (("tl",), (  # a "TL;DR:" label summarises; "TL;DR 就够" says the summary will do
        r"(?<![a-z])tl;?dr\s*(?:is|are|will\s+do)?\s*(?:plenty|enough|fine|sufficient|"
        r"就够了?|即可|就行|就好|足矣|足够)"
    ), Verdict.SKIM, "the summary declared enough", False),
    (("clear", "block", "set aside", "carve", "free up", "reserve", "save",
      "留出", "腾出", "空出", "找", "安排", "预留", "花"), (
        r"(?<![a-z])(?:clear|block\s+out|set\s+aside|carve\s+out|free\s+up|reserve|save)\s+"
        + _SPAN + r"(?![a-z])|"
        r"(?:留出|腾出|空出|找|安排|预留|花)\s*(?:一)?(?:整块|整段|一整段|一个)(?:的)?\s*"
        r"(?:时间|下午|上午|晚上|周末)|(?:留出|腾出|空出|预留)\s*(?:一个)?(?:下午|晚上|周末|半天)"
    ), Verdict.DEEP, "a large span of time cleared for it", False),
)


@cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


def _time_enough(para: Para) -> list[Rating]:
    """A duration declared enough ("A minute or two is plenty", "五到十分钟足矣", "is more
    than enough"): a time
    that small needs no more, so the entry is a quick read."""
    found: list[Rating] = []
    for duration in para.durations:
        match = _enough().match(para.norm, duration.end)
        if match is not None:
            found.append(rating_of(para, Verdict.SKIM, duration.start, match.end(),
                                 "a reading time declared enough"))
    return found


def _long_budget(para: Para, scan: Scan) -> list[Rating]:
    """Half an hour or more given to the reading by a verb of budgeting ("set aside a full
    hour", "block out forty-five minutes", "预留半小时"): nobody skims for that long."""
    found: list[Rating] = []
    long = [d for d in para.durations if d.minutes >= LONG_READ]
    scan = with_time_words(para.norm, scan, [(d.start - _BUDGET_GAP - 12, d.start) for d in long])
    for duration in long:
        clause = para.clause_start(duration.start)
        budget = [k for k in scan.between(clause, duration.start) if scan.words[k] in _ALLOCATE
                  and scan.ends[k] <= duration.start
                  and duration.start - scan.ends[k] <= _BUDGET_GAP]
        if budget and not scan.any(lx.NEG | lx.COND, clause, duration.start):
            found.append(rating_of(para, Verdict.DEEP, scan.starts[budget[-1]], duration.end,
                                 "half an hour or more set aside"))
    return found


LONG_READ = 30  # minutes
# The verbs of giving time to something, of the time words (`lexicon.BUDGET`); the others
# estimate ("about", "约") and say nothing of how the time is to be spent.
_ALLOCATE = frozenset({
    "set aside", "block out", "reserve", "reserved", "allot", "allotted", "allow", "budget",
    "clear", "carve out", "plan for", "留", "预留", "留出", "腾出", "抽出", "安排",
})
_BUDGET_GAP = 12  # "set aside a full hour", "预留出整整半小时": a few words between


@cache
def _enough() -> re.Pattern[str]:
    return re.compile(
        r"\s*(?:is|are|should\s+be|will\s+do(?:\s+it)?)?\s*(?:(?:more\s+than|quite)\s+)?"
        r"(?:plenty|enough|sufficient|ample|足矣|足够|绰绰有余|就够了?|就够|就行|就好|即可)(?![a-z])"
    )


def rating_by_time(para: Para, scan: Scan, timed: ReadingTime) -> Rating | None:
    """The rating a reading time gives a paragraph that no words rate, or None: ten
    minutes or less, or under twenty as a ceiling ("a quarter of an hour at most"), is a
    quick read, twenty or more a close one, and in between it says nothing. (Writers give a
    reading time for what they expect read; an entry left unrated gives none.)"""
    duration = timed.duration
    if duration is None or timed.rule in _WEAK_TIMES:
        return None
    clause = (para.clause_start(duration.start), para.clause_end(duration.end))
    if QUICK < duration.minutes < CLOSE and not (
        ceiling_after(para, duration.end)
        or ceiling_before(para, clause[0], duration)
    ):
        return None
    if scan.any(lx.NEG, clause[0], duration.start):
        return None  # "No need to set aside an hour"
    verdict = Verdict.SKIM if duration.minutes < CLOSE else Verdict.DEEP
    return Rating(verdict, duration.start, duration.end, clause, 0, "a reading time alone", ())


QUICK, CLOSE = 10, 20  # minutes
# A time only nothing else claims says too little to rate a paragraph no words rate.
_WEAK_TIMES = frozenset({UNTIED})
