"""The fast paths agree with the slow ones they replace, on every note shape we can think of.

``digest2notes queue`` reads a vault through `progress.read_progress`, which cuts
the properties it shows out of each frontmatter with a regular expression and
YAML-loads only those, all notes at once; ``read_progress(..., full_parse=True)``
parses every frontmatter whole and reads the checklist item by item, as before.
The two must give the same items: for the exported samples with every kind of
edit a reader (or Obsidian) makes, and for generated frontmatters full of YAML
traps. The one documented difference: a note whose frontmatter is invalid YAML
only *outside* the properties the queue reads is skipped by the full parse and
still listed by the fast path.

The line searches (`lines.LinePattern`) and the tick counter (`note.count_ticked`)
are held to the regular expressions and the item parser they stand in for; the
cold export's shortcuts (the new-note renderer, the inlined emitter, the quoting
check, the literal-first inline escapes, the seal checked on bytes) to the
generic code and python-frontmatter output they replace; and the one atomic
writer (`digest2notes.atomic_write_text`) to its promises.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

import frontmatter
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes import (
    Entry,
    StudyItem,
    StudyStatus,
    Verdict,
    atomic_write_text,
    is_temp_name,
    read_digests,
    write_if_changed,
)
from digest2notes_obsidian import (
    ObsidianExporter,
    markdown,
    merge,
    note,
    progress,
    properties,
    vault,
)
from digest2notes_obsidian.lines import LinePattern

from .entries import generated_entry

THREADS = "显式管理 worker 的 torch 线程数，修复结构化输出解码 2-6x 吞吐回归"


def export(samples: Path, root: Path) -> vault.Location:
    root.mkdir()
    exporter = ObsidianExporter({"vault": str(root), "folder": "Digests"}, {})
    report = exporter.apply(exporter.plan(read_digests([str(samples)]).entries))
    assert not report.failed
    return vault.resolve_location({"vault": str(root), "folder": "Digests"})


def read_both(location: vault.Location) -> list[StudyItem]:
    fast = progress.read_progress(location)
    full = progress.read_progress(location, full_parse=True)
    assert fast == full
    return fast


def note_texts(root: Path) -> dict[Path, str]:
    return {
        path: path.read_text(encoding="utf-8")
        for path in root.rglob("*.md")
        if "digest2notes_id:" in path.read_text(encoding="utf-8")
    }


@pytest.fixture
def location(samples: Path, tmp_path: Path) -> vault.Location:
    return export(samples, tmp_path / "vault")


def threads_note(location: vault.Location) -> Path:
    return location.folder_path / f"{THREADS}.md"


def test_exported_notes_all_take_the_fast_path(location: vault.Location) -> None:
    texts = note_texts(location.vault)
    assert len(texts) == 11
    assert all(progress._cut(text) is not None for text in texts.values())
    items = read_both(location)
    assert len(items) == 11 and all(i.status is StudyStatus.UNREAD for i in items)


def _tick(text: str, count: int, mark: str = "x") -> str:
    for _ in range(count):
        text = re.sub(r"^- \[ \] (?!.*\^verdict)", f"- [{mark}] ", text, count=1, flags=re.M)
    return text


def _status(value: str) -> Callable[[str], str]:
    return lambda text: text.replace("status: unread\n", f"status: {value}\n", 1)


def _title(value: str) -> Callable[[str], str]:
    return lambda text: re.sub(r"^title: .*$", lambda _: f"title: {value}", text, count=1, flags=re.M)


def _obsidian_resave(text: str) -> str:
    """Roughly what Obsidian's property editor writes back: its own order, its own list
    style, quoted strings where it likes them, and the reader's own properties."""
    head, body = text[4:].split("\n---\n", 1)
    lines = head.split("\n")
    keys: dict[str, list[str]] = {}
    current = ""
    for line in lines:
        if line.startswith("  "):
            keys[current].append(line[2:])  # indentless lists, as some editors write them
        else:
            current = line.split(":", 1)[0]
            keys[current] = [line]
    order = ["tags", "aliases", *sorted(k for k in keys if k != "tags")]
    keys["aliases"] = ["aliases: []"]
    keys["cssclasses"] = ["cssclasses:", "  - wide"]
    keys["title"] = ['title: "' + keys["title"][0][7:] + '"']
    out = [line for key in [*order, "cssclasses"] for line in keys[key]]
    return "---\n" + "\n".join(out) + "\n---\n" + body


EDITS: dict[str, Callable[[str], str]] = {
    "untouched": lambda text: text,
    "ticks": lambda text: _tick(text, 2),
    "capital and odd marks": lambda text: _tick(_tick(text, 1, "X"), 1, "/"),
    "verdict ticked": lambda text: text.replace("- [ ] Read closely", "- [x] Read closely"),
    "status in progress": _status("In  Progress"),
    "status quoted": _status("'done'"),
    "status double quoted": _status('"Read"'),
    "status bool": _status("yes"),
    "status empty": _status(""),
    "status null": _status("~"),
    "status list": _status("\n  - reading\n  - later"),
    "status indentless list": _status("\n- done"),
    "status block": _status("|\n  done"),
    "status flow list": _status("[reading]"),
    "status comment": _status("done # finally"),
    "status broken": _status("[reading"),
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "crlf with ticks": lambda text: _tick(text, 3).replace("\n", "\r\n"),
    "obsidian resave": _obsidian_resave,
    "obsidian resave crlf": lambda text: _obsidian_resave(text).replace("\n", "\r\n"),
    "title no": _title('"no"'),
    "title plain no": _title("no"),
    "title a: b # c": _title('"a: b # c"'),
    "title a: b # c single": _title("'a: b # c'"),
    "title plain a: b": _title("a: b"),
    "title comment": _title("Headline # a comment"),
    "title date": _title("2026-11-28"),
    "title bad date": _title("2026-13-45"),
    "title number": _title("123"),
    "title tagged": _title("!!str 123"),
    "title escapes": _title(r'"tab\there \u00e9 \"q\""'),
    "title apostrophes": _title("'it''s'"),
    "title folded": _title(">-\n  folded\n  headline"),
    "title continued": _title("first\n  second"),
    "title blank line": _title("first\n\n  second"),
    "title unclosed": _title('"unclosed'),
    "title spans lines": _title('"spans\n  lines"'),
    "title flow map": _title("{a: 1}"),
    "title empty": _title(""),
    "title alias": lambda text: _title("*t")(text).replace("\ntitle:", "\nbase: &t Anchored\ntitle:", 1),
    "alias before its anchor": lambda text: _title("*t")(text).replace("repo:", "base: &t A\nrepo:", 1),
    "title anchored": _title("&t Anchored"),
    "title lone cr": _title("a\rstatus: done"),
    "title nel": _title("a\x85status: done"),
    "title line separator": _title("a\u2028status: done"),
    "title bom": _title("a\ufeffb"),
    "title spaced key": lambda text: text.replace("\ntitle:", "\ntitle  :", 1),
    "title missing": lambda text: re.sub(r"^title: .*\n", "", text, count=1, flags=re.M),
    "title merged in": lambda text: re.sub(
        r"^title: .*\n", "<<: {title: Merged}\n", text, count=1, flags=re.M
    ),
    "status twice": lambda text: text.replace("tags:", "status: done\ntags:", 1),
    "title twice": lambda text: text.replace("tags:", "title: Second\ntags:", 1),
    "quoted key": lambda text: text.replace("tags:", '"status": done\ntags:', 1),
    "complex key": lambda text: text.replace("tags:", "? status\n: done\ntags:", 1),
    "anchored key": lambda text: text.replace("tags:", "&k status: done\ntags:", 1),
    "multi-line string hides a key": lambda text: text.replace(
        "tags:", 'note: "it starts\nstatus: done"\ntags:', 1
    ),
    "multi-line flow hides a key": lambda text: text.replace(
        "tags:", "note: [a,\nstatus: done]\ntags:", 1
    ),
    "minutes sexagesimal": lambda text: re.sub(r"^minutes:.*$", "minutes: 1:20", text, flags=re.M),
    "minutes string": lambda text: re.sub(r"^minutes:.*$", 'minutes: "5"', text, flags=re.M),
    "minutes float": lambda text: re.sub(r"^minutes:.*$", "minutes: 5.0", text, flags=re.M),
    "dates edited": lambda text: text.replace("  - 2026-11-28\n", "  - 2026-11-28\n  - 2026-12-03\n"),
    "dates as strings": lambda text: text.replace("digest_date: 2026-11-28", 'digest_date: "2026-11-29"'),
    "dates flow": lambda text: re.sub(
        r"^digest_dates:\n(?:  - .*\n)+", "digest_dates: [2026-11-30, x]\n", text, flags=re.M
    ),
    "dates commented": lambda text: text.replace("digest_dates:\n", "digest_dates:\n  # mine\n", 1),
    "reader properties": lambda text: text.replace(
        "tags:", "my_rating: 5 # mine\n# a comment\naliases: []\ncssclasses:\n  - wide\ntags:", 1
    ),
    "broken elsewhere, caught": lambda text: text.replace("tags:", "extra: [a\ntags:", 1),
    "document marker": lambda text: text.replace("tags:", "--- x\ntags:", 1),
    "directive": lambda text: "---\n%YAML 1.1\n" + text[4:],
    "markers removed": lambda text: re.sub(r"^%% digest2notes:(begin|end).*\n", "", _tick(text, 2), flags=re.M),
    "dropped points": lambda text: _tick(text, 1).replace(
        "\n\n> [!quote]",
        f"\n\n{note.DROPPED_LINE}\n- [x] ~~old~~ ^fp-aaaaaa\n- [x] ~~older~~ ^fp-bbbbbb\n\n> [!quote]",
        1,
    ),
    "odd checklist lines": lambda text: text.replace(
        "\n\n> [!quote]",
        "\n- [x] ^fp-cccccc\n- [x]  ^fp-dddddd\n- [x] a ^fp-1 ^fp-eeeeee\n* [x] star ^fp-ffffff"
        "\n+ [X] plus ^fp-gggggg  \n  - [x] nested ^fp-hhhhhh\n- [xx] two ^fp-iiiiii"
        "\n- [x] a^fp-jjjjjj\n-[x] nospace ^fp-kkkkkk\n- [x] bang ^fp-llllll!\n- [x]\ttab\t^fp-m"
        "\n\n> [!quote]",
        1,
    ),
    "body after the note": lambda text: text + "\n- [x] mine, outside ^fp-zzzzzz\n",
    "huge note": lambda text: text + "\n" + ("padding " * 10_000) + "\n",
    "not utf-8": lambda text: text + "\udcff",
}


@pytest.mark.parametrize("edit", list(EDITS), ids=list(EDITS))
def test_fast_and_full_readers_agree_after_a_reader_edit(
    location: vault.Location, edit: str
) -> None:
    path = threads_note(location)
    text = EDITS[edit](path.read_text(encoding="utf-8"))
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    items = read_both(location)
    assert len(items) == (10 if edit in _SKIPPED else 11)


# Notes the full parse skips (invalid YAML, unreadable): the fast path must skip them too.
_SKIPPED = {
    "status broken", "title plain a: b", "title bad date", "title unclosed",
    "broken elsewhere, caught", "document marker", "not utf-8", "directive",
    "alias before its anchor",
}


def test_edits_a_reader_makes_every_day_stay_on_the_fast_path(location: vault.Location) -> None:
    original = threads_note(location).read_text(encoding="utf-8")
    for edit in ("ticks", "status in progress", "status quoted", "crlf with ticks",
                 "obsidian resave", "obsidian resave crlf", "title no", "title a: b # c",
                 "title a: b # c single", "title escapes", "reader properties", "dropped points",
                 "markers removed", "status list", "title folded", "title comment"):
        assert progress._cut(EDITS[edit](original)) is not None, edit


def test_moved_and_copied_notes_read_alike(location: vault.Location) -> None:
    path = threads_note(location)
    text = _tick(path.read_text(encoding="utf-8"), 2).replace("status: unread", "status: reading")
    (location.vault / "Moved" / "Deeper").mkdir(parents=True)
    (location.vault / "Moved" / "Deeper" / "mine.md").write_text(text, encoding="utf-8")
    (location.vault / "Moved" / "copy.md").write_text(text.replace("\n", "\r\n"), encoding="utf-8")
    path.unlink()
    items = {i.title: i for i in read_both(location)}
    assert items[THREADS].location == "Moved/Deeper/mine.md"
    assert (items[THREADS].focus_done, items[THREADS].status) == (2, StudyStatus.READING)


def test_titles_keep_their_yaml_meaning(location: vault.Location) -> None:
    path = threads_note(location)
    original = path.read_text(encoding="utf-8")
    for raw, title in [('"no"', "no"), ("'a: b # c'", "a: b # c"), ("no", THREADS),
                       ("2026-11-28", THREADS), ("Headline # a comment", "Headline"),
                       (r'"tab\there"', "tab\there"), (">-\n  folded\n  headline", "folded headline")]:
        path.write_text(_title(raw)(original), encoding="utf-8")
        items = {i.id: i for i in read_both(location)}
        assert items[next(i for i in items if i.endswith(_id_of(original)))].title == title, raw


def _id_of(text: str) -> str:
    match = re.search(r"^digest2notes_id: (.*)$", text, re.M)
    assert match is not None
    return match.group(1)


def test_a_value_yaml_rejects_sends_only_its_note_to_the_full_parse(
    samples: Path, tmp_path: Path
) -> None:
    location = export(samples, tmp_path / "vault")
    texts = note_texts(location.vault)
    for index, (path, text) in enumerate(sorted(texts.items())):
        if index % 3 == 0:
            path.write_text(_title(f"bad: {index}")(text), encoding="utf-8")  # invalid YAML
    items = read_both(location)
    assert len(items) == 11 - len(range(0, 11, 3))


def test_invalid_yaml_outside_the_queues_properties_is_the_one_difference(
    location: vault.Location,
) -> None:
    path = threads_note(location)
    text = path.read_text(encoding="utf-8").replace("tags:", "extra: a: b\ntags:", 1)
    path.write_text(text, encoding="utf-8")
    fast = {i.title for i in progress.read_progress(location)}
    full = {i.title for i in progress.read_progress(location, full_parse=True)}
    assert fast - full == {THREADS} and full <= fast


# ---------------------------------------------------------------------------- generated notes

_FRONTMATTER_LINES = [
    "title: Plain title", 'title: "no"', "title: no", "title: 'a: b # c'", 'title: "a: b # c"',
    "title: a: b", "title: abc # comment", "title: 2026-11-28", "title: 2026-13-45", "title: 123",
    "title: !!str 123", "title: *anchor", "title: &anchor Anchored", "title: |\n  block title",
    "title: >-\n  folded\n  title", "title:\n  - listed", "title: first\n  second",
    'title: "tab\\there"', "title: 'it''s'", 'title: "unclosed', "title: [flow, list]",
    "title: {a: 1}", "title:", "title: ~", 'title: "spans\n  lines"', "title:x", "title : spaced",
    "Title: capital", "title: a\rb", "title: a\x85b", "title: a\u2028b", "title: a\ufeffb",
    "repo: owner/repo", 'repo: "owner/repo"', "repo:", "repo: [a]", "repo: 12",
    "verdict: deep", "verdict: Skim ", 'verdict: "skip"', "verdict: weird", "verdict: 1",
    "status: done", "status: In  Progress", "status: 'reading'", "status:\n  - reading",
    "status: |\n  done", "status: [reading", "status: yes", "status:", "status:\n\n  - read",
    "minutes: 5", 'minutes: "5"', "minutes: 1:20", "minutes: 5.0", "minutes:", "minutes: 0x10",
    "minutes: true", "digest_date: 2026-11-28", 'digest_date: "2026-11-27"',
    "digest_date: 2026-11-28T10:00:00", "digest_date:", "digest_date: 20261128",
    "digest_dates:\n  - 2026-11-27\n  - 2026-11-28", "digest_dates:\n- 2026-11-29",
    "digest_dates: []", "digest_dates: [2026-11-30, x]", "digest_dates: 2026-12-01",
    "digest_dates:\n  # c\n  - 2026-12-02", "aliases: []", "cssclasses:\n  - wide",
    "my_rating: 5 # mine", "# a comment", "", "   ", 'note: "start', 'status: fake"', "extra: [a",
    "extra: a: b", "<<: {title: merged, status: done}", "? status\n: complex", '"status": quoted',
    "&k status: anchored", "base: &anchor Base", "tags: [a, b]", "--- x", "...", "%YAML 1.1",
    "bad line without colon", "  indented: orphan", "- orphan item", "\tstatus: tabbed",
    "title\t: tabbed", "extra: 2026-13-45", "extra: !!binary aGk=", "extra: !custom x",
    "status: done # comment", 'status: "a\\"', "status: 'a''", "extra: {a: [1, 2]}",
]
_BODY_LINES = [
    "- [x] Point ^fp-aaa111", "- [ ] Point ^fp-bbb222", "- [X] Point ^fp-ccc333", "- [/] p ^fp-d",
    "- [x] ^fp-eee", "- [x]  ^fp-fff", "- [x] a ^fp-1 ^fp-2", "* [x] star ^fp-ggg",
    "+ [x] plus ^fp-hhh  ", "  - [x] nested ^fp-iii", "\t- [x]\ttab\t^fp-jjj", "- [xx] two ^fp-k",
    "- [x] verdict ^verdict", "- [x] no id", "- [x] ~~struck~~ ^fp-lll", "- [x] fp ^fp-",
    "- [x] a^fp-mmm", "-[x] nospace ^fp-nnn", "- [x] caret ^fp-ooo!", "- [x] cr ^fp-ppp\r",
    "- [x] \r ^fp-qqq", "- [x] a ^fp-rrr \r", "- [] empty ^fp-sss", "- [x]", "- [x] ",
    note.DROPPED_LINE, note.DROPPED_LINE + " ", note.BEGIN_MARKER, "%% digest2notes:begin %%",
    "%% digest2notes:end 00000000.00000000 %%", "%% digest2notes:end %%", "%% digest2notes:endx %%",
    "", "text", "## Notes", "---", "> [!quote] x",
]


def _count_points_reference(body: str) -> tuple[int, int]:
    block = note.find_block(body)
    return note.count_points(block.items if block else note.items_in(body))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_BODY_LINES), max_size=16), st.sampled_from(["\n", "\r\n"]))
def test_count_ticked_matches_the_item_parser(lines: list[str], eol: str) -> None:
    body = eol.join(lines)
    assert note.count_ticked(body) == _count_points_reference(body)
    assert note.count_ticked(body + eol) == _count_points_reference(body + eol)


_PATTERNS = [properties.DELIMITER, note._BEGIN, note._END, note._DROPPED, note._SEAL]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*_BODY_LINES, "---", "--- ", "----", "x---"]), max_size=12),
    st.integers(0, 400), st.integers(0, 400),
)
def test_line_patterns_find_what_the_regex_finds(lines: list[str], pos: int, endpos: int) -> None:
    text = "\n".join(lines)
    for pattern in _PATTERNS:
        expected = pattern.regex.search(text, pos, endpos)
        found = pattern.search(text, pos, endpos)
        assert (found and found.span()) == (expected and expected.span())
        first = pattern.regex.search(text)
        assert (pattern.search(text) and pattern.search(text).span()) == (first and first.span())


def test_line_pattern_is_the_literal_then_the_rest() -> None:
    pattern = LinePattern("a.b", r"c$")
    assert pattern.search("x\na.bc") and not pattern.search("x\naxbc")


_Note = tuple[list[str], list[str], bool]
_notes = st.lists(
    st.tuples(
        st.lists(st.sampled_from(_FRONTMATTER_LINES), max_size=12),
        st.lists(st.sampled_from(_BODY_LINES), max_size=8),
        st.booleans(),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=120, deadline=None)
@given(_notes)
def test_generated_notes_read_alike_wherever_their_yaml_is_valid(notes: list[_Note]) -> None:
    assert_read_alike(notes)


def assert_read_alike(notes: list[_Note]) -> None:
    """Write `notes` (frontmatter lines, body lines, CRLF?) into a fresh vault: both readers
    give the same item for every note whose frontmatter is valid YAML, and the full parse
    skips the others."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        valid: dict[str, bool] = {}
        for number, (head, body, crlf) in enumerate(notes):
            note_id = f"owner/repo:{number:012x}"
            yaml_text = "\n".join([f"digest2notes_id: {note_id}", *head]) + "\n"
            text = f"---\n{yaml_text}---\n" + "\n".join(body) + "\n"
            if crlf:
                text = text.replace("\n", "\r\n")
            (root / f"n{number}.md").write_text(text, encoding="utf-8", newline="")
            split = properties.split(text)
            assert split is not None
            try:
                valid[note_id] = isinstance(properties.load_yaml(split.yaml), dict)
            except Exception:
                valid[note_id] = False
        location = vault.Location(root.resolve(), PurePosixPath())
        fast = {i.id: i for i in progress.read_progress(location)}
        full = {i.id: i for i in progress.read_progress(location, full_parse=True)}
        scanned = set(vault.scan(location).by_id)
        for note_id in scanned:
            if valid[note_id]:
                assert fast.get(note_id) == full.get(note_id), note_id
            else:
                assert note_id not in full  # the full parse skips it; the fast path may not


_KEYS = ["title", "status", "repo", "verdict", "minutes", "digest_date", "digest_dates", "x", "",
         "  ", "- ", "\t"]
_SEPARATORS = [": ", ":", " : ", "", ":\t", ": |\n  ", ":\n  - ", ":\n- "]
_SOUP = "ab :\"'[]{},#&*!|>-?\\\r\x85\u2028%.1\t~"
_OURS = ["title: T", "repo: o/r", "verdict: deep", "status: done", "minutes: 5",
         "digest_date: 2026-01-01", "digest_dates:\n  - 2026-01-02"]
_soup_line = st.builds(
    lambda key, sep, value: key + sep + value,
    st.sampled_from(_KEYS), st.sampled_from(_SEPARATORS), st.text(alphabet=_SOUP, max_size=12),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.lists(_soup_line, max_size=6), st.integers(0, 7)), min_size=1, max_size=6))
def test_yaml_soup_between_our_properties_reads_alike(notes: list[tuple[list[str], int]]) -> None:
    """Lines of YAML punctuation, quotes, odd line breaks and our own keys, dropped among
    a note's properties: wherever the frontmatter is still valid YAML, both readers agree."""
    generated: list[_Note] = []
    for extra, at in notes:
        lines = [*_OURS]
        lines[at:at] = extra
        generated.append(("\n".join(lines).split("\n"), ["- [x] p ^fp-1"], False))
    assert_read_alike(generated)


# ---------------------------------------------------------------------------- the cold export

_yamlish = st.sampled_from(
    ["no", "yes", "~", "null", "2026-11-28", "1:20", "a: b # c", "- x", "[x]", "{x}", "#tag", "",
     " lead", "trail ", "tab\there", "new\nline", "quote\"d", "it's", "%x", "@x", "`x`", "é",
     "中文标题", "\x85", "\u2028", "\ufeff", "\x7f", "\x00", "😀", "'", '"', ":", "?", "-", "0x1F"]
)
_free_text = st.text(max_size=30)
_some_text = st.one_of(_yamlish, _free_text, st.builds(lambda a, b: a + b, _yamlish, _free_text))
_dates = st.sampled_from(["2026-11-28", "2026-11-27", "2026-02-30", "20261128", None])
_entries = st.builds(
    generated_entry,
    st.sampled_from(["o/r", "vllm-project/vllm", "a b/c", "no", ""]),
    _some_text,
    _some_text,
    st.sampled_from(list(Verdict)),
    st.none() | _some_text,
    st.none() | st.integers(0, 600),
    st.lists(_some_text.filter(lambda s: s.strip()), max_size=4).map(dict.fromkeys),
    st.lists(st.sampled_from(["#1", "#1", "o/r#2", "https://x.org/a", "nope", " #3 ", "http://a b"]),
             max_size=4),
    st.lists(_dates, max_size=3),
)


def _frontmatter_dumps(metadata: dict[str, object], content: str) -> str:
    """How notes were written before: through python-frontmatter with our handler."""
    post = frontmatter.Post(content)
    post.metadata = dict(metadata)
    return frontmatter.dumps(post, handler=properties.HANDLER) + "\n"


@settings(max_examples=300, deadline=None)
@given(_entries)
def test_a_new_note_is_rendered_as_the_generic_emitter_would(entry: Entry) -> None:
    print_ = merge.entry_print(entry)
    expected = _frontmatter_dumps(note.properties(entry), note.render_body(entry, print_))
    assert note.render_new(entry, print_) == expected
    assert note.properties_text(entry) == "".join(
        properties.emit_entry(key, value) for key, value in note.properties(entry).items()
    )


_values = st.one_of(
    _some_text, st.integers(-5, 5), st.booleans(), st.none(), st.just(dt.date(2026, 11, 28)),
    st.just(dt.datetime(2026, 11, 28, 10, 0)), st.floats(allow_nan=False),
    st.lists(st.one_of(_some_text, st.just(dt.date(2026, 1, 2)), st.none(), st.integers(0, 2)),
             max_size=3),
    st.dictionaries(st.sampled_from(["a", "b"]), st.integers(0, 3), max_size=2),
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.one_of(st.sampled_from(["title", "tags", "my key", "yes", "1", "a:b"]),
                                 _free_text), _values, max_size=6))
def test_emit_is_emit_entry_per_key(metadata: dict[str, object]) -> None:
    assert properties.emit(metadata) == "".join(
        properties.emit_entry(key, value) for key, value in metadata.items()
    )
    assert properties.dumps(metadata, "body\n") == _frontmatter_dumps(metadata, "body\n")


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(list(" \t\n:#-?,[]{}")),
               min_size=1, max_size=12))
def test_needs_quotes_is_the_pattern(value: str) -> None:
    assert properties.needs_quotes(value) == (properties._NEEDS_QUOTES.search(value) is not None)


# The inline-escape pattern as it was before its alternatives were put in literal-first form.
_INLINE_BEFORE = re.compile(
    r"""
    (?P<amp>&(?=\#?[A-Za-z0-9]+;))
    | (?P<lt><)
    | (?P<pct>%{2,})
    | (?P<img>!(?=\[))
    | (?P<tag>\#(?=[^\s\#\d\W]|[\d_/-]*[^\s\d_/\-\W]))
    | (?P<bid>(?<=\s)\^(?=[A-Za-z0-9-]+[ \t]*$))
    """,
    re.VERBOSE | re.MULTILINE,
)
_BEFORE_REPLACEMENTS = {"amp": "&amp;", "lt": "&lt;", "img": "\\!", "tag": "\\#", "bid": "\\^"}


def _inline_before(match: re.Match[str]) -> str:
    kind = match.lastgroup or ""
    return "&#37;" * len(match.group()) if kind == "pct" else _BEFORE_REPLACEMENTS[kind]


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("&#;<%!^[ \t\nab1_/-é中x")), max_size=16))
def test_inline_escapes_are_the_same_as_before(text: str) -> None:
    assert markdown._INLINE.sub(markdown._inline_escape, text) == _INLINE_BEFORE.sub(
        _inline_before, text
    )


@settings(max_examples=300, deadline=None)
@given(_entries, st.integers(0, 3000), st.sampled_from(["", "x", "é", "\ufeff", "%", "0"]))
def test_the_seal_reads_the_same_from_bytes(entry: Entry, at: int, insert: str) -> None:
    print_ = merge.entry_print(entry)
    sealed = merge.new_note(entry, print_)
    for text in (sealed, "\ufeff" + sealed, sealed[:at] + insert + sealed[at:]):
        for candidate in (print_, "00000000"):
            assert note.is_sealed_data(text.encode(), candidate) == note.is_sealed(text, candidate)
    assert note.is_sealed_data(sealed.encode(), print_)


# ---------------------------------------------------------------------------- the atomic writer


@pytest.mark.parametrize("durable", [True, False])
def test_atomic_write_creates_folders_and_writes_exact_bytes(tmp_path: Path, durable: bool) -> None:
    target = tmp_path / "a" / "b" / "note.md"
    atomic_write_text(target, "x\r\ny\n\ufeffz", durable=durable)
    assert target.read_bytes() == "x\r\ny\n\ufeffz".encode()
    atomic_write_text(str(target), "second", durable=durable)
    assert target.read_text(encoding="utf-8") == "second"
    assert [p.name for p in target.parent.iterdir()] == ["note.md"]  # no temp file left
    mode = target.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask  # as a plain open() would create it, not mkstemp's 0o600


def test_a_failed_atomic_write_leaves_the_old_file_and_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "folder"
    target.mkdir()
    (target / "inside").write_text("keep", encoding="utf-8")
    with pytest.raises(OSError):
        atomic_write_text(target, "cannot replace a folder with a file")
    assert [p.name for p in tmp_path.iterdir()] == ["folder"]
    assert not any(is_temp_name(p.name) for p in tmp_path.iterdir())
    assert is_temp_name(".digest2notes-1-2.tmp") and not is_temp_name("digest2notes-1-2.tmp")


def test_write_if_changed_keeps_an_unchanged_file(tmp_path: Path) -> None:
    target = tmp_path / "f.md"
    assert write_if_changed(target, "one") is True
    before = target.stat().st_mtime_ns
    os.utime(target, ns=(before - 10**9, before - 10**9))
    assert write_if_changed(target, "one") is False
    assert target.stat().st_mtime_ns == before - 10**9
    assert write_if_changed(target, "two", durable=False) is True
    assert target.read_text(encoding="utf-8") == "two"
