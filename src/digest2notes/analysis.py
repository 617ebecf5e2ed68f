"""Everything digest2notes understands from one entry's paragraph.

`analyse` combines the verdict (`verdicts`), the focus points (`focus`), the
reading-time estimate and the follow-up references. It is pure and never raises:
the reader calls it on whatever text a digest holds, and a paragraph we do not
understand is an UNKNOWN verdict with no points, not an error.

Reading time is read conservatively, because a wrong estimate misplans the
reader's study queue while a missing one only falls back to a default: a
duration counts only next to the verdict ("值得快速浏览（约 5 分钟）",
"Skim (about 5 minutes)"), in a clause about reading ("阅读约 10 分钟",
"~10 min read"), or as "5 分钟足够"; never in a clause about running, waiting or
timing out ("运行 5 分钟的压测", "timeout after 5 minutes").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .focus import extract_focus_points
from .model import Verdict
from .verdicts import VerdictHit, coerce_verdict, fold, locate_verdict, mask_code_spans

__all__ = [
    "Analysis",
    "analyse",
    "analyse_uncached",
    "clear_cache",
    "find_minutes",
    "find_references",
]


@dataclass(frozen=True)
class Analysis:
    """What one paragraph says: how to read the entry, for how long, what to study, what next."""

    verdict: Verdict
    verdict_text: str | None
    minutes: int | None
    focus_points: tuple[str, ...]
    references: tuple[str, ...]


_NUMBER = r"(?:\d{1,4}(?:\.\d{1,2})?|[一二两三四五六七八九十]{1,3}|半)"
# Units first (a literal-first search that skips most text fast), then the number
# and its qualifiers are read backwards from the unit with `_DURATION`, anchored at it.
_UNIT = re.compile(r"分钟|小时|钟头|minutes?|mins?|hours?|hrs?")
_DURATION = re.compile(
    # A match can only start with one of these characters (the first characters the three
    # alternatives allow; keep them in step): the lookahead lets the search skip every other
    # window position in one step instead of trying all three alternatives there.
    r"(?=[\d \t\u3000约大预估需花要用不一二两三四五六七八九十半ahlru~≈])"
    r"(?:(?P<zh>(?:(?:约|大约|大概|预计|估计)?(?:需要?|花费?|要|用)?|不到|不超过)[ \t\u3000]*"
    r"(?P<za>" + _NUMBER + r")"
    r"[ \t\u3000]*(?:(?:-|–|~|～|到|至)[ \t\u3000]*(?P<zb>" + _NUMBER + r")[ \t\u3000]*)?"
    r"个?[ \t\u3000]*(?P<zu>分钟|小时|钟头)\Z)"
    r"|(?P<en>(?<![\w.])(?:(?:about|around|approx\.?|approximately|roughly|under|less\s+than|~|≈)"
    r"\s*)?(?P<ea>\d{1,4}(?:\.\d{1,2})?)\s*(?:(?:-|–|to)\s*(?P<eb>\d{1,4}(?:\.\d{1,2})?)\s*)?"
    r"[-\s]?(?P<eu>minutes?|mins?|hours?|hrs?)\Z)"
    r"|(?P<phrase>(?<![a-z])(?:half\s+an\s+hour|an\s+hour)\Z))"
)
# `_NOT_READING` and `_READING` are only ever asked whether they occur in a clause. Every
# alternative starts with a literal (English words check the letter before them with a
# lookbehind placed after that literal), so the engine skips through a clause by first
# character instead of trying every alternative at every position.
_NOT_READING = re.compile(
    r"运行|跑|压测|测试|耗时|超时|等待|编译|构建|启动|延迟|训练|推理|重启|部署|执行|休眠|卡住|挂起|"
    r"重试|间隔|每隔|过期|"
    r"b(?<![a-z]b)(?:enchmarks?|ench|uilds?)(?![a-z])|"
    r"c(?<![a-z]c)(?:i|ompil\w*|ron|ooldown)(?![a-z])|"
    r"d(?<![a-z]d)eadline(?![a-z])|"
    r"e(?<![a-z]e)(?:very|xpir\w*)(?![a-z])|"
    r"h(?<![a-z]h)angs?(?![a-z])|"
    r"i(?<![a-z]i)nterval(?![a-z])|"
    r"j(?<![a-z]j)obs?(?![a-z])|"
    r"l(?<![a-z]l)atency(?![a-z])|"
    r"r(?<![a-z]r)(?:uns?|unning|an|etr\w*)(?![a-z])|"
    r"s(?<![a-z]s)(?:tartup|leeps?|talls?)(?![a-z])|"
    r"t(?<![a-z]t)(?:imeouts?|imed?\s+out|ook|akes|ests?|tl)(?![a-z])|"
    r"w(?<![a-z]w)(?:ait(?:s|ing|ed)?|arm-?up)(?![a-z])"
)
_READING = re.compile(
    r"阅读|读完|读懂|读(?<![只解判研]读)(?![取写])|浏览|看完|看一遍|看一眼|过一遍|扫一眼|精读|略读|细读|"
    r"速读|"
    r"r(?<![a-z]r)ead(?:ing)?(?![a-z])|s(?<![a-z]s)kim\w*(?![a-z])|g(?<![a-z]g)lance(?![a-z])|"
    r"b(?<![a-z]b)rowse(?![a-z])|l(?<![a-z]l)ook(?![a-z])"
)
_ENOUGH = re.compile(
    r"[ \t\u3000]*(?:左右)?(?:足够|即可|就够|够了|读完|看完|搞定|"
    r"(?:is\s+)?enough|will\s+do|suffices|tops)"
)
_AFTER_VERDICT_GAP = re.compile(r"[\s（(\[，,：:—–\-]*")
_BEFORE_VERDICT_GAP = re.compile(r"[\s）)\]，,：:—–\-]*的?")
# One search each way finds the clause around a duration (twenty `str.find` calls did).
_CLAUSE_BREAK = re.compile(r"[，,。；;！？!?：:\n]")
_LAST_CLAUSE_BREAK = re.compile(r".*[，,。；;！？!?：:\n]", re.DOTALL)
_WINDOW = 32
_ZH_NUMERALS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
                "九": 9}

_HASH_NUMBER = re.compile(r"#(\d{1,9})(?![A-Za-z0-9_])")
_PULL_URL = re.compile(r"https?://github\.com/([\w.-]+)/([\w.-]+)/(?:pull|issues)/(\d{1,9})")
_REPO = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*/[A-Za-z0-9_.\-]+")
_REPO_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-/")
_NOT_BEFORE_HASH = _REPO_CHARS | {"&", "#"}


def _number(token: str | None) -> float | None:
    """Arabic digits, "半" and Chinese numerals up to 99 ("十五", "二十")."""
    if not token:
        return None
    if token == "半":
        return 0.5
    if token[0].isdigit():
        try:
            return float(token)
        except ValueError:
            return None
    if "十" in token:
        tens, _, units = token.partition("十")
        if len(tens) > 1 or len(units) > 1:
            return None
        high = _ZH_NUMERALS.get(tens, 1 if not tens else 0)
        low = _ZH_NUMERALS.get(units, 0) if units else 0
        if (tens and not high) or (units and not low):
            return None
        return float(high * 10 + low)
    if len(token) == 1:
        value = _ZH_NUMERALS.get(token)
        return float(value) if value else None
    return None


def _duration(match: re.Match[str]) -> int | None:
    """Minutes in a duration match; a range gives its upper end, so a plan is never too short."""
    if match.group("phrase"):
        return 30 if match.group("phrase").lower().startswith("half") else 60
    if match.group("zh"):
        low, high, unit = match.group("za"), match.group("zb"), match.group("zu")
    else:
        low, high, unit = match.group("ea"), match.group("eb"), match.group("eu").lower()
    value = _number(high) if high else _number(low)
    if value is None:
        return None
    if unit in ("小时", "钟头") or unit.startswith("h"):
        value *= 60
    minutes = round(value)
    return minutes if 0 < minutes <= 24 * 60 else None


def _clause(low: str, start: int, end: int) -> str:
    """The clause around a duration, at most `_WINDOW` characters either side (so a paragraph
    of thousands of durations with no punctuation stays linear)."""
    floor, ceiling = max(0, start - _WINDOW), min(len(low), end + _WINDOW)
    last = _LAST_CLAUSE_BREAK.match(low, floor, start)
    right = _CLAUSE_BREAK.search(low, end, ceiling)
    return low[last.end() if last else floor : right.start() if right else ceiling]


def find_minutes(
    text: str, hit: VerdictHit | None = None, *, folded: str | None = None
) -> int | None:
    """The reading-time estimate in `text`, or None when it gives none (see module docs).

    `folded` is ``fold(mask_code_spans(text))``, for callers that already have it.
    """
    low = folded if folded is not None else fold(mask_code_spans(text))
    if (
        "钟" not in low and "小时" not in low and "min" not in low and "hour" not in low
        and "hr" not in low
    ):
        return None  # no `_UNIT` ("钟" covers 分钟 and 钟头): most paragraphs give no time
    for unit in _UNIT.finditer(low):
        end = unit.end()
        if end < len(low) and low[end].isalpha() and low[end].isascii():
            continue  # "minimal", "hourly"
        match = _DURATION.search(low, max(0, unit.start() - _WINDOW), end)
        if match is None:
            continue
        minutes = _duration(match)
        if minutes is None:
            continue
        start = match.start()
        clause = _clause(low, start, end)
        if _NOT_READING.search(clause):
            continue
        if hit is not None:
            after = _AFTER_VERDICT_GAP.match(low, hit.end, start)
            if start >= hit.end and after and after.end() == start and start - hit.end <= 6:
                return minutes
            before = _BEFORE_VERDICT_GAP.match(low, end, hit.start)
            if end <= hit.start and before and before.end() == hit.start and hit.start - end <= 4:
                return minutes
        if _READING.search(clause) or _ENOUGH.match(low, end):
            return minutes
    return None


def find_references(text: str, *, masked: str | None = None) -> tuple[str, ...]:
    """Pull requests and issues the paragraph points to ("#49013"), first mention first.

    Another repository's number keeps its owner ("owner/repo#12"), and a GitHub
    link becomes "owner/repo#12", so neither is mistaken for one of the digest's own.
    Code spans never count; neither do "&#123;" entities or "abc#1" fragments.
    """
    if masked is None:
        masked = mask_code_spans(text)
    links = "/" in masked and "github.com/" in masked
    if "#" not in masked and not links:
        return ()
    found: list[tuple[int, str]] = []
    for match in _HASH_NUMBER.finditer(masked):
        at = match.start()
        if at == 0 or masked[at - 1] not in _NOT_BEFORE_HASH:
            found.append((at, match.group()))  # "#123" on its own: the usual case
        else:
            ref = _hash_reference(masked, at, match.group(1))
            if ref is not None:
                found.append((at, ref))
    if links:
        for match in _PULL_URL.finditer(masked):
            found.append((match.start(), f"{match.group(1)}/{match.group(2)}#{match.group(3)}"))
        found.sort()
    if not found:
        return ()
    if len(found) == 1:
        return (found[0][1],)
    return tuple(dict.fromkeys([ref for _, ref in found]))


def _hash_reference(masked: str, at: int, number: str) -> str | None:
    if at == 0 or masked[at - 1] not in _NOT_BEFORE_HASH:
        return f"#{number}"
    if masked.startswith(("PR", "pr"), at - 2) and (at == 2 or not masked[at - 3].isalnum()):
        return f"#{number}"  # "PR#123"
    start = at
    floor = max(0, at - 100)
    while start > floor and masked[start - 1] in _REPO_CHARS:
        start -= 1
    if start and masked[start - 1] in _NOT_BEFORE_HASH:
        return None
    if _REPO.fullmatch(masked, start, at):
        return f"{masked[start:at]}#{number}"
    return None


def analyse(text: str, extra_phrases: Mapping[str, Verdict] | None = None) -> Analysis:
    """Verdict, reading time, focus points and references of one entry's paragraph.

    Pure and total: any string gives an `Analysis` (UNKNOWN and empty when
    nothing is recognised). Results are memoised per (text, extra phrases)
    because the same entry recurs in consecutive daily digests.
    """
    key = _extras_key(extra_phrases)
    return _analyse_cached(text, key)


def _extras_key(extra: Mapping[str, Verdict] | None) -> frozenset[tuple[str, Verdict]] | None:
    """A hashable form of the extra phrases; entries that are not phrase → verdict are dropped."""
    if not extra:
        return None
    items: set[tuple[str, Verdict]] = set()
    for phrase, verdict in extra.items():
        coerced = coerce_verdict(verdict)
        if isinstance(phrase, str) and phrase.strip() and coerced is not None:
            items.add((phrase, coerced))
    return frozenset(items) or None


@lru_cache(maxsize=8192)
def _analyse_cached(text: str, key: frozenset[tuple[str, Verdict]] | None) -> Analysis:
    return analyse_uncached(text, dict(key) if key else None)


def clear_cache() -> None:
    """Forget every memoised analysis (so a benchmark's repeated run is as cold as its first)."""
    _analyse_cached.cache_clear()


def analyse_uncached(text: str, extra_phrases: Mapping[str, Verdict] | None = None) -> Analysis:
    """`analyse` without the memo (benchmarks and property tests use it)."""
    masked = mask_code_spans(text)
    folded = fold(masked)
    hit = locate_verdict(text, extra_phrases, folded=folded)
    return Analysis(
        verdict=hit.verdict if hit else Verdict.UNKNOWN,
        verdict_text=hit.text if hit else None,
        minutes=find_minutes(text, hit, folded=folded),
        focus_points=extract_focus_points(text, folded),
        references=find_references(text, masked=masked),
    )
