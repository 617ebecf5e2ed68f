"""Note file names: any headline gives a safe, short, readable name that stays in the vault."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes_obsidian import filenames

FORBIDDEN = set('/\\:*?"<>|#^[]')
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"{p}{d}" for p in ("COM", "LPT") for d in "0123456789¹²³")}

headlines = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=400
) | st.sampled_from(["CON", "con.txt", "..", ".", "../../etc/passwd", " . ", "LPT1 ", "a" * 300])


def assert_safe(name: str) -> None:
    stem = name.removesuffix(".md")
    assert name.endswith(".md") and stem
    assert len(name.encode("utf-8")) <= filenames.MAX_NAME_BYTES
    assert not FORBIDDEN & set(name)
    assert not any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in name)
    assert not any(unicodedata.category(c) == "Cf" and c not in "\u200c\u200d" for c in name)
    assert not stem.startswith(".") and not stem.endswith((".", " ")) and stem == stem.strip()
    assert stem.split(".")[0].rstrip(" ").upper() not in RESERVED
    assert "  " not in stem


@settings(max_examples=300, deadline=None)
@given(headlines, st.text(alphabet="0123456789abcdef", min_size=6, max_size=12))
def test_any_headline_gives_a_safe_name(headline: str, tag: str) -> None:
    stem = filenames.sanitise(headline)
    assert_safe(stem + filenames.NOTE_SUFFIX)
    suffixed = filenames.with_suffix(stem, tag)
    assert_safe(suffixed + filenames.NOTE_SUFFIX)
    assert suffixed.endswith(f" ({tag})")
    assert filenames.sanitise(headline) == stem  # deterministic


@settings(max_examples=200, deadline=None)
@given(headlines)
def test_a_name_never_leaves_its_folder(tmp_path_factory: pytest.TempPathFactory, headline: str) -> None:
    folder = tmp_path_factory.getbasetemp() / "vault" / "Digests"
    path = folder / (filenames.sanitise(headline) + filenames.NOTE_SUFFIX)
    assert path.parent == folder
    assert Path(path).resolve().parent == folder.resolve()


@pytest.mark.parametrize(
    ("headline", "expected"),
    [
        ("显式管理 worker 的 torch 线程数，修复 2-6x 吞吐回归", "显式管理 worker 的 torch 线程数，修复 2-6x 吞吐回归"),
        ("../../etc/passwd", "etc passwd"),
        ("a: b # c [d] | e ^f", "a b c d e f"),
        ("CON", "CON_"),
        ("con.tar.gz", "con_.tar.gz"),
        ("COM1 ", "COM1_"),
        ("COM1 .md", "COM1 _.md"),  # a space before the dot: still the reserved name
        ("lpt¹ .txt", "lpt¹ _.txt"),
        ("CONSOLE.txt", "CONSOLE.txt"),  # longer than any reserved name
        ("x" * 60 + "中" * 60, "x" * 60 + "中" * 45),  # 60 + 45 x 3 + ".md" = 198 bytes
        ("...", filenames.UNTITLED),
        ("\u202eevil\u202c\tname\x00", "evil name"),
        ("e\u0301", "é"),  # NFC: one name whatever the keyboard produced
        ("👨\u200d👩\u200d👧 family", "👨\u200d👩\u200d👧 family"),
    ],
)
def test_examples(headline: str, expected: str) -> None:
    assert filenames.sanitise(headline) == expected


def test_long_names_are_cut_on_a_character_boundary() -> None:
    stem = filenames.sanitise("线" * 300)
    assert stem == "线" * 65  # 65 x 3 bytes + ".md" = 198 <= 200
    assert filenames.with_suffix(stem, "3f2a9c") == "线" * 62 + " (3f2a9c)"


def test_name_keys_fold_case_and_normalisation() -> None:
    assert filenames.name_key("Café.md") == filenames.name_key("CAFE\u0301.md")
