"""Reading the reader's progress back out of the vault, and recording a new status.

``status`` is free text in Obsidian, so readers write "In progress", "read",
"Done"; they are normalised rather than rejected. Ticks are counted from the
generated part's checklist as it stands now (the ``focus_done`` property is only
as fresh as the last export).

``digest2notes queue`` reads every note of the vault on each run, and a full YAML
parse of each frontmatter (~0.2 ms a note, even through libyaml) was most of its
time on 10,000 notes. So the queue reads only the properties it shows: each one's
lines are cut out of the frontmatter with one regular expression, and the values
of all notes are YAML-loaded together in one small document (values repeat across
notes — repo, verdict, status, dates — so most are loaded once per run). Values
still go through the same YAML loader, so quoting, escapes and types are exactly
YAML's; only the cutting is ours, and it is trusted only where a property's lines
cannot mean anything else in the whole frontmatter (see `_ORDINARY`, `_SUSPECT`,
`_odd_breaks`). Anything
else — a property missing or written twice, a line that could open a quoted or
flow value running on to the next lines, an alias, an unusual line break — sends
that note through the full parse (`_full_item`), which stays the reference the
tests hold the fast path to.

One deliberate difference: the full parse skips a note whose frontmatter is not
valid YAML anywhere, while the fast path only parses the properties it reads, so
a note whose reader-made property elsewhere is broken is still listed.

Setting a status rewrites the ``status`` line of the frontmatter and nothing
else, byte for byte (line endings, BOM, the reader's formatting elsewhere),
because the note is the reader's document and Obsidian may have it open.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from digest2notes import ExportError, StudyItem, StudyStatus, Verdict, atomic_write_text

from . import note, properties, vault

DONE_WORDS = ("done", "read", "finished")
READING_WORDS = ("reading", "in progress", "in-progress", "started")

_STATUS_LINE = re.compile(r"^status[ \t]*:[^\r\n]*(?P<eol>\r?\n|$)", re.MULTILINE)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_CONTINUED = re.compile(r"(?:[ \t]+[^\r\n]*|-[ \t][^\r\n]*|-)(?:\r?\n|$)")

#: The properties the queue shows (the rest of a frontmatter is not parsed), in the order
#: the fast path keeps their raw values.
_ORDER = ("title", "repo", "verdict", "status", "minutes", "digest_date", "digest_dates")
#: A needed property at the start of a line, with its whole value: the rest of the line
#: and every following line that cannot start another top-level key (indented, blank,
#: a comment, or a ``- item`` of a sequence written flush with its key). `value` keeps
#: everything after the colon verbatim, line breaks included, up to (not including) the
#: line break before the next key. It is matched on the frontmatter with a ``\n`` put in
#: front, so the search jumps from line break to line break instead of trying ``^`` at
#: every character.
_ENTRY = re.compile(
    r"\n(?P<key>title|repo|verdict|status|minutes|digest_dates?)[ \t]*:"
    r"(?P<value>(?![^ \t\r\n])[^\n]*"
    r"(?:\n(?:[ \t#][^\n]*|-(?![^ \t\r\n])[^\n]*|\r?(?=\n)))*)"
)
_PLAIN_START = r"""[^\s&*!"'\[\]{}|>%@`#?]"""
#: The frontmatter of nearly every note, ours or re-saved by Obsidian: only ``key: value``
#: and ``- item`` lines, keys plain, every value on one line and starting with nothing
#: special (or ``[]``, or a double-quoted string closed on the line). Such a frontmatter
#: cannot fool `_ENTRY`, and checking this shape costs a fraction of `_SUSPECT`'s search.
#: (Line breaks other than LF and CRLF are checked apart, by `_odd_breaks`.)
_ORDINARY = re.compile(
    rf"""(?:
        (?:[A-Za-z_][A-Za-z0-9_-]*[ \t]*:
            (?:[ \t]+(?:{_PLAIN_START}[^\n]*|\[\]|"[^"\\\n]*(?:\\[^\n][^"\\\n]*)*"))?
        |[ \t]*-[ \t]+{_PLAIN_START}[^\n]*
        )[ \t]*\r?\n
    )*""",
    re.VERBOSE,
)
# A flow value that ends on its own line: a quoted scalar, or a flat [...] / {...}.
_CLOSED = (
    r"""(?:"(?:[^"\\\n]|\\[^\n])*"|'(?:[^'\n]|'')*'"""
    r"""|\[[^\n"'\[\]{}\#]*\]|\{[^\n"'\[\]{}\#]*\})"""
    r"""(?:[ \t]+\#[^\n]*)?[ \t]*\r?$"""
)
#: Anything else that could make `_ENTRY`'s reading of a frontmatter differ from YAML's:
#: document markers and directives, and at the start of any value (a line's start, after
#: ``- ``, after ``key: ``) a complex-key ``?`` or a bare ``:``, an alias, anchor or tag,
#: or a quote or bracket not closed on the same line — such a value may run on into lines
#: that look like keys (``note: "a`` / ``title: b"`` is one string to YAML), and a quoted
#: or complex key (``"title": x``) would be out of `_ENTRY`'s sight. Over-cautious on
#: purpose: a false alarm only costs that note a full parse.
_SUSPECT = re.compile(
    r"""^(?:---|\.\.\.|%)
    | ^[ \t]*(?:-[ \t]+)*(?:[^\s\#"'\[\]{}&*!?%@`|>:](?:[^:\n]|:(?![ \t]))*:[ \t]+)?
      (?:[&*!]|[?:](?![^ \t\r\n])|(?!""" + _CLOSED + r""")["'\[{])""",
    re.MULTILINE | re.VERBOSE,
)


def normalise_status(value: object) -> StudyStatus:
    """The reader's free-text status as one of ours; anything unknown counts as unread."""
    text = " ".join(str(value).casefold().split()) if isinstance(value, str) else ""
    if text in DONE_WORDS:
        return StudyStatus.DONE
    if text in READING_WORDS:
        return StudyStatus.READING
    return StudyStatus.UNREAD


def read_progress(location: vault.Location, *, full_parse: bool = False) -> list[StudyItem]:
    """Every note of ours in the vault as a `StudyItem` (the first, if the reader made copies).

    `full_parse` reads every note through the full YAML parse: the reference the
    fast path must agree with, kept for the tests and for measuring.
    """
    index = vault.scan(location, names=False)
    notes: list[tuple[str, vault.IndexedNote, str]] = []
    for note_id, copies in index.by_id.items():
        text = _text_of(copies[0])
        if text is not None:
            notes.append((note_id, copies[0], text))
    cuts = [None if full_parse else _cut(text) for _, _, text in notes]
    loaded = _load_values(list(dict.fromkeys(raw for cut in cuts if cut for raw in cut[0])))
    shared: dict[tuple[str, ...], _Fields | None] = {}
    items: list[StudyItem] = []
    for (note_id, found, text), cut in zip(notes, cuts, strict=True):
        item = None if cut is None else _quick_item(note_id, found, cut, loaded, shared)
        if item is None:
            item = _full_item(note_id, found, text)
        if item is not None:
            items.append(item)
    return items


#: What an item takes from a note's properties besides its title:
#: (repo text or None, verdict, status, minutes, newest digest date).
_Fields = tuple[str | None, Verdict, StudyStatus, int | None, str | None]


def _text_of(found: vault.IndexedNote) -> str | None:
    text = found.text  # decoded on each access: once here
    if text is not None:
        return text
    try:
        text, _ = vault.read_note(found.path)
    except (OSError, UnicodeDecodeError):
        return None
    return text


def _cut(text: str) -> tuple[tuple[str, ...], str] | None:
    """The raw value text of each needed property (in `_ORDER`) and the note's body,
    or None if the note needs a full parse."""
    split = properties.split(text)
    if split is None:
        return None
    yaml_text = split.yaml
    if _odd_breaks(yaml_text) or (
        _ORDINARY.fullmatch(yaml_text) is None and _SUSPECT.search(yaml_text) is not None
    ):
        return None
    values: dict[str, str] = {}
    for match in _ENTRY.finditer("\n" + yaml_text):
        key, value = match.group("key", "value")
        if key in values:
            return None  # written twice: YAML keeps the last, leave that to YAML
        values[key] = value + "\n"
    if len(values) != len(_ORDER):
        return None  # missing (perhaps merged in with <<): only the full parse can tell
    return tuple(values[key] for key in _ORDER), split.body


def _quick_item(
    note_id: str,
    found: vault.IndexedNote,
    cut: tuple[tuple[str, ...], str],
    loaded: dict[str, tuple[bool, object]],
    shared: dict[tuple[str, ...], _Fields | None],
) -> StudyItem | None:
    """The item from the fast path's cut, or None if a value needs the full parse.

    All properties but the title repeat across notes (repo, verdict, status, dates),
    so what the item takes from them is worked out once per distinct set of raw texts.
    """
    raws, body = cut
    title_ok, title = loaded[raws[0]]
    rest = raws[1:]
    if rest in shared:
        fields = shared[rest]
    else:
        values = [loaded[raw] for raw in rest]
        if all(ok for ok, _ in values):
            fields = _fields(dict(zip(_ORDER[1:], (v for _, v in values), strict=True)).get)
        else:
            fields = None
        shared[rest] = fields
    if not title_ok or fields is None:
        return None  # a value YAML rejects on its own: let the full parse judge the note
    return _assemble(note_id, found, title, fields, note.count_ticked(body))


def _full_item(note_id: str, found: vault.IndexedNote, text: str) -> StudyItem | None:
    """The reference reading: the whole frontmatter parsed, the checklist read item by item."""
    split = properties.split(text)
    if split is None:
        return None
    try:
        data = properties.load_yaml(split.yaml)
    except Exception:  # a note whose YAML the reader broke is skipped, not fatal
        return None
    if not isinstance(data, dict):
        return None
    block = note.find_block(split.body)
    items = block.items if block else tuple(note.items_in(split.body))
    return _assemble(note_id, found, data.get("title"), _fields(data.get), note.count_points(items))


def _fields(get: Callable[[str], object]) -> _Fields:
    """What an item takes from the properties (`get`) besides the title: one rule for both
    readers."""
    minutes = get("minutes")
    return (
        _text(get("repo")),
        _verdict(get("verdict")),
        normalise_status(get("status")),
        minutes if type(minutes) is int else None,
        _date(get("digest_date"), get("digest_dates")),
    )


def _assemble(
    note_id: str,
    found: vault.IndexedNote,
    title: object,
    fields: _Fields,
    points: tuple[int, int],
) -> StudyItem:
    repo, verdict, status, minutes, digest_date = fields
    return StudyItem(
        id=note_id,
        title=_text(title) or found.path.stem,
        repo=repo or note_id.rsplit(":", 1)[0],
        verdict=verdict,
        status=status,
        focus_done=points[0],
        focus_total=points[1],
        minutes=minutes,
        digest_date=digest_date,
        location=found.relative,
    )


def _odd_breaks(text: str) -> bool:
    """Does `text` break lines where `_ENTRY` does not see it (YAML also breaks at a lone CR,
    NEL, LS and PS), or hold a BOM? ``in`` tests, because a regex character class over
    non-ASCII characters costs several times as much on every note."""
    return (
        "\x85" in text
        or "\u2028" in text
        or "\u2029" in text
        or "\ufeff" in text
        or ("\r" in text and text.count("\r") != text.count("\r\n"))
    )


def _load_values(raws: list[str]) -> dict[str, tuple[bool, object]]:
    """Each raw value text YAML-loaded as the value of a top-level key, in one document.

    Every raw text ends at a line that starts another top-level key, and `_cut` ruled
    out anything that could carry one value into the next, so each loads in the
    batch exactly as it does alone (and as in its note). A value YAML rejects fails the
    whole batch, which is then halved until the culprits stand alone: (False, None).
    """
    if not raws:
        return {}
    keys = [f"k{i}" for i in range(len(raws))]
    values = properties.load_values("".join(map(":".join, zip(keys, raws, strict=True))), keys)
    if values is not None:
        return {raw: (True, value) for raw, value in zip(raws, values, strict=True)}
    if len(raws) == 1:
        return {raws[0]: (False, None)}
    middle = len(raws) // 2
    return _load_values(raws[:middle]) | _load_values(raws[middle:])


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _verdict(value: object) -> Verdict:
    try:
        return Verdict(str(value).strip().lower())
    except ValueError:
        return Verdict.UNKNOWN


def _date(latest: object, dates: object) -> str | None:
    """The newest digest date as ISO text, whether YAML gave dates or strings."""
    candidates = [latest] + (list(dates) if isinstance(dates, list) else [])
    iso = [str(c)[:10] for c in candidates if c is not None and _ISO_DATE.match(str(c))]
    return max(iso) if iso else None


def set_status(location: vault.Location, item: StudyItem, status: StudyStatus) -> str:
    """Write `status` into the item's note; returns the note's vault-relative path."""
    path = _find(location, item)
    data = path.read_bytes()
    bom = data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8-sig" if bom else "utf-8")
    new_text = replace_status(text, status.value)
    if new_text is None:
        raise ExportError(f"{location.relative(path)}: no frontmatter to record the status in")
    if new_text != text:
        atomic_write_text(path, ("\ufeff" if bom else "") + new_text)
    return location.relative(path)


def replace_status(text: str, value: str) -> str | None:
    """`text` with its frontmatter ``status`` set to `value`; every other byte unchanged."""
    if not text.startswith("---"):
        return None
    first = text.find("\n")
    closing = properties.DELIMITER.search(text, first + 1) if first >= 0 else None
    if closing is None:
        return None
    head_end = closing.start()
    match = _STATUS_LINE.search(text, first + 1, head_end)
    scalar = properties.text_scalar(value)
    if match is None:
        eol = "\r\n" if text[first - 1 : first] == "\r" else "\n"
        return text[:head_end] + f"status: {scalar}{eol}" + text[head_end:]
    end = match.end()
    # A status the reader wrote as a list or a block spans the indented lines below it.
    while end < head_end:
        continued = _CONTINUED.match(text, end, head_end)
        if continued is None or continued.end() == end:
            break
        end = continued.end()
    return text[: match.start()] + f"status: {scalar}{match.group('eol')}" + text[end:]


def _find(location: vault.Location, item: StudyItem) -> Path:
    """The note now: where the item was read, unless the reader moved it since."""
    path = location.vault.joinpath(*item.location.split("/"))
    if vault.inside(location.vault, path):
        found = vault.note_at(location, path)
        if found is not None and found.note_id == item.id:
            return path
    index = vault.scan(location)
    notes = index.by_id.get(item.id)
    if not notes:
        raise ExportError(f"no note with digest2notes_id {item.id} in the vault any more")
    return notes[0].path
