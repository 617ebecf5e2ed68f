"""What a note says: its properties, and the units of its generated part.

The generated part sits between two Obsidian comments, so readers see no machinery
in reading view. Inside it, every piece the tool writes is a *unit* with a key, so
that a re-export can tell each one apart from whatever the reader added around it:

- the verdict and each focus point are ``- [ ]`` items whose block ids are their keys
  (``^verdict``, ``^fp-…``: the reader can link to a point, and a point keeps its key
  however the list around it changes);
- each digest the entry appeared in is a quote block under its date;
- a ticked point a later digest dropped is kept, struck through, under a
  "no longer in the digest" line;
- where the reader and a digest both changed the same value, a note block says
  what the digest says now (the reader's value stays).

A digest's note (`digestnotes`) has one unit, its reading list, a callout block.

The end marker carries a seal, ``%% digest2notes:end 3f2a9c1b %%``: a hash of the
whole note as written. It is only written when every value of ours in the note is
the tool's own, so a note whose seal still holds is known to carry nothing of the
reader's but ticks, and can be taken over from it even without the export state.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from digest2notes import Verdict

from . import markdown
from .checklist import DONE_MARKS as DONE_MARKS
from .checklist import DROPPED_LINE as DROPPED_LINE
from .checklist import POINT_PREFIX as POINT_PREFIX
from .checklist import VERDICT_ID as VERDICT_ID
from .history import Known, Said
from .kept import verdict_of
from .style import DEFAULT_STYLE, NoteStyle

BEGIN_MARKER = "%% digest2notes:begin (generated: your ticks, additions and edits are kept) %%"
END_PREFIX = "%% digest2notes:end"
UNSEALED = "0" * 8
CHANGED_LINE = "> [!note] The digest changed what you edited (yours is kept)"
NOTES_HEADING = "## Notes"
QUOTE_HEADER = "> [!quote] Digest"
REFERENCES_PREFIX = "References: "
DIGEST_PREFIX = "digest:"
DROPPED_KEY = "dropped"
#: A digest note's reading list (`digestnotes`): a callout, one line per entry.
LISTING_HEADER = "> [!summary] Reading list"
LISTING_KEY = "listing"
CHANGED_KEY = "changed"
STATUS_UNREAD = "unread"
ROOT_TAG = "digest2notes"

#: Our properties, in the order a new note lists them.
KEYS: tuple[str, ...] = (
    "digest2notes_id",
    "title",
    "repo",
    "pr",
    "verdict",
    "verdict_rank",
    "verdict_text",
    "minutes",
    "status",
    "focus_total",
    "focus_done",
    "digest_date",
    "digest_dates",
    "references",
    "tags",
)
#: Worked out from the note itself (its id, its verdict, its checklist), never the
#: reader's to keep apart: they are what the views sort and count by.
DERIVED = frozenset({"digest2notes_id", "verdict_rank", "focus_total", "focus_done"})

_OWN_PR = re.compile(r"\(#(\d+)\)\s*$")
_ISSUE_REF = re.compile(r"^(?:(?P<repo>[\w.-]+/[\w.-]+))?#(?P<number>\d+)$")
_URL_REF = re.compile(r"^https?://[^\s<>()\[\]`]+$")
_TAG_UNSAFE = re.compile(r"[^\w/-]+")
_SEAL = re.compile(
    r"^%% digest2notes:end (?:[0-9a-f]{8}\.)?(?P<hash>[0-9a-f]{8}) %%[ \t]*\r?$", re.MULTILINE
)


@dataclass(frozen=True)
class Item:
    """A checklist line of ours: ``- [ ] {text} ^{key}``."""

    key: str
    text: str

    @property
    def value(self) -> str:
        """What the base keeps of the line: our text (the mark and additions are theirs)."""
        return self.text


@dataclass(frozen=True)
class Block:
    """Lines of ours that go together (a digest's quote, the note of changes)."""

    key: str
    lines: tuple[str, ...]

    @property
    def value(self) -> str:
        return "\n".join(self.lines)


Unit = Item | Block


#: (the note's id, our properties as merged, (ticked, total) focus points) → the
#: properties worked out from the note itself.
Derive = Callable[[str, Mapping[str, object], tuple[int, int]], dict[str, object]]


@dataclass(frozen=True)
class Kind:
    """A kind of note the tool writes (an entry's, a digest's): what the merge must know
    of its properties beyond their values."""

    keys: tuple[str, ...]  # our properties, in the order a new note lists them
    derived: frozenset[str]  # worked out from the note itself, never the reader's
    lists: frozenset[str]  # lists: the digest's additions and removals, the reader's kept
    derive: Derive


def _entry_derived(
    note_id: str, wanted: Mapping[str, object], points: tuple[int, int]
) -> dict[str, object]:
    return {
        "digest2notes_id": note_id,
        "verdict_rank": verdict_of(wanted.get("verdict")).rank,
        "focus_total": points[1],
        "focus_done": points[0],
    }


ENTRY = Kind(KEYS, DERIVED, frozenset({"tags", "references", "digest_dates"}), _entry_derived)


@dataclass(frozen=True)
class Draft:
    """What the tool writes in a note now: its properties and the units of its generated
    part. The merge (`merge`) works on drafts alone, so another kind of note (a note per
    digest: `digestnotes`) only needs a function that drafts it, and its `Kind`."""

    id: str
    properties: dict[str, object]
    units: tuple[Unit, ...]
    kind: Kind = ENTRY


def draft(known: Known, style: NoteStyle = DEFAULT_STYLE) -> Draft:
    """An entry's note, as the digests say it now, written in the reader's `style`."""
    return Draft(known.id, properties(known, style), tuple(units(known, style)))


def minutes_of(known: Known, style: NoteStyle = DEFAULT_STYLE) -> int:
    """The digest's reading time, else the one the reader's config assumes for the verdict."""
    return known.minutes if known.minutes is not None else style.minutes_for(known.verdict)


def properties(known: Known, style: NoteStyle = DEFAULT_STYLE) -> dict[str, object]:
    """Our properties for the entry, in `KEYS` order (``pr`` only for a headline that
    names its own pull request). The derived counts are placeholders the merge fills
    in from the checklist as it ends up."""
    dates = [date for date in map(_iso_date, known.dates) if date is not None]
    values: dict[str, object] = {
        "digest2notes_id": known.id,
        "title": known.title,
        "repo": known.repo,
        "pr": pr_link(known.repo, known.title),
        "verdict": known.verdict.value,
        "verdict_rank": known.verdict.rank,
        "verdict_text": known.verdict_text,
        "minutes": minutes_of(known, style),
        "status": STATUS_UNREAD,
        "focus_total": len(known.focus_points),
        "focus_done": 0,
        "digest_date": dates[-1] if dates else None,
        "digest_dates": dates,
        "references": [url for _, url in reference_links(known.repo, known.references)],
        "tags": [ROOT_TAG, verdict_tag(known.verdict), repo_tag(known.repo)],
    }
    if values["pr"] is None:
        del values["pr"]
    return values


def units(known: Known, style: NoteStyle = DEFAULT_STYLE) -> list[Unit]:
    """The current units, in order: the verdict, the focus points, then a quote block
    per digest, newest first. With a task tag, each item's text starts with it, so the
    Tasks plugin's global filter takes the items in."""
    lead = f"{style.task_tag} " if style.task_tag else ""
    found: list[Unit] = [Item(VERDICT_ID, lead + verdict_label(known))]
    points = [lead + markdown.inline(point) for point in known.focus_points]
    found += [Item(k, t) for k, t in zip(point_ids(known.focus_points), points, strict=True)]
    shown: dict[tuple[str, tuple[str, ...]], Said] = {}
    for said in known.history:
        same = shown.setdefault((said.text, said.references), said)
        found.append(quote_block(known.repo, said) if same is said else repeat_block(said, same))
    return found


def item_line(lead: str, text: str, key: str, after: str = "") -> str:
    """A checklist line: `lead` (``- [x] ``), our text, the block id, and what followed it."""
    return f"{lead}{text} ^{key}{after}"


def quote_block(repo: str, said: Said) -> Block:
    """One digest's paragraph under its date, then its references."""
    header = f"{QUOTE_HEADER} · {said.date}" if said.date else QUOTE_HEADER
    quoted = markdown.quote(said.text)
    lines = [header, *(quoted.split("\n") if quoted else [])]
    links = reference_links(repo, said.references)
    if links:
        shown = ", ".join(f"[{label}]({url})" for label, url in links)
        lines += ["", f"{REFERENCES_PREFIX}{shown}"]
    return Block(DIGEST_PREFIX + said.key, tuple(lines))


def repeat_block(said: Said, newer: Said) -> Block:
    """An older digest that said the very same: its date, not the paragraph again."""
    when = f" · {said.date}" if said.date else ""
    since = f" on {newer.date}" if newer.date else ""
    return Block(DIGEST_PREFIX + said.key, (f"{QUOTE_HEADER}{when}", f"> (the same as{since})"))


def changed_block(changes: Sequence[tuple[str, str]]) -> Block:
    """What the digest says now of values the reader changed: (what, the digest's value,
    already made inert)."""
    return Block(CHANGED_KEY, (CHANGED_LINE, *(f"> - {what}: {value}" for what, value in changes)))


def verdict_label(known: Known) -> str:
    """ "Read closely — “值得精读”": the reading action, then the digest's own phrase."""
    action = known.verdict.reading_action(known.minutes)
    if known.verdict_text:
        return f"{action} — “{markdown.inline(known.verdict_text)}”"
    return action


def point_ids(points: Sequence[str]) -> list[str]:
    """Stable block ids: a hash of the point's normalised text, made unique within the note."""
    ids: list[str] = []
    for point in points:
        normal = " ".join(unicodedata.normalize("NFC", point).casefold().split())
        base = POINT_PREFIX + hashlib.blake2b(normal.encode(), digest_size=3).hexdigest()
        block_id, number = base, 1
        while block_id in ids:
            number += 1
            block_id = f"{base}-{number}"
        ids.append(block_id)
    return ids


def reference_links(repo: str, references: Sequence[str]) -> list[tuple[str, str]]:
    """(label, URL) per reference, deduplicated, first seen first.

    ``#N`` becomes ``https://github.com/{repo}/issues/N``: issues and pull requests
    share one number space, and GitHub redirects ``/issues/N`` to ``/pull/N`` when N
    is a pull request, so this URL is right either way.
    """
    links: dict[str, str] = {}
    for reference in references:
        reference = reference.strip()
        issue = _ISSUE_REF.match(reference)
        if issue:
            owner = issue.group("repo") or repo
            url = f"https://github.com/{owner}/issues/{issue.group('number')}"
            links.setdefault(url, reference)
        elif _URL_REF.match(reference):
            links.setdefault(reference, reference)
    return [(label, url) for url, label in links.items()]


def pr_link(repo: str, title: str) -> str | None:
    """The pull request a headline names as its own (``… (#50001)``), as a link."""
    match = _OWN_PR.search(title)
    return f"https://github.com/{repo}/pull/{match.group(1)}" if match else None


def repo_tag(repo: str) -> str:
    """``vllm-project/vllm`` → ``repo/vllm-project-vllm``: one level, only tag-safe characters."""
    return "repo/" + (_TAG_UNSAFE.sub("-", repo.replace("/", "-")).strip("-").lower() or "unknown")


def verdict_tag(verdict: Verdict) -> str:
    return f"verdict/{verdict.value}"


def end_marker() -> str:
    return f"{END_PREFIX} {UNSEALED} %%"


def seal(text: str) -> str:
    """`text` with the end marker's hash filled in (the marker must be unsealed)."""
    match = _SEAL.search(text)
    if match is None or match.group("hash") != UNSEALED:
        return text
    start, end = match.span("hash")
    return text[:start] + _hash(text) + text[end:]


def is_sealed(text: str) -> bool:
    """Is `text` exactly as an export wrote it, sealed? (Notes of earlier versions, whose
    marker also carries an entry print, are sealed the same way.)"""
    match = _SEAL.search(text)
    if match is None or match.group("hash") == UNSEALED:
        return False
    start, end = match.span("hash")
    return _hash(text[:start] + UNSEALED + text[end:]) == match.group("hash")


def _hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=4).hexdigest()


def _iso_date(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) else None
    except ValueError:
        return None
