"""Properties of reading (hypothesis): no crash on junk, deterministic, ids independent of the
source, and one broken entry never costs the others of its file."""

from __future__ import annotations

import re
import tempfile
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from digest2notes import InputError, read_digests
from digest2notes.parsing.layout import parse_digest_text

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

headline = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=40
).filter(
    # A lone "owner/repo"-shaped line is a repository switch in the plain layout, by design.
    lambda s: s.strip() and s == s.strip() and not re.fullmatch(r"[\w.-]+/[\w.-]+", s)
)
paragraph = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=120
).filter(lambda s: s.strip() != "" and s == s.strip())


def _digest(entries: list[tuple[str, str]], newline: str) -> str:
    body = "".join(f"{h}{newline}{newline}{p}{newline}{newline}" for h, p in entries)
    return f"acme/widgets{newline}{newline}{body}"


@SETTINGS
@given(st.binary(max_size=2000))
def test_arbitrary_bytes_raise_nothing_but_our_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "x.txt"
        path.write_bytes(data)
        result = read_digests([str(path)])
    # Entries, or errors that say where, or both; never an exception.
    assert result.entries or result.errors
    assert all(isinstance(e, InputError) and e.path == str(path) for e in result.errors)


@SETTINGS
@given(st.text(max_size=2000))
def test_arbitrary_text_is_parsed_deterministically(text: str) -> None:
    def attempt() -> object:
        try:
            layout = parse_digest_text(text, "x.txt")
        except InputError as error:
            return str(error)
        return (layout.entries, [str(e) for e in layout.errors], layout.date)

    assert attempt() == attempt()


@SETTINGS
@given(
    st.lists(
        st.tuples(headline, paragraph),
        min_size=1,
        max_size=5,
        unique_by=lambda t: unicodedata.normalize("NFC", t[0]),
    ),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
)
def test_ids_do_not_depend_on_path_order_or_line_endings(
    entries: list[tuple[str, str]], newline: str, bom: bool
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        first = Path(tmp) / "one" / "2026-11-01.txt"
        second = Path(tmp) / "elsewhere" / "renamed.txt"
        first.parent.mkdir()
        second.parent.mkdir()
        first.write_text(_digest(entries, "\n"), encoding="utf-8")
        data = _digest(list(reversed(entries)), newline).encode("utf-8")
        second.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)
        a = read_digests([str(first)])
        b = read_digests([str(second)])
        both = read_digests([str(second), str(first)])
    assert not a.errors and not b.errors
    ids_a = {e.title: e.id for e in a.entries}
    ids_b = {e.title: e.id for e in b.entries}
    assert ids_a == ids_b
    assert len(both.entries) == len(entries)
    assert all(len(e.sources) == 2 for e in both.entries)
    assert all(len(e.appearances) == 2 for e in both.entries)
    assert [e.title for e in a.entries] == [h for h, _ in entries]


# --- one broken entry ------------------------------------------------------------------------
# Headlines and paragraphs with the shapes writers give them: a headline is one line that
# does not end like a sentence; a paragraph has sentences. (Nothing tells two arbitrary
# lines apart, and a plain-text digest separates them only by blank lines.)
_words = st.text(
    st.characters(whitelist_categories=("Lu", "Ll", "Lo", "Nd")), min_size=1, max_size=8
)
shaped_headline = st.lists(_words, min_size=1, max_size=6).map(" ".join).filter(
    lambda s: not re.fullmatch(r"[\w.-]+/[\w.-]+", s)
)
sentence = st.tuples(st.lists(_words, min_size=2, max_size=8).map(" ".join),
                     st.sampled_from(["。", ".", "！", "?"])).map("".join)
shaped_paragraph = st.lists(sentence, min_size=2, max_size=4).map(" ".join)


@SETTINGS
@given(
    st.lists(
        st.tuples(shaped_headline, shaped_paragraph),
        min_size=2,
        max_size=6,
        unique_by=lambda t: unicodedata.normalize("NFC", t[0]).strip(),
    ),
    st.data(),
    st.booleans(),
)
def test_a_file_with_one_broken_entry_yields_all_the_others(
    entries: list[tuple[str, str]], data: st.DataObject, markdown: bool
) -> None:
    broken = data.draw(st.integers(0, len(entries) - 1))
    lines: list[str] = ["# acme/widgets" if markdown else "acme/widgets", ""]
    broken_line = 0
    for index, (head, text) in enumerate(entries):
        lines.append(f"## {head}" if markdown else head)
        if index == broken:
            broken_line = len(lines)
            lines.append("")
            continue  # the paragraph is missing
        lines += ["", text, ""]
    layout = parse_digest_text("\n".join(lines) + "\n", "d.md" if markdown else "d.txt")
    kept = [(e.title, e.text) for e in layout.entries]
    assert kept == [(h.strip(), t) for i, (h, t) in enumerate(entries) if i != broken]
    assert [e.line for e in layout.errors] == [broken_line]
    assert "has no paragraph" in layout.errors[0].message
