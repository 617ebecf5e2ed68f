"""Bring an existing page body in line with the entry without undoing the reader's work.

Which blocks are the tool's? Those its integration created: a block's
``created_by`` is the integration's bot user for every block we add, while blocks
the reader adds carry the reader's id and are never touched. Among ours:

* the first to-do, when it reads like a reading action, is the verdict to-do:
  its text is updated in place, so its tick survives a verdict change;
* other to-dos are matched to focus points by exact text: matched ones are kept
  with their ticks, unmatched ones are deleted (a focus point that left the digest,
  or a to-do the reader renamed: its point is added again, unticked), and missing
  points are inserted after the last kept to-do;
* the paragraphs of the original text are replaced as a whole when the text changed.

The computation is pure, and applying its result twice is harmless, which is what
lets an interrupted or ambiguous run be repaired by simply reconciling again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from digest2notes import Verdict

from .blocks import BlockSpec, block_checked, block_text

JSONDict = dict[str, Any]

_ACTIONS = tuple(v.action for v in Verdict)


def _norm(text: str) -> str:
    return text.replace("\r\n", "\n").strip()


def looks_like_verdict(text: str) -> bool:
    """``Read closely``, ``Skim (~5 min) — 略读``...: a reading action we wrote."""
    for action in _ACTIONS:
        if text == action or text.startswith((f"{action} (", f"{action} —")):
            return True
    return False


def creator(obj: Mapping[str, Any]) -> str | None:
    who = obj.get("created_by")
    value = who.get("id") if isinstance(who, Mapping) else None
    return str(value) if value else None


@dataclass
class OwnBlocks:
    """The tool's blocks on a page, in page order."""

    verdict: JSONDict | None
    focus: list[JSONDict]
    paragraphs: list[JSONDict]


def own_blocks(blocks: Sequence[JSONDict], owner: str | None) -> OwnBlocks:
    """Split a page's top-level blocks into the tool's verdict, focus and text blocks.

    `owner` is the integration's bot user id; None (or a block without
    ``created_by``) counts every block as ours.
    """

    def ours(block: Mapping[str, Any]) -> bool:
        who = creator(block)
        return owner is None or who is None or who == owner

    todos = [b for b in blocks if b.get("type") == "to_do" and ours(b)]
    paragraphs = [b for b in blocks if b.get("type") == "paragraph" and ours(b)]
    verdict: JSONDict | None = None
    if todos and looks_like_verdict(_norm(block_text(todos[0]))):
        verdict, todos = todos[0], todos[1:]
    return OwnBlocks(verdict, todos, paragraphs)


def focus_progress(blocks: Sequence[JSONDict], owner: str | None) -> tuple[int, int]:
    """(ticked, total) focus-point to-dos on a page; the verdict to-do is not a focus point."""
    own = own_blocks(blocks, owner)
    return sum(1 for b in own.focus if block_checked(b)), len(own.focus)


@dataclass
class BodyOps:
    """What to do to one page body. Empty when it already matches."""

    verdict_update: tuple[str, str] | None = None  # (block id, new text)
    deletes: list[str] = field(default_factory=list)
    inserts: list[BlockSpec] = field(default_factory=list)
    after: str | None = None  # insert after this block; None = at the end
    added_points: int = 0
    removed_points: int = 0
    text_replaced: bool = False

    @property
    def empty(self) -> bool:
        return self.verdict_update is None and not self.deletes and not self.inserts

    def describe(self) -> list[str]:
        parts: list[str] = []
        if self.verdict_update is not None:
            parts.append("verdict to-do")
        if self.added_points:
            parts.append(f"+{self.added_points} focus to-do(s)")
        if self.removed_points:
            parts.append(f"-{self.removed_points} focus to-do(s)")
        if self.text_replaced:
            parts.append("text")
        return parts


def plan_body(
    blocks: Sequence[JSONDict], desired: Sequence[BlockSpec], owner: str | None
) -> BodyOps:
    """The edits that turn the tool's part of `blocks` into `desired`."""
    want_verdict = desired[0].text if desired and desired[0].type == "to_do" else None
    want_points = [s.text for s in desired[1:] if s.type == "to_do"]
    want_text = [s.text for s in desired if s.type == "paragraph"]
    own = own_blocks(blocks, owner)
    ops = BodyOps()
    kept: list[JSONDict] = []

    if own.verdict is not None:
        kept.append(own.verdict)
        if want_verdict is not None and _norm(block_text(own.verdict)) != _norm(want_verdict):
            ops.verdict_update = (str(own.verdict["id"]), want_verdict)
    elif want_verdict is not None:
        ops.inserts.append(BlockSpec("to_do", want_verdict))

    need = Counter(_norm(p) for p in want_points)
    for block in own.focus:
        key = _norm(block_text(block))
        if need[key] > 0:
            need[key] -= 1
            kept.append(block)
        else:
            ops.deletes.append(str(block["id"]))
            ops.removed_points += 1
    for point in want_points:
        if need[_norm(point)] > 0:
            need[_norm(point)] -= 1
            ops.inserts.append(BlockSpec("to_do", point))
            ops.added_points += 1

    if [_norm(block_text(b)) for b in own.paragraphs] != [_norm(t) for t in want_text]:
        ops.deletes += [str(b["id"]) for b in own.paragraphs]
        ops.inserts += [BlockSpec("paragraph", t) for t in want_text]
        ops.text_replaced = True

    if ops.inserts and kept:
        position = {str(b["id"]): i for i, b in enumerate(blocks)}
        ops.after = max((str(b["id"]) for b in kept), key=lambda i: position.get(i, -1))
    return ops
