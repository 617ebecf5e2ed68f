"""Finding the lexicon's cues in a paragraph: one pass of one trie-shaped pattern.

The pattern is built on first use (importing costs nothing) from every word of
`lexicon.table`, as a trie of literals so that matching stays linear in the paragraph;
at each position the longest word wins, so a stop word hides the cue inside it. The
config file's phrases get a small pattern of their own, and win over the built-in
cues they overlap.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from .lexicon import BUDGET, NULL, PROCESS, key_of, table

__all__ = ["Scan", "extra_key", "scan", "trie_regex", "with_time_words"]


@dataclass(frozen=True, slots=True)
class Scan:
    """Every cue in a paragraph, in order: parallel lists (one entry per cue)."""

    starts: list[int]
    ends: list[int]
    flags: list[int]
    words: list[str]
    #: Every class found anywhere in the paragraph: lets rules skip what cannot apply.
    present: int = 0

    def between(self, start: int, end: int) -> range:
        """Indices of the cues that start in [start, end)."""
        starts = self.starts
        return range(bisect_left(starts, start), bisect_left(starts, end))

    def any(self, flag: int, start: int, end: int) -> bool:
        if not self.present & flag:
            return False  # not in the paragraph at all: no need to look
        flags = self.flags
        return any(flags[i] & flag for i in self.between(start, end))

    def first(self, flag: int, start: int, end: int) -> int:
        """The index of the first cue with `flag` that starts in [start, end), or -1."""
        if not self.present & flag:
            return -1
        flags = self.flags
        for index in self.between(start, end):
            if flags[index] & flag:
                return index
        return -1


_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_'")
_Trie = dict[str, "_Trie"]


def trie_regex(phrases: Iterable[str], fan_out: int = 0) -> str:
    """A regex source matching any of `phrases` (lowercase) at a position, longest first.

    Every alternative starts with a literal, so the engine skips positions that cannot
    start a phrase with a character-set test. ASCII words get word boundaries: the leading
    one is a lookbehind placed after the first character (keeping the literal first), the
    trailing one refuses a following letter, digit or "-letter" ("skip" is not in
    "skipped", "should_skip" or "skip-list"). A space matches any run of whitespace.
    """
    root: _Trie = {}
    for phrase in phrases:
        node = root
        for ch in phrase:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: _Trie, last: str) -> str:
        branches = []
        for ch in sorted(k for k in node if k):
            head = r"\s+" if ch == " " else re.escape(ch)
            branches.append(head + emit(node[ch], ch))
        stop = ""
        if "" in node:
            stop = r"(?![a-z0-9_]|-[a-z])" if last in _ASCII_WORD else ""
        if not branches:
            return stop
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" in node:
            return f"(?:{body}|{stop})" if stop else f"(?:{body})?"
        return body

    alternatives = []
    for ch in sorted(k for k in root if k and not k.isspace()):
        head = re.escape(ch)
        guard = rf"(?<![a-z0-9_\-]{head})" if ch in _ASCII_WORD else ""
        alternatives.append((ch, head + guard + emit(root[ch], ch)))
    if not alternatives:
        return r"(?!)"
    tree = _dispatch(alternatives, fan_out or len(alternatives))
    if all(ch in _ASCII_WORD for ch, _ in alternatives):
        # English words only: refuse a position inside a word before trying any of them.
        return r"(?<![a-z0-9_\-])" + tree
    return tree


def _dispatch(alternatives: list[tuple[str, str]], fan_out: int) -> str:
    """The alternatives (first character, pattern) as a tree of lookaheads on their first
    characters: the engine tries alternatives one after the other, so a few hundred of
    them cost a few hundred tests at every candidate position, while a tree costs a few
    character-set tests and a dozen alternatives."""
    firsts = "".join(re.escape(ch) for ch, _ in alternatives)
    if len(alternatives) <= fan_out:
        body = "|".join(pattern for _, pattern in alternatives)
    else:
        size = -(-len(alternatives) // fan_out)
        groups = [alternatives[i : i + size] for i in range(0, len(alternatives), size)]
        body = "|".join(_dispatch(group, fan_out) for group in groups)
    return f"(?=[{firsts}])(?:{body})"


# Words that only say how long something takes, or that time is given to reading, matter
# only beside a duration (`minutes`), which most paragraphs do not hold: they are looked
# for only there (`with_time_words`), so every other paragraph is scanned for fewer cues.
_TIME = PROCESS | BUDGET


@cache
def _word_sets() -> tuple[frozenset[str], frozenset[str]]:
    """(the words of every scan, the words only a paragraph with a duration needs)."""
    words = table()
    time_only = frozenset(w for w, bits in words.items() if bits & _TIME and not bits & ~_TIME)
    return frozenset(words) - time_only, time_only


def _trie_pattern(words: Iterable[str]) -> re.Pattern[str]:
    """One pattern, two tries: words that start with a Chinese (or other non-ASCII)
    character, as a tree of lookaheads on their hundreds of first characters (see
    `_dispatch`), then English words, refused inside a word before any is tried."""
    words = set(words)
    ascii_words = {w for w in words if w[:1].isascii()}
    chinese = trie_regex(words - ascii_words, fan_out=4)
    if not ascii_words:
        return re.compile(chinese)
    # Every first character in one set: most positions are refused by this one test.
    firsts = "".join(sorted({re.escape(w[0]) for w in words if w}))
    return re.compile(f"(?=[{firsts}])(?:{chinese}|{trie_regex(ascii_words)})")


@cache
def _matcher() -> re.Pattern[str]:
    return _trie_pattern(_word_sets()[0])


@lru_cache(maxsize=64)
def _extra_matcher(extra: frozenset[str]) -> re.Pattern[str]:
    """The config file's phrases: a small pattern of their own, built once per set."""
    return _trie_pattern(extra)


@cache
def _time_matcher() -> re.Pattern[str]:
    return _trie_pattern(_word_sets()[1])


def scan(norm: str, extra: frozenset[str] = frozenset()) -> Scan:
    """The cues in `norm` (a `text.normalise`d paragraph), longest word at each position.

    `extra` are further words to find (the config file's phrases, normalised by `_key`);
    they come back with no cue class (flags 0) for the caller to interpret.
    """
    hits = [(m.start(), m.group()) for m in _matcher().finditer(norm)]
    if extra:
        own = [(m.start(), m.group()) for m in _extra_matcher(extra).finditer(norm)]
        if own:  # a config phrase wins over the built-in cues it overlaps
            spans = [(start, start + len(word)) for start, word in own]
            hits = sorted(own + [
                (start, word) for start, word in hits
                if not any(a < start + len(word) and start < b for a, b in spans)
            ])
    return _scan_of(hits, extra)


def with_time_words(norm: str, base: Scan, windows: Iterable[tuple[int, int]]) -> Scan:
    """`base` (the `scan` of `norm`) with the words of durations (see `_TIME`) found in
    the `windows` of `norm` added. Few are found, so they are slotted in where they go."""
    matcher = _time_matcher()
    found: dict[int, str] = {}
    for start, end in windows:
        for match in matcher.finditer(norm, start, end):
            found[match.start()] = match.group()
    if not found:
        return base
    words = table()
    starts, ends = list(base.starts), list(base.ends)
    flags, keys = list(base.flags), list(base.words)
    present = base.present
    for start, word in sorted(found.items()):
        end = start + len(word)
        at = bisect_left(starts, start)
        if at and ends[at - 1] > start:
            continue  # inside a word the main scan found earlier: that one stands
        if at < len(starts) and starts[at] < end:
            if starts[at] == start and ends[at] >= end:
                continue  # the same place, and the main scan's word is as long
            # The longest word from the leftmost position, as one trie would take it:
            # "give it" over the "it" inside it.
            stop = at
            while stop < len(starts) and starts[stop] < end:
                stop += 1
            del starts[at:stop], ends[at:stop], flags[at:stop], keys[at:stop]
        key = key_of(word)
        bits = words.get(key, 0)
        starts.insert(at, start)
        ends.insert(at, end)
        flags.insert(at, bits)
        keys.insert(at, key)
        present |= bits
    return Scan(starts, ends, flags, keys, present)


def _scan_of(hits: list[tuple[int, str]], extra: frozenset[str]) -> Scan:
    words = table()
    get = words.get
    flags = [get(word, -1) for _, word in hits]
    ends = [start + len(word) for start, word in hits]
    if extra or -1 in flags:  # a config phrase, or a phrase over a line break
        keys = [key_of(word) for _, word in hits]
        flags = [0 if key in extra else get(key, 0) for key in keys]
        hits = [(start, key) for (start, _), key in zip(hits, keys, strict=True)]
    present = 0
    for bits in flags:
        present |= bits
    if present & NULL:  # stop words found: they only hide the cues inside them
        keep = [k for k, bits in enumerate(flags) if not bits & NULL]
        hits = [hits[k] for k in keep]
        flags = [flags[k] for k in keep]
        ends = [ends[k] for k in keep]
        present = 0
        for bits in flags:
            present |= bits
    starts = [start for start, _ in hits]
    found = [word for _, word in hits]
    return Scan(starts, ends, flags, found, present)


def extra_key(phrase: str) -> str:
    """How a config phrase is matched: lowercase, runs of whitespace as one space."""
    from .text import normalise

    return key_of(normalise(phrase))
