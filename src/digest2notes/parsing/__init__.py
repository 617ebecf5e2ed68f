"""Reading digests: from files to entries, and what each entry's paragraph says.

One job per module:

* `files` (which files, their bytes as text), `layout` (the two layouts, split into
  raw entries), `dates` (each digest's date), `ids` (stable entry ids), `reader`
  (all of it together, repeats merged);
* `text` (a paragraph normalised, its sentences and clauses), `lexicon` (the cue
  classes) and `scanner` (finding them), `clauses` (what a stretch holds besides cues),
  `rating` (with `combination`, `scope`) and `verdict`, `minutes`, `markers`, `lists`, `headers`,
  `pointers` (with `subjects`), `counted` and `focus`, `references`, and `analysis` (all of
  them for one paragraph);
* `explain` (why, in words, for ``parse --explain``).

Importing this package (and so ``import digest2notes``) loads none of that: the reader
and the analysis are imported on first use, and their patterns are compiled on first
use too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..model import Entry, Verdict

if TYPE_CHECKING:
    from .analysis import Analysis, analyse
    from .ids import entry_id

__all__ = ["Analysis", "ReadResult", "analyse", "entry_id", "read_digests"]


@dataclass
class ReadResult:
    """Everything one read produced: entries in first-seen order, and what went wrong."""

    entries: list[Entry] = field(default_factory=list)
    errors: list[InputError] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)


def read_digests(
    paths: Sequence[str],
    *,
    extra_phrases: Mapping[str, Verdict] | None = None,
    stdin_text: str | None = None,
    date: str | None = None,
) -> ReadResult:
    """Read every digest under `paths` (files, directories, or ``-``) into distinct entries.

    `extra_phrases` are the config file's verdict phrases; `date` (ISO) is the date of
    digests that give none in their header or file name (see `dates`); a malformed one
    is a ValueError. Problems are collected in `errors` and `warnings` (the CLI prints
    them as one-liners; an error means exit status 1). See `reader`.
    """
    from .reader import read

    return read(paths, extra_phrases=extra_phrases, stdin_text=stdin_text, date=date)


def __getattr__(name: str) -> Any:
    if name in ("Analysis", "analyse"):
        from . import analysis

        return getattr(analysis, name)
    if name == "entry_id":
        from .ids import entry_id

        return entry_id
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
