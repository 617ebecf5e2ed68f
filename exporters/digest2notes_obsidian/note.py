"""What a note says: its properties and the generated part of its body.

The generated part sits between two Obsidian comments, so readers see no
machinery in reading view, and everything outside it belongs to the reader.
Inside it, the verdict and each focus point are ``- [ ]`` items with block
ids (``^verdict``, ``^fp-…``): the ids let the reader link to a point from
elsewhere, and let a re-export carry each tick over even when the point
moved. A ticked point that a later digest no longer lists is kept, struck
through, below a "no longer in the digest" line, so a re-export never
silently undoes something the reader did.

The end marker carries a seal, ``%% digest2notes:end 3f2a9c1b.7d20aa11 %%``: the
entry print (a hash of what the note was made from, format version included; not
the same as `Entry.fingerprint`) and a hash of the whole note as we wrote it. When
both still match, the note is untouched and up to date, so a re-export of 10,000
unchanged notes needs no parsing or rendering at all.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from digest2notes import Entry, Verdict

from . import markdown
from . import properties as props
from .lines import LinePattern

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

_BEGIN = LinePattern("%% digest2notes:begin", r"\b[^\n]*%%[ \t]*\r?$")
_END = LinePattern(END_PREFIX, r"\b[^\n]*%%[ \t]*\r?$")
_ITEM = re.compile(
    r"^[ \t]*[-*+][ \t]+\[(?P<mark>[^\]\n])\][ \t]+(?P<text>.*?)"
    r"(?:[ \t]+\^(?P<id>[A-Za-z0-9-]+))?[ \t]*\r?$",
    re.MULTILINE,
)
# A current focus point, exactly as `_ITEM` reads one whose block id starts with ``fp-``:
# `_ITEM` takes every blank after ``]``, so its text starts with a non-blank and the id
# (the last ``^token`` on the line) needs a blank before it, after that first character.
# It matches from the line break before the line (see `count_ticked`), so a search jumps
# from line break to line break rather than trying ``^`` at every character, and runs
# to the end of the line before looking back for the id (``[^\n]*``, not ``*?``): both
# find the same lines, this one without trying the id at every character.
_POINT = re.compile(
    r"\n[ \t]*[-*+][ \t]+\[(?P<mark>[^\]\n])\][ \t]+[^ \t\n][^\n]*[ \t]\^"
    + POINT_PREFIX
    + r"[A-Za-z0-9-]*[ \t]*\r?$",
    re.MULTILINE,
)
_DROPPED = LinePattern(DROPPED_LINE, r"[ \t]*\r?$")
_SEAL = LinePattern(
    END_PREFIX, r" (?P<entry>[0-9a-f]{8})\.(?P<note>[0-9a-f]{8}) %%[ \t]*\r?$"
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


def count_ticked(body: str) -> tuple[int, int]:
    """`count_points` of `body`'s generated part (or of the whole body without markers),
    without building an `Item` per line: the queue counts the ticks of every note in
    the vault on each run, and needs no more than the two numbers."""
    start, stop = 0, len(body)
    begin = _BEGIN.search(body)
    if begin is not None:
        end = _END.search(body, begin.end())
        if end is not None:
            # The begin marker's match ends at its line break, which `_POINT` starts from.
            start, stop = begin.end(), end.start()
    if start == 0:
        body, stop = "\n" + body, stop + 1  # no markers: give the first line its line break
    dropped = _DROPPED.search(body, start, stop)
    if dropped is not None:
        stop = dropped.start()  # points below the "no longer in the digest" line are not current
    done = total = 0
    for match in _POINT.finditer(body, start, stop):
        total += 1
        done += match.group("mark") in DONE_MARKS
    return done, total


def _normal(text: str) -> str:
    return markdown.single_spaced(unicodedata.normalize("NFC", text).casefold())


def point_ids(points: Sequence[str]) -> list[str]:
    """Stable block ids: a hash of the point's normalised text, made unique within the note."""
    ids: list[str] = []
    for point in points:
        digest = _POINT_HASH.copy()  # see `_NOTE_HASH`
        digest.update(_normal(point).encode())
        base = POINT_PREFIX + digest.hexdigest()
        block_id, number = base, 1
        while block_id in ids:  # a list: a note has a handful of points
            number += 1
            block_id = f"{base}-{number}"
        ids.append(block_id)
    return ids


# Blank BLAKE2b hashers, 24 bits for block ids and 32 for `short_hash`, to copy for each
# hash: a copy skips the constructor's parsing of its keyword arguments, a third of the
# cost of hashing a point's few dozen bytes.
_POINT_HASH = hashlib.blake2b(digest_size=3)
_NOTE_HASH = hashlib.blake2b(digest_size=4)


def verdict_label(entry: Entry) -> str:
    """"Read closely — “值得精读”": the reading action, then the digest's own phrase."""
    return _verdict_label(entry.verdict, entry.minutes, entry.verdict_text)


# A few verdicts, times and phrases, thousands of notes. Typed: True is not 1 minute.
@functools.lru_cache(maxsize=1024, typed=True)
def _verdict_label(verdict: Verdict, minutes: int | None, verdict_text: str | None) -> str:
    action = verdict.reading_action(minutes)
    if verdict_text:
        return f"{action} — “{markdown.inline(verdict_text)}”"
    return action


def short_hash(text: str) -> str:
    """32 bits of BLAKE2b as hex: enough to notice a change, not a security measure."""
    digest = _NOTE_HASH.copy()
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()


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


_SEAL_START_BYTES = _SEAL_START.encode()
_UNSEALED_BYTES = UNSEALED.encode()


def is_sealed_data(data: bytes, entry_print: str) -> bool:
    """`is_sealed` of the note whose UTF-8 bytes are `data`, as read from disk.

    The same answer without decoding and re-encoding the note (the marker is ASCII,
    so its byte offsets mean the same as its character offsets would), and the hash
    fed in three pieces instead of a copy: this runs for every note of an export.
    """
    start = data.find(_SEAL_START_BYTES) + 1
    if start <= 0:
        return False
    entry_at = start + len(END_PREFIX) + 1
    note_at = entry_at + 9
    if data[entry_at:note_at] != (entry_print + ".").encode() or (
        data[note_at + 8 : note_at + 11] != b" %%"
    ):
        return False
    view = memoryview(data)
    digest = hashlib.blake2b(view[:note_at], digest_size=4)
    digest.update(_UNSEALED_BYTES)
    digest.update(view[note_at + 8 :])
    return digest.hexdigest().encode() == data[note_at : note_at + 8]


def render_block(
    entry: Entry,
    previous: Sequence[Item] = (),
    entry_print: str = UNSEALED,
    links: Sequence[tuple[str, str]] | None = None,
) -> tuple[str, int]:
    """The generated part for `entry`, carrying over the marks in `previous`.

    Returns the text (markers included) and how many focus points are ticked done.
    """
    points = [markdown.inline(point) for point in entry.focus_points]
    ids = point_ids(entry.focus_points)
    if not previous:  # a new note: every box unticked (the common case, kept cheap)
        lines = [BEGIN_MARKER, f"- [ ] {verdict_label(entry)} ^{VERDICT_ID}"]
        lines += [f"- [ ] {text} ^{block_id}" for text, block_id in zip(points, ids, strict=True)]
        return _finish(entry, lines, entry_print, links), 0
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
    return _finish(entry, lines, entry_print, links), done


def _finish(
    entry: Entry,
    lines: list[str],
    entry_print: str,
    links: Sequence[tuple[str, str]] | None = None,
) -> str:
    """The checklist's `lines`, then the digest's paragraph, references and the end marker
    (`links`: `reference_links(entry)`, if the caller has them already)."""
    latest = entry.latest_date
    lines += ["", f"> [!quote] Digest · {latest}" if latest else "> [!quote] Digest"]
    lines.append(markdown.quote(entry.text))
    references = reference_links(entry) if links is None else links
    if references:
        lines += ["", "References: " + ", ".join(f"[{label}]({url})" for label, url in references)]
    lines.append(f"{END_PREFIX} {entry_print}.{UNSEALED} %%")
    return "\n".join(lines)


def _add_new_block(
    parts: list[str], entry: Entry, links: Sequence[tuple[str, str]], latest: str | None
) -> None:
    """Add a new note's generated part up to its end marker (every box unticked) to
    `parts`: the text of ``render_block(entry)``, which builds it line by line and joins
    it at each level, in pieces joined once with the rest of the note."""
    parts += (BEGIN_MARKER, "\n- [ ] ", verdict_label(entry), _VERDICT_SUFFIX)
    points = entry.focus_points
    ids = point_ids(points)  # one per point, by index: a strict `zip` parses its keyword
    for index, point in enumerate(points):
        parts += ("\n- [ ] ", markdown.inline(point), " ^", ids[index])
    _add_digest(parts, entry, links, latest)


_VERDICT_SUFFIX = f" ^{VERDICT_ID}"


def _add_digest(
    parts: list[str], entry: Entry, links: Sequence[tuple[str, str]], latest: str | None
) -> None:
    """Add what follows the checklist, up to the end marker, to `parts`: a blank line,
    the digest's paragraph quoted under the newest digest date, the references, and
    the line break the end marker starts after."""
    if latest:
        parts += ("\n\n> [!quote] Digest · ", latest, "\n")
    else:
        parts.append("\n\n> [!quote] Digest\n")
    parts += (markdown.quote(entry.text), "\n")
    if links:
        separator = "\nReferences: "
        for label, url in links:
            parts += (separator, "[", label, "](", url, ")")
            separator = ", "
        parts.append("\n")


def render_body(
    entry: Entry, entry_print: str = UNSEALED, links: Sequence[tuple[str, str]] | None = None
) -> str:
    """A new note's body: the generated part, then the reader's section."""
    block, _ = render_block(entry, (), entry_print, links)
    return f"{block}\n\n{NOTES_HEADING}\n"


def render_new(entry: Entry, entry_print: str = UNSEALED) -> str:
    """A new note for `entry`, unsealed: ``props.dumps(properties(entry), render_body(…))``.

    Built as one string (see `_new_head`); `test_obsidian_perf_paths` holds it to the
    generic rendering through python-frontmatter.
    """
    return f"{_new_head(entry, entry_print, entry.digest_dates)}{UNSEALED}{_NEW_TAIL}"


def render_new_sealed(entry: Entry, entry_print: str) -> str:
    """``seal_new(render_new(entry, entry_print))``, the note a cold export writes.

    The note is hashed in two pieces, up to its note hash and from there on, instead of
    being searched for its end marker and copied around the hash afterwards.
    """
    return render_new_sealed_data(entry, entry_print).decode("utf-8")


def render_new_sealed_data(entry: Entry, entry_print: str) -> bytes:
    """`render_new_sealed` as the UTF-8 a file gets: encoded once, for the hash and
    the file alike."""
    head = _new_head(entry, entry_print, entry.digest_dates)
    if len(entry_print) != len(UNSEALED):
        # Not a print of ours: `seal_new` looks for the end marker a few characters
        # before the note hash, and decides whether it can seal the note.
        return seal_new(f"{head}{UNSEALED}{_NEW_TAIL}").encode("utf-8")
    data = head.encode("utf-8")
    digest = _NOTE_HASH.copy()
    digest.update(data)
    digest.update(_UNSEALED_TAIL)
    return b"".join((data, digest.hexdigest().encode("ascii"), _NEW_TAIL_DATA))


_NEW_TAIL = f" %%\n\n{NOTES_HEADING}\n"
_NEW_TAIL_DATA = _NEW_TAIL.encode("utf-8")
_UNSEALED_TAIL = f"{UNSEALED}{_NEW_TAIL}".encode()


def _new_head(entry: Entry, entry_print: str, dates: tuple[str, ...]) -> str:
    """A new note up to its note hash (``…%% digest2notes:end {entry_print}.``).

    ``props.dumps_yaml(properties_text(…), render_body(…))`` written out as one join
    of its pieces (rather than joins of joins): the note starts with ``---`` and ends
    with the notes heading's line break, so the strip `dumps_yaml` does for
    python-frontmatter's sake has nothing to remove, and the references and dates are
    worked out once for the properties and the body.
    """
    links = reference_links(entry)
    parts = ["---\n"]
    lines = _property_lines(entry, links, dates)
    if lines is None:  # an entry holding values of unexpected types: the generic emitter
        parts.append(props.emit(properties(entry)).rstrip("\n") + "\n")  # as `dumps_yaml`
    else:
        parts += lines  # each ends in exactly one line break, the last one included
    parts.append("---\n\n")
    _add_new_block(parts, entry, links, dates[-1] if dates else None)
    parts += (END_PREFIX, " ", entry_print, ".")
    return "".join(parts)


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
        number = reference[1:]
        if reference[:1] == "#" and number.isdecimal():  # ``#N``, as `_ISSUE_REF` reads it
            links.setdefault(f"https://github.com/{entry.repo}/issues/{number}", reference)
            continue
        issue = _ISSUE_REF.match(reference)
        if issue:
            repo = issue.group("repo") or entry.repo
            links.setdefault(f"https://github.com/{repo}/issues/{issue.group('number')}", reference)
        elif _URL_REF.match(reference):
            links.setdefault(reference, reference)
    return [(label, url) for url, label in links.items()]  # first seen first


@functools.lru_cache(maxsize=1024)  # a few repos, thousands of notes
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


def properties_text(
    entry: Entry,
    links: Sequence[tuple[str, str]] | None = None,
    dates: tuple[str, ...] | None = None,
) -> str:
    """A new note's frontmatter body: exactly ``props.emit(properties(entry))``.

    Written out line by line in `KEYS` order (`_property_lines`), without the dict and
    the per-key type dispatch, because a cold export does this for every entry; an
    entry holding a value of a type `properties` does not expect takes the generic way.
    `test_obsidian_perf_paths` holds the two to the same text. `links` and `dates`:
    ``reference_links(entry)`` and ``entry.digest_dates``, if the caller has them.
    """
    lines = _property_lines(
        entry,
        reference_links(entry) if links is None else links,
        entry.digest_dates if dates is None else dates,
    )
    return props.emit(properties(entry)) if lines is None else "".join(lines)


def _property_lines(
    entry: Entry, links: Sequence[tuple[str, str]], dates: tuple[str, ...]
) -> list[str] | None:
    """`properties_text` in pieces, each ending in a line break; None for an entry
    holding a value of a type `properties` does not expect.

    What repeats across notes (the repo, verdict and date lines) is rendered once per
    distinct value; what is unique to the note (id, headline, URLs) is quoted without
    a cache.
    """
    verdict, verdict_text, minutes = entry.verdict, entry.verdict_text, entry.minutes
    if not (
        type(entry.id) is str
        and type(entry.title) is str
        and type(entry.repo) is str
        and type(verdict) is Verdict
        and (verdict_text is None or type(verdict_text) is str)
        and (minutes is None or type(minutes) is int)
    ):
        return None
    repo, shared, tags = _shared_lines(
        entry.repo, verdict, verdict_text, minutes, len(entry.focus_points)
    )
    note_id = _scalar(entry.id, repo.id_prefix, repo.id_split)
    urls = [_scalar(url, repo.issue_prefix, repo.issue_split) for _, url in links]
    return [
        f"digest2notes_id: {note_id}\ntitle: {props.unique_text_scalar(entry.title)}\n",
        shared,
        _dates_text(dates),
        _list_text("references", urls),
        tags,
    ]


@functools.lru_cache(maxsize=4096)  # a few repos, verdicts, phrases and lengths
def _shared_lines(
    repo: str, verdict: Verdict, verdict_text: str | None, minutes: int | None, focus_total: int
) -> tuple[_Repo, str, str]:
    """What a note's properties have in common with other notes, rendered once: the
    repo's `_Repo`, the lines from ``repo`` to ``focus_done``, and ``tags`` but its
    first line (both `_property_lines` pieces of those lines, joined)."""
    info = _repo(repo)
    verdict_lines, verdict_tags = _VERDICT_LINES[verdict]
    phrase = "" if verdict_text is None else f" {props.text_scalar(verdict_text)}"
    minutes_text = "" if minutes is None else f" {minutes}"
    shared = (
        f"{info.line}{verdict_lines}verdict_text:{phrase}\nminutes:{minutes_text}\n"
        f"{_STATUS_LINE}focus_total: {focus_total}\nfocus_done: 0\n"
    )
    return info, shared, verdict_tags + info.tag_line


def _list_text(key: str, scalars: list[str]) -> str:
    if not scalars:
        return f"{key}: []\n"
    return f"{key}:\n  - " + "\n  - ".join(scalars) + "\n"


_STATUS_LINE = f"status: {props.text_scalar(STATUS_UNREAD)}\n"
#: Per verdict: its ``verdict`` and ``verdict_rank`` lines, and the start of ``tags``
#: (ours, then the verdict's; the repo's tag follows).
_VERDICT_LINES = {
    verdict: (
        f"verdict: {props.text_scalar(verdict.value)}\nverdict_rank: {verdict.rank}\n",
        _list_text("tags", [props.text_scalar(ROOT_TAG), props.text_scalar(verdict_tag(verdict))]),
    )
    for verdict in Verdict
}


class _Repo(NamedTuple):
    """What a repo brings to its notes' properties, worked out once per repo."""

    line: str  # the ``repo`` property
    tag_line: str  # its line of ``tags``
    id_prefix: str  # ``{repo}:``, how its entries' ids start (`digest2notes.entry_id`)
    id_split: tuple[str, str]  # `props.split_scalar` of `id_prefix`
    issue_prefix: str  # ``https://github.com/{repo}/issues/``, a ``#N`` reference's URL
    issue_split: tuple[str, str]


@functools.lru_cache(maxsize=1024)  # a few repos, thousands of notes
def _repo(repo: str) -> _Repo:
    id_prefix, issue_prefix = f"{repo}:", f"https://github.com/{repo}/issues/"
    return _Repo(
        line=f"repo: {props.text_scalar(repo)}\n",
        tag_line=f"  - {props.text_scalar(repo_tag(repo))}\n",
        id_prefix=id_prefix,
        id_split=props.split_scalar(id_prefix),
        issue_prefix=issue_prefix,
        issue_split=props.split_scalar(issue_prefix),
    )


def _scalar(value: str, prefix: str, split: tuple[str, str]) -> str:
    """``props.unique_text_scalar(value)``, put together from `split` (see
    `props.split_scalar`) when `value` is `prefix` and then ASCII letters and digits: an
    id's hash, an issue's number."""
    rest = value[len(prefix) :]
    if value.startswith(prefix) and rest.isascii() and rest.isalnum():
        return f"{split[0]}{rest}{split[1]}"
    return props.unique_text_scalar(value)


@functools.lru_cache(maxsize=1024)  # every entry of a digest has the same dates
def _dates_text(dates: tuple[str, ...]) -> str:
    """The ``digest_date`` and ``digest_dates`` lines for these digest dates."""
    valid = [date.isoformat() for date in map(_iso_date, dates) if date is not None]
    latest = f"digest_date: {valid[-1]}\n" if valid else "digest_date:\n"
    return latest + _list_text("digest_dates", valid)


@functools.lru_cache(maxsize=4096)
def _iso_date(text: str) -> dt.date | None:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None
