"""Properties of reading: no crash on junk, deterministic, ids independent of the source."""

from __future__ import annotations

import re
import tempfile
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from digest2notes import read_digests
from digest2notes.reader import parse_digest_text

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
    # Either entries or exactly one error for the file; never an exception.
    assert bool(result.entries) != bool(result.errors)


@SETTINGS
@given(st.text(max_size=2000))
def test_arbitrary_text_is_parsed_deterministically(text: str) -> None:
    from digest2notes import InputError

    def attempt() -> object:
        try:
            return parse_digest_text(text, "x.txt")
        except InputError as error:
            return str(error)

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
    assert [e.title for e in a.entries] == [h for h, _ in entries]
