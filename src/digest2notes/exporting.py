"""The exporter contract: entries in, a plan of what would change, then apply it.

Exporters are plugins, so the contract is small and explicit. An exporter gets
its settings handed in (from CLI options, the config file and the environment,
merged by the CLI), never prints, and never reads global state: that keeps
``--dry-run`` honest (planning writes nothing) and lets any front end drive it.

A plugin registers a subclass of `Exporter` under the entry-point group
``digest2notes.exporters``::

    [project.entry-points."digest2notes.exporters"]
    mine = "my_package:MyExporter"

Exporters that can also read the reader's progress back (for
``digest2notes queue``) implement `ProgressSource` as well.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .model import Entry, Verdict

if TYPE_CHECKING:  # only named in annotations: `import digest2notes` need not load click
    import click


class Action(str, enum.Enum):
    """What happened (or would happen) to one entry's note or row."""

    CREATE = "created"
    UPDATE = "updated"
    UNCHANGED = "unchanged"
    #: Left alone on purpose; `Change.detail` says why (e.g. "deleted by you").
    SKIPPED = "skipped"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class Change:
    """One entry's planned or applied action. `target` is a note path or a page URL."""

    entry_id: str
    title: str
    action: Action
    target: str
    detail: str = ""

    def to_json(self) -> dict[str, str]:
        return {
            "id": self.entry_id,
            "title": self.title,
            "action": self.action.value,
            "target": self.target,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Cost:
    """What applying a plan will take, when the exporter can tell (a paced remote API).

    The CLI says it before a long run starts, so nobody waits without knowing why.
    """

    requests: int
    seconds: float


StateT = TypeVar("StateT")


@dataclass
class Plan(Generic[StateT]):
    """What an export would do. `state` is the exporter's own working data for `apply`.

    `warnings` are problems found while planning that cost no entry its export (two
    notes with one id, say); the CLI prints them. `cost` is the exporter's estimate.
    """

    changes: list[Change]
    state: StateT
    warnings: list[str] = field(default_factory=list)
    cost: Cost | None = None


@dataclass
class Report:
    """What an export did, entry by entry. Extra items (a study-queue file) go in `extras`."""

    changes: list[Change] = field(default_factory=list)
    extras: list[Change] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        counter = Counter(change.action for change in self.changes)
        return {action.value: counter.get(action, 0) for action in Action}

    @property
    def failed(self) -> list[Change]:
        return [c for c in self.changes if c.action is Action.FAILED]

    def summary(self) -> str:
        """``created 3, updated 1, unchanged 7, skipped 1 (deleted by you), failed 0``.

        Skips appear only when there are some, each reason counted apart.
        """
        counts = self.counts()
        parts = [f"{a.value} {counts[a.value]}" for a in (Action.CREATE, Action.UPDATE)]
        parts.append(f"{Action.UNCHANGED.value} {counts[Action.UNCHANGED.value]}")
        reasons = Counter(c.detail for c in self.changes if c.action is Action.SKIPPED)
        parts.extend(
            f"skipped {count} ({reason})" if reason else f"skipped {count}"
            for reason, count in sorted(reasons.items())
        )
        parts.append(f"{Action.FAILED.value} {counts[Action.FAILED.value]}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.counts(),
            "entries": [c.to_json() for c in self.changes],
            "extras": [c.to_json() for c in self.extras],
            "warnings": list(self.warnings),
        }


ProgressCallback = Callable[[Change], None]


@dataclass(frozen=True)
class Restore:
    """Entries the reader deleted and asks back with ``export --restore [ID…]``.

    Deleting a note or trashing a row is the reader's decision, so an export leaves
    such entries alone unless they are named here. `ids` may be whole ids or
    prefixes, as ``queue done`` takes them; `everything` restores every deletion.
    """

    ids: frozenset[str] = frozenset()
    everything: bool = False

    @classmethod
    def of(cls, queries: Iterable[str]) -> Restore:
        """From the option's values: ``all`` (or no id at all after the flag) means every one."""
        wanted = frozenset(q.strip() for q in queries if q.strip())
        if "all" in wanted:
            return cls(everything=True)
        return cls(ids=wanted)

    def __bool__(self) -> bool:
        return self.everything or bool(self.ids)

    def wants(self, entry_id: str) -> bool:
        """Whether `entry_id` is asked back: all, the id, or a prefix of it or its hash part."""
        if self.everything:
            return True
        folded = entry_id.casefold()
        hash_part = folded.rsplit(":", 1)[-1]
        return any(
            folded.startswith(q.casefold()) or hash_part.startswith(q.casefold())
            for q in self.ids
        )


NO_RESTORE = Restore()


#: The settings key under which every exporter gets the reading time assumed per verdict
#: when a digest gives none (`Verdict.default_minutes`, changed by ``[queue] minutes``
#: in the config file): a `Mapping[Verdict, int]`, so notes and the queue agree.
DEFAULT_MINUTES_SETTING = "default_minutes"


class Exporter(ABC, Generic[StateT]):
    """Base class of every exporter plugin.

    `options` are click options the ``export`` command offers when this
    exporter is installed; their values (or the config file's ``[name]`` table,
    or their defaults) arrive in `settings`, keyed by the option's parameter name.
    `env` is the process environment, passed in so secrets like tokens never
    travel on a command line.

    Class attributes are read without constructing the exporter (``--help`` lists
    the options), so a module defining an exporter must import quickly: import
    heavy clients inside the methods that use them.
    """

    name: ClassVar[str]
    help: ClassVar[str] = ""
    options: ClassVar[Sequence[click.Option]] = ()

    def __init__(self, settings: Mapping[str, Any], env: Mapping[str, str]) -> None:
        self.settings = dict(settings)
        self.env = env

    @abstractmethod
    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[StateT]:
        """Work out what would change. Must not write anything.

        An entry whose note or row the reader deleted is planned as `Action.SKIPPED`
        (detail ``deleted by you``) unless `restore` wants it back.
        """

    @abstractmethod
    def apply(self, plan: Plan[StateT], progress: ProgressCallback | None = None) -> Report:
        """Carry out `plan`, calling `progress` once per entry as it is done."""


class StudyStatus(str, enum.Enum):
    """Where the reader is with an item, whatever the tool calls it."""

    UNREAD = "unread"
    READING = "reading"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class StudyItem:
    """One exported entry as the reader left it: the study queue's unit."""

    id: str
    title: str
    repo: str
    verdict: Verdict
    status: StudyStatus
    focus_done: int
    focus_total: int
    minutes: int | None
    digest_date: str | None
    location: str


#: ``(done, total)``: how far `ProgressSource.read_progress` is, for a long first read.
ReadCallback = Callable[[int, int], None]


@dataclass(frozen=True)
class Progress:
    """What a progress source read back: the items, and what it could not read safely.

    A note whose properties the reader broke is a warning here (with its path and
    line), never silently missing from the queue.
    """

    items: tuple[StudyItem, ...]
    warnings: tuple[str, ...] = ()


class ProgressSource(ABC):
    """Mix-in for exporters whose destination the reader works in, so progress can be read back.

    `queue_options` are the options ``digest2notes queue`` offers for this source;
    giving any of them on the command line selects this source.
    """

    queue_options: ClassVar[Sequence[click.Option]] = ()

    @abstractmethod
    def read_progress(self, progress: ReadCallback | None = None) -> Progress:
        """Every exported item with the reader's status and ticked focus points.

        A source whose read can take long (a remote API on its first look) calls
        `progress(done, total)` as it goes, so the CLI can show how far it is.
        """

    def find_items(self, query: str) -> Progress:
        """The items `query` (an id or an id prefix) may mean, for ``queue done ID``.

        By default every item; a source where reading everything is slow (a remote
        API) looks up only the candidates.
        """
        return self.read_progress()

    @abstractmethod
    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        """Record the reader's new status for `item`; returns its location."""
