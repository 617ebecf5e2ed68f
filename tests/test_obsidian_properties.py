"""Frontmatter that PyYAML (python-frontmatter) and YAML 1.2 readers read identically."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import frontmatter
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from digest2notes_obsidian import properties

TRICKY = [
    "no", "No", "NO", "yes", "on", "off", "y", "n", "true", "False", "null", "Null", "~", "",
    "1.0", "1e3", "0x1F", "0o17", "017", "1_000", "1:20", "190:20:30", ".inf", "-.NaN", "+1",
    "2026-11-28", "2026-11-28 10:00:00", "a: b", "a #b", "#tag", "- item", "? key", ": x", "[x]",
    "{a: 1}", "|", ">", "!tag", "&anchor", "*alias", "%TAG", "@x", "`x`", "'quoted'", '"quoted"',
    "trailing ", " leading", "tab\there", "line\nbreak", "crlf\r\n", "nel\x85", "ls\u2028ps\u2029",
    "bom\ufeff", "del\x7f", "nul\x00", "bell\x07", "=", "<<", "---", "...", "a, b", "x:y", "é",
    "显式管理 worker 的 torch 线程数：修复", "emoji 👨‍👩‍👧", "\\backslash",
]


def yaml12(text: str) -> Any:
    return YAML(typ="safe", pure=True).load(io.StringIO(text))


def plain(value: Any) -> Any:
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if type(value) not in (bool, type(None), dt.date) and isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        return str(value)
    return value


@pytest.mark.parametrize("value", TRICKY)
def test_tricky_strings_stay_strings(value: str) -> None:
    text = properties.emit({"title": value, "tags": [value, "x"]})
    assert yaml.safe_load(text) == {"title": value, "tags": [value, "x"]}
    assert yaml12(text) == {"title": value, "tags": [value, "x"]}
    assert "\n" not in text.split("\n")[0][len("title: ") :] or True


scalars = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",))),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.booleans(),
    st.none(),
    st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2200, 1, 1)),
)
values = scalars | st.lists(scalars.filter(lambda v: v is not None and v != ""), max_size=4)
keys = st.from_regex(r"[a-z_][a-z0-9_]{0,15}", fullmatch=True)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(keys, values, max_size=8))
def test_any_properties_read_back_the_same_in_both_dialects(metadata: dict[str, Any]) -> None:
    text = properties.emit(metadata)
    assert yaml.safe_load(text) == (metadata or None)
    loaded = yaml12(text)
    assert plain(loaded) == (metadata or None)
    for loaded_value, value in zip((loaded or {}).values(), metadata.values(), strict=True):
        assert type(plain(loaded_value)) is type(value)
    assert text == "".join(properties.emit_entry(k, v) for k, v in metadata.items())
    chunks = properties.chunks(text)
    assert chunks is not None and [c.key for c in chunks] == list(metadata)


def test_python_frontmatter_reads_our_properties_in_our_key_order() -> None:
    metadata = {"b": 1, "a": "x", "title": "a: b", "when": dt.date(2026, 11, 28), "none": None}
    post = frontmatter.loads(f"---\n{properties.emit(metadata)}---\n\nbody\n")
    assert list(post.metadata) == list(metadata) and post.metadata == metadata
    assert post.content == "body"
    long = "长" * 500
    assert len(properties.emit({"title": long}).splitlines()) == 1  # never wrapped


def test_other_values_fall_back_to_pyyaml() -> None:
    metadata = {"nested": {"a": [1, 2]}, "ratio": 0.5, "when": dt.datetime(2026, 1, 2, 3, 4, 5),
                "My Key": "v", "mixed": [1, None, "x"]}
    assert yaml.safe_load(properties.emit(metadata)) == metadata


def test_read_keeps_the_body_exactly_and_says_where_the_yaml_breaks() -> None:
    read = properties.read("---\na: 1\n---\n\n  body with --- inside\n---\nmore\n")
    assert read.yaml == "a: 1\n" and read.data == {"a": 1}
    assert read.body == "\n  body with --- inside\n---\nmore\n"
    for broken, line in [("no frontmatter", 1), ("---\nunclosed: 1\n", 1),
                         ("---\na: 1\nb: [x\n---\n", 4), ("---\n- a list\n---\n", 2)]:
        with pytest.raises(properties.BrokenFrontmatter) as caught:
            properties.read(broken)
        assert caught.value.line == line, broken


def test_chunks_refuse_layouts_they_cannot_split() -> None:
    assert properties.chunks("a: 1\n  # indented comment\nb:\n- x\n- y\n# c\n") is not None
    assert properties.chunks("{a: 1}\n") is None
    assert properties.chunks("? complex\n: key\n") is None
    assert properties.chunks("a: 1\na: 2\n") is None  # duplicate keys: let YAML decide
    assert properties.chunks("1: x\n") is None
