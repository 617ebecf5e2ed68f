"""Finding the lexicon's cues in a paragraph: one pass, the longest word at each position.

The matcher is built on first use (importing costs nothing) from every word of
`lexicon.table`, as a dict of their prefixes rather than a compiled pattern, so that a
fresh process reading one digest pays for its text and not for the lexicon (see
`_Matcher`). At each position the longest word wins, so a stop word hides the cue
inside it. The config file's phrases get a matcher of their own, and win over the
built-in cues they overlap.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from .lexicon import BUDGET, NULL, PROCESS, key_of, table

__all__ = ["Scan", "extra_key", "scan", "with_time_words"]


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
        return self.first(flag, start, end) >= 0

    def first(self, flag: int, start: int, end: int) -> int:
        """The index of the first cue with `flag` that starts in [start, end), or -1."""
        if not self.present & flag:
            return -1  # not in the paragraph at all: no need to look
        flags, starts = self.flags, self.starts
        for index in range(bisect_left(starts, start), bisect_left(starts, end)):
            if flags[index] & flag:
                return index
        return -1


_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_'")
# Words that only say how long something takes, or that time is given to reading, matter
# only beside a duration (`minutes`), which most paragraphs do not hold: they are looked
# for only there (`with_time_words`), so every other paragraph is scanned for fewer cues.
_TIME = PROCESS | BUDGET


@cache
def _word_sets() -> tuple[frozenset[str], frozenset[str]]:
    """(the words of every scan, the words only a paragraph with a duration needs, with
    the stop words, which hide a time word inside them: "用" in "使用者" is no budget)."""
    words = table()
    time_only = frozenset(w for w, bits in words.items() if bits & _TIME and not bits & ~_TIME)
    stop = frozenset(w for w, bits in words.items() if bits & NULL)
    return frozenset(words) - time_only, time_only | stop


_FOLLOWS_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_ODD_SPACE = re.compile(r"[^\S ]")  # with two spaces, what makes a run to squeeze
_SPACES = re.compile(r"\s+")


# What a prefix of the words is, in `_Matcher._prefixes`.
_PART, _WORD, _ENGLISH_WORD = 0, 1, 2


class _Matcher:
    """Finds words of a set in a text: at each position the longest word, hits never
    overlapping (what a trie-shaped regex of them all would find with `finditer`).

    No pattern of the words is compiled: one of the whole lexicon costs a fresh process
    more to compile than a day's digest costs to read. One character set of their first
    characters finds where a word may start; from there the text is extended a character
    at a time while it is a prefix of some word (a dict of every prefix), keeping the
    longest that is a word. So matching costs what the text holds, and building costs a
    pass over the words. An English word starts after no letter, digit, "_" or "-" and
    ends before none of them (nor "-letter": "skip" is not in "skipped", "should_skip"
    or "skip-list"); a space in a word matches any run of whitespace (the text is looked
    at with its runs squeezed to one space).
    """

    __slots__ = ("_prefixes", "_starts")

    def __init__(self, words: Iterable[str]) -> None:
        prefixes: dict[str, int] = {}
        for word in words:
            if not word or word[0].isspace():
                continue
            # Every prefix of a word already known is known too: stop at the first.
            for size in range(len(word) - 1, 0, -1):
                prefix = word[:size]
                if prefix in prefixes:
                    break
                prefixes[prefix] = _PART
            prefixes[word] = _ENGLISH_WORD if word[-1] in _ASCII_WORD else _WORD
        self._prefixes = prefixes
        firsts = {w for w in prefixes if len(w) == 1}
        english = "".join(sorted(re.escape(ch) for ch in firsts if ch in _ASCII_WORD))
        other = "".join(sorted(re.escape(ch) for ch in firsts if ch not in _ASCII_WORD))
        starts = [f"[{other}]"] if other else []
        if english:
            # The lookbehind after the character (it looks at the one before it too): each
            # branch then opens with its character set, which fails fast, rather than a
            # lookbehind tried at every position. (One set of both would cost a fresh
            # process more to compile than it saves.)
            starts.append(rf"[{english}](?<![a-z0-9_\-].)")
        self._starts = re.compile("|".join(starts) or r"(?!)")

    def hits(
        self, text: str, windows: Iterable[tuple[int, int]] | None = None
    ) -> list[tuple[int, str]]:
        """(position, word as written) of every word found in `text`, in order; or in each
        of the (start, end) `windows`, one after the other, seeing nothing past `end` (as
        a pattern's `finditer(text, start, end)` would)."""
        view = _Squeezed(text)
        flat = view.text
        squeezed = flat is not text
        get = self._prefixes.get
        found: list[tuple[int, str]] = []
        for start, end in [(0, len(text))] if windows is None else windows:
            limit = view.inward(min(end, len(text)))  # a window may reach past the text
            after = 0  # the end of the last hit: no word starts inside one
            for candidate in self._starts.finditer(flat, view.inward(start), limit):
                at = candidate.start()
                if at < after:
                    continue
                kind = get(flat[at])  # a first character: always a prefix
                size = 1 if kind and (kind == _WORD or _word_ends(flat, at + 1, limit)) else 0
                stop = at + 2
                while stop <= limit and (kind := get(flat[at:stop])) is not None:
                    if kind and (kind == _WORD or _word_ends(flat, stop, limit)):
                        size = stop - at
                    stop += 1
                if size:
                    after = at + size
                    if squeezed:
                        first, last = view.outward(at), view.outward(after - 1) + 1
                        found.append((first, text[first:last]))
                    else:
                        found.append((at, text[at:after]))
        return found


def _word_ends(text: str, end: int, limit: int) -> bool:
    """Whether a word that ends at `end` ends there (an English one not inside a word),
    seeing nothing past `limit`."""
    if end == limit or text[end - 1] not in _ASCII_WORD:
        return True
    follow = text[end]
    if follow in _FOLLOWS_WORD:
        return False
    return not (follow == "-" and end + 1 < limit and text[end + 1] in _LETTERS)


class _Squeezed:
    """A text with every run of whitespace as one space, and the way back to its
    positions; most paragraphs have no such run, and are their own view."""

    __slots__ = ("_ends", "_removed", "_spaces", "_starts", "text")

    def __init__(self, text: str) -> None:
        # Of every run: where it starts and ends in the text, where its space is in the
        # view, and how many characters were removed up to its end.
        self._starts: list[int] = []
        self._ends: list[int] = []
        self._spaces: list[int] = []
        self._removed: list[int] = []
        if "  " not in text and _ODD_SPACE.search(text) is None:
            self.text = text
            return
        removed = 0
        for run in _SPACES.finditer(text):
            self._starts.append(run.start())
            self._ends.append(run.end())
            self._spaces.append(run.start() - removed)
            removed += run.end() - run.start() - 1
            self._removed.append(removed)
        self.text = _SPACES.sub(" ", text)

    def inward(self, position: int) -> int:
        """The position in the view of a position in the text (in a run: its space)."""
        index = bisect_right(self._starts, position) - 1
        if index < 0:
            return position
        if position < self._ends[index]:
            return self._spaces[index]
        return position - self._removed[index]

    def outward(self, position: int) -> int:
        """The position in the text of a position in the view that is not a space."""
        index = bisect_left(self._spaces, position)
        return position + self._removed[index - 1] if index else position


@cache
def _matcher() -> _Matcher:
    return _Matcher(_word_sets()[0])


@lru_cache(maxsize=64)
def _extra_matcher(extra: frozenset[str]) -> _Matcher:
    """The config file's phrases: a matcher of their own, built once per set."""
    return _Matcher(extra)


@cache
def _time_matcher() -> _Matcher:
    return _Matcher(_word_sets()[1])


def scan(norm: str, extra: frozenset[str] = frozenset()) -> Scan:
    """The cues in `norm` (a `text.normalise`d paragraph), longest word at each position.

    `extra` are further words to find (the config file's phrases, normalised by `_key`);
    they come back with no cue class (flags 0) for the caller to interpret.
    """
    hits = _matcher().hits(norm)
    if extra:
        own = _extra_matcher(extra).hits(norm)
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
    words = table()
    for at, word in matcher.hits(norm, windows):
        if not words.get(key_of(word), 0) & NULL:
            found[at] = word
    if not found:
        return base
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
