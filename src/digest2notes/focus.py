"""Focus points: the atomic things a digest paragraph tells the reader to study or watch.

A point is always a verbatim slice of the paragraph (inline code, brackets and
inner punctuation kept), found in one of four ways, in reading order:

1. **Enumerations** — ``① … ②``, ``1) … 2)``, ``(a) … (b)``, ``一是 … 二是``,
   ``其一， … 其二，``, ``第一， … 第二，``, ``First, … Second,``, or bullet lines.
   Numbered items are what the writer chose to list, so each item is one point,
   whole (commas and all), whatever sits inside it.
2. **Lead-ins followed by an object** — ``建议关注 X``, ``重点关注 X``,
   ``尤其是 X，以及 Y``, ``值得关注的是 X``, ``阅读时留意 X``, ``Pay attention to X``,
   ``Focus on X``, ``especially X and Y``. The object runs to the end of its
   clause: a plain comma ends it ("重点关注 X，理解 Y" names only X) unless
   the comma glues on another item ("，以及 Y").
3. **Headers before a colon or dash** — ``建议关注：A、B、C``, ``核心看点：…``,
   ``可关注的设计点：X；Y``, ``值得注意的 … 问题：X``, ``很有参考价值——A、B``,
   ``Watch for: A, B and C``. The list after the colon runs to the end of the
   sentence and splits on ``；`` (or ``、`` / English commas when the list has no
   prose commas of its own).
4. **Trailing praise and reading purpose** — ``X 也值得参考。``, ``X is worth
   studying.``, ``可与 #1 对照阅读，理解 X``, ``Read it with #1 to see how X``.

Never split inside brackets, quotes or code (``（…、…）`` is one item), and never
take points from conditional advice or caveats ("若生产环境使用…应等待…",
"If you run X, wait for…", "使用时需…"): those are instructions for a situation,
not things to study.

Why the ``的`` rule for ``、`` after inline lead-ins: in running prose ``、``
often joins modifiers of one noun ("融合加法、避免单独 launch 的思路" is one
idea), whereas a series of complete ``…的 X`` phrases (or of bare nouns) is a
list. After an explicit colon the writer has announced a list, so ``、`` splits.

Speed: the reader analyses every entry of every digest, so this runs on folded
text (lowercase, same length) with patterns compiled at import; searches start
from literal-first patterns the regex engine can skip through quickly; bracket
matching and list assembly are linear; the only lazy quantifiers are bounded.
Work that cannot find anything is skipped on a cheap test first: a paragraph
with no opener or quote needs no bracket masking, one whose ASCII words hold no
English lead-in or ordinal (most are Chinese with English identifiers) is
scanned for Chinese lead-ins only, and a clause whose first character cannot
open a condition needs no `_CONDITIONAL` match. Every such test is a necessary
condition of the regex it guards, so the result never changes.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from operator import itemgetter
from typing import NamedTuple

from .verdicts import MASK, fold, mask_code_spans, trie_regex

__all__ = ["extract_focus_points", "protect_spans"]

# --- brackets, quotes, sentences ------------------------------------------------------------
_ASCII_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_OPENERS = "（([{「『“‘《【"
_CLOSERS = "）)]}」』”’》】"
_PAIR = dict(zip(_CLOSERS, _OPENERS, strict=True))
_TOGGLES = "\"'"
_NO_OPENERS = dict.fromkeys(_OPENERS + _TOGGLES, 0)
_BRACKETS = re.compile(r"[（()）\[\]{}「」『』“”‘’《》【】\"']")
# Sentence and chunk ends (a chunk also ends at ；): full-width stops always, ASCII
# ones only before whitespace, so "v1.2", "`a.b`" and URLs never end a sentence.
# Written as one character class first, which the regex engine scans for fast.
_STOPS = re.compile(r"[。！？；;.!?](?:(?<=[。！？；;])|(?=\s|$))")
_QUOTE_BREAK = re.compile(r"[。！？；;.!?\n](?:(?<=[。！？；;\n])|(?=\s|$))")
_ABBREVIATIONS = ("e.g", "i.e", "vs", "cf", "approx", "etc", "fig")
_CJK = re.compile(r"[\u3400-\u9fff]")
_WORDY = re.compile(r"[^\W_]|`")
_COMMAS = re.compile(r"[，,]")
_HEADER_END = re.compile(r"[：:—，,]")
_INLINE_END = re.compile(r"[：:—]")
_SEPARATORS: dict[str, re.Pattern[str]] = {
    sep: re.compile("[" + re.escape(sep) + "]") for sep in ("；;", ";", "、", ",，")
}

# --- words around items (all patterns run on folded text) -----------------------------------
_SPACE = r"[\s\u3000\u00a0]"
# A comma followed by one of these joins another item instead of ending the list.
_GLUE_AFTER_COMMA = re.compile(
    _SPACE + r"*(?:以及|还有|另外还有|(?:和|与|及)(?=[\s\u3000`a-z0-9#(（「“\"'])|"
    r"(?:and|as\s+well\s+as|plus)\b)"
)
# What `_GLUE_AFTER_COMMA` can start with besides whitespace: a comma followed by anything
# else is bare without a regex call.
_GLUE_FIRST = frozenset("ap与以及另和还")
_TRIM_LEAD = re.compile(
    r"[\s\u3000\u00a0：:，,、；;。.—–]*(?:(?:以及|还有|另外还有|(?:and|or|as\s+well\s+as|plus|also)\s)"
    r"[\s\u3000\u00a0：:，,、；;。.—–]*)?"
)
# One-character glue ("，和 Y", "、与 Z") is stripped only right after a list comma:
# elsewhere "与 #1234 的交互" starts with a preposition that belongs to the point.
_SHORT_GLUE = re.compile(r"(?:和|与|及|或)(?=[\s\u3000`a-z0-9#(（「“\"'])[\s\u3000]*")
_SHORT_GLUE_FIRST = frozenset("和与及或")
_TRIM_TRAILING = " \t\r\n\u3000\u00a0。；;，,.：:、！？!?—–"
# Characters `_TRIM_LEAD` can start with: anything else needs no trimming at all.
_MAY_LEAD = frozenset(" \t\r\n\u3000\u00a0：:，,、；;。.—–以还另aop")
# `_TRIM_LEAD` is a run of these (or of whitespace), then optional glue words that start
# with `_TRIM_GLUE_FIRST`: when the run is followed by anything else, the run is the match.
_TRIM_RUN = frozenset("\u3000\u00a0：:，,、；;。.—–")
_TRIM_GLUE_FIRST = frozenset("以还另aop")
_LEAD_WORDS = (
    r"[\s\u3000*_>]*(?:(?:但是|但|不过|另外|此外|同时|而且|并且|而|另|还有|总之|最后|"
    r"(?:and|but|also|however|besides|additionally|finally|then)\b)[\s\u3000,，、]*)*"
)
_LEAD = re.compile(_LEAD_WORDS)
# Every match of `_CONDITIONAL` starts with whitespace or one of these characters (read off
# its alternatives; keep the two in step). Testing one character first spares a regex call
# for almost every clause, since most clauses do not open with a condition.
_CONDITIONAL_FIRST = frozenset(
    "*>_abcfhiklntuw一万上不但使倘假前升另同启如对局已并应开总最此注而若要请还部限除需"
)
# Conditional advice and caveats: points come only from what the reader should study.
_CONDITIONAL = re.compile(
    _LEAD_WORDS + r"(?:若|如果|假如|倘若|如需|如要|如想|要是|万一|一旦|除非|"
    r"对于?[^，,。；;]{0,30}?(?:团队|用户|读者|开发者|人|同学)[，,]|"
    r"使用时|部署时|上线时|上线前|升级前|升级时|开启前|启用前|使用前|"
    r"需注意|需要注意|应注意|请注意|注意事项|注意[：:]|限制[：:]|局限[：:]|已知问题|前提是|"
    r"if\b|unless\b|when\s+(?:you|running|using|deploying)\b|"
    r"for\s+(?:teams|anyone|users|those|people)\b|before\s+(?:upgrading|deploying|enabling|using)\b|"
    r"note\s+that\b|note\s*[:：]|caveat|beware|warning|be\s+aware|keep\s+in\s+mind|known\s+issue|"
    r"limitation)"
)
_CAVEAT_HEADER = re.compile(
    r"限制|局限|注意事项|已知问题|使用时|部署时|风险提示|caveats?|limitations?|known\s+issues?"
)
# "重点关注四个设计决策：…" — a counted header: the list is after the colon.
_COUNTED_HEADER = re.compile(
    _SPACE + r"*(?:以下|如下|下面|下列|这几|这些|这|几|[一二两三四五六七八九十\d]+|"
    r"(?:the\s+following|these|those|a\s+few|a\s+couple\s+of|two|three|four|five|six|several|"
    r"some)\b)"
)
_PRONOUN_SUBJECT = re.compile(
    r"(?:这|该|本|此|整个|整体|总体|它|这个|这一|this|it|the|that)\s*(?:个|一)?\s*"
    r"(?:pr|改动|变更|修复|提交|补丁|patch|change|fix|commit|diff|one)?\s*"
)
_SUBJECT_ADVERBS = re.compile(r"(?:也|同样|还)?(?:很|非常|十分|颇|尤其|更)?\Z")
_AND_SPLIT = re.compile(r"\s+(?:and|or)\s+")
_AND_START = re.compile(r"(?:and|or)\s")
# Case-sensitive (run on the original text): a capital starts a new noun phrase.
_AND_RIGHT = re.compile(
    r"(?:the|a|an|its|their|his|her|this|that|these|those|how|why|what|whether|where|when|which|"
    r"who)\b|[`A-Z#(\"“]|\w+ing\b"
)
_AND_BLOCKERS = re.compile(r"\b(?:between|both|either|neither)\b")

# --- lead-ins -------------------------------------------------------------------------------
_TRAIL_ZH = (
    r"值得(?:参考|借鉴|关注|学习|注意|留意|一看|细看|研究|记录|玩味|琢磨|细品)(?=[\s\u3000]*(?:[。；！？!?;]|$))"
)
# English praise after the subject: matched at its keyword, the verb is checked behind it.
_TRAIL_EN = (
    r"(?<![a-z0-9_\-])(?:worth\s+(?:studying|borrowing|copying|noting|a\s+look|attention|emulating|"
    r"a\s+read)|instructive|noteworthy|a\s+good\s+(?:example|template|reference|pattern|model))"
    r"(?=\s*(?:[.;!?]|$))"
)
_TRAIL_VERB = re.compile(r"\s(?:is|are)\s+(?:also\s+)?(?:well\s+)?\Z")
_PURPOSE_ZH = (
    r"(?:对照|结合|配合|对比|参照|搭配)[^。；！？!?;\n]{0,40}?(?:阅读|来读|一起读|来看|一起看)"
    r"[\s\u3000]*[，,][\s\u3000]*(?:以便?|来|便于|从而|以此)?(?:理解|了解|体会|看清|搞清楚?|"
    r"弄清楚?|弄懂|明白)"
)
_PURPOSE_EN = (
    r"(?<![a-z0-9_\-])(?:read|compare|cross-check)\s+(?:it\s+|this\s+)?(?:together\s+|along\s+)?"
    r"(?:with|alongside|against)\b[^.;!?\n]{0,80}?\bto\s+(?:understand|see|learn)\s+"
)
_OBJECT_ZH = (
    r"建议重点关注|建议关注|建议留意|建议重点|重点关注|着重关注|特别关注|需要关注|需关注|可以关注|"
    r"可关注|请关注|请留意|留意|值得(?:关注|注意|借鉴|参考|学习|一提|留意)的是|尤其值得一提的是|"
    r"可以借鉴|可借鉴|重点看|(?:看点|亮点|要点|重点|关注点)(?:是|在于|为)|尤其是|特别是"
)
_OBJECT_EN = (
    r"(?<![a-z0-9_\-])(?:pay\s+(?:close\s+|special\s+|particular\s+|careful\s+)?attention\s+to|"
    r"focus\s+on|look\s+(?:closely\s+)?at|take\s+a\s+(?:close\s+)?look\s+at|watch\s+(?:out\s+)?for|"
    r"keep\s+an\s+eye\s+on|especially|in\s+particular|particularly|notably|"
    r"of\s+particular\s+interest\s+is|the\s+interesting\s+(?:part|bit)\s+is)(?![a-z0-9_])|"
    r"(?<![a-z0-9_\-])(?:note|notice|study|see)\s+(?=(?:how|why|what|whether)(?![a-z0-9_]))"
)
_HEADER_ZH = (
    r"关注点|看点|亮点|要点|重点|设计点|借鉴点|值得关注|值得注意|值得借鉴|值得参考|值得学习|值得留意|"
    r"值得一看|值得一提|参考价值|借鉴意义|借鉴价值|学习价值|可复用|启示|收获"
)
_HEADER_EN = (
    r"(?<![a-z0-9_\-])(?:key\s+(?:points|takeaways|ideas|details)|takeaways|highlights|"
    r"things\s+to\s+(?:watch|note|look\s+(?:for|at)|study|learn)|what\s+to\s+(?:look\s+for|watch|"
    r"study)|worth\s+noting|worth\s+studying|worth\s+borrowing|points\s+of\s+interest|"
    r"focus\s+(?:points|areas)|of\s+note|lessons|notable\s+(?:points|details|bits)|"
    r"interesting\s+(?:bits|parts|details))(?![a-z0-9_])"
)
# Matched against folded text only, so no IGNORECASE (several times slower).
_TRIGGER = re.compile(
    f"(?P<trail>{_TRAIL_ZH}|{_TRAIL_EN})|(?P<purpose>{_PURPOSE_ZH}|{_PURPOSE_EN})|"
    f"(?P<object>{_OBJECT_ZH}|{_OBJECT_EN})|(?P<header>{_HEADER_ZH}|{_HEADER_EN})"
)
# Every match of `_TRIGGER` starts with one of these literals (English ones as whole
# words). Finding them first, with a trie, is an order of magnitude faster than
# searching with `_TRIGGER`, which is then only tried where one starts.
_TRIGGER_STARTS = (
    # Chinese. "值得" is spelled out with every word that can follow it in `_TRIGGER`, so
    # the verdict "值得精读" that opens most paragraphs is not a candidate at all.
    *("值得" + word for word in (
        "参考", "借鉴", "关注", "学习", "注意", "留意", "一看", "细看", "研究", "记录",
        "玩味", "琢磨", "细品", "一提",
    )),
    "对照", "结合", "配合", "对比", "参照", "搭配", "建议关注", "建议留意", "建议重点",
    "重点", "着重关注", "特别关注", "特别是", "需要关注", "需关注", "可以关注", "可以借鉴",
    "可关注", "可借鉴", "请关注", "请留意", "留意", "看点", "亮点", "要点", "关注点", "尤其是",
    "尤其值得", "设计点", "借鉴点", "参考价值", "借鉴意义", "借鉴价值", "学习价值", "可复用",
    "启示", "收获",
    # English
    "worth", "instructive", "noteworthy", "a good", "read", "compare", "cross-check", "pay",
    "focus", "look", "take", "watch", "keep", "note", "notice", "study", "see", "especially",
    "in particular", "particularly", "notably", "of particular", "the interesting", "key",
    "takeaways", "highlights", "things", "what", "points", "of note", "lessons", "notable",
    "interesting",
)
_TRIGGER_START = re.compile(trie_regex(_TRIGGER_STARTS))
# The Chinese starts alone: what a paragraph needs when it holds none of the English lead-ins
# (see `_english_words`), which spares the engine a stop at every English letter.
_TRIGGER_START_ZH = re.compile(trie_regex(w for w in _TRIGGER_STARTS if not w.isascii()))

# --- which English words a paragraph holds --------------------------------------------------
# English lead-ins and ordinals are whole words, so one cheap pass that splits the paragraph's
# ASCII into words tells whether scanning for them can find anything at all. Most paragraphs
# are Chinese with English identifiers, and the scans cost a regex stop at every letter.
#
# Every English alternative of `_TRIGGER` opens with one of these words right after a
# non-word character ("(?<![a-z0-9_\-])"), followed by whitespace or a non-word character,
# and, where given, by one of the listed words after that whitespace. Keep this table in step
# with `_TRAIL_EN`, `_PURPOSE_EN`, `_OBJECT_EN` and `_HEADER_EN`: a word missing here would
# hide that lead-in in paragraphs without other English lead-ins.
_EN_LEADS: dict[bytes, frozenset[bytes] | None] = {
    word.encode(): (frozenset(n.encode() for n in nexts.split()) if nexts else None)
    for word, nexts in (
        # _TRAIL_EN and _HEADER_EN
        ("worth", "studying borrowing copying noting a attention emulating"),
        ("instructive", ""), ("noteworthy", ""), ("a", "good"),
        # _PURPOSE_EN ("cross-check" splits at its hyphen)
        ("read", "it this together along with alongside against"),
        ("compare", "it this together along with alongside against"),
        ("cross", "check"),
        # _OBJECT_EN
        ("pay", "close special particular careful attention"), ("focus", "on points areas"),
        ("look", "closely at"), ("take", "a"), ("watch", "out for"), ("keep", "an"),
        ("especially", ""), ("in", "particular"), ("particularly", ""), ("notably", ""),
        ("of", "particular note"), ("the", "interesting"),
        ("note", "how why what whether"), ("notice", "how why what whether"),
        ("study", "how why what whether"), ("see", "how why what whether"),
        # _HEADER_EN
        ("key", "points takeaways ideas details"), ("takeaways", ""), ("highlights", ""),
        ("things", "to"), ("what", "to"), ("points", "of"), ("lessons", ""),
        ("notable", "points details bits"), ("interesting", "bits parts details"),
    )
}
_EN_LEAD_WORDS = frozenset(_EN_LEADS)
if not {
    word.split()[0].split("-")[0].encode() for word in _TRIGGER_STARTS if word.isascii()
} <= _EN_LEAD_WORDS:  # a new English lead-in needs its row above
    raise RuntimeError("focus: _EN_LEADS is missing an English word of _TRIGGER_STARTS")
# The same table as one pattern over " word word … word " (single spaces). It opens with
# the space, a literal, so the engine only stops at spaces.
_EN_LEAD_PHRASE = re.compile(
    rb" (?:"
    + b"|".join(
        word + (b" (?:" + b"|".join(sorted(follow)) + b")" if follow is not None else b"")
        for word, follow in sorted(_EN_LEADS.items())
    )
    + rb") "
)
# `_EN_ORDINAL` markers that `_markers` keeps are whole words (a boundary before, spaces or
# punctuation after).
_EN_ORDINAL_WORDS = frozenset(
    (word + tail).encode()
    for word in ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                 "finally", "lastly")
    for tail in ("", "ly")
)
# Bytes other than ASCII word characters become spaces, so `split` yields the words.
_WORD_BYTES = bytes(
    b if chr(b) in "abcdefghijklmnopqrstuvwxyz0123456789_" else 0x20 for b in range(256)
)


def _english_words(code: str) -> tuple[bool, bool]:
    """May `code` hold (an English lead-in, an English ordinal marker)?

    Both are over-approximations (a "yes" only means the regex scan must run), read off the
    ASCII words of `code`: every other character becomes a separator, which also keeps
    words that touch Chinese text apart.
    """
    words = code.encode("ascii", "replace").translate(_WORD_BYTES).split()
    ordinal = not _EN_ORDINAL_WORDS.isdisjoint(words)
    if _EN_LEAD_WORDS.isdisjoint(words):
        return False, ordinal
    return bool(_EN_LEAD_PHRASE.search(b" %s " % b" ".join(words))), ordinal


# Lead-ins that are ordinary words mid-clause ("特别是多卡时出现", "the PR's focus on X").
_NEEDS_CLAUSE_START = frozenset({"尤其是", "特别是"})
_ENGLISH_LEAD_WORDS = frozenset(
    {"should", "to", "also", "please", "do", "and", "then", "mainly", "primarily", "carefully",
     "first", "you", "readers", "reviewers", "i'd", "we'd", "but", "just", "so", "here"}
)
_CLAUSE_OPENERS = frozenset("。．.!?！？；;：:，,、(（[【「『“\"'*_>#\n—–-|")
_COLONS = "：:"
_MAX_HEADER = 40
_LIST_SCAN = 400  # an English clause list, or the look for Chinese in it, ends within this

# --- enumeration markers --------------------------------------------------------------------
_ZH_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
              "十": 10}
_EN_ORDINALS = {"first": 1, "firstly": 1, "second": 2, "secondly": 2, "third": 3, "thirdly": 3,
                "fourth": 4, "fourthly": 4, "fifth": 5, "fifthly": 5, "sixth": 6, "seventh": 7,
                "eighth": 8, "finally": 0, "lastly": 0}
_CIRCLED = ((0x2460, 0x2473, "c1"), (0x2474, 0x2487, "c2"), (0x2776, 0x277F, "c3"),
            (0x2780, 0x2789, "c4"), (0x278A, 0x2793, "c5"))
# Markers are found from anchor characters (a character-set search the engine runs
# fast), then checked around the anchor: ")" for "1)", "(a)"; "、" for "1、", "一、";
# "是" for "一是"; "其"/"第" for "其一，", "第一，"; the circled digits themselves.
_ANCHORS = re.compile(r"[)）、是其第\u2460-\u2487\u2776-\u2793]")
# What must precede each backward-looking anchor for it to close a marker: most "、",
# "是" and "）" in prose fail this one-character test, without a function call.
_ANCHOR_BEFORE = {
    "、": frozenset("0123456789一二三四五六七八九十"),
    "是": frozenset("一二三四五六七八九十"),
    ")": frozenset("0123456789abcdefgh \t"),
    "）": frozenset("0123456789abcdefgh \t"),
}
_BEFORE_PAREN = re.compile(r"(?:([(（])[ \t]?)?(\d{1,2}|[a-h])[ \t]?\Z")
_EN_ORDINAL = re.compile(
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|finally|lastly)(?:ly)?[ \t]*"
    r"[,:，：][ \t]*"
)
_EN_ORDINAL_WORD = re.compile(r"[a-z]+")
_BULLET = re.compile(r"(?m)^[ \t]*(?:[-*+•·]|(\d{1,2})[.)])[ \t]+")
_MARKER_BOUNDARY = frozenset(" \t\r\n\u3000：:，,；;。！？、（(")
_EN_MARKER_BOUNDARY = frozenset(" \t\r\n:;,.(—–-")
_NOT_BEFORE_OPEN = _ASCII_ALNUM | {"_"}
_NOT_BEFORE_LETTER = _NOT_BEFORE_OPEN | set("(（")
_NOT_BEFORE_NUMBER = _NOT_BEFORE_LETTER | set(".-+/#[")
_NOT_BEFORE_DIGITS = _NOT_BEFORE_OPEN | {"."}
_MAX_ITEM_GAP = 800


class _Marker(NamedTuple):
    """An enumeration marker (a tuple: the reader makes several per paragraph)."""

    start: int
    end: int
    kind: str
    ordinal: int  # 0: "finally" or a bullet, which continue any sequence


def _abbreviation(flat: str, at: int) -> bool:
    """Is the "." at `at` the end of "e.g" / "vs" & co. (a word of its own), not a sentence end?"""
    for word in _ABBREVIATIONS:
        start = at - len(word)
        if start >= 0 and flat.startswith(word, start) and (
            start == 0 or not flat[start - 1].isalpha()
        ):
            return True
    return False


class _Paragraph:
    """One paragraph with its masks and clause boundaries, computed once and shared.

    `code` is the folded text with inline code masked; `flat` also masks the
    inside of brackets and quotes. Both have the length of `text`, so every
    position found in them slices the original verbatim.
    """

    __slots__ = (
        "chunk_ends", "code", "consumed_ends", "consumed_starts", "flat", "points",
        "sentence_ends", "size", "text",
    )

    def __init__(self, text: str, code: str) -> None:
        self.text = text
        self.code = code
        flat = self.flat = protect_spans(code)
        self.size = len(flat)
        ends = [m.start() for m in _STOPS.finditer(flat)]
        if "." in flat:
            ends = [
                i for i in ends
                if flat[i] != "." or not flat.endswith(_ABBREVIATIONS, 0, i)
                or not _abbreviation(flat, i)
            ]
        self.chunk_ends = ends
        if "；" in flat or ";" in flat:
            self.sentence_ends = [i for i in ends if flat[i] not in "；;"]
        else:
            self.sentence_ends = ends
        # Ranges taken by enumerations (header and items), in order and disjoint.
        self.consumed_starts: list[int] = []
        self.consumed_ends: list[int] = []
        self.points: list[tuple[int, str]] = []

    # -- boundaries -----------------------------------------------------------------------------
    def sentence_end(self, pos: int) -> int:
        ends = self.sentence_ends
        index = bisect_left(ends, pos)
        return ends[index] if index < len(ends) else self.size

    def chunk_start(self, pos: int) -> int:
        ends = self.chunk_ends
        index = bisect_left(ends, pos)
        return ends[index - 1] + 1 if index else 0

    def chunk_end(self, pos: int) -> int:
        ends = self.chunk_ends
        index = bisect_left(ends, pos)
        return ends[index] if index < len(ends) else self.size

    def clause_start(self, pos: int) -> int:
        """Start of the comma-delimited clause holding `pos` (never before its chunk)."""
        start = self.chunk_start(pos)
        flat = self.flat
        comma = max(flat.rfind("，", start, pos), flat.rfind(",", start, pos))
        return comma + 1 if comma >= 0 else start

    def conditional(self, pos: int) -> bool:
        """Is `pos` inside conditional advice or a caveat (judged at chunk and clause start)?

        `pos` lies in the text, so its chunk and clause start at a character of it; one that
        cannot open `_CONDITIONAL` (the usual case) needs no regex call.
        """
        flat = self.flat
        ends = self.chunk_ends
        index = bisect_left(ends, pos)
        chunk = ends[index - 1] + 1 if index else 0
        first = flat[chunk]
        if (first in _CONDITIONAL_FIRST or first.isspace()) and _CONDITIONAL.match(
            flat, chunk, pos + 40
        ):
            return True
        comma = max(flat.rfind("，", chunk, pos), flat.rfind(",", chunk, pos))
        if comma < 0:
            return False  # the clause starts at the chunk: already judged
        first = flat[comma + 1]
        return (first in _CONDITIONAL_FIRST or first.isspace()) and bool(
            _CONDITIONAL.match(flat, comma + 1, pos + 40)
        )

    def consume(self, start: int, end: int) -> None:
        self.consumed_starts.append(start)
        self.consumed_ends.append(end)

    def consumed_until(self, pos: int) -> int:
        """End of the consumed range holding `pos`, or -1."""
        index = bisect_right(self.consumed_starts, pos) - 1
        if index >= 0 and pos < self.consumed_ends[index]:
            return self.consumed_ends[index]
        return -1

    def consumed_before(self, pos: int) -> int:
        """End of the last consumed range starting before `pos` (0 if none)."""
        index = bisect_left(self.consumed_starts, pos) - 1
        return self.consumed_ends[index] if index >= 0 else 0

    def next_consumed(self, pos: int) -> int:
        starts = self.consumed_starts
        if not starts:
            return self.size
        index = bisect_left(starts, pos)
        return starts[index] if index < len(starts) else self.size

    def bare_comma(self, pos: int) -> bool:
        """Does the comma at `pos` end an item (rather than glue on another, "，以及 Y")?"""
        after = pos + 1
        if after >= self.size:
            return True
        first = self.flat[after]
        if first not in _GLUE_FIRST and not first.isspace():
            return True
        return not _GLUE_AFTER_COMMA.match(self.flat, after)

    # -- results --------------------------------------------------------------------------------
    def add(self, start: int, end: int) -> None:
        """Record text[start:end] as a point, trimmed; caveats and empty pieces are dropped."""
        flat = self.flat
        if start < end and flat[start] in _MAY_LEAD:
            # `_TRIM_LEAD`, read directly: skip the run of separators and spaces, and leave
            # the glue words after it (rare) to the regex.
            at = start
            while at < end and (flat[at] in _TRIM_RUN or flat[at].isspace()):
                at += 1
            if at < end and flat[at] in _TRIM_GLUE_FIRST:
                lead = _TRIM_LEAD.match(flat, start, end)
                if lead:
                    at = lead.end()
            start = at
        if start < end and flat[start] in _SHORT_GLUE_FIRST and (
            (start and flat[start - 1] in "，,、") or (start > 1 and flat[start - 2] in "，,、")
        ):
            glue = _SHORT_GLUE.match(flat, start, end)
            if glue:
                start = glue.end()
        text = self.text
        while end > start and text[end - 1] in _TRIM_TRAILING:
            end -= 1
        if end <= start:
            return
        if not (text[start].isalnum() or text[start] == "`") and not _WORDY.search(
            text, start, end
        ):
            return
        first = flat[start]
        if (first in _CONDITIONAL_FIRST or first.isspace()) and _CONDITIONAL.match(
            flat, start, end
        ):
            return
        self.points.append((start, text[start:end]))


def protect_spans(code: str) -> str:
    """`code` with the inside of every balanced bracket or quote pair masked (same length).

    Separators inside ``（…、…）``, ``「…」``, ``"…"``, ``'…'`` never split a point.
    Unbalanced openers protect nothing; ASCII quotes never span a sentence end
    (so an apostrophe cannot swallow the rest of the paragraph), and ``'``
    between letters is an apostrophe.

    Only an opener or a quote can start a span (a closer with no opener is
    dismissed), so a paragraph without any returns at once: a dozen `in` tests
    cost less than the scan.
    """
    if (
        "（" not in code and "(" not in code and '"' not in code and "'" not in code
        and "“" not in code and "「" not in code and "《" not in code and "【" not in code
        and "[" not in code and "{" not in code and "‘" not in code and "『" not in code
    ):
        return code
    stack: list[tuple[str, int]] = []
    spans: list[tuple[int, int]] = []
    # How many of each opener the stack holds: a closer with no opener is dismissed
    # at once, so a paragraph of stray closers stays linear.
    open_count = _NO_OPENERS.copy()
    last = len(code) - 1
    for match in _BRACKETS.finditer(code):
        at = match.start()
        ch = code[at]
        if ch in _OPENERS:
            stack.append((ch, at))
            open_count[ch] += 1
            continue
        if ch in _PAIR:  # a closer
            opener = _PAIR[ch]
            if stack and stack[-1][0] == opener:  # the common, well-nested case
                open_count[opener] -= 1
                spans.append((stack.pop()[1], at))
                continue
            if not open_count[opener]:
                continue
            depth = _find_open(stack, opener)
        else:  # a quote
            if ch == "'" and 0 < at < last and code[at - 1] in _ASCII_ALNUM and (
                code[at + 1] in _ASCII_ALNUM
            ):
                continue  # an apostrophe
            if not open_count[ch]:
                stack.append((ch, at))
                open_count[ch] += 1
                continue
            depth = len(stack) - 1 if stack[-1][0] == ch else _find_open(stack, ch)
            if _QUOTE_BREAK.search(code, stack[depth][1], at):
                del stack[depth]  # a stale quote from an earlier sentence: this one opens anew
                stack.append((ch, at))
                continue
        spans.append((stack[depth][1], at))
        for popped, _ in stack[depth:]:
            open_count[popped] -= 1
        del stack[depth:]
    if not spans:
        return code
    spans.sort()
    pieces: list[str] = []
    done = 0
    for open_at, close_at in spans:
        if open_at < done:
            continue  # nested in a span already masked
        pieces.append(code[done : open_at + 1])
        pieces.append(MASK * (close_at - open_at - 1))
        done = close_at
    pieces.append(code[done:])
    return "".join(pieces)


def _find_open(stack: list[tuple[str, int]], opener: str) -> int:
    for depth in range(len(stack) - 1, -1, -1):
        if stack[depth][0] == opener:
            return depth
    return -1


# --- enumerations ---------------------------------------------------------------------------
def _markers(para: _Paragraph, ordinals: bool) -> dict[str, list[_Marker]]:
    """Enumeration markers by kind, each kind in text order (inside brackets or quotes: none).

    `ordinals` is False when the paragraph holds no English ordinal word (`_english_words`),
    which spares the scan for them.
    """
    code, flat, text = para.code, para.flat, para.text
    by_kind: dict[str, list[_Marker]] = {}
    before = _ANCHOR_BEFORE
    last = para.size - 1
    for match in _ANCHORS.finditer(code):
        at = match.start()
        ch = code[at]
        if ch in before:
            if not at or code[at - 1] not in before[ch]:
                continue
        elif ch in "其第" and (at == last or code[at + 1] not in _ZH_DIGITS):
            continue  # 其/第 open a marker only before a Chinese digit ("其他" does not)
        marker = _marker_at(code, text, at)
        if marker is not None and flat[marker.start] != MASK:
            by_kind.setdefault(marker.kind, []).append(marker)
    if ordinals:
        for match in _EN_ORDINAL.finditer(flat):
            at = match.start()
            if at and flat[at - 1] not in _EN_MARKER_BOUNDARY:
                continue
            word = _EN_ORDINAL_WORD.match(flat, at)
            ordinal = _EN_ORDINALS.get(word.group()) if word else None
            if ordinal is not None:
                by_kind.setdefault("en", []).append(_Marker(at, match.end(), "en", ordinal))
    if "\n" in code or code[:1] in "-*+•·0123456789 \t":
        for match in _BULLET.finditer(code):
            number = match.group(1)
            kind = "bulnum" if number else "bullet"
            by_kind.setdefault(kind, []).append(
                _Marker(match.start(), match.end(), kind, int(number) if number else 0)
            )
    return by_kind


def _marker_at(code: str, text: str, at: int) -> _Marker | None:
    """The marker around anchor character `code[at]`, if its surroundings make it one."""
    ch = code[at]
    if ch in ")）":
        found = _BEFORE_PAREN.search(code, max(0, at - 5), at)
        if found is None:
            return None
        opener, token = found.group(1), found.group(2)
        start = found.start()
        before = code[start - 1] if start else ""
        digit = token.isdigit()
        if not digit and not text[found.start(2)].islower():
            return None  # "A)" is no list item (the text was folded)
        if opener:
            if before in _NOT_BEFORE_OPEN:
                return None
            kind = "pnum" if digit else "plet"
        else:
            if before in (_NOT_BEFORE_NUMBER if digit else _NOT_BEFORE_LETTER):
                return None
            kind = "num" if digit else "let"
        ordinal = int(token) if digit else ord(token) - ord("a") + 1
        return _Marker(start, at + 1, kind, ordinal) if ordinal >= 1 else None
    if ch == "、":
        if at and code[at - 1] in _ZH_DIGITS and _bounded(code, at - 1):
            return _Marker(at - 1, at + 1, "zhdun", _ZH_DIGITS[code[at - 1]])
        start = at
        while start > max(0, at - 2) and code[start - 1] in "0123456789":
            start -= 1
        if start == at or (start and code[start - 1] in _NOT_BEFORE_DIGITS):
            return None
        ordinal = int(code[start:at])
        return _Marker(start, at + 1, "numd", ordinal) if ordinal >= 1 else None
    if ch == "是":
        if at and code[at - 1] in _ZH_DIGITS and _bounded(code, at - 1) and (
            not code.startswith("否", at + 1)
        ):
            return _Marker(at - 1, at + 1, "zhshi", _ZH_DIGITS[code[at - 1]])
        return None
    if ch in "其第":
        digit_at = at + 1
        if digit_at >= len(code) or code[digit_at] not in _ZH_DIGITS or not _bounded(code, at):
            return None
        end = digit_at + 1
        if ch == "第":
            for suffix in ("个方面", "方面", "点"):
                if code.startswith(suffix, end):
                    end += len(suffix)
                    break
        if end < len(code) and (code[end] in "，,：:、" or (ch == "其" and code[end] == "是")):
            kind = "zhqi" if ch == "其" else "zhdi"
            return _Marker(at, end + 1, kind, _ZH_DIGITS[code[digit_at]])
        return None
    value = ord(ch)
    for low, high, name in _CIRCLED:
        if low <= value <= high:
            return _Marker(at, at + 1, name, value - low + 1)
    return None


def _bounded(code: str, at: int) -> bool:
    """Chinese markers start a clause: at the start or after punctuation or space."""
    return at == 0 or code[at - 1] in _MARKER_BOUNDARY


def _enumerations(para: _Paragraph, ordinals: bool) -> None:
    """Find numbered lists and bullet lines; each item is one point, taken whole."""
    by_kind = _markers(para, ordinals)
    if not by_kind:
        return
    blocks: list[list[_Marker]] = []
    for kind, markers in by_kind.items():
        bullets = kind in ("bullet", "bulnum")
        index = 0
        while index < len(markers):
            first = markers[index]
            index += 1
            if kind != "bullet" and first.ordinal != 1:
                continue
            run = [first]
            expect = 2
            while index < len(markers):
                later = markers[index]
                if later.start - run[-1].end > _MAX_ITEM_GAP:
                    break
                if kind == "bullet":
                    if para.code.count("\n", run[-1].end, later.start) != 1:
                        break
                    run.append(later)
                elif later.ordinal == expect or (later.ordinal == 0 and len(run) >= 2):
                    run.append(later)
                    expect += 1
                    if later.ordinal == 0:
                        index += 1
                        break
                elif later.ordinal == 1:
                    break
                index += 1
            if len(run) >= 2 or bullets:
                blocks.append(run)
    blocks.sort(key=lambda run: run[0].start)
    taken_until = -1
    for run in blocks:
        if run[0].start >= taken_until:
            taken_until = _take_block(para, run)


def _take_block(para: _Paragraph, run: list[_Marker]) -> int:
    """Record one list's items and mark its header and items as consumed; returns its end."""
    bullets = run[0].kind in ("bullet", "bulnum")
    first = run[0]
    if bullets:
        line_start = para.code.rfind("\n", 0, first.start)
        header_start = para.clause_start(line_start) if line_start > 0 else 0
    else:
        header_start = para.clause_start(first.start)
    skip = para.conditional(first.start) or bool(
        _CAVEAT_HEADER.search(para.flat, header_start, first.start)
    )
    end = first.end
    last = len(run) - 1
    for number, marker in enumerate(run):
        start = marker.end
        if bullets:
            newline = para.code.find("\n", start)
            stop = newline if newline >= 0 else len(para.code)
        elif number < last:
            stop = min(run[number + 1].start, para.sentence_end(start))
        else:
            stop = para.chunk_end(start)
        end = max(end, stop)
        if not skip:
            para.add(start, stop)
    para.consume(header_start, end)
    return end


# --- lead-ins -------------------------------------------------------------------------------
def _lead_ins(para: _Paragraph, english: bool) -> None:
    """Points after lead-ins; `english` is False when no English lead-in can occur."""
    flat = para.flat
    match_trigger = _TRIGGER.match
    next_candidate = (_TRIGGER_START if english else _TRIGGER_START_ZH).search
    consumed = para.consumed_starts  # fixed from here on: only enumerations consume
    pos = 0
    while True:
        candidate = next_candidate(flat, pos)
        if candidate is None:
            return
        at = candidate.start()
        match = match_trigger(flat, at)
        if match is None:
            pos = at + 1
            continue
        kind = match.lastgroup or ""
        start, end = match.span()  # each named group spans its whole alternative
        pos = end
        if consumed:
            covered = para.consumed_until(start)
            if covered >= 0:
                pos = max(pos, covered)
                continue
        if para.conditional(start):
            continue
        if kind == "trail":
            _trailing_subject(para, start)
            continue
        chinese = flat[start] not in _ASCII_ALNUM
        if kind == "purpose":
            pos = max(pos, _inline(para, end, chinese))
        elif kind == "object":
            if _lead_in_position(flat, start, match.group()):
                pos = max(pos, _after_object_lead(para, end, chinese))
        else:
            colon = _colon_in_clause(para, end)
            if colon >= 0:
                pos = max(pos, _listing(para, colon + 1, chinese))


def _lead_in_position(flat: str, start: int, word: str) -> bool:
    """English lead-ins and 尤其是/特别是 count only where an instruction starts."""
    ascii_word = word[:1] in _ASCII_ALNUM
    if not ascii_word and word not in _NEEDS_CLAUSE_START:
        return True
    index = start - 1
    while index >= 0 and flat[index] in " \t\u3000\u00a0":
        index -= 1
    if index < 0 or flat[index] in _CLAUSE_OPENERS:
        return True
    if not ascii_word:
        return False
    word_start = index
    while word_start > 0 and (flat[word_start - 1].isalpha() or flat[word_start - 1] == "'"):
        word_start -= 1
    return flat[word_start : index + 1] in _ENGLISH_LEAD_WORDS


def _after_object_lead(para: _Paragraph, end: int, chinese: bool) -> int:
    """After "建议关注" & co.: a colon list, a counted header then a list, or an inline object."""
    flat = para.flat
    at = end
    size = len(flat)
    while at < size and flat[at] in " \t\u3000*_":
        at += 1
    if at < size and (flat[at] in _COLONS or flat[at] in "—–"):
        return _listing(para, at + (2 if flat.startswith("——", at) else 1), chinese)
    if at < size and flat[at] == "的":
        colon = _colon_in_clause(para, at)
        return _listing(para, colon + 1, chinese) if colon >= 0 else at
    colon = _colon_in_clause(para, at)
    if colon >= 0 and _COUNTED_HEADER.match(flat, at, colon):
        return _listing(para, colon + 1, chinese)
    return _inline(para, at, chinese)


def _colon_in_clause(para: _Paragraph, pos: int) -> int:
    """The colon (or dash) that closes a header starting at `pos`, or -1.

    Headers are short ("值得注意的数据契约问题："), so the search stops after
    `_MAX_HEADER` characters, at the end of the chunk, or at a prose comma: that
    also keeps a paragraph of repeated lead-ins linear.
    """
    flat = para.flat
    stop = min(para.chunk_end(pos), para.next_consumed(pos), pos + _MAX_HEADER)
    for match in _HEADER_END.finditer(flat, pos, stop):
        index = match.start()
        ch = flat[index]
        if ch in _COLONS:
            return index
        if ch == "—":
            return index + 1 if flat.startswith("——", index) else index
        if para.bare_comma(index):
            return -1
    return -1


def _listing(para: _Paragraph, start: int, chinese: bool) -> int:
    """Items after a colon: to the end of the sentence, split on ；, or on 、 / commas."""
    flat = para.flat
    end = min(para.sentence_end(start), para.next_consumed(start))
    first = None
    if flat.find("；", start, end) >= 0 or flat.find(";", start, end) >= 0:
        semicolons = _SEPARATORS["；;"].finditer(flat, start, end)
        first = next(semicolons, None)
    if first is not None:
        # Clause-level items. Read lazily: a new lead-in after a ；takes over from there.
        para.add(start, first.start())
        begin = first.end()
        while True:
            separator = next(semicolons, None)
            stop = separator.start() if separator else end
            if _TRIGGER.match(flat, _skip_space(flat, begin, stop)):
                return begin
            para.add(begin, stop)
            if separator is None:
                return end
            begin = separator.end()
    if chinese or _CJK.search(flat, start, min(end, start + _LIST_SCAN)):
        # Each comma is bare or glue; any bare one means a prose list, split only at glue.
        bare = False
        last = start
        parts: list[tuple[int, int]] = []
        for comma in _COMMAS.finditer(flat, start, end):
            at = comma.start()
            if para.bare_comma(at):
                bare = True
            else:
                parts.append((last, at))
                last = at + 1
        parts.append((last, end))
        for s, e in parts:
            if bare:
                para.add(s, e)
            else:
                _add_enumerated(para, s, e, always=True)
    else:
        _english_items(para, start, end, cut_at_comma=False)
    return end


def _inline(para: _Paragraph, start: int, chinese: bool) -> int:
    """An object after a lead-in: to the clause end, following "，以及" / ", and" glue.

    Returns where the object ended, so lead-ins after it in the same clause are
    still seen; every scan here stops at that point (or `_LIST_SCAN` characters),
    which keeps a paragraph of repeated lead-ins linear.
    """
    flat = para.flat
    end = min(para.chunk_end(start), para.next_consumed(start))
    if flat[start:start + 1] in _COLONS:
        return start
    if chinese or _CJK.search(flat, start, min(end, start + _LIST_SCAN)):
        # The object ends at the first bare comma; the commas before it are glue.
        glue: list[int] = []
        for comma in _COMMAS.finditer(flat, start, end):
            at = comma.start()
            if para.bare_comma(at):
                end = at
                break
            glue.append(at)
        end = _inline_end(flat, start + 1, end)
        last = start
        for at in glue:
            if at >= end:
                break
            _add_enumerated(para, last, at, always=False)
            last = at + 1
        _add_enumerated(para, last, end, always=False)
        return end
    end = _inline_end(flat, start + 1, min(end, start + _LIST_SCAN))
    return _english_items(para, start, end, cut_at_comma=True)


def _inline_end(flat: str, start: int, end: int) -> int:
    """The first of "：", ":" or "—" in [start, end) (`_INLINE_END`), else `end`."""
    stop = _INLINE_END.search(flat, start, end)
    return stop.start() if stop else end


def _add_enumerated(para: _Paragraph, start: int, end: int, *, always: bool) -> None:
    """Split a Chinese run at 、 (and a bare 以及) when it is a list, else keep it whole."""
    flat = para.flat
    if flat.find("、", start, end) >= 0:
        segments = _split_at(flat, start, end, "、")
        if always or _uniform(flat, segments):
            last_start, last_end = segments[-1]
            tail = _split_word(flat, last_start, last_end, "以及")
            for s, e in segments[:-1] + (tail if _uniform(flat, tail) else [segments[-1]]):
                para.add(s, e)
            return
    if flat.find("以及", start, end) >= 0:
        pieces = _split_word(flat, start, end, "以及")
        if len(pieces) > 1 and _uniform(flat, pieces):
            for s, e in pieces:
                para.add(s, e)
            return
    para.add(start, end)


def _uniform(flat: str, segments: list[tuple[int, int]]) -> bool:
    """All segments are complete "…的 X" phrases, or none is: then they are list items."""
    with_de = 0
    for s, e in segments:
        if flat.find("的", s, e) >= 0:
            with_de += 1
    return with_de == 0 or with_de == len(segments)


def _english_items(para: _Paragraph, start: int, end: int, *, cut_at_comma: bool) -> int:
    """English lists: "A; B", "A, B and C", or "X and how Y"; a stray comma ends an object.

    Returns where the items ended.
    """
    flat = para.flat
    parts = _split_at(flat, start, end, ";")
    if len(parts) > 1:
        for s, e in parts:
            para.add(s, e)
        return end
    segments = _split_at(flat, start, end, ",，")
    if len(segments) >= 2:
        last_s, last_e = segments[-1]
        tail_at = _skip_space(flat, last_s, last_e)
        joined = _AND_SPLIT.search(flat, last_s, last_e)
        if _AND_START.match(flat, tail_at, last_e) or joined:
            for s, e in segments[:-1]:
                para.add(s, e)
            if joined and joined.start() > tail_at:
                para.add(last_s, joined.start())
                para.add(joined.end(), last_e)
            else:
                para.add(last_s, last_e)
            return end
        if not cut_at_comma:
            para.add(start, end)
            return end
        start, end = segments[0]
    for s, e in _and_split(para, start, end):
        para.add(s, e)
    return end


def _and_split(para: _Paragraph, start: int, end: int) -> list[tuple[int, int]]:
    """Split "X and Y" only when Y starts a new noun phrase and no "between/both" pairs them."""
    flat = para.flat
    pieces: list[tuple[int, int]] = []
    last = start
    for match in _AND_SPLIT.finditer(flat, start, end):
        if _AND_BLOCKERS.search(flat, last, match.start()):
            continue
        if not _AND_RIGHT.match(para.text, match.end(), end):
            continue
        pieces.append((last, match.start()))
        last = match.end()
    pieces.append((last, end))
    return pieces


def _split_at(flat: str, start: int, end: int, separators: str) -> list[tuple[int, int]]:
    pieces: list[tuple[int, int]] = []
    last = start
    for match in _SEPARATORS[separators].finditer(flat, start, end):
        pieces.append((last, match.start()))
        last = match.end()
    pieces.append((last, end))
    return pieces


def _split_word(flat: str, start: int, end: int, word: str) -> list[tuple[int, int]]:
    pieces: list[tuple[int, int]] = []
    last = start
    at = flat.find(word, start, end)
    while at >= 0:
        if at > last:
            pieces.append((last, at))
        last = at + len(word)
        at = flat.find(word, last, end)
    pieces.append((last, end))
    return pieces


def _skip_space(flat: str, start: int, end: int) -> int:
    while start < end and flat[start] in " \t\r\n\u3000\u00a0":
        start += 1
    return start


def _trailing_subject(para: _Paragraph, trigger_start: int) -> None:
    """ "X 也值得参考。" / "X is worth studying.": the subject X is the point."""
    flat = para.flat
    if flat[trigger_start] in _ASCII_ALNUM:
        verb = _TRAIL_VERB.search(flat, max(0, trigger_start - 24), trigger_start)
        if verb is None:
            return
        end = verb.start()
    else:
        adverbs = _SUBJECT_ADVERBS.search(flat, max(0, trigger_start - 4), trigger_start)
        end = adverbs.start() if adverbs else trigger_start
    start = max(para.clause_start(end), para.consumed_before(end))
    lead = _LEAD.match(flat, start, end)
    if lead:
        start = lead.end()
    if end - start < 3 or _PRONOUN_SUBJECT.fullmatch(flat, start, end):
        return
    para.add(start, end)


def extract_focus_points(text: str, code: str | None = None) -> tuple[str, ...]:
    """The paragraph's focus points in reading order, verbatim and deduplicated.

    `code` is ``fold(mask_code_spans(text))``, for callers that already have it.
    """
    if code is None:
        code = fold(mask_code_spans(text))
    para = _Paragraph(text, code)
    english, ordinals = _english_words(code)
    _enumerations(para, ordinals)
    _lead_ins(para, english)
    points = para.points
    if len(points) < 2:
        return (points[0][1],) if points else ()
    points.sort(key=itemgetter(0))
    return tuple(dict.fromkeys([point for _, point in points]))
