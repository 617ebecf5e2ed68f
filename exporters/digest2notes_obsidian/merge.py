"""Re-export: bring an existing note up to date without clobbering the reader.

The rules, in the reader's terms:

- our properties are updated in place; the reader's properties, their order,
  formatting and comments are kept byte for byte; ``status`` is the reader's
  once the note exists; ``tags`` keeps the reader's tags and only swaps our
  ``verdict/…`` tag when the verdict changed;
- the generated part is re-rendered with every tick carried over (by block
  id, then by text); everything outside it is kept byte for byte;
- if the reader deleted our markers, the body is theirs: only properties are
  updated;
- a note whose text would not change is reported unchanged and not written.

Cost, cheapest first: a note still sealed for the same entry (see `note`) is
not even merged, by the exporter. Otherwise the merge works on text: YAML is
parsed only for the keys whose text differs from ours, and the merged
frontmatter of a note about to be written is checked by a full parse against
the same merge done on parsed data; if the text-level merge could not be
trusted (an unusual frontmatter layout) the parsed merge is written instead.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml

from digest2notes import Entry, Source, Verdict

from . import note, properties

_VERDICT_TAGS = frozenset(note.verdict_tag(v).casefold() for v in Verdict)
# ``verdict.value`` is a descriptor call on an enum, a dict lookup is a tenth of that.
_VERDICT_VALUES = {verdict: verdict.value for verdict in Verdict}


@dataclass
class Merged:
    """The outcome for one note: new text (None if unchanged), what changed, or an error."""

    text: str | None = None
    changed: list[str] = field(default_factory=list)
    error: str | None = None


_SAMPLE = Entry(
    id="owner/repo:000000000000",
    repo="owner/repo",
    title="no: a sample # [headline]",
    text="Skim (about 5 minutes). Watch: 1) `a` 2) b <% x %> #tag.\n```dataviewjs\n---",
    verdict=Verdict.SKIM,
    verdict_text="Skim",
    minutes=5,
    focus_points=("`a`", "b"),
    references=("#1",),
    sources=(Source("x-2026-01-01.txt", 1, "2026-01-01"),),
)


@functools.cache
def format_print() -> str:
    """A hash of how this version renders a sample note: any change to the note format
    changes every entry print, so notes written by an older version are re-rendered
    instead of being taken for up to date."""
    return note.short_hash(_render_new(_SAMPLE, note.UNSEALED))


def entry_print(entry: Entry) -> str:
    """A hash of everything a note is made from (the entry, and the format version).

    Worked out for every entry on every export, so written out flat: the same text
    as joining the fields with ``\\x1f`` (and each list's items with ``\\x1e``).
    """
    text = (
        f"{format_print()}\x1f{entry.id}\x1f{entry.title}\x1f{entry.repo}\x1f"
        f"{_verdict_fields(entry.verdict, entry.verdict_text, entry.minutes)}\x1f"
        f"{_RS.join(entry.focus_points)}\x1f{_RS.join(entry.references)}\x1f"
        f"{_RS.join(entry.digest_dates)}\x1f"
        f"{entry.text}"
    )
    return note.short_hash(text)


_RS = "\x1e"  # between a list's items (record separator); fields are joined by \x1f


@functools.lru_cache(maxsize=1024, typed=True)  # a few verdicts, phrases and times; True is not 1
def _verdict_fields(verdict: Verdict, verdict_text: str | None, minutes: int | None) -> str:
    """The verdict's part of what `entry_print` hashes: its value, phrase, minutes and
    reading action, joined."""
    action = verdict.reading_action(minutes)
    return "\x1f".join((_VERDICT_VALUES[verdict], verdict_text or "", str(minutes), action))


def _render_new(entry: Entry, print_: str) -> str:
    return note.render_new(entry, print_)


def new_note(entry: Entry, print_: str | None = None) -> str:
    """The full text of a note created for `entry`, sealed."""
    print_ = entry_print(entry) if print_ is None else print_
    return note.render_new_sealed(entry, print_)


def new_note_data(entry: Entry) -> bytes:
    """`new_note` as the UTF-8 the file gets."""
    return note.render_new_sealed_data(entry, entry_print(entry))


def merge(existing: str, entry: Entry, print_: str | None = None) -> Merged:
    """`existing` note text updated for `entry` (see the module docstring)."""
    split = properties.split(existing)
    if split is None:
        return Merged(error="its frontmatter is gone; restore it or delete the note")
    print_ = entry_print(entry) if print_ is None else print_
    original = note.unseal(split.body)  # compare as written, before sealing
    block = note.find_block(original)
    changed: list[str] = []
    if block is None:
        body = original
        done, _ = _count_anywhere(body)
    else:
        rendered, done = note.render_block(entry, block.items, print_)
        body = original[: block.start] + rendered + original[block.end :]
        if body != original:
            changed.append("checklist and digest text")
    ours = note.properties(entry, focus_done=done)
    result = _merge_chunks(split.yaml, ours)
    if result is None:
        return _merge_parsed(split.yaml, ours, body, changed)
    yaml_text, keys = result
    if yaml_text == split.yaml and body == original:
        return Merged()
    old = _load_mapping(split.yaml)
    if isinstance(old, str):
        return Merged(error=old)
    new = _load_mapping(yaml_text)
    expected = _merged_data(old, ours)
    agrees = not isinstance(new, str) and list(new) == list(expected)
    if not agrees or not properties.same_value(new, expected):
        return _merge_parsed(split.yaml, ours, body, changed)  # the text merge misread something
    if keys:
        changed.insert(0, "properties " + ", ".join(keys))
    return Merged(text=note.seal(properties.join([yaml_text]) + body), changed=changed)


def _count_anywhere(body: str) -> tuple[int, int]:
    """Ticked points when the reader removed our markers: count the ``^fp-`` items anywhere."""
    return note.count_points(note.items_in(body))


def _merge_chunks(yaml_text: str, ours: Mapping[str, object]) -> tuple[str, list[str]] | None:
    """Merge at the text level; None when the frontmatter layout is not one we split safely."""
    chunks = properties.chunks(yaml_text)
    if chunks is None:
        return None
    parts: list[str] = []
    present: set[str] = set()
    changed: list[str] = []
    for chunk in chunks:
        key = chunk.key
        if key is None or key not in ours:
            parts.append(chunk.text)
            continue
        present.add(key)
        if key == "status":
            parts.append(chunk.text)
            continue
        if key == "tags":
            wanted_text = properties.emit_entry(key, ours[key])
            if chunk.text == wanted_text:
                parts.append(chunk.text)
                continue
            ok, value = properties.chunk_value(chunk)
            if not ok:
                return None
            merged_tags = merge_tags(value, ours[key])
            if properties.same_value(merged_tags, value):
                parts.append(chunk.text)
            else:
                parts.append(properties.emit_entry(key, merged_tags))
                changed.append(key)
            continue
        text = properties.emit_entry(key, ours[key])
        if text == chunk.text:
            parts.append(text)
            continue
        ok, value = properties.chunk_value(chunk)
        if ok and properties.same_value(value, ours[key]):
            parts.append(chunk.text)  # same value, the reader's (or Obsidian's) formatting
        else:
            parts.append(text)
            changed.append(key)
    for key, value in ours.items():
        if key not in present:
            parts.append(properties.emit_entry(key, value))
            changed.append(key)
    return "".join(parts), changed


def merge_tags(existing: object, ours: object) -> list[object]:
    """The reader's tags in their order, a stale ``verdict/…`` swapped, ours added at the end."""
    if isinstance(existing, list):
        tags: list[object] = list(existing)
    elif isinstance(existing, str):
        tags = [t for t in existing.replace(",", " ").split() if t]
    elif existing is None:
        tags = []
    else:
        tags = [existing]
    wanted = [t for t in ours if isinstance(t, str)] if isinstance(ours, list) else []
    wanted_keys = {t.casefold() for t in wanted}
    verdict_now = next((t for t in wanted if t.casefold() in _VERDICT_TAGS), None)
    keys = {t.lstrip("#").casefold() for t in tags if isinstance(t, str)}
    result: list[object] = []
    for tag in tags:
        key = tag.lstrip("#").casefold() if isinstance(tag, str) else None
        if key in _VERDICT_TAGS and key not in wanted_keys:
            if verdict_now is None or verdict_now.casefold() in keys:
                continue
            tag = verdict_now  # the verdict changed: swap our tag where it stood
            keys.add(verdict_now.casefold())
        result.append(tag)
    have = {t.lstrip("#").casefold() for t in result if isinstance(t, str)}
    result += [t for t in wanted if t.casefold() not in have]
    return result


def _merged_data(data: Mapping[str, object], ours: Mapping[str, object]) -> dict[str, object]:
    """The parsed-data version of the merge rules: the reference the text merge must match."""
    merged = dict(data)
    for key, value in ours.items():
        if key == "status" and key in merged:
            continue
        if key == "tags" and key in merged:
            merged[key] = merge_tags(merged[key], value)
            continue
        merged[key] = value
    return merged


def _load_mapping(yaml_text: str) -> dict[str, object] | str:
    """Parsed frontmatter, or an error message for the reader."""
    try:
        data = properties.load_yaml(yaml_text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 2})" if mark is not None else ""
        return f"its frontmatter is not valid YAML{where}; fix it in Obsidian and export again"
    if data is None:
        return {}
    if not isinstance(data, dict):
        return "its frontmatter is not a set of properties; fix it in Obsidian and export again"
    return data


def _merge_parsed(
    yaml_text: str, ours: Mapping[str, object], body: str, changed: list[str]
) -> Merged:
    """The slow path: parse, merge as data, re-emit every property."""
    old = _load_mapping(yaml_text)
    if isinstance(old, str):
        return Merged(error=old)
    merged = _merged_data(old, ours)
    keys = [k for k in merged if k not in old or not properties.same_value(old[k], merged[k])]
    if not keys and not changed:
        return Merged()  # same values in the reader's own layout: nothing to write
    if keys:
        changed = ["properties " + ", ".join(keys), *changed]
    text = note.seal(properties.join([properties.emit(merged)]) + body)
    return Merged(text=text, changed=changed)
