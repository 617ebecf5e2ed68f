"""What reading one digest file produced, kept between runs: a reader's daily run re-reads
a year of digests that have not changed, and should pay for the day's file, not the year.

A file's row (`cache` table ``files``) holds its layout (entries, problems, header
date) and each entry's analysis and id, as JSON. Its key is the parser's version and the
config's phrases (as for analyses, `cache.Store.key`), the path as given and made
absolute, and the file's device, inode, size, mtime and ctime: an edit, a rename onto
it or a ``touch`` (even one that puts the old mtime back: ctime moves) is a new key.
What does not come from the file's bytes is worked out again on every read: the date
(``--date``, the mtime fallback in local time: `dates`) and the warnings about unknown
verdicts (`reader`). Standard input is never kept, nor a file that changed in
the last seconds: an edit within the file system's clock tick would leave the stat as
it was. A row that does not decode is a miss, and the file is read again.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn

from ..errors import InputError
from ..model import Verdict
from .analysis import Analysis
from .layout import Layout, RawEntry

if TYPE_CHECKING:
    from .cache import Store

__all__ = ["FileRead", "found", "keep", "keys"]

TABLE = "files"
#: A file changed this recently may change again unseen (same size, same clock tick).
_SETTLE_NS = 2_000_000_000


@dataclass(frozen=True, slots=True)
class FileRead:
    """One digest file as reading it produced: its layout, and its entries' analyses and
    ids (`ids.entry_id`)."""

    layout: Layout
    analyses: tuple[Analysis, ...]
    ids: tuple[str, ...]


def keys(
    store: Store, paths: Iterable[str], extra_phrases: Mapping[str, Verdict] | None
) -> dict[str, bytes]:
    """The cache key of each of `paths` that can have one (not stdin, stat-able, settled)."""
    salt = repr(sorted((repr(phrase), repr(verdict))
                       for phrase, verdict in (extra_phrases or {}).items()))
    now = time.time_ns()
    found: dict[str, bytes] = {}
    for path in paths:
        if path == "-":
            continue
        try:
            stat = os.stat(path)
        except (OSError, ValueError):
            continue
        if now - max(stat.st_mtime_ns, stat.st_ctime_ns) < _SETTLE_NS:
            continue
        stamp = (
            f"file\0{path}\0{os.path.abspath(path)}\0{stat.st_dev}\0{stat.st_ino}\0"
            f"{stat.st_size}\0{stat.st_mtime_ns}\0{stat.st_ctime_ns}"
        )
        found[path] = store.key(salt, stamp)
    return found


def found(store: Store, keyed: Mapping[str, bytes]) -> dict[str, FileRead]:
    """The kept reads of those files of `keyed` (path → key) that have one."""
    values = store.get_many(list(keyed.values()), TABLE)
    reads = {}
    for path, key in keyed.items():
        value = values.get(key)
        read = _decoded(value, path) if value is not None else None
        if read is not None:
            reads[path] = read
    return reads


def keep(store: Store, key: bytes, read: FileRead) -> None:
    store.put(key, _encoded(read), TABLE)


def _encoded(read: FileRead) -> str:
    layout = read.layout
    entries = [
        [id_, raw.repo, raw.title, raw.text, raw.line, raw.text_line, a.verdict.value,
         a.verdict_text, a.minutes, a.focus_points, a.references]
        for raw, a, id_ in zip(layout.entries, read.analyses, read.ids, strict=True)
    ]
    return json.dumps(
        [layout.date, entries, [[e.line, e.message] for e in layout.errors],
         [[w.line, w.message] for w in layout.warnings]],
        ensure_ascii=False, separators=(",", ":"),
    )


def _decoded(value: str, shown: str) -> FileRead | None:
    """The read kept as `value`, or None if it is not one (then the file is read again)."""
    try:
        date, rows, errors, warnings = json.loads(value)
        layout = Layout(
            date=date if date is None or isinstance(date, str) else _bad(),
            errors=[_problem(shown, line, message) for line, message in errors],
            warnings=[_problem(shown, line, message) for line, message in warnings],
        )
        analyses, ids = [], []
        for id_, repo, title, text, line, text_line, verdict, said, minutes, points, refs in (
            rows
        ):
            # join: a TypeError unless each is a list (or text) of text only
            "".join((id_, repo, title, text, "" if said is None else said,
                     "".join(points), "".join(refs)))
            if not (
                type(line) is int and type(text_line) is int
                and (minutes is None or type(minutes) is int)
                and isinstance(points, list) and isinstance(refs, list)
            ):
                return None
            layout.entries.append(RawEntry(repo, title, text, line, text_line))
            analyses.append(
                Analysis(Verdict(verdict), said, minutes, tuple(points), tuple(refs))
            )
            ids.append(id_)
    except (ValueError, TypeError):
        return None
    return FileRead(layout, tuple(analyses), tuple(ids))


def _problem(shown: str, line: object, message: object) -> InputError:
    if (line is None or type(line) is int) and isinstance(message, str):
        return InputError(shown, line, message)
    _bad()


def _bad() -> NoReturn:
    raise ValueError("not a kept read")
