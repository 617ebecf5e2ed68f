"""From digest files to entries: every file read, every entry analysed, repeats merged.

Digests arrive daily and repeat yesterday's entries. Each entry is read once per
digest it appears in (an `Appearance`); entries with the same id become one `Entry`
whose reading is the newest digest's (digests get corrected), whose references are
every digest's, and whose history keeps what each digest said. Problems in one file,
or one entry, never stop the others. Reading is one process: analysis is cheap, and
the same paragraph is analysed once however many digests repeat it, and once across
runs while the parser does not change (`cache`: every file is split into entries
first, so that all their paragraphs are looked up together, and the new analyses are
written together when the read ends). A file unchanged since a run read it is not read
at all: its entries and their analyses come from that run (`filecache`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeGuard

from ..errors import InputError
from ..model import Appearance, Entry, Source, Verdict
from . import cache, filecache
from .analysis import Analysis, analyse_many
from .dates import DigestDate, choose_date, parse_iso
from .files import STDIN, STDIN_NAME, decode, expand, read_bytes
from .ids import entry_id
from .layout import Layout, parse_digest_text

if TYPE_CHECKING:
    from . import ReadResult

__all__ = ["read"]


@dataclass(slots=True)
class _Seen:
    """One entry as one digest gave it, before repeats are merged. (Not frozen: one is
    made per entry read, and none is changed.)"""

    id: str
    repo: str
    title: str
    source: Source
    text: str
    analysis: Analysis


def read(
    paths: Sequence[str],
    *,
    extra_phrases: Mapping[str, Verdict] | None = None,
    stdin_text: str | None = None,
    date: str | None = None,
) -> ReadResult:
    """`digest2notes.parsing.read_digests`: see there."""
    from . import ReadResult

    option = parse_iso(date) if date else None
    result = ReadResult()
    files = list(expand(paths, result.errors))
    if STDIN in files and stdin_text is None:
        try:
            stdin_text = decode(sys.stdin.buffer.read(), STDIN_NAME)
        except InputError as error:
            result.errors.append(error)
            files = [path for path in files if path != STDIN]
    seen: dict[str, list[_Seen]] = {}
    with cache.opened() as store:
        keys = filecache.keys(store, files, extra_phrases) if store is not None else {}
        kept = filecache.found(store, keys) if store is not None and keys else {}
        laid_out = [_lay_out(path, stdin_text, option, kept.get(path)) for path in files]
        texts = [raw.text for f in laid_out if _unread(f) for raw in f.layout.entries]
        analysed = iter(analyse_many(texts, extra_phrases, store))
        laid_out = [
            _analysed(f, analysed, keys.get(f.shown), store) if _unread(f) else f
            for f in laid_out
        ]
        for file in laid_out:  # in the order read, problems included
            if isinstance(file, InputError):
                result.errors.append(file)
            else:
                _take(file, seen, result)
        result.entries = [_merge(group) for group in seen.values()]
    return result


@dataclass(frozen=True, slots=True)
class _File:
    """One digest file split into entries, with their analyses and ids once they are
    analysed (or from the start, when they come from the cache)."""

    shown: str
    layout: Layout
    date: DigestDate
    analyses: tuple[Analysis, ...] | None = None
    ids: tuple[str, ...] = ()


def _unread(file: _File | InputError) -> TypeGuard[_File]:
    """Whether `file` was laid out but its entries are not analysed yet."""
    return isinstance(file, _File) and file.analyses is None


def _analysed(
    file: _File, analysed: Iterator[Analysis], key: bytes | None, store: cache.Store | None
) -> _File:
    """`file` with the analyses of its entries (the next ones of `analysed`) and their
    ids, kept for the next run when the store can hold them."""
    entries = file.layout.entries
    analyses = tuple(next(analysed) for _ in entries)
    ids = tuple(entry_id(raw.repo, raw.title) for raw in entries)
    if store is not None and key is not None:
        filecache.keep(store, key, filecache.FileRead(file.layout, analyses, ids))
    return replace(file, analyses=analyses, ids=ids)


def _lay_out(
    path: str, stdin_text: str | None, option: str | None, kept: filecache.FileRead | None
) -> _File | InputError:
    stdin = path == STDIN
    shown = STDIN_NAME if stdin else path
    if kept is not None:
        layout, analyses, ids = kept.layout, kept.analyses, kept.ids
    else:
        analyses, ids = None, ()
        try:
            text = (stdin_text or "") if stdin else decode(read_bytes(path), shown)
            layout = parse_digest_text(text, shown)
        except InputError as error:
            return error
    return _File(
        shown, layout, choose_date(layout.date, None if stdin else path, option), analyses, ids
    )


def _take(file: _File, seen: dict[str, list[_Seen]], result: ReadResult) -> None:
    """The file's entries, each with its analysis, and its problems."""
    assert file.analyses is not None  # analysed before any file is taken
    result.errors.extend(file.layout.errors)
    result.warnings.extend(file.layout.warnings)
    shown, dated = file.shown, file.date
    for raw, analysis, key in zip(file.layout.entries, file.analyses, file.ids, strict=True):
        source = Source(shown, raw.line, dated.date, dated.source)
        seen.setdefault(key, []).append(
            _Seen(key, raw.repo, raw.title, source, raw.text, analysis)
        )
        if analysis.verdict is Verdict.UNKNOWN:
            result.warnings.append(
                InputError(shown, raw.text_line, "no reading verdict recognised; marked unknown")
            )


def _order(source: Source) -> tuple[str, str, int]:
    return (source.date or "", source.path, source.line)


def _own(references: tuple[str, ...], repo: str) -> tuple[str, ...]:
    """ "owner/repo#N" of the digest's own repository is plain "#N"."""
    prefix = repo.lower() + "#"
    if not any(ref.lower().startswith(prefix) for ref in references):
        return references
    return tuple(sorted({"#" + r.split("#", 1)[1] if r.lower().startswith(prefix) else r
                         for r in references}))


def _bare(references: tuple[str, ...]) -> tuple[str, ...]:
    """The key's convention for an entry: "#N" whatever repository it names (sorted as
    strings); the appearances keep the owner for the exporters' links."""
    if not any("/" in ref for ref in references):
        return references
    return tuple(sorted({"#" + ref.rsplit("#", 1)[1] for ref in references}))


def _merge(group: list[_Seen]) -> Entry:
    """One entry from its appearances: the newest one's reading, everyone's references."""
    if len(group) == 1:  # most entries appear in one digest
        seen = group[0]
        analysis = seen.analysis
        written = _own(analysis.references, seen.repo)
        references = _bare(written)
        appearances: tuple[Appearance, ...] = (Appearance(seen.source, seen.text, written),)
        sources: tuple[Source, ...] = (seen.source,)
    else:
        newest_first = sorted(group, key=lambda s: _order(s.source), reverse=True)
        appearances = tuple(
            Appearance(s.source, s.text, _own(s.analysis.references, s.repo))
            for s in newest_first
        )
        seen = newest_first[0]
        analysis = seen.analysis
        sources = tuple(sorted({s.source for s in group}, key=_order))
        references = _bare(tuple(sorted({ref for a in appearances for ref in a.references})))
    return Entry(
        id=seen.id,
        repo=seen.repo,
        title=seen.title,
        text=seen.text,
        verdict=analysis.verdict,
        verdict_text=analysis.verdict_text,
        minutes=analysis.minutes,
        focus_points=analysis.focus_points,
        references=references,
        sources=sources,
        appearances=appearances,
    )
