"""The new-note renderer's shortcuts give exactly what the generic code gives.

A cold export renders every note with `merge.new_note`, which builds the whole note
in one join (`note.render_new_sealed`), works out the references and dates once, and
hashes the note in two pieces around its note hash instead of searching it for the
marker afterwards; the generic way is ``note.render_body`` and ``note.properties``
through python-frontmatter, then ``note.seal``. Below it, a few shortcuts skip work
most text does not need: code spans found by splitting a line at its single
backticks, inline escapes tried only where their first character is, ``#1234``
references and file name blanks without a regex, ids and issue URLs quoted from their
repo's prefix, a blank hasher copied per hash, a line whose escapes all come to nothing
taken as it is, blanks collapsed only where there are any to collapse, printable text
spared the escape and blank searches, the properties a note shares with others rendered
once, the digest dates of a one-digest entry read without sorting. Each
is held here, on hostile entries, to the generic code it stands in for, or (where
that code made way for it) to the code as it was before: a note, a block id or a
seal that changed would orphan what readers linked and ticked.
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from collections.abc import Sequence

import frontmatter
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes import Entry, Verdict
from digest2notes_obsidian import filenames, markdown, merge, note, properties

from .entries import generated_entry

HOSTILE = [
    "```dataviewjs", "`$= dv.pages()`", "`= this.file`", "<% tp.file.cursor() %>", "%%", "%% x",
    "---", "- [ ] fake", "# heading", "<!-- x -->", "![x](https://t.example/p.png)", "#tag",
    "#1234", "^verdict", " ^fp-abc", "&amp;", "&#96;", "a: b # c", "no", "~", "2026-11-28",
    "[x]", "{x}", "'", '"', "\\`", "``", "`a`", "`<%`", "\t", "\n", "\r\n", "\x85", "\u2028",
    "\u3000", "\x00", "\x7f", "\ufeff", "\u202e", "显式管理线程数", "É", "E\u0301", "😀",
]
_piece = st.sampled_from(HOSTILE) | st.text(max_size=12)
_text = st.lists(_piece, max_size=8).map("".join)
_headline = _text | st.just(("显式管理线程数与吞吐回归分析" * 25)[:300])
_references = st.lists(
    st.sampled_from(
        ["#1", "#1", " #22 ", "#٣", "#", "#x", "o/r#2", "a.b/c-d#77", "https://x.org/a", "nope"]
    )
    | _text,
    max_size=4,
)
_entries = st.builds(
    generated_entry,
    st.sampled_from(["o/r", "vllm-project/vllm", "a b/c", "no", "", "x:/y", "o/r #x"]),
    _headline,
    _text,
    st.sampled_from(list(Verdict)),
    st.none() | _text,
    st.none() | st.integers(0, 600) | st.sampled_from([True, 2.5]),  # odd types: generic way
    st.lists(_text, max_size=5),
    _references,
    st.lists(st.sampled_from(["2026-11-28", "2026-11-27", "2026-02-30", "", None]), max_size=3),
    st.none() | st.sampled_from(["o/r:ABC", "o/r:", "o/r:é1", "o/r:a-b", ":x"]) | _text,
)
_PRINTS = ["00000000", "3f2a9c1b", "", "x", "abcdef123", "zzzzzzzz", "\n%% x"]


def _generic_note(entry: Entry, print_: str) -> str:
    """A new note the generic way: python-frontmatter with our handler, then `note.seal`."""
    post = frontmatter.Post(note.render_body(entry, print_))
    post.metadata = note.properties(entry)
    return note.seal(frontmatter.dumps(post, handler=properties.HANDLER) + "\n")


@settings(max_examples=400, deadline=None)
@given(_entries, st.sampled_from(_PRINTS))
def test_a_new_note_is_the_generic_note_sealed(entry: Entry, other_print: str) -> None:
    print_ = merge.entry_print(entry)
    sealed = merge.new_note(entry)
    assert sealed == merge.new_note(entry, print_) == _generic_note(entry, print_)
    assert note.is_sealed(sealed, print_) and note.is_sealed_data(sealed.encode(), print_)
    # Any print: the one-pass seal, or `seal_new` judging a print that is not one of ours.
    assert merge.new_note(entry, other_print) == note.seal_new(note.render_new(entry, other_print))
    if re.fullmatch("[0-9a-f]{8}", other_print):
        assert note.unseal(merge.new_note(entry, other_print)) == note.render_new(entry, other_print)


def _point_ids_before(points: Sequence[str]) -> list[str]:
    ids: list[str] = []
    seen: set[str] = set()
    for point in points:
        normal = " ".join(unicodedata.normalize("NFC", point).casefold().split())
        base = note.POINT_PREFIX + hashlib.blake2b(normal.encode(), digest_size=3).hexdigest()
        block_id, number = base, 1
        while block_id in seen:
            number += 1
            block_id = f"{base}-{number}"
        seen.add(block_id)
        ids.append(block_id)
    return ids


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "A", " a ", "a\u3000", "É", "E\u0301", "ß", "ss"]) | _text,
                max_size=8))
def test_block_ids_and_hashes_are_as_before(points: list[str]) -> None:
    assert note.point_ids(points) == _point_ids_before(points)
    for text in points:
        assert note.short_hash(text) == hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def _single_spans(text: str) -> bool:
    return "`" in text and "``" not in text and "\\`" not in text and "\n" not in text


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["`", "\\", "a", " ", "=", "$=", "<%", "%>", "%%", "#x", "!["])
                | _piece, max_size=10).map("".join))
def test_single_backtick_spans_are_paired_as_the_general_pairing_does(text: str) -> None:
    assert markdown._escape(text) == markdown._escape_spans(text)
    if _single_spans(text):
        assert markdown._escape_single_spans(text) == markdown._escape_spans(text)


def _escape_text_everywhere(text: str, line_start: bool) -> str:
    """`markdown._escape_text` without the checks that skip `_INLINE` and `_LINE_START`."""
    text = markdown._INLINE.sub(markdown._inline_escape, text)
    skip_first = not line_start
    return markdown._LINE_START.sub(lambda m: markdown._line_escape(m, skip_first), text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("&#;<%!^[ \t\nab1_/-é中x`~=*+.)")), max_size=16)
       | _text, st.booleans())
def test_escapes_are_skipped_only_where_none_applies(text: str, line_start: bool) -> None:
    assert markdown._escape_text(text, line_start) == _escape_text_everywhere(text, line_start)


_ISSUE_REF = re.compile(r"^(?:(?P<repo>[\w.-]+/[\w.-]+))?#(?P<number>\d+)$")
_URL_REF = re.compile(r"^https?://[^\s<>()\[\]`]+$")


def _reference_links_before(entry: Entry) -> list[tuple[str, str]]:
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


@settings(max_examples=300, deadline=None)
@given(_entries)
def test_references_are_read_as_before(entry: Entry) -> None:
    assert note.reference_links(entry) == _reference_links_before(entry)
    links, dates = note.reference_links(entry), entry.digest_dates
    assert note.properties_text(entry, links, dates) == note.properties_text(entry) == "".join(
        properties.emit_entry(key, value) for key, value in note.properties(entry).items()
    )


def test_digits_and_whitespace_are_what_the_patterns_say() -> None:
    """`reference_links` reads ``#N`` with `str.isdecimal`, `properties.needs_quotes` looks
    for ``\\s#`` with `str.isspace`: the same characters as ``\\d`` and ``\\s``."""
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    assert re.findall(r"\d", every) == [char for char in every if char.isdecimal()]
    assert re.findall(r"\s", every) == [char for char in every if char.isspace()]


def _text_scalar_before(value: str) -> str:
    if value and not properties.needs_quotes(value) and value.lower() not in properties._RESERVED:
        return value
    return '"' + properties._QUOTED_ESCAPE.sub(properties._escape_char, value) + '"'


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(["no", "NO", "Yes", "nULL", "İn", "offf", "y", "N", "a\u3000#b", "a\xa0#1"])
       | st.text(alphabet=st.sampled_from(list("#: \t\n\u3000\x85\u2028,[]{}aé中\x00-")),
                 min_size=1, max_size=12)
       | _text)
def test_scalars_are_quoted_as_before(value: str) -> None:
    assert properties.unique_text_scalar(value) == _text_scalar_before(value)
    assert properties.text_scalar(value) == _text_scalar_before(value)
    if value:
        assert properties.needs_quotes(value) == (
            properties._NEEDS_QUOTES.search(value) is not None
        )


_SPACES = re.compile(r"\s+")


def _sanitise_before(title: str) -> str:
    text = unicodedata.normalize("NFC", title)
    if not text.isprintable():
        text = "".join(filenames._safe_char(char) for char in text)
    text = filenames._trim(_SPACES.sub(" ", filenames._UNSAFE.sub(" ", text)))
    return filenames.fit(text or filenames.UNTITLED, "")


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" .\t\n\u3000\x85\u200b#/:aCON中")), max_size=12)
       | _headline)
def test_file_names_are_as_before(title: str) -> None:
    assert filenames.sanitise(title) == _sanitise_before(title)


_prefixes = (
    st.sampled_from(["o/r:", "https://github.com/o/r/issues/", ":", "a #", "a:", "#", "n0", "\t1"])
    | st.text(alphabet=st.sampled_from(list("#: \t\n\u3000\x85,[]{}aé中\x00-\"\\'0")), max_size=8)
    | _text
)


@settings(max_examples=500, deadline=None)
@given(_prefixes, st.text(alphabet=st.sampled_from(list("0123456789abcdefnoXYZ")), min_size=1,
                          max_size=12))
def test_a_shared_prefix_is_quoted_once_for_all_its_values(prefix: str, rest: str) -> None:
    """Ids (``repo:hash``) and issue URLs (``…/issues/N``) are quoted from their repo's
    prefix, checked once (`properties.split_scalar`)."""
    if not prefix or prefix[-1].isalpha():
        with pytest.raises(ValueError):
            properties.split_scalar(prefix)
        return
    head, end = properties.split_scalar(prefix)
    assert head + rest + end == properties.unique_text_scalar(prefix + rest)


def test_printable_text_has_no_blank_but_the_space_and_nothing_to_escape() -> None:
    """`markdown.single_spaced` and `properties.needs_quotes` trust ``str.isprintable``: a
    printable character is a space or no blank at all, and none needs a YAML escape. And
    ASCII text folds (for block ids) as it lowers."""
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    printable = [char for char in every if char.isprintable()]
    assert [char for char in printable if char.isspace()] == [" "]
    assert properties._NEEDS_ESCAPE.search("".join(printable)) is None
    assert not "\t".isprintable() and not "\n".isprintable()


_blanks = st.text(alphabet=st.sampled_from(list(" \t\n\r\x0b\x1c\x85\xa0\u2028\u3000ab中")),
                  max_size=10)


@settings(max_examples=500, deadline=None)
@given(_blanks | _text)
def test_blanks_are_collapsed_as_before(text: str) -> None:
    assert markdown.single_spaced(text) == " ".join(text.split())
    assert markdown.inline(text) == markdown._escape(" ".join(text.split()))


_plain_line = st.lists(
    st.sampled_from(["`", "a", " ", "#1", "#", "-", "1.", "1)", "*", "+", "=", "~", "_", "中",
                     "x`", "`y", "[", "!", "&", ";", "%", "<", "^z", "$=", "---"]),
    max_size=10,
).map("".join)


@settings(max_examples=800, deadline=None)
@given(_plain_line)
def test_a_line_with_nothing_to_escape_is_taken_as_it_is(text: str) -> None:
    """`markdown._escape_single_spans` returns a line whose pieces and spans need nothing
    (but perhaps its start) without escaping them one by one."""
    assert markdown._escape(text) == markdown._escape_spans(text)
    if _single_spans(text):
        assert markdown._escape_single_spans(text) == markdown._escape_spans(text)
    assert markdown.quote(text) == (f"> {markdown._escape_spans(text.strip())}"
                                    if text.strip() else "")


_TAG_BEFORE = re.compile(r"\#(?=[^\s\#\d\W]|[\d_/-]*[^\s\d_/\-\W])")
_INLINE_BEFORE = re.compile(markdown._INLINE.pattern.replace("]*+[", "]*["), markdown._INLINE.flags)


@settings(max_examples=800, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("#1٣_/-a中é \t\n.&;<^!%")), max_size=14) | _text)
def test_a_tag_is_found_where_it_was(text: str) -> None:
    """The possessive run in `markdown._TAG_START` finds the tags the backtracking one did."""
    assert "]*+[" in markdown._INLINE.pattern and "]*+[" not in _INLINE_BEFORE.pattern
    assert [m.span() for m in markdown._TAG.finditer(text)] == [
        m.span() for m in _TAG_BEFORE.finditer(text)
    ]
    assert markdown._INLINE.sub(markdown._inline_escape, text) == _INLINE_BEFORE.sub(
        markdown._inline_escape, text
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["2026-11-28", "2026-11-27", "", None, "x"]), max_size=3))
def test_digest_dates_are_distinct_and_sorted(dates: list[str | None]) -> None:
    """`Entry.digest_dates` skips sorting for one source: it must give what sorting does."""
    entry = generated_entry("o/r", "t", "", Verdict.SKIM, None, None, (), (), dates, "o/r:1")
    assert entry.digest_dates == tuple(sorted({date for date in dates if date}))


def _entry_print_before(entry: Entry) -> str:
    """`merge.entry_print` as first written: every field, joined."""
    fields = (
        merge.format_print(),
        entry.id,
        entry.title,
        entry.repo,
        entry.verdict.value,
        entry.verdict_text or "",
        str(entry.minutes),
        entry.reading_action,
        "\x1e".join(entry.focus_points),
        "\x1e".join(entry.references),
        "\x1e".join(entry.digest_dates),
        entry.text,
    )
    return note.short_hash("\x1f".join(fields))


@settings(max_examples=400, deadline=None)
@given(st.lists(_entries, min_size=1, max_size=3))
def test_entry_prints_are_as_before(entries: list[Entry]) -> None:
    """Entry prints are in every note and record: a faster way to work them out must give
    the same values, or every note would be rewritten once."""
    for entry in entries:  # several per example: the verdict part is cached across them
        assert merge.entry_print(entry) == _entry_print_before(entry)
    one = generated_entry("o/r", "t", "x", Verdict.SKIM, None, 1, (), (), ["2026-01-01"])
    odd = generated_entry("o/r", "t", "x", Verdict.SKIM, None, True, (), (), ["2026-01-01"])
    assert merge.entry_print(one) != merge.entry_print(odd)  # True is not 1
    assert merge.entry_print(odd) == _entry_print_before(odd)
