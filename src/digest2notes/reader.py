"""From digest files to entries: decoding, the two layouts, and merging repeats.

Digests arrive daily and repeat yesterday's entries, so reading is lenient about
bytes (BOM, CRLF, stray full-width spaces) but strict about structure: a file we
cannot understand is reported with its path and line and skipped, and the other
files are still read.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from .analysis import analyse
from .errors import InputError
from .ids import entry_id
from .model import Entry, Source, Verdict
from .parallel import map_chunks

STDIN = "-"
STDIN_NAME = "<stdin>"
DIGEST_SUFFIXES = (".txt", ".md", ".markdown")

_REPO_LINE = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]*)/[A-Za-z0-9._-]+$")
_MD_REPO = re.compile(r"^#\s+(\S+/\S+?)\s*#*\s*$")
_MD_HEADLINE = re.compile(r"^##\s+(.*?)\s*$")
_MD_HEADING = re.compile(r"^#{1,6}\s")
_DATE_IN_NAME = re.compile(r"(?<!\d)(20\d{2})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?!\d)")
# Trailing whitespace that digests pick up from editors and chat tools, full-width included.
_TRAILING_SPACE = " \t\u3000\u00a0"


@dataclass
class ReadResult:
    """Everything one read produced: entries in first-seen order, and what went wrong."""

    entries: list[Entry] = field(default_factory=list)
    errors: list[InputError] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)


@dataclass(frozen=True)
class _RawEntry:
    repo: str
    title: str
    text: str
    line: int
    text_line: int


def read_digests(
    paths: Sequence[str],
    *,
    extra_phrases: Mapping[str, Verdict] | None = None,
    stdin_text: str | None = None,
    jobs: int | None = None,
) -> ReadResult:
    """Read every digest under `paths` (files, directories, or ``-``) into distinct entries.

    Problems in one file never stop the others: they are collected in `errors`
    (the CLI turns them into one-line messages and exit code 1). Many files are
    read and analysed in parallel (`parallel.map_chunks`, up to `jobs` processes);
    the result is the same as reading them one by one, in order.
    """
    result = ReadResult()
    files = list(_expand(paths, result.errors))
    if STDIN in files and stdin_text is None:
        try:
            stdin_text = _decode(sys.stdin.buffer.read(), STDIN_NAME)
        except InputError as error:
            result.errors.append(error)
            files = [path for path in files if path != STDIN]

    def read_files(chunk: Sequence[str]) -> list[_FileRead]:
        return [_read_file(path, extra_phrases, stdin_text) for path in chunk]

    merged: dict[str, Entry] = {}
    for read in map_chunks(read_files, files, jobs=jobs, min_chunk=_FILES_PER_PROCESS):
        if read.error is not None:
            result.errors.append(read.error)
            continue
        result.warnings.extend(read.warnings)
        for entry in read.entries:
            previous = merged.get(entry.id)
            merged[entry.id] = _merge(previous, entry) if previous else entry
    result.entries = list(merged.values())
    return result


# Forking pays off from a few dozen files (a few hundred entries) per process.
_FILES_PER_PROCESS = 24


@dataclass(frozen=True)
class _FileRead:
    """One file's entries (in file order) and warnings, or the error that stopped it."""

    entries: tuple[Entry, ...] = ()
    warnings: tuple[InputError, ...] = ()
    error: InputError | None = None


def _read_file(
    path: str, extra_phrases: Mapping[str, Verdict] | None, stdin_text: str | None
) -> _FileRead:
    shown = STDIN_NAME if path == STDIN else path
    try:
        text = stdin_text if path == STDIN else _decode(_read_bytes(path), shown)
        raws = parse_digest_text(text or "", shown)
    except InputError as error:
        return _FileRead(error=error)
    date = None if path == STDIN else digest_date(path)
    entries: list[Entry] = []
    warnings: list[InputError] = []
    for raw in raws:
        analysis = analyse(raw.text, extra_phrases)
        if analysis.verdict is Verdict.UNKNOWN:
            warnings.append(
                InputError(shown, raw.text_line, "no reading verdict recognised; marked unknown")
            )
        entries.append(
            Entry(
                id=entry_id(raw.repo, raw.title),
                repo=raw.repo,
                title=raw.title,
                text=raw.text,
                verdict=analysis.verdict,
                verdict_text=analysis.verdict_text,
                minutes=analysis.minutes,
                focus_points=analysis.focus_points,
                references=analysis.references,
                sources=(Source(shown, raw.line, date),),
            )
        )
    return _FileRead(tuple(entries), tuple(warnings))


def _merge(old: Entry, new: Entry) -> Entry:
    """Keep every source; the newest digest's wording wins, since digests get corrected."""
    sources = tuple(sorted(set(old.sources) | set(new.sources), key=_source_order))
    newest = new if _source_order(new.sources[0]) >= _source_order(old.sources[-1]) else old
    return replace(newest, sources=sources)


def _source_order(source: Source) -> tuple[str, str, int]:
    return (source.date or "", source.path, source.line)


def digest_date(path: str) -> str | None:
    """The ISO date in a digest's file name (``vllm-2026-11-28.txt``, ``20261128.md``), if any."""
    match = _DATE_IN_NAME.search(Path(path).name)
    if not match:
        return None
    return "-".join(match.groups())


def _expand(paths: Sequence[str], errors: list[InputError]) -> Iterator[str]:
    """Files in a stable order: as given, directories walked recursively and sorted."""
    seen: set[str] = set()
    for raw in paths:
        if raw == STDIN:
            yield STDIN
            continue
        if os.path.isdir(raw):
            found = sorted(_walk_digests(raw))
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


def _walk_digests(top: str) -> Iterator[str]:
    """Digest files under `top`, skipping hidden files and folders (.git, .obsidian, ...)."""
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.lower().endswith(DIGEST_SUFFIXES):
                yield os.path.join(folder, name)


def _read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise InputError(path, None, f"cannot read: {error.strerror or error}") from None


def _decode(data: bytes, shown: str) -> str:
    """UTF-8 (BOM optional) only: a digest in another encoding would be silently mangled."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(shown, line, "binary data (NUL byte): not a text digest")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(shown, line, "not valid UTF-8 text") from None


def parse_digest_text(text: str, shown: str) -> list[_RawEntry]:
    """Split one digest into raw entries, choosing the layout from its first line."""
    lines = [
        line.rstrip(_TRAILING_SPACE)
        for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    ]
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0].lstrip("\ufeff")
    first = next((n for n, line in enumerate(lines, start=1) if line.strip()), None)
    if first is None:
        raise InputError(shown, 1, "empty digest: expected a repository line such as owner/repo")
    numbered = list(enumerate(lines, start=1))
    if lines[first - 1].lstrip().startswith("#"):
        entries = _parse_markdown(numbered, shown)
    else:
        entries = _parse_plain(numbered, shown)
    if not entries:
        raise InputError(shown, first, "no entries found (expected a headline and a paragraph)")
    return entries


def _blocks(numbered: Sequence[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Runs of non-blank lines; any amount of blank or whitespace-only lines separates them."""
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for number, line in numbered:
        if line.strip():
            current.append((number, line))
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _parse_plain(numbered: Sequence[tuple[int, str]], shown: str) -> list[_RawEntry]:
    """``owner/repo``, blank, headline, blank, paragraph, ... A later repo line switches repo."""
    blocks = _blocks(numbered)
    first_number, first = blocks[0][0]
    if not _REPO_LINE.match(first.strip()):
        raise InputError(
            shown,
            first_number,
            f"expected a repository line such as owner/repo, found {_clip(first)!r}",
        )
    entries: list[_RawEntry] = []
    repo = first.strip()
    pending = blocks[0][1:]  # a repo line glued to the first headline
    queue = ([pending] if pending else []) + blocks[1:]
    index = 0
    while index < len(queue):
        block = queue[index]
        index += 1
        head_number, head = block[0]
        if len(block) == 1 and _REPO_LINE.match(head.strip()) and index < len(queue):
            repo = head.strip()
            continue
        if len(block) > 1:
            # Headline and paragraph without the blank line between them.
            body = block[1:]
        elif index < len(queue):
            body = queue[index]
            index += 1
        else:
            raise InputError(shown, head_number, f"headline {_clip(head)!r} has no paragraph")
        title = head.strip()
        text = "\n".join(line.strip() for _, line in body)
        entries.append(_RawEntry(repo, title, text, head_number, body[0][0]))
    return entries


def _parse_markdown(numbered: Sequence[tuple[int, str]], shown: str) -> list[_RawEntry]:
    """``# owner/repo`` then ``## headline`` + paragraph per entry; inline markup kept."""
    entries: list[_RawEntry] = []
    repo: str | None = None
    title: str | None = None
    title_line = 0
    body: list[tuple[int, str]] = []

    def finish() -> None:
        if title is None:
            return
        text = "\n".join(line.strip() for _, line in body).strip()
        if not text:
            raise InputError(shown, title_line, f"headline {_clip(title)!r} has no paragraph")
        assert repo is not None
        entries.append(_RawEntry(repo, title, text, title_line, body[0][0]))

    for number, line in numbered:
        repo_match = _MD_REPO.match(line)
        head_match = _MD_HEADLINE.match(line)
        if repo_match:
            finish()
            title, body = None, []
            repo = repo_match.group(1)
        elif head_match:
            finish()
            if repo is None:
                raise InputError(shown, number, "headline before any '# owner/repo' line")
            title, title_line, body = head_match.group(1), number, []
            if not title:
                raise InputError(shown, number, "empty headline")
        elif _MD_HEADING.match(line) and line.startswith("# ") and repo is None:
            raise InputError(
                shown,
                number,
                f"expected '# owner/repo' as the first heading, found {_clip(line)!r}",
            )
        elif title is not None and (line.strip() or body):
            body.append((number, line))
        elif line.strip() and repo is None:
            raise InputError(shown, number, "expected '# owner/repo' before any text")
    finish()
    return entries


def _clip(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"
