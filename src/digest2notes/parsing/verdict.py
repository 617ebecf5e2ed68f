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
  ("无需精读，快速浏览即可" is a skim);
* a rating after a "but" in the same sentence takes back the one before it ("It looks
  like a quick skim, but read it closely"), and a plain recommendation with a word of
  brevity later in its sentence is a skim ("Worth reading, but briefly").

Two forms rate through their structure. A reading word as a title ("Read: in full",
"Read: no, unless …") is rated by its value. A question that would rate if it were
said ("Worth a look?", "Shall we read it together?") rates through its answer: a
"yes" ("Absolutely.", "100%") keeps it unless a "but" qualifies it ("值得，但扫一遍就
够"), a "no" turns it into a skip that the rating after it overrides ("Must you read all
of it? Nah. Skim it."), "Only if …" is a skip, an adverb says how ("Briefly, 2 min."); an
answer with rating words of its own is rated by them ("Not one to skim: read it").

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
from .clauses import AFTER, BEFORE, has_content
from .combination import classify
from .implied import REREAD, implied_ratings
from .rating import WANTED, Rating, rate_clause
from .scales import scale_rating
from .scanner import Scan
from .scope import about_background, about_the_rest
from .text import Para

__all__ = ["Rating", "VerdictReading", "read_verdict", "with_reading_time"]

@dataclass(frozen=True, slots=True)
class VerdictReading:
    """The verdict, the rating that decided it (None: nothing rates), and every rating seen."""

    verdict: Verdict
    rating: Rating | None
    ratings: tuple[Rating, ...]


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
    titles = _reading_titles(para, scan)
    ratings.extend(titles.values())
    for i in wanted:
        clause = bisect_left(clause_ends, starts[i])
        if clause == done or clause in titles:
            continue
        done = clause
        start = clause_ends[clause - 1] + 1 if clause else 0
        end = clause_ends[clause] if clause < len(clause_ends) else size
        first, stop = bisect_left(starts, start), bisect_left(starts, end)
        rating = rate_clause(para, scan, start, end, extra, first, stop)
        if rating is not None and _time_not_reading(para, scan, rating, start, first, stop):
            rating = None
        if rating is None and clause:
            rating = _manner_after_reading(para, scan, extra, clause, start, end, first, stop)
        if rating is None and "?" in para.norm:
            rating = _answered(para, scan, start, end, extra, first, stop)
        if rating is not None:
            ratings.append(rating)
    ratings = [_but_briefly(para, scan, rating) for rating in ratings if _ticked(para, rating)]
    stars = scale_rating(para)
    if stars is not None:
        ratings.append(stars)
    for implied in implied_ratings(para, scan):  # "Why would anyone read this?"
        overlapping = [r for r in ratings if r.start < implied.end and implied.start < r.end]
        if overlapping and implied.rule in REREAD:  # "不看亏了" is no "不看"
            ratings = [r for r in ratings if r not in overlapping]
            overlapping = []
        if not overlapping:
            ratings.append(implied)
    ratings.sort(key=lambda r: r.start)
    return VerdictReading(*_decide(para, ratings), tuple(ratings))


def _ticked(para: Para, rating: Rating) -> bool:
    """Is the rating not an option left unticked on a form ("☐ 需要细看 ☑ 速览即可",
    "[ ] deep [x] skim")? A line with a ticked box and empty ones offers a choice, and
    the nearest box before the rating says; empty boxes alone are a to-do list."""
    norm = para.norm
    if not ("☐" in norm or "□" in norm or "[ ]" in norm):
        return True
    line, line_end = norm.rfind("\n", 0, rating.start) + 1, norm.find("\n", rating.start)
    boxes = list(_boxes().finditer(norm, line, len(norm) if line_end < 0 else line_end))
    if all(box.group() in _EMPTY_BOXES for box in boxes):
        return True
    before = [box.group() for box in boxes if box.start() < rating.start]
    return not before or before[-1] not in _EMPTY_BOXES


_EMPTY_BOXES = frozenset({"☐", "□", "[ ]"})


@cache
def _boxes() -> re.Pattern[str]:
    return re.compile(r"[☐□☑☒✅✔]|\[[ xX✓]\]")


def _manner_after_reading(
    para: Para, scan: Scan, extra: Mapping[str, Verdict] | None, clause: int,
    start: int, end: int, first: int, stop: int,
) -> Rating | None:
    """"The one to read this week, line by line": a clause of nothing but a manner of
    reading (depth, brevity) tells how to do the reading of the clause right before it in
    its sentence, and the two rate together."""
    flags = scan.flags
    if stop - first > 3 or end - start > 40:
        return None  # a manner is a word or two ("line by line"), not a clause of its own
    cues = [flags[i] for i in range(first, stop) if flags[i] & lx.RATING]
    if not cues or any(bits & ~(lx.DEPTH | lx.BREVITY) & lx.RATING for bits in cues):
        return None
    rest = para.norm[start:end]  # the manner alone: "这是一份相对完整的说明" describes
    for i in reversed(range(first, stop)):
        rest = rest[: scan.starts[i] - start] + rest[scan.ends[i] - start :]
    if len(rest.strip(" \n,，;；.。*_")) > 4:
        return None
    before = para.clause_ends[clause - 2] + 1 if clause > 1 else 0
    if before < para.sentence_start(start):
        return None
    lead = bisect_left(scan.starts, before)
    if not any(flags[i] & lx.READ and not flags[i] & lx.NEG for i in range(lead, first)):
        return None
    return rate_clause(para, scan, before, end, extra, lead, stop)


_COPULAR_NOT = frozenset({"not", "不是", "并非", "而不是", "而非", "rather than"})


def _time_not_reading(
    para: Para, scan: Scan, rating: Rating, start: int, first: int, stop: int
) -> bool:
    """"…takes 90 minutes; that is runtime, not reading": a reading noun denied after a
    duration in its sentence says what that time is, not how to read the entry."""
    if rating.rule != "negated reading":
        return False
    cues = [i for i in range(first, stop) if scan.flags[i] & lx.RATING]
    if len(cues) != 2 or scan.words[cues[0]] not in _COPULAR_NOT or scan.flags[cues[1]] != lx.READ:
        return False
    sentence, at = para.sentence_start(start), scan.starts[cues[0]]
    durations = para.durations  # in order: one look, not a scan of them all
    i = bisect_left(durations, sentence, key=lambda d: d.start)
    return i < len(durations) and durations[i].end <= at


def _but_briefly(para: Para, scan: Scan, rating: Rating) -> Rating:
    """A recommendation with a word of brevity later in its sentence ("Worth reading, but
    briefly", "Worth reading, and it's short", "值得一读，篇幅不长，快速看完即可") is a
    skim; a word of depth first, or a brevity word about a part, negated or conditional,
    leaves it as it is."""
    if rating.verdict is not Verdict.DEEP or rating.rule.split(" (")[0] not in _PLAIN_ADVICE:
        return rating
    after = rating.clause[1]
    stop = min(para.sentence_end(after), after + _QUALIFIER_REACH)
    for i in scan.between(after, stop):
        bits = scan.flags[i]
        if bits & lx.DEPTH:
            return rating
        if bits & lx.BREVITY:
            at = scan.starts[i]
            if scan.any(lx.NEG | lx.PART | lx.COND, para.clause_start(at), para.clause_end(at)):
                continue
            if any(0 <= d.start - scan.ends[i] <= 2 for d in para.durations):
                continue  # "大概 twenty minutes": roughly, before a figure
            return replace(rating, verdict=Verdict.SKIM, rule=f"{rating.rule}, but briefly")
    return rating


_QUALIFIER_REACH = 120
_MANNER = lx.DEPTH | lx.BREVITY | lx.DISMISS | lx.SUFFICE
_PLAIN_ADVICE = frozenset({"recommended reading", "endorsement"})


def _reading_titles(para: Para, scan: Scan) -> dict[int, Rating]:
    """ "Read: in full.", "Read: no, unless …", "阅读：略读": a bare reading word as the
    title of a label, rated by its value (the clause after the colon), by clause index."""
    found: dict[int, Rating] = {}
    if ":" not in para.norm or not scan.present & (lx.READ | lx.ATTEND):
        return found
    norm, flags = para.norm, scan.flags
    for i, bits in enumerate(flags):
        infinitive = bits & lx.ATTEND and scan.words[i].startswith("to ")  # "How to read it:"
        if not (bits & lx.READ or infinitive) or bits & (lx.DEPTH | lx.BREVITY | lx.LIGHT):
            continue
        # The title: the reading word, a noun or a pronoun after it at most ("Reading
        # level:", "How to read it:").
        title = _title_tail().match(norm, scan.ends[i])
        colon = title.end() if title else scan.ends[i]
        if not norm.startswith(":", colon) or _title_head().sub("", norm[
            para.sentence_start(scan.starts[i]) : scan.starts[i]
        ]).strip(" \t\n*_>#-"):
            continue
        start = colon + 1
        end = para.clause_end(start)
        value = [j for j in scan.between(start, end)]
        if not value or has_content(para, scan, start, scan.starts[value[0]], BEFORE):
            continue
        positive = 0
        for j in value:
            positive |= flags[j]
        if flags[value[0]] & lx.NEG:  # "Read: no", "阅读：不必"
            decided: tuple[Verdict, str, bool] | None = (Verdict.SKIP, "negated reading", False)
        else:
            decided = classify(positive | lx.READ, 0, True)
        if decided is None:
            continue
        verdict, rule, weak = decided
        found[bisect_left(para.clause_ends, start)] = Rating(
            verdict, scan.starts[i], scan.ends[value[-1]], (start, end), 0,
            f"{rule} (the value of a reading title)",
            tuple(scan.words[j] for j in [i, *value]), weak,
        )
    return found


@cache
def _title_tail() -> re.Pattern[str]:
    return re.compile(r"(?:\s+[a-z]{2,12}){0,2}?[\s*_]*(?=:)|[\s*_]*")


@cache
def _title_head() -> re.Pattern[str]:
    return re.compile(r"how(?:\s+(?:to|should\s+you|do\s+you))?\s*$")


def _answered(
    para: Para, scan: Scan, start: int, end: int, extra: Mapping[str, Verdict] | None,
    first: int, stop: int,
) -> Rating | None:
    """A question that would rate, and the answer that follows it (see the module docs)."""
    question_end = para.sentence_end(start)
    if not para.norm.startswith("?", question_end):
        return None
    asked = rate_clause(para, scan, start, end, extra, first, stop, asked=True)
    if asked is None:
        return None
    answer_start = question_end + 1
    answer_end = para.sentence_end(answer_start + 1)
    cues = list(scan.between(answer_start, answer_end))
    flags, words = scan.flags, scan.words
    if asked.verdict is not Verdict.SKIP and _only_if().match(para.norm, answer_start):
        # "Worth it? Only if you maintain the port.": not for everyone else
        return Rating(
            Verdict.SKIP, answer_start, min(answer_end, answer_start + 8),
            (answer_start, answer_end), asked.tier,
            f"the answer to a question ({asked.rule}), only under a condition", asked.cues,
        )
    # "Probably not.", "Honestly, no.": a hedge first still opens the answer
    hedge = _hedge().match(para.norm, answer_start, answer_end)
    opens = hedge.end() if hedge else answer_start
    for k, j in enumerate(cues):
        bits = flags[j]
        opening = not has_content(para, scan, opens, scan.starts[j], BEFORE)
        closing = k == len(cues) - 1 and not has_content(para, scan, scan.ends[j], answer_end,
                                                          AFTER)
        verdict: Verdict | None = None
        weak = False
        if bits & lx.AFFIRM:
            if _contrast().search(para.norm, scan.ends[j], answer_end) and any(
                flags[k] & WANTED for k in cues[k + 1 :]
            ):
                return None  # "值得，但扫一遍就够": the qualified answer rates in its own words
            said = para.clause_end(scan.ends[j])  # "值得快速过一遍": a manner in its clause
            if any(flags[m] & _MANNER and scan.starts[m] < said for m in cues[k + 1 :]):
                return None
            verdict = asked.verdict
        elif bits & lx.NEG and (opening or closing) and (
            words[j] in _NO or not has_content(para, scan, scan.ends[j],
                                               para.clause_end(scan.ends[j]), AFTER)
        ):  # "No.", "不值得，除非…": a negation that stands alone as the answer
            if any(flags[m] & WANTED for m in cues[k + 1 :]):
                return None  # "Not one to skim", "No, read it closely": the words rate
            verdict = Verdict.DEEP if asked.verdict is Verdict.SKIP else Verdict.SKIP
            weak = verdict is Verdict.SKIP
        elif opening and bits & (lx.BREVITY | lx.DEPTH) and not bits & lx.READ:
            verdict = Verdict.SKIM if bits & lx.BREVITY else Verdict.DEEP
        elif bits & lx.RATING:
            return None  # the answer rates in words of its own: they count as they are
        if verdict is not None:
            return Rating(
                verdict, scan.starts[j], scan.ends[j], (answer_start, answer_end), asked.tier,
                f"the answer to a question ({asked.rule})", (*asked.cues, words[j]), weak,
                asked.scope,
            )
    return None


@cache
def _hedge() -> re.Pattern[str]:
    return re.compile(
        r"\s*(?:probably|likely|most\s+likely|maybe|perhaps|honestly|frankly|realistically|"
        r"大概|可能|多半|估计)(?![a-z])[\s,，]*"
    )


@cache
def _only_if() -> re.Pattern[str]:
    return re.compile(r"\s*(?:only|just)\s+(?:if|when|for)(?![a-z])|\s*(?:仅当|只有在|只有当|除非)")


@cache
def _contrast() -> re.Pattern[str]:
    return re.compile(r"\s*(?:(?<![a-z])(?:but|though|although|just)(?![a-z])|但|不过|只是)")


_NO = frozenset({"no", "nope", "nah", "not", "不", "不用", "不必", "没必要", "不需要"})


def with_reading_time(reading: VerdictReading, minutes: int | None) -> VerdictReading:
    """A negated close read ("不用深挖", "no need to read closely") is a skip, unless the
    digest gives the time to read it in: then it is a light read, a skim."""
    rating = reading.rating
    if minutes is None or rating is None or not rating.weak or reading.verdict is not Verdict.SKIP:
        return reading
    light = replace(rating, verdict=Verdict.SKIM, rule=f"{rating.rule}, with a reading time")
    ratings = tuple(light if r is rating else r for r in reading.ratings)
    return VerdictReading(Verdict.SKIM, light, ratings)


def _decide(para: Para, ratings: list[Rating]) -> tuple[Verdict, Rating | None]:
    whole = [r for r in ratings if r.tier == 0 and not r.scale]
    rest = [] if whole else [r for r in ratings if r.tier and about_the_rest(r.scope)]
    # Last, a scale or any rating at all, but not one of other reading ("Background, not
    # required: the blog post"): that rates what else to read, not this PR.
    own = [r for r in ratings if not about_background(r.scope)]
    pool = whole or rest or [r for r in own if r.scale] or own
    if not pool:
        return Verdict.UNKNOWN, None
    first = pool[0]
    if first.weak:
        quick = next((r for r in pool[1:] if r.verdict is Verdict.SKIM), None)
        if quick is not None:
            return quick.verdict, quick
        if first.rule.startswith("the answer") and len(pool) > 1:
            return pool[1].verdict, pool[1]  # "Skimmable? No. Study it."
    later = pool[1] if len(pool) > 1 else None
    if later is not None and later.verdict is not first.verdict and _but_then(para, first, later):
        return later.verdict, later  # "It looks like a quick skim, but read it closely."
    return first.verdict, first


def _but_then(para: Para, first: Rating, later: Rating) -> bool:
    """Is `later` the next clause of `first`'s sentence, opened by a "but"?"""
    start = first.clause[1] + 1
    return (
        later.clause[0] <= start + 2 and para.sentence_end(first.start) >= later.start
        and _but().match(para.norm, start) is not None
    )


@cache
def _but() -> re.Pattern[str]:
    return re.compile(r"\s*(?:(?:but|however|yet)(?![a-z])|但是|但|不过|可是|然而)")
