"""What a note says: its properties and the generated part of its body.

The generated part sits between two Obsidian comments, so readers see no
machinery in reading view, and everything outside it belongs to the reader.
Inside it, the verdict and each focus point are ``- [ ]`` items with block
ids (``^verdict``, ``^fp-…``): the ids let the reader link to a point from
elsewhere, and let a re-export carry each tick over even when the point
moved. A ticked point that a later digest no longer lists is kept, struck
through, below a "no longer in the digest" line, so a re-export never
silently undoes something the reader did.

The end marker carries a fingerprint, ``%% digest2notes:end 3f2a9c1b.7d20aa11 %%``:
a hash of what the note was made from, and a hash of the whole note as we
wrote it. When both still match, the note is untouched and up to date, so a
re-export of 10,000 unchanged notes needs no parsing or rendering at all.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from digest2notes import Entry, Verdict

from . import markdown

BEGIN_MARKER = "%% digest2notes:begin (generated: ticks are kept, edits here are replaced) %%"
END_PREFIX = "%% digest2notes:end"
UNSEALED = "0" * 8
DROPPED_LINE = "No longer in the digest (kept because you ticked them):"
NOTES_HEADING = "## Notes"
VERDICT_ID = "verdict"
POINT_PREFIX = "fp-"
STATUS_UNREAD = "unread"
ROOT_TAG = "digest2notes"

#: Our properties, in the order a new note lists them. ``status`` is written once
#: (``unread``) and is the reader's from then on.
KEYS: tuple[str, ...] = (
    "digest2notes_id",
    "title",
    "repo",
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

_BEGIN = re.compile(r"^%% digest2notes:begin\b[^\n]*%%[ \t]*\r?$", re.MULTILINE)
_END = re.compile(r"^%% digest2notes:end\b[^\n]*%%[ \t]*\r?$", re.MULTILINE)
_ITEM = re.compile(
    r"^[ \t]*[-*+][ \t]+\[(?P<mark>[^\]\n])\][ \t]+(?P<text>.*?)"
    r"(?:[ \t]+\^(?P<id>[A-Za-z0-9-]+))?[ \t]*\r?$",
    re.MULTILINE,
)
_DROPPED = re.compile(r"^" + re.escape(DROPPED_LINE) + r"[ \t]*\r?$", re.MULTILINE)
_SEAL = re.compile(
    r"^%% digest2notes:end (?P<entry>[0-9a-f]{8})\.(?P<note>[0-9a-f]{8}) %%[ \t]*\r?$", re.MULTILINE
)
_SEAL_START = f"\n{END_PREFIX} "
_STRUCK = re.compile(r"^~~(?P<text>.*)~~$")
_ISSUE_REF = re.compile(r"^(?:(?P<repo>[\w.-]+/[\w.-]+))?#(?P<number>\d+)$")
_URL_REF = re.compile(r"^https?://[^\s<>()\[\]`]+$")
_TAG_UNSAFE = re.compile(r"[^\w/-]+")
DONE_MARKS = frozenset("xX")


@dataclass(frozen=True)
class Item:
    """A checklist line of the generated part, as the reader left it."""

    mark: str
    text: str
    block_id: str | None
    dropped: bool

    @property
    def ticked(self) -> bool:
        """Any mark at all counts as reader state worth keeping (``x``, ``/``, ``-``, ...)."""
        return self.mark != " "


@dataclass(frozen=True)
class Block:
    """Where the generated part is in a body, and its checklist."""

    start: int
    end: int
    items: tuple[Item, ...]


def find_block(body: str) -> Block | None:
    """The generated part of `body` (first begin marker, first end marker after it)."""
    begin = _BEGIN.search(body)
    if begin is None:
        return None
    end = _END.search(body, begin.end())
    if end is None:
        return None
    return Block(begin.start(), end.end(), tuple(items_in(body[begin.end() : end.start()])))


def items_in(text: str) -> list[Item]:
    """Checklist lines of `text` (a generated part, or a body whose markers were removed)."""
    dropped = _DROPPED.search(text)
    dropped_at = dropped.start() if dropped else -1
    items = []
    for match in _ITEM.finditer(text):
        item_text = match.group("text")
        struck = _STRUCK.match(item_text)
        items.append(
            Item(
                mark=match.group("mark"),
                text=struck.group("text") if struck else item_text,
                block_id=match.group("id"),
                dropped=0 <= dropped_at < match.start(),
            )
        )
    return items


def count_points(items: Sequence[Item]) -> tuple[int, int]:
    """(done, total) focus points: current points only, the verdict item excluded."""
    points = [i for i in items if not i.dropped and (i.block_id or "").startswith(POINT_PREFIX)]
    return sum(1 for i in points if i.mark in DONE_MARKS), len(points)


def _normal(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


def point_ids(points: Sequence[str]) -> list[str]:
    """Stable block ids: a hash of the point's normalised text, made unique within the note."""
    ids: list[str] = []
    seen: set[str] = set()
    for point in points:
        base = POINT_PREFIX + hashlib.blake2b(_normal(point).encode(), digest_size=3).hexdigest()
        block_id, number = base, 1
        while block_id in seen:
            number += 1
            block_id = f"{base}-{number}"
        seen.add(block_id)
        ids.append(block_id)
    return ids


def verdict_label(entry: Entry) -> str:
    """"Read closely — “值得精读”": the reading action, then the digest's own phrase."""
    label = entry.reading_action
    if entry.verdict_text:
        label += f" — “{markdown.inline(entry.verdict_text)}”"
    return label


def short_hash(text: str) -> str:
    """32 bits of BLAKE2b as hex: enough to notice a change, not a security measure."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=4).hexdigest()


def seal(text: str) -> str:
    """Fill in the note hash of the first end marker (rendered as `UNSEALED`)."""
    match = _SEAL.search(text)
    if match is None or match.group("note") != UNSEALED:
        return text
    return text[: match.start("note")] + short_hash(text) + text[match.end("note") :]


def seal_new(text: str) -> str:
    """`seal` for a note we just rendered, whose only end marker we know is unsealed."""
    head, marker, tail = text.rpartition(f".{UNSEALED} %%\n")
    if not marker or END_PREFIX not in head[-len(END_PREFIX) - 10 :]:
        return seal(text)
    return f"{head}.{short_hash(text)} %%\n{tail}"


def unseal(text: str) -> str:
    """`text` with the note hash zeroed, as it was when hashed (same length, same offsets)."""
    match = _SEAL.search(text)
    if match is None:
        return text
    return text[: match.start("note")] + UNSEALED + text[match.end("note") :]


def is_sealed(text: str, entry_print: str) -> bool:
    """Is `text` exactly the note we wrote for an entry whose print is `entry_print`?

    Runs for every note on every export, so it slices at fixed offsets instead of
    matching: ``%% digest2notes:end EEEEEEEE.NNNNNNNN %%`` at the start of a line.
    """
    start = text.find(_SEAL_START) + 1
    if start <= 0:
        return False
    entry_at = start + len(END_PREFIX) + 1
    note_at = entry_at + 9
    if text[entry_at:note_at] != entry_print + "." or text[note_at + 8 : note_at + 11] != " %%":
        return False
    unsealed = text[:note_at] + UNSEALED + text[note_at + 8 :]
    return short_hash(unsealed) == text[note_at : note_at + 8]


def render_block(
    entry: Entry, previous: Sequence[Item] = (), entry_print: str = UNSEALED
) -> tuple[str, int]:
    """The generated part for `entry`, carrying over the marks in `previous`.

    Returns the text (markers included) and how many focus points are ticked done.
    """
    points = [markdown.inline(point) for point in entry.focus_points]
    ids = point_ids(entry.focus_points)
    if not previous:  # a new note: every box unticked (the common case, kept cheap)
        lines = [BEGIN_MARKER, f"- [ ] {verdict_label(entry)} ^{VERDICT_ID}"]
        lines += [f"- [ ] {text} ^{block_id}" for text, block_id in zip(points, ids, strict=True)]
        return _finish(entry, lines, entry_print), 0
    wanted = {VERDICT_ID, *ids}
    by_id = {item.block_id: item for item in previous if item.block_id}
    by_text: dict[str, Item] = {}
    for item in previous:
        # Text matching is for lines that lost their id; a line whose id another
        # current item claims is that item's, whatever its text says.
        if item.block_id not in wanted:
            by_text.setdefault(_normal(item.text), item)
    used: set[int] = set()

    def mark_of(block_id: str, text: str | None) -> str:
        item = by_id.get(block_id)
        if item is None and text is not None:
            item = by_text.get(_normal(text))
        if item is None or id(item) in used:
            return " "
        used.add(id(item))
        return item.mark

    lines = [BEGIN_MARKER, f"- [{mark_of(VERDICT_ID, None)}] {verdict_label(entry)} ^{VERDICT_ID}"]
    done = 0
    for text, block_id in zip(points, ids, strict=True):
        mark = mark_of(block_id, text)
        done += mark in DONE_MARKS
        lines.append(f"- [{mark}] {text} ^{block_id}")
    kept = [i for i in previous if i.ticked and id(i) not in used and i.block_id != VERDICT_ID]
    if kept:
        lines += ["", DROPPED_LINE]
        for item in kept:
            suffix = f" ^{item.block_id}" if item.block_id else ""
            lines.append(f"- [{item.mark}] ~~{item.text}~~{suffix}")
    return _finish(entry, lines, entry_print), done


def _finish(entry: Entry, lines: list[str], entry_print: str) -> str:
    """The checklist's `lines`, then the digest's paragraph, references and the end marker."""
    latest = entry.latest_date
    lines += ["", f"> [!quote] Digest · {latest}" if latest else "> [!quote] Digest"]
    lines.append(markdown.quote(entry.text))
    references = reference_links(entry)
    if references:
        lines += ["", "References: " + ", ".join(f"[{label}]({url})" for label, url in references)]
    lines.append(f"{END_PREFIX} {entry_print}.{UNSEALED} %%")
    return "\n".join(lines)


def render_body(entry: Entry, entry_print: str = UNSEALED) -> str:
    """A new note's body: the generated part, then the reader's section."""
    block, _ = render_block(entry, (), entry_print)
    return f"{block}\n\n{NOTES_HEADING}\n"


def reference_links(entry: Entry) -> list[tuple[str, str]]:
    """(label, URL) per reference, deduplicated.

    ``#N`` becomes ``https://github.com/{repo}/issues/N``: issues and pull
    requests share one number space, a digest's ``#N`` is as often an issue (a
    bug report) as a PR, and GitHub redirects ``/issues/N`` to ``/pull/N`` when
    N is a pull request, so this URL is right either way.
    """
    links: dict[str, str] = {}
    for reference in entry.references:
        reference = reference.strip()
        issue = _ISSUE_REF.match(reference)
        if issue:
            repo = issue.group("repo") or entry.repo
            links.setdefault(f"https://github.com/{repo}/issues/{issue.group('number')}", reference)
        elif _URL_REF.match(reference):
            links.setdefault(reference, reference)
    return [(label, url) for url, label in links.items()]


def repo_tag(repo: str) -> str:
    """``vllm-project/vllm`` → ``repo/vllm-project-vllm``: one level, only tag-safe characters."""
    return "repo/" + (_TAG_UNSAFE.sub("-", repo.replace("/", "-")).strip("-").lower() or "unknown")


def verdict_tag(verdict: Verdict) -> str:
    return f"verdict/{verdict.value}"


def properties(
    entry: Entry, *, focus_done: int = 0, status: str = STATUS_UNREAD
) -> dict[str, object]:
    """Our properties for `entry`, each key always present and always of one type.

    ``digest_date`` (the newest digest) is a date property Bases and Dataview
    can sort on; ``digest_dates`` lists them all. Both are plain YAML dates,
    which PyYAML and YAML 1.2 readers alike load as dates.
    """
    dates = [date for date in map(_iso_date, entry.digest_dates) if date is not None]
    links = reference_links(entry)
    return {
        "digest2notes_id": entry.id,
        "title": entry.title,
        "repo": entry.repo,
        "verdict": entry.verdict.value,
        "verdict_rank": entry.verdict.rank,
        "verdict_text": entry.verdict_text,
        "minutes": entry.minutes,
        "status": status,
        "focus_total": len(entry.focus_points),
        "focus_done": focus_done,
        "digest_date": dates[-1] if dates else None,
        "digest_dates": dates,
        "references": [url for _, url in links],
        "tags": [ROOT_TAG, verdict_tag(entry.verdict), repo_tag(entry.repo)],
    }


@functools.lru_cache(maxsize=4096)
def _iso_date(text: str) -> dt.date | None:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None
