"""Note file names: readable, and valid on every system a vault syncs to.

A vault lives on Windows, macOS, Linux and Android at once (Obsidian Sync,
iCloud, Syncthing), so a name must satisfy all of them, and also survive inside
``[[links]]``, where ``# ^ [ ] |`` mean something. Names keep the headline's
own script (CJK included) rather than transliterating it; anything unsafe
becomes a space. A clash gets a suffix derived from the entry id, never a
counter, so the same entry gets the same name on every run and machine.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME_BYTES = 200
NOTE_SUFFIX = ".md"
UNTITLED = "Untitled"

# Unsafe on some file system (Windows / FAT / exFAT / macOS) or inside an Obsidian link.
_UNSAFE = re.compile(r'[/\\:*?"<>|#^\[\]]')
# Zero-width (non-)joiners are format characters some scripts and emoji sequences need.
_JOINERS = "\u200c\u200d"
_WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL"}
    | {f"{stem}{digit}" for stem in ("COM", "LPT") for digit in "0123456789¹²³"}
)


def sanitise(title: str) -> str:
    """A file stem (no extension) for `title`; never empty, at most the byte budget."""
    text = unicodedata.normalize("NFC", title)
    if not text.isprintable():  # control, format or unusual space characters: look closer
        text = "".join(_safe_char(char) for char in text)
    # Unsafe characters become spaces, and runs of whitespace one space: as
    # ``re.sub(r"\s+", " ", …)`` would, at a third of the cost, and without the space
    # that would be left at either end (which `_trim` removes anyway).
    text = " ".join(_UNSAFE.sub(" ", text).split())
    text = _trim(text)
    if not text:
        return UNTITLED
    if len(text) <= _ALWAYS_FITS or len(text.encode("utf-8")) <= _STEM_BUDGET:
        return text
    return fit(text, "")


def _safe_char(char: str) -> str:
    """Control and format characters go: they are invisible, or reorder what is shown
    (a right-to-left override can make ``evil.exe.md`` display as something else)."""
    category = unicodedata.category(char)
    if category == "Cc":
        return " "
    if category in ("Cs", "Co", "Cn") or (category == "Cf" and char not in _JOINERS):
        return ""
    return char


def _trim(text: str) -> str:
    """No leading dot (hidden file), no trailing dot or space (dropped by Windows)."""
    if text[:1] in _EDGES or text[-1:] in _EDGES:  # the usual headline has neither: skip
        previous = None
        while text != previous:
            previous = text
            text = text.strip(" ").lstrip(".").rstrip(".")
    # The usual headline: the part before its first dot, its trailing spaces stripped,
    # is longer than any reserved name (a character past that length is not a space).
    dot = text.find(".")
    after = text[_LONGEST_RESERVED : _LONGEST_RESERVED + 1]
    if (dot < 0 or dot > _LONGEST_RESERVED) and after not in (" ", ""):
        return text
    head, dot_, tail = text.partition(".")
    stem = head.rstrip(" ") if head[-1:] == " " else head
    if len(stem) <= _LONGEST_RESERVED and stem.upper() in _WINDOWS_RESERVED:
        text = f"{head}_{dot_}{tail}"
    return text


_EDGES = frozenset(" .")  # what `_trim` removes at either end
_STEM_BUDGET = MAX_NAME_BYTES - len(NOTE_SUFFIX.encode())  # a stem without a suffix
_ALWAYS_FITS = _STEM_BUDGET // 4  # characters: UTF-8 takes at most 4 bytes for one
_LONGEST_RESERVED = max(map(len, _WINDOWS_RESERVED))  # a longer stem is no reserved name


def fit(stem: str, suffix: str) -> str:
    """`stem` + `suffix` cut, on a character boundary, to fit the byte budget with ``.md``."""
    budget = MAX_NAME_BYTES - len(NOTE_SUFFIX.encode()) - len(suffix.encode())
    encoded = stem.encode("utf-8")
    if len(encoded) > budget:
        stem = encoded[:budget].decode("utf-8", errors="ignore")
        # Do not leave a dangling combining mark or joiner, nor a trailing dot or space.
        while stem and (unicodedata.combining(stem[-1]) or stem[-1] == "\u200d"):
            stem = stem[:-1]
        stem = _trim(stem) or UNTITLED
    return stem + suffix


def with_suffix(stem: str, tag: str) -> str:
    """The stem with a distinguishing ``(tag)`` suffix, still within the budget."""
    return fit(stem, f" ({tag})")


def name_key(name: str) -> str:
    """The key under which two names are the same file on a case-insensitive or NFD system."""
    return unicodedata.normalize("NFC", name).casefold()
