"""Pointers that point through a phrase rather than an advising verb, and subjects.

"The thing to notice is X", "The points to study are (i) …": the attention verb sits in
the subject ("the N to VERB"), and the copula right after it introduces the object; a
verb with an object of its own ("The time to read it is…") is no pointer. "Spend the
attention on X, Y and Z": the attention is spent as a noun, on what follows.

A copula ties a part to the attention it deserves from either side: the pointer may be
the predicate, after its object ("X is the part most deserving of examination", "X 是
最精彩的部分"), or a subject that singles a part out ("The only part I'd slow down for
is X", "The one must-read part is X").
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .clauses import BEFORE, has_content
from .headers import count
from .items import Item, trim
from .objects import FocusState, add, announced, inline
from .scanner import Scan
from .text import Para

__all__ = [
    "english_phrase", "in_subject", "predicate_pointers", "subject_of", "subject_with_any_verb",
]


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
    # "spend your attention on", "pay most attention to", "give extra attention to"
    return re.compile(
        r"(?<![a-z])(?:spend|put|focus|direct|save|give|pay)\s+(?:the\s+|your\s+)?"
        r"(?:most|more|extra|special|particular|real|full|the\s+most)?\s*\Z"
    )


@cache
def _preposition() -> re.Pattern[str]:
    return re.compile(r"\s+(?:on|to|for)\s+")


# --- subjects, and pointers on either side of a copula ------------------------------------
@cache
def _lead_words() -> re.Pattern[str]:
    return re.compile(
        r"[\s*_>]*(?:(?:但是|但|不过|另外|此外|同时|而且|并且|而|另|还有|总之|最后|其中|"
        # the writer's stance before the subject: "窃以为 X 不失为…", "我觉得 X 是…"
        r"窃以为|(?:我|笔者|个人)?(?:认为|觉得|以为)|"
        r"(?:and|but|also|however|besides|additionally|finally|then|so|now|honestly|frankly|"
        r"personally|really|lowkey|imo|tbh)(?![a-z]))[\s,、]*)*"
    )


def subject_of(para: Para, scan: Scan, start: int, end: int) -> Item | None:
    """The subject in [start, end) when it names a thing: not the PR itself ("这个 PR 也值得
    参考", "This PR is worth studying"), nor a clause about it ("This change skipped X
    and is worth…")."""
    lead = _lead_words().match(para.norm, start, end)
    if lead:
        start = lead.end()
    item = trim(para, start, end)
    if item is None or item.end - item.start < 3:
        return None
    if not has_content(para, scan, item.start, item.end, BEFORE):
        return None
    first = scan.first(lx.WHOLE, item.start, item.start + 1)
    if first >= 0 or _coordinated().search(para.norm, item.start, item.end):
        return None
    if _relative().fullmatch(para.norm, item.start, item.end):
        return None  # "…, which is the entire trick": the clause before, not a thing
    if _names_nothing().fullmatch(para.norm, item.start, item.end):
        return None  # "这个好值得慢慢看": the entry itself; "Which part…?": no thing named
    return item


@cache
def _relative() -> re.Pattern[str]:
    return re.compile(r"(?:which|who|what|where|how|why|that|this|it|here|there)")


@cache
def _names_nothing() -> re.Pattern[str]:
    return re.compile(
        r"(?:这个|这条|这篇|这|此|它|本条)\s*(?:好|很|非常|真|太|挺|也)?"
        r"|(?:this(?:\s+one)?|it)(?:\s+(?:really|very|truly|also))?"
        # a question names nothing: "Which part is worth studying?"
        r"|(?:which|what|who)(?:\s+[a-z]+)?|(?:哪|什么)\S{0,3}"
    )


@cache
def _coordinated() -> re.Pattern[str]:
    return re.compile(r"(?:\s(?:and|but)|[,，]|而且|并且|并)\Z")


# What marks attention or study in a predicate or a subject, and what waves it off.
_POINTING = lx.ATTEND | lx.VALUE | lx.READ | lx.DEPTH | lx.HIGH | lx.RECOMMEND | lx.EMPHASIS
_WAVING = lx.DISMISS | lx.BREVITY | lx.NEG | lx.SUFFICE | lx.LOW | lx.OPTIONAL | lx.COND
_HEAD = r"(?:part|bit|piece|place|spot|section|thing|area|detail)s?"


# Three patterns, each compiled on first use: most paragraphs need one or none.
@cache
def _english_predicate() -> re.Pattern[str]:
    # "X is the part most deserving of examination", "X is the one worth your
    # attention", "X is what you should read": a part named by its noun, or a clause
    return re.compile(
        r"(?<=\s)(?:is|are)\s+(?:(?:also|probably|really|easily|clearly|arguably|by\s+far)"
        rf"\s+)?(?P<pred>the\s+(?:[a-z'-]+\s+){{0,3}}?(?:{_HEAD}|one|ones|highlights?)"
        r"(?![a-z'-])|what\s|where\s)"
    )


@cache
def _chinese_predicate() -> re.Pattern[str]:
    # "X 是最精彩的部分", "X 是本 PR 最值得看的地方", "X 是重点"
    return re.compile(
        r"(?:是|不失为|算得上|堪称|可谓)(?P<pred>[^,.;:!?\n。！？]{0,20}?(?:部分|地方|之处|一点|一处|一块|环节|看点|亮点|重点"
        r"|精华|精髓|干货))\s*(?=[,.;!?)\n。！？]|$)"
    )


@cache
def _subject_is() -> re.Pattern[str]:
    # "the only part I'd slow down for is X", "the one must-read part is X", "what you
    # must not skim past is X"
    return re.compile(
        rf"(?<![a-z])(?:the\s+(?P<np>(?:[a-z'-]+\s+){{0,3}}?{_HEAD})|what)(?![a-z])"
        r"(?P<rel>[^,.;:!?]{0,50}?)\s(?P<be>is|are)\s+"
    )


_EN_HEADS = ("part", "bit", "piece", "place", "spot", "section", "thing", "area", "detail")
_ZH_HEADS = ("部分", "地方", "之处", "一点", "一处", "一块", "环节", "看点", "亮点", "重点", "精华",
             "精髓", "干货")
_PREDICATE_REACH = 60  # a predicate names a part in a few words, then the clause ends
_SINGLING = re.compile(r"(?:only|one|single)\s")
# "only" singles out a part to read only when the noun is a part of the text
_SINGLE_HEAD = re.compile(r"(?:part|bit|piece|place|spot|section)s?\Z")
_PERSON = re.compile(r"(?<![a-z])(?:i|i'd|i'll|you|you'd|you'll|we|we'd)(?![a-z'])")
_DESCRIBING = re.compile(
    r"(?<![a-z])(?:new|other|remaining|left|changed|touched|affected|missing|modified|removed|"
    r"added|renamed|moved|failing|broken)(?![a-z])"
)


def predicate_pointers(state: FocusState) -> None:
    """A pointer in a subject that singles a part out, or after its object in the
    predicate (see the module docs)."""
    para = state.para
    norm = para.norm
    state.next_pointer = len(norm)
    english_copula = " is " in norm or " are " in norm
    if english_copula and (any(head in norm for head in _EN_HEADS) or "what " in norm):
        _subjects(state)
    if any(head in norm for head in _ZH_HEADS):
        for match in _chinese_predicate().finditer(norm):
            _predicate(state, match.start(), match.start("pred"), match.end())
    if not english_copula:
        return
    for match in _english_predicate().finditer(norm):
        end = para.clause_end(match.end())
        if end - match.start("pred") <= _PREDICATE_REACH:
            verbs = not match.group("pred").startswith("the")
            _predicate(state, match.start(), match.start("pred"), end, verbs=verbs)


def _subjects(state: FocusState) -> None:
    """ "The only part I'd slow down for is X", "the one must-read part is X"."""
    para, scan = state.para, state.scan
    norm = para.norm
    for match in _subject_is().finditer(norm):
        start = match.start()
        if state.covered(start) >= 0 or state.covered(match.end()) >= 0:
            continue  # read already ("The parts that repay the effort are X and Y")
        if para.clause_start(start) < para.clause_start(match.end()):
            continue
        clause = para.clause_start(start)
        if start - clause > _OPENING or len(norm[clause:start].split()) > 2:
            continue  # the subject opens its clause ("Lowkey the only fun bit is X")
        phrase = (match.start(), match.end("rel"))
        denied = _denied_dismissal(scan, *phrase)
        looked = _looked_at(para, scan, *phrase)  # "the piece we'd glance at is X"
        if scan.any(_WAVING, *phrase) and not (denied or looked):
            continue
        np, rel = match.group("np") or "", match.group("rel")
        singled = (
            _SINGLING.match(np) is not None and _SINGLE_HEAD.search(np) is not None
            and (_PERSON.search(rel) is not None or not rel.strip())
            and not _DESCRIBING.search(np + rel)
        )
        if not (singled or denied or looked or scan.any(_POINTING, *phrase)):
            continue  # "The parts that changed are X": a description
        if norm.startswith("that ", match.end()):
            continue  # "the only visible part is that X moved": a statement, no part named
        if match.group("be") == "is":
            inline(state, phrase, match.end(), "subject")
        else:
            announced(state, phrase, match.end(), 0)


def _looked_at(para: Para, scan: Scan, start: int, end: int) -> bool:
    """Is the only cue that waves a part off a quick look at it ("we'd glance at")?"""
    waving = [i for i in scan.between(start, end) if scan.flags[i] & _WAVING]
    return len(waving) == 1 and scan.flags[waving[0]] & _WAVING == lx.BREVITY and (
        para.norm.startswith((" at", " over"), scan.ends[waving[0]])
    )


def _denied_dismissal(scan: Scan, start: int, end: int) -> bool:
    """Is every cue in [start, end) that waves a part off a dismissal or a quick read
    denied right before it ("the one part not to gloss over", "the bit you must not skim
    past")? Then the phrase singles the part out, as "don't miss" does."""
    cues = scan.between(start, end)
    waving = [i for i in cues if scan.flags[i] & _WAVING]
    if not waving or not scan.flags[waving[-1]] & (lx.DISMISS | lx.BREVITY):
        return False
    for i in waving:
        bits = scan.flags[i]
        if bits & lx.NEG:
            after = i + 1
            if after not in cues or not scan.flags[after] & (lx.DISMISS | lx.BREVITY):
                return False
        elif not (bits & (lx.DISMISS | lx.BREVITY) and i - 1 in cues
                  and scan.flags[i - 1] & lx.NEG):
            return False
    return True


def _predicate(
    state: FocusState, copula: int, start: int, end: int, *, verbs: bool = False
) -> None:
    """The subject before `copula` when the predicate [start, end) points at it. With
    `verbs` only a verb of attention or advice points ("X is what you should read"; "X is what keeps
    the file useful" describes). A demonstrative subject refers back to the clause
    before it ("The way X works, that is the part I recommend you study")."""
    para, scan = state.para, state.scan
    if state.covered(copula) >= 0:
        return
    first = scan.first(_ADVISING if verbs else _POINTING, start, end)
    if first < 0 and not verbs and _task().match(para.norm, start, end):
        first = start  # "X is the part to bookmark": a part given a task, whatever the verb
    if first < 0 or scan.any(_WAVING, start, end):
        return  # "X is the part you can skip"
    clause = para.clause_start(copula)
    if copula - clause > _BACK_REACH:
        return  # a subject is a phrase: longer is prose (and the search stays linear)
    if _demonstrative().fullmatch(para.norm, clause, copula):
        sentence = para.sentence_start(clause)
        if clause - sentence < 3 or clause - sentence > _BACK_REACH:
            return
        item = subject_of(para, scan, sentence, clause - 1)
    else:
        item = subject_of(para, scan, clause, copula)
    if item is None or state.covered(item.start) >= 0:
        return
    if _demonstrative().match(para.norm, item.start) and item.end - item.start < 12:
        return  # "That convention is what…": a thing named before, not here
    add(state, "predicate", (start, end), [item], (item.start, end))


_ADVISING = _POINTING & ~lx.VALUE
_OPENING = 24  # the words before a subject that opens its clause
_BACK_REACH = 200  # the clause referred back to is a phrase, not a paragraph


@cache
def _task() -> re.Pattern[str]:
    return re.compile(r"the\s+(?:[a-z'-]+\s+){0,2}?(?:part|bit|piece|section|one)\s+to\s+[a-z]")


@cache
def _demonstrative() -> re.Pattern[str]:
    return re.compile(
        r"[\s*_>]*(?:(?:that|these|those)(?![a-z])|这一点|这部分|这块|这里|这些)[\s*_]*"
    )


def subject_with_any_verb(state: FocusState, *, headers: bool) -> None:
    """ "The notes to savour are X and Y", "the one note to linger on is X", "One point to
    weigh: X": a short subject whose infinitive, any verb, is followed by "is", "are" or a
    colon names what to attend to. The shape points, not the verb (a rating verb there
    is read as a rating). `headers`: the entry is rated for reading, so that a colon
    header of this shape counts (as a marked list under a header does)."""
    para, scan = state.para, state.scan
    for match in _infinitive_subject_is().finditer(para.norm):
        start, end = match.span()
        if state.covered(start) >= 0 or state.covered(end - 1) >= 0:
            continue
        if match.group("verb") in _LIGHT_VERBS or scan.any(lx.RATING | lx.BACKGROUND, start, end):
            continue  # "the thing to do is wait" is a plan; "the part to skip is" rates
        if scan.any(lx.CAUTION, match.start("verb"), end) or match.group("verb") in _CAVEATS:
            continue  # "One thing to note: …", "the thing to remember is …" warn
        if match.group("be") is None and not headers:
            continue  # a header of its own points only in an entry rated for reading
        if match.group("be") == "is":
            inline(state, (start, end), end, "introduced")
        else:  # "are", or a colon: "One point to weigh: X", "Things to check: A, B"
            head = para.norm[start : match.start("verb")].split()[-2]
            one = para.norm.startswith("one", start) or not head.endswith("s")
            announced(state, (start, end), end, 1 if one and match.group("be") is None else 0)


@cache
def _infinitive_subject_is() -> re.Pattern[str]:
    return re.compile(
        r"(?:(?<=^)|(?<=[.;:!?]\s)|(?<=[,]\s))(?:the|one)\s(?:[a-z'-]+\s){0,2}?to\s+"
        r"(?P<verb>[a-z'-]+)(?:\s+(?:on|over|at|for|with|into|about|out|up))?"
        r"(?:\s+(?P<be>is|are)\s+|\s*:\s*)"
    )


_LIGHT_VERBS = frozenset({"do", "be", "have", "get", "make", "go", "say", "add", "know"})
_CAVEATS = frozenset({"note", "remember", "bear", "keep"})  # "bear in mind", "keep in mind"
