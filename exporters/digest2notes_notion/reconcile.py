"""Bring a page body in line with the digest without undoing any of the reader's work.

Which blocks are the tool's? Those its integration created (``created_by``); the
reader's blocks are never touched. Among the tool's, the base (`base.Base`) says
which still read as the tool wrote them:

* the verdict to-do (the first of ours that reads like a reading action) is edited
  in place when the verdict changes, so its tick survives; if the reader reworded
  it, it is theirs;
* a focus-point to-do is kept while its point is in the digest; a point the digest
  dropped goes, unless the reader ticked or reworded it (then it is theirs); a new
  point is added after the last to-do; a point the tool wrote before that is not on
  the page any more was reworded or deleted by the reader, and is not added again;
* the note of conflicts is updated in place, added, or removed;
* each digest's section is added once, in date order, and replaced only while the
  reader left it as written; a section the reader deleted is not brought back.

Without a base (a row from an older version) a block counts as untouched when
nobody but the integration edited it (``last_edited_by``).

The computation is pure, and applying its result twice is harmless, which is what
lets an interrupted or ambiguous run be repaired by reconciling again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from digest2notes import Verdict

from .base import Base, fingerprint
from .blocks import BlockSpec, block_checked, block_text
from .body import HEADER_PREFIX, NOTE_PREFIX, Body
from .properties import user_id

JSONDict = dict[str, Any]

_ACTIONS = tuple(v.action for v in Verdict)


def _norm(text: str) -> str:
    return text.replace("\r\n", "\n").strip()


def looks_like_verdict(text: str) -> bool:
    """``Read closely``, ``Skim (~5 min) — 略读``...: a reading action we wrote."""
    return any(
        text == action or text.startswith((f"{action} (", f"{action} —")) for action in _ACTIONS
    )


@dataclass
class OwnBlocks:
    """The tool's blocks on a page, in page order."""

    verdict: JSONDict | None
    focus: list[JSONDict]
    note: JSONDict | None
    #: Appearance key -> its header and paragraphs; "" holds paragraphs before any
    #: header (the text of a row written before the history).
    sections: dict[str, list[JSONDict]]


def own_blocks(blocks: Sequence[JSONDict], owner: str | None) -> OwnBlocks:
    """Split a page's top-level blocks into the tool's parts.

    `owner` is the integration's bot user id; None (or a block without
    ``created_by``) counts every block as ours.
    """

    def ours(block: Mapping[str, Any]) -> bool:
        who = user_id(block, "created_by")
        return owner is None or who is None or who == owner

    mine = [b for b in blocks if ours(b)]
    todos = [b for b in mine if b.get("type") == "to_do"]
    verdict: JSONDict | None = None
    if todos and looks_like_verdict(_norm(block_text(todos[0]))):
        verdict, todos = todos[0], todos[1:]
    note: JSONDict | None = None
    sections: dict[str, list[JSONDict]] = {}
    key = ""
    for block in mine:
        if block.get("type") != "paragraph":
            continue
        text = _norm(block_text(block))
        if text.startswith(NOTE_PREFIX) and note is None:
            note = block
            continue
        if text.startswith(HEADER_PREFIX):
            key = text[len(HEADER_PREFIX) :].split(" · ", 1)[0]
        sections.setdefault(key, []).append(block)
    return OwnBlocks(verdict, todos, note, sections)


def focus_progress(blocks: Sequence[JSONDict], owner: str | None) -> tuple[int, int]:
    """(ticked, total) focus-point to-dos on a page; the verdict to-do is not a focus point."""
    own = own_blocks(blocks, owner)
    return sum(1 for b in own.focus if block_checked(b)), len(own.focus)


class Edit(NamedTuple):
    """A block of ours whose text changes in place."""

    block_id: str
    type: str
    text: str


class Insert(NamedTuple):
    """Blocks to add after block `after` (None: at the end of the page)."""

    after: str | None
    specs: list[BlockSpec]


@dataclass
class BodyOps:
    """What to do to one page body. Empty when it already matches."""

    updates: list[Edit] = field(default_factory=list)
    inserts: list[Insert] = field(default_factory=list)
    deletes: list[str] = field(default_factory=list)
    added_points: int = 0
    removed_points: int = 0
    sections_added: int = 0

    @property
    def empty(self) -> bool:
        return not (self.updates or self.inserts or self.deletes)

    def insert(self, anchor: str | None, specs: list[BlockSpec]) -> None:
        if not specs:
            return
        if self.inserts and self.inserts[-1].after == anchor:
            self.inserts[-1].specs.extend(specs)
        else:
            self.inserts.append(Insert(anchor, list(specs)))

    def describe(self) -> list[str]:
        parts: list[str] = []
        if any(edit.type == "to_do" for edit in self.updates):
            parts.append("verdict to-do")
        if self.added_points:
            parts.append(f"+{self.added_points} focus to-do(s)")
        if self.removed_points:
            parts.append(f"-{self.removed_points} focus to-do(s)")
        if self.sections_added:
            parts.append(f"+{self.sections_added} digest section(s)")
        return parts


def plan_body(
    blocks: Sequence[JSONDict], body: Body, base: Base | None, owner: str | None
) -> BodyOps:
    """The edits that turn the tool's part of `blocks` into `body`."""
    own = own_blocks(blocks, owner)
    ops = BodyOps()

    def as_written(block: Mapping[str, Any], recorded: frozenset[str]) -> bool:
        """The block still reads as the tool wrote it (without a base: nobody else edited it)."""
        if base is not None:
            return fingerprint(_norm(block_text(block))) in recorded
        editor = user_id(block, "last_edited_by")
        return owner is None or editor is None or editor == owner

    last_todo: str | None = None
    if own.verdict is not None:
        last_todo = str(own.verdict["id"])
        text = _norm(block_text(own.verdict))
        verdicts = frozenset([base.verdict]) if base is not None else frozenset()
        if text != body.verdict and as_written(own.verdict, verdicts):
            ops.updates.append(Edit(last_todo, "to_do", body.verdict))
    elif base is None:
        ops.insert(None, [BlockSpec("to_do", body.verdict)])

    wanted = list(body.points)
    written = base.points if base is not None else frozenset()
    for block in own.focus:
        text = _norm(block_text(block))
        if text in wanted:
            wanted.remove(text)
        elif as_written(block, written) and not block_checked(block):
            ops.deletes.append(str(block["id"]))
            ops.removed_points += 1
            continue
        last_todo = str(block["id"])
    fresh = [p for p in wanted if fingerprint(p) not in written]
    ops.insert(last_todo, [BlockSpec("to_do", p) for p in fresh])
    ops.added_points = len(fresh)
    if body.compact:
        return ops
    _plan_note(own, body, ops, last_todo)
    _plan_sections(own, body, base, ops, str(own.note["id"]) if own.note else last_todo)
    return ops


def _plan_note(own: OwnBlocks, body: Body, ops: BodyOps, anchor: str | None) -> None:
    if own.note is not None:
        if not body.note:
            ops.deletes.append(str(own.note["id"]))
        elif _norm(block_text(own.note)) != body.note:
            ops.updates.append(Edit(str(own.note["id"]), "paragraph", body.note))
    elif body.note:
        ops.insert(anchor, [BlockSpec("paragraph", body.note)])


def _plan_sections(
    own: OwnBlocks, body: Body, base: Base | None, ops: BodyOps, anchor: str | None
) -> None:
    """Add the sections the page lacks, each before the next older one present."""
    recorded = base.history if base is not None else {}
    legacy = own.sections.get("", [])
    legacy_text = "".join(block_text(b) for b in legacy).strip()
    present = {k: v for k, v in own.sections.items() if k}
    for section in body.sections:
        blocks = present.get(section.key)
        if blocks is not None:
            text = "".join(block_text(b) for b in blocks[1:]).strip()
            if text == section.text or recorded.get(section.key) != fingerprint(text):
                continue  # as written, or the reader's now
            ops.deletes += [str(b["id"]) for b in blocks]
        elif section.key in recorded or (legacy and legacy_text == section.text):
            continue  # the reader removed it, or the old single paragraph is this one
        ops.insert(_place(section.key, body.order, present, anchor), section.specs())
        ops.sections_added += 1


def _place(
    key: str, order: Sequence[str], present: Mapping[str, list[JSONDict]], anchor: str | None
) -> str | None:
    """The block a new section goes after: the last block of the nearest newer section,
    else `anchor` (the note or the last to-do: the newest section comes first)."""
    newer = list(order[: order.index(key)]) if key in order else list(order)
    for other in reversed(newer):
        if other in present:
            return str(present[other][-1]["id"])
    return anchor
