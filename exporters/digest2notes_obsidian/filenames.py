"""Note file names: readable, and valid on every system a vault syncs to.

A vault lives on Windows, macOS, Linux and Android at once (Obsidian Sync,
iCloud, Syncthing), so a name must satisfy all of them, and also survive inside
``[[links]]``, where ``# ^ [ ] |`` mean something. Names keep the headline's
own script (CJK included) rather than transliterating it; anything unsafe
becomes a space, except the ``#`` of a number, which is dropped so that
``Fix the parser (#50001)`` stays ``Fix the parser (50001)``. A clash gets a
suffix derived from the entry id, never a counter, so the same entry gets the
same name on every run and machine.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME_BYTES = 200
NOTE_SUFFIX = ".md"
UNTITLED = "Untitled"

# Unsafe on some file system (Windows / FAT / exFAT / macOS) or inside an Obsidian link.
_UNSAFE = re.compile(r'[/\\:*?"<>|#^\[\]]')
_NUMBER_SIGN = re.compile(r"#(?=\d)")
# Zero-width (non-)joiners are format characters some scripts and emoji sequences need.
_JOINERS = "\u200c\u200d"
_WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL"}
    | {f"{stem}{digit}" for stem in ("COM", "LPT") for digit in "0123456789¹²³"}
)


def sanitise(title: str) -> str:
    """A file stem (no extension) for `title`; never empty, at most the byte budget."""
    text = unicodedata.normalize("NFC", title)
    if not text.isprintable():  # printable characters all stay (`_safe_char`)
        text = "".join(map(_safe_char, text))
    text = _NUMBER_SIGN.sub("", text)
    text = " ".join(_UNSAFE.sub(" ", text).split())
    return fit(_trim(text), "")


def _safe_char(char: str) -> str:
    """Control and format characters go: they are invisible, or reorder what is shown
    (a right-to-left override can make ``evil.exe.md`` display as something else)."""
    if char.isprintable() or char.isspace():
        return " " if unicodedata.category(char) == "Cc" else char
    category = unicodedata.category(char)
    if category == "Cc":
        return " "
    if category == "Cf" and char in _JOINERS:
        return char
    return ""


def _trim(text: str) -> str:
    """No leading dot (hidden file), no trailing dot or space (dropped by Windows), and
    no Windows device name before the first dot."""
    previous = None
    while text != previous:
        previous = text
        text = text.strip(" ").lstrip(".").rstrip(".")
    head, dot, tail = text.partition(".")
    if head.rstrip(" ").upper() in _WINDOWS_RESERVED:
        text = f"{head}_{dot}{tail}"
    return text


def fit(stem: str, suffix: str) -> str:
    """`stem` + `suffix` cut, on a character boundary, to fit the byte budget with ``.md``."""
    budget = MAX_NAME_BYTES - len(NOTE_SUFFIX.encode()) - len(suffix.encode())
    encoded = stem.encode("utf-8")
    if len(encoded) > budget:
        stem = encoded[:budget].decode("utf-8", errors="ignore")
        # Do not leave a dangling combining mark or joiner, nor a trailing dot or space.
        while stem and (unicodedata.combining(stem[-1]) or stem[-1] == "\u200d"):
            stem = stem[:-1]
        stem = _trim(stem)
    return (stem or UNTITLED) + suffix


def with_suffix(stem: str, tag: str) -> str:
    """The stem with a distinguishing ``(tag)`` suffix, still within the budget."""
    return fit(stem, f" ({tag})")


def name_key(name: str) -> str:
    """The key under which two names are the same file on a case-insensitive or NFD system."""
    return unicodedata.normalize("NFC", name).casefold()
