"""The study queue: which exported items to read next, and what fits in one sitting.

Everything here is a pure function over `StudyItem`s, so the CLI (``digest2notes
queue``), the exporters' own study-queue views and the tests all rank items by
the same code and can never disagree. Reading progress back and writing a status
is the progress sources' job (`ProgressSource`); this module never does I/O.

The ranking rule is fixed by the product and shared with the Obsidian views:

1. verdict: deep, then skim, then unknown, then skip (a "skip" verdict is a
   reason not to read, so it comes last and is only listed on request);
2. newest digest date first (items whose digests carried no date last), because
   recent changes are the ones colleagues are talking about;
3. fewest focus points left first, because an almost finished item is the
   cheapest progress;
4. title, then id, only so that the order is the same on every run.

The reader's status (unread or reading) is deliberately *not* a ranking key: it
is shown in a column, so starting an item never reshuffles the queue.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .display import fit
from .errors import ConfigError, Digest2NotesError
from .exporting import StudyItem, StudyStatus
from .model import Verdict

__all__ = [
    "DEFAULT_MINUTES",
    "VERDICT_ORDER",
    "AmbiguousIdError",
    "QueueSummary",
    "UnknownIdError",
    "is_ready",
    "item_minutes",
    "minutes_from_config",
    "parse_duration",
    "plan_budget",
    "points_left",
    "rank",
    "rank_key",
    "resolve_id",
    "select",
    "short_ids",
    "summarise",
    "to_json",
    "verdict_position",
]

#: Verdicts in reading order (`Verdict.rank`).
VERDICT_ORDER: tuple[Verdict, ...] = tuple(sorted(Verdict, key=lambda v: v.rank))
_POSITION = {verdict: index for index, verdict in enumerate(VERDICT_ORDER)}

#: Minutes assumed for an item whose digest gave no estimate; ``[queue] minutes``
#: in the config file overrides any of them.
DEFAULT_MINUTES: Mapping[Verdict, int] = {v: v.default_minutes for v in Verdict}

SHORT_ID_LENGTH = 7
AMBIGUOUS_SHOWN = 5


class UnknownIdError(Digest2NotesError):
    """No study item has the id (or id prefix) the reader typed."""


class AmbiguousIdError(Digest2NotesError):
    """Several study items share the prefix the reader typed; the message lists some."""


# ---------------------------------------------------------------------------
# Ranking


def verdict_position(verdict: Verdict) -> int:
    """0 for deep, 1 skim, 2 unknown, 3 skip: the first ranking key."""
    return _POSITION[verdict]


def points_left(item: StudyItem) -> int:
    """Focus points not yet ticked (never negative, whatever the source reported)."""
    return max(item.focus_total - item.focus_done, 0)


@functools.lru_cache(maxsize=4096)
def _newest_first(date: str | None) -> tuple[int, tuple[int, ...]]:
    """A key that sorts date strings descending, and None after every date (cached: a
    queue of thousands of items holds only as many dates as there were digests).

    Negating each code point reverses the order of strings of equal length; the
    trailing 1 (greater than any negated code point) makes a string sort after
    its own extensions, which completes the reversal for any strings, so a
    malformed date cannot break the sort.
    """
    if not date:
        return (1, ())
    return (0, (*(-ord(ch) for ch in date), 1))


def rank_key(item: StudyItem) -> tuple[Any, ...]:
    """The queue's sort key (see the module docstring): sort ascending, read first."""
    return (
        _POSITION[item.verdict],
        _newest_first(item.digest_date),
        points_left(item),
        item.title,
        item.id,
    )


def rank(items: Iterable[StudyItem]) -> list[StudyItem]:
    """Items in reading order: `rank_key`'s, sorted one key at a time from the last (a
    stable sort keeps the order among equals), since comparing plain keys costs far less
    than comparing its nested tuples, and the queue sorts every item on each run."""
    ranked = sorted(items, key=lambda item: (points_left(item), item.title, item.id))
    ranked.sort(key=lambda item: item.digest_date or "", reverse=True)  # no date: last
    ranked.sort(key=lambda item: _POSITION[item.verdict])
    return ranked


def is_ready(item: StudyItem) -> bool:
    """Every focus point ticked but not marked done: the reader may want to close it.

    The tool only *says* so; marking done stays the reader's decision.
    """
    return (
        item.status is not StudyStatus.DONE
        and item.focus_total > 0
        and item.focus_done >= item.focus_total
    )


def _repo_matches(repo: str, wanted: Iterable[str]) -> bool:
    """``--repo vllm`` and ``--repo vllm-project/vllm`` both select vLLM, in any case."""
    full = repo.casefold()
    name = full.rsplit("/", 1)[-1]
    return any(w.casefold() in (full, name) for w in wanted)


def select(
    items: Iterable[StudyItem],
    *,
    include_skip: bool = False,
    include_done: bool = False,
    repos: Sequence[str] = (),
    verdicts: Sequence[Verdict] = (),
) -> list[StudyItem]:
    """The items the queue lists, ranked.

    Done items are finished, so they are left out unless `include_done`. Items
    with a skip verdict are left out unless `include_skip`, or unless the reader
    asked for that verdict by name (``--verdict skip`` means "show me those").
    """
    wanted = set(verdicts)
    chosen = []
    for item in items:
        if item.status is StudyStatus.DONE and not include_done:
            continue
        if wanted and item.verdict not in wanted:
            continue
        if item.verdict is Verdict.SKIP and not (include_skip or Verdict.SKIP in wanted):
            continue
        if repos and not _repo_matches(item.repo, repos):
            continue
        chosen.append(item)
    return rank(chosen)


# ---------------------------------------------------------------------------
# Minutes and budgets


def minutes_from_config(
    section: Mapping[str, Any], path: os.PathLike[str] | str | None = None
) -> dict[Verdict, int]:
    """Default minutes per verdict, with ``[queue] minutes = {deep = 30, ...}`` applied.

    Raises `ConfigError` naming the file and the bad key, so a typo in the config
    is not silently ignored.
    """
    where = f"{path}: [queue] minutes" if path is not None else "[queue] minutes"
    minutes = dict(DEFAULT_MINUTES)
    table = section.get("minutes", {})
    if not isinstance(table, Mapping):
        raise ConfigError(f"{where} must be a table like {{ deep = 20, skim = 5 }}")
    for key, value in table.items():
        try:
            verdict = Verdict(str(key))
        except ValueError:
            choices = ", ".join(v.value for v in VERDICT_ORDER)
            raise ConfigError(f"{where}: {key!r} is not one of {choices}") from None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ConfigError(f"{where}.{key} must be a whole number of minutes ≥ 0")
        minutes[verdict] = value
    return minutes


def item_minutes(item: StudyItem, defaults: Mapping[Verdict, int] = DEFAULT_MINUTES) -> int:
    """The digest's own estimate when it gave one, else the verdict's default."""
    if item.minutes is not None:
        return item.minutes
    return defaults.get(item.verdict, DEFAULT_MINUTES[item.verdict])


_DURATION = re.compile(
    r"^(?:(?P<hours>\d+(?:\.\d+)?)\s*h(?:ours?|rs?)?)?\s*"
    r"(?:(?P<minutes>\d+)\s*(?:m(?:in(?:utes?|s)?)?)?)?$",
    re.IGNORECASE,
)


def parse_duration(text: str) -> int:
    """Minutes in ``45m``, ``1h``, ``1h30m``, ``1h30``, ``1.5h``, ``90min`` or plain ``90``.

    Raises ValueError with a message fit for the user on anything else, including
    an empty or zero duration, which can only be a mistake.
    """
    value = text.strip()
    if value.isdigit():
        total = int(value)
    else:
        match = _DURATION.match(value)
        if not value or match is None or not (match["hours"] or match["minutes"]):
            raise ValueError(f"{text!r} is not a duration; try 45m, 1h, 1h30m or 90")
        hours = float(match["hours"]) if match["hours"] else 0.0
        total = round(hours * 60) + (int(match["minutes"]) if match["minutes"] else 0)
    if total <= 0:
        raise ValueError(f"{text!r}: the budget must be more than 0 minutes")
    return total


def plan_budget(
    ranked: Iterable[StudyItem],
    budget: int,
    defaults: Mapping[Verdict, int] = DEFAULT_MINUTES,
) -> list[StudyItem]:
    """One sitting's plan: walk the queue in rank order, take every item that still fits.

    An item too long for what is left is passed over (not a reason to stop), so
    a long deep read never hides the quick ones after it; what is taken always
    keeps its rank order, and the total never exceeds `budget`.
    """
    left = budget
    plan = []
    for item in ranked:
        minutes = item_minutes(item, defaults)
        if minutes <= left:
            plan.append(item)
            left -= minutes
    return plan


# ---------------------------------------------------------------------------
# Ids


def _hash_part(item_id: str) -> str:
    return item_id.rsplit(":", 1)[-1]


def resolve_id(items: Sequence[StudyItem], query: str) -> StudyItem:
    """The one item the reader means by `query`.

    Accepts the full id, a unique prefix of it (``vllm-project/vllm:3f2a``), or a
    unique prefix of the hash part alone (``3f2a``), case-insensitively. The same
    id found twice (a copied note) is ambiguous too: the tool must not guess which
    copy to write.
    """
    wanted = query.strip()
    if not wanted:
        raise UnknownIdError("no study item matches '' (give an id or an id prefix)")
    exact = [item for item in items if item.id == wanted]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        places = ", ".join(item.location for item in exact[:AMBIGUOUS_SHOWN])
        raise AmbiguousIdError(f"{wanted!r} is in {len(exact)} places: {places}")
    folded = wanted.casefold()
    matches = [
        item
        for item in items
        if item.id.casefold().startswith(folded)
        or _hash_part(item.id).casefold().startswith(folded)
    ]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise UnknownIdError(f"no study item matches {wanted!r}")
    first = rank(matches)[:AMBIGUOUS_SHOWN]
    shown = ", ".join(f"{m.id} ({fit(m.title, 30).rstrip()})" for m in first)
    more = f", and {len(matches) - AMBIGUOUS_SHOWN} more" if len(matches) > AMBIGUOUS_SHOWN else ""
    raise AmbiguousIdError(
        f"{wanted!r} matches {len(matches)} items: {shown}{more}; type more of the id"
    )


def short_ids(items: Sequence[StudyItem], minimum: int = SHORT_ID_LENGTH) -> dict[str, str]:
    """The shortest hash prefix (at least `minimum` characters) that tells every item apart.

    Computed over *all* items the source returned, not only the listed ones, so
    what the table shows is always a valid argument for ``queue done``.
    """
    hashes = sorted({_hash_part(item.id) for item in items})
    length = minimum
    longest = max((len(h) for h in hashes), default=minimum)
    while length < longest and len({h[:length] for h in hashes}) < len(hashes):
        length += 1
    return {item.id: _hash_part(item.id)[:length] for item in items}


# ---------------------------------------------------------------------------
# Reporting


@dataclass(frozen=True)
class QueueSummary:
    """The numbers behind the summary line ``N to read, ~M min; K done``."""

    to_read: int
    minutes: int
    reading: int
    done: int
    ready: int

    def line(self) -> str:
        text = f"{self.to_read} to read, ~{self.minutes} min; {self.done} done"
        if self.reading:
            text += f", {self.reading} in progress"
        return text


def summarise(
    listed: Sequence[StudyItem],
    everything: Sequence[StudyItem],
    defaults: Mapping[Verdict, int] = DEFAULT_MINUTES,
) -> QueueSummary:
    """Totals of the listed (unfinished) items, and the done count over `everything`."""
    unfinished = [item for item in listed if item.status is not StudyStatus.DONE]
    return QueueSummary(
        to_read=len(unfinished),
        minutes=sum(item_minutes(item, defaults) for item in unfinished),
        reading=sum(1 for item in unfinished if item.status is StudyStatus.READING),
        done=sum(1 for item in everything if item.status is StudyStatus.DONE),
        ready=sum(1 for item in listed if is_ready(item)),
    )


def to_json(item: StudyItem, defaults: Mapping[Verdict, int] = DEFAULT_MINUTES) -> dict[str, Any]:
    """The stable JSON shape of ``queue --json`` (one object per item).

    ``minutes`` is what the queue plans with; ``minutes_default`` says it is the
    verdict's default rather than the digest's own estimate.
    """
    return {
        "id": item.id,
        "title": item.title,
        "repo": item.repo,
        "verdict": item.verdict.value,
        "status": item.status.value,
        "focus_done": item.focus_done,
        "focus_total": item.focus_total,
        "ready": is_ready(item),
        "minutes": item_minutes(item, defaults),
        "minutes_default": item.minutes is None,
        "digest_date": item.digest_date,
        "location": item.location,
    }
