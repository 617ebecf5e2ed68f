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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import click

from .model import Entry, Verdict


class Action(str, enum.Enum):
    """What happened (or would happen) to one entry's note or row."""

    CREATE = "created"
    UPDATE = "updated"
    UNCHANGED = "unchanged"
    FAILED = "failed"


@dataclass(frozen=True, init=False)
class Change:
    """One entry's planned or applied action. `target` is a note path or a page URL."""

    entry_id: str
    title: str
    action: Action
    target: str
    detail: str = ""

    def __init__(
        self, entry_id: str, title: str, action: Action, target: str, detail: str = ""
    ) -> None:
        # An export makes one per entry, often 10,000: filling the instance's dict costs
        # half of the frozen dataclass's own __init__ (an object.__setattr__ per field).
        fields = self.__dict__
        fields["entry_id"] = entry_id
        fields["title"] = title
        fields["action"] = action
        fields["target"] = target
        fields["detail"] = detail

    def to_json(self) -> dict[str, str]:
        return {
            "id": self.entry_id,
            "title": self.title,
            "action": self.action.value,
            "target": self.target,
            "detail": self.detail,
        }


@dataclass
class Plan:
    """What an export would do. `state` is the exporter's own working data for `apply`."""

    changes: list[Change]
    state: Any = None


@dataclass
class Report:
    """What an export did, entry by entry. Extra items (a study-queue file) go in `extras`."""

    changes: list[Change] = field(default_factory=list)
    extras: list[Change] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        counter = Counter(change.action for change in self.changes)
        return {action.value: counter.get(action, 0) for action in Action}

    @property
    def failed(self) -> list[Change]:
        return [c for c in self.changes if c.action is Action.FAILED]

    def summary(self) -> str:
        """``created 3, updated 1, unchanged 7, failed 0``."""
        return ", ".join(f"{name} {count}" for name, count in self.counts().items())

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.counts(),
            "entries": [c.to_json() for c in self.changes],
            "extras": [c.to_json() for c in self.extras],
        }


ProgressCallback = Callable[[Change], None]


class Exporter(ABC):
    """Base class of every exporter plugin.

    `options` are click options the ``export`` command offers when this
    exporter is installed; their values (or the config file's ``[name]`` table,
    or their defaults) arrive in `settings`, keyed by the option's parameter name.
    `env` is the process environment, passed in so secrets like tokens never
    travel on a command line.
    """

    name: ClassVar[str]
    help: ClassVar[str] = ""
    options: ClassVar[Sequence[click.Option]] = ()

    def __init__(self, settings: Mapping[str, Any], env: Mapping[str, str]) -> None:
        self.settings = dict(settings)
        self.env = env

    @abstractmethod
    def plan(self, entries: Sequence[Entry]) -> Plan:
        """Work out what would change. Must not write anything."""

    @abstractmethod
    def apply(self, plan: Plan, progress: ProgressCallback | None = None) -> Report:
        """Carry out `plan`, calling `progress` once per entry as it is done."""


class StudyStatus(str, enum.Enum):
    """Where the reader is with an item, whatever the tool calls it."""

    UNREAD = "unread"
    READING = "reading"
    DONE = "done"


@dataclass(frozen=True)
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


class ProgressSource(ABC):
    """Mix-in for exporters whose destination the reader works in, so progress can be read back.

    `queue_options` are the options ``digest2notes queue`` offers for this source;
    giving any of them on the command line selects this source.
    """

    queue_options: ClassVar[Sequence[click.Option]] = ()

    @abstractmethod
    def read_progress(self) -> list[StudyItem]:
        """Every exported item with the reader's status and ticked focus points."""

    @abstractmethod
    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        """Record the reader's new status for `item`; returns its location."""
