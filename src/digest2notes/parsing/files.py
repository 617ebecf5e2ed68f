"""Which files to read, and their text: paths expanded, bytes decoded, problems reported.

Reading is lenient about bytes (a BOM, CRLF) but never guesses an encoding: a digest
in another encoding would be silently mangled, so it is reported with its line.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence

from ..errors import InputError

__all__ = ["DIGEST_SUFFIXES", "STDIN", "STDIN_NAME", "decode", "expand", "read_bytes"]

STDIN = "-"
STDIN_NAME = "<stdin>"
DIGEST_SUFFIXES = (".txt", ".md", ".markdown")


def expand(paths: Sequence[str], errors: list[InputError]) -> Iterator[str]:
    """Files in a stable order: as given, directories walked recursively and sorted, each
    file once; problems with a path go to `errors` and the others are still read."""
    seen: set[str] = set()
    for raw in paths:
        if raw == STDIN:
            yield STDIN
            continue
        if os.path.isdir(raw):
            found = sorted(_walk(raw))
            if not found:
                errors.append(
                    InputError(raw, None, "no digest files (*.txt, *.md) in this directory")
                )
            candidates: Iterable[str] = found
        elif os.path.isfile(raw):
            candidates = [raw]
        elif os.path.exists(raw):
            errors.append(InputError(raw, None, "not a regular file or directory"))
            continue
        else:
            errors.append(InputError(raw, None, "no such file or directory"))
            continue
        for candidate in candidates:
            key = os.path.abspath(candidate)
            if key not in seen:
                seen.add(key)
                yield candidate


def _walk(top: str) -> Iterator[str]:
    """Digest files under `top`, skipping hidden files and folders (.git, .obsidian, ...)."""
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.lower().endswith(DIGEST_SUFFIXES):
                yield os.path.join(folder, name)


def read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        raise InputError(path, None, f"cannot read: {error.strerror or error}") from None


def decode(data: bytes, shown: str) -> str:
    """UTF-8 (BOM optional) only, with the line of the first bad byte."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(shown, line, "binary data (NUL byte): not a text digest")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(shown, line, "not valid UTF-8 text") from None
