"""Untrusted digest text rendered inert: nothing runs, nothing escapes the quote, all is shown."""

from __future__ import annotations

import re
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes_obsidian import markdown

PIECES = st.sampled_from([
    "```dataviewjs", "```", "~~~", "`$= dv.x()`", "`= this.file`", "` $=x`", "``=x``", "`ok`",
    "<% tp.file.cursor() %>", "<%*", "%%", "%", "---", "===", "- [ ] task", "1. [x] t", "# h",
    "#tag", "#123", "^block-id", "![i](https://t/p.png)", "<!--", "<b>", "&amp;", "&#37;", "\n",
    " ", "text", "显式", "[[link]]", "> quote", "\\", "\\`", "\\\\`", "`", "*", "_",
])
texts = st.lists(PIECES, max_size=30).map("".join) | st.text(max_size=200)


def split_code(line: str) -> tuple[str, list[str]]:
    """A line's text outside code spans, and the spans' contents, paired as CommonMark does."""
    outside, spans = [], []
    i = 0
    while i < len(line):
        char = line[i]
        if char == "\\" and i + 1 < len(line) and line[i + 1] in string.punctuation:
            outside.append(line[i : i + 2])  # an escaped character (a backtick opens nothing)
            i += 2
            continue
        if char != "`":
            outside.append(char)
            i += 1
            continue
        size = len(line[i:]) - len(line[i:].lstrip("`"))
        j = i + size
        closing = None
        while j < len(line):
            if line[j] == "`":
                run = len(line[j:]) - len(line[j:].lstrip("`"))
                if run == size:
                    closing = j
                    break
                j += run
            else:
                j += 1
        if closing is None:
            outside.append("`" * size)
            i += size
            continue
        spans.append(line[i + size : closing])
        i = closing + size
    return "".join(outside), spans


def assert_inert(rendered: str) -> None:
    assert "<%" not in rendered  # Templater acts on raw text, code spans included
    assert "%%" not in rendered  # so do Obsidian comments
    for line in rendered.split("\n"):
        body = re.sub(r"^(>\s?)+", "", line)
        assert not re.match(r"\s*(`{3,}|~{3,})", body), line
        assert not re.match(r"\s*#{1,6}(\s|$)", body), line
        assert not re.match(r"\s*([-*+]|\d+[.)])\s+\[", body), line
        assert not re.match(r"\s*([-=_*])(\s*\1){2,}\s*$", body) or body.startswith("\\"), line
        outside, spans = split_code(body)
        assert "<" not in outside  # no HTML, no comments
        assert not re.search(r"(?<!\\)!\[", outside)  # no remote image
        for span in spans:
            assert not span.strip().startswith(("=", "$=")), span  # no Dataview expression


@settings(max_examples=400, deadline=None)
@given(texts)
def test_quoted_text_is_inert_and_stays_in_the_quote(text: str) -> None:
    rendered = markdown.quote(text)
    assert_inert(rendered)
    assert all(line == ">" or line.startswith("> ") for line in rendered.split("\n")) or rendered == ""


@settings(max_examples=300, deadline=None)
@given(texts)
def test_inline_text_is_one_inert_line(text: str) -> None:
    rendered = markdown.inline(text)
    assert "\n" not in rendered
    assert_inert(rendered)
    assert not re.search(r"\s\^[A-Za-z0-9-]+\s*$", rendered)


def test_ordinary_text_is_left_as_written() -> None:
    text = "值得精读，尤其是 `pad_cu_seqlens()` 的处理；见 #49013 与 *强调*（约 5 分钟）。"
    assert markdown.inline(text) == text
    assert markdown.quote("a\n\nb") == "> a\n>\n> b"


def test_escapes_show_the_same_characters() -> None:
    assert markdown.inline("<% x %> 100%% #tag ![i](u)") == "&lt;% x %> 100&#37;&#37; \\#tag \\![i](u)"
    assert markdown.inline("`$= dv.x`") == "&#96;$= dv.x&#96;"
    assert markdown.quote("```dataviewjs\nx\n```") == "> &#96;&#96;&#96;dataviewjs\n> x\n> &#96;&#96;&#96;"
