"""Making untrusted digest text inert inside an Obsidian note.

A digest is written by someone else (often a model), yet its text lands in a
vault where plugins execute things: Dataview runs ```` ```dataviewjs ```` blocks
and inline `` `$= …` `` / `` `= …` `` spans, Templater runs ``<% … %>`` (even on
note creation, with its "trigger on new file" setting), ``%%`` opens a comment
that would swallow our end marker, ``![](https://…)`` fetches a tracking pixel,
and ``#word`` plants tags in the reader's tag pane. Everything here keeps the
text *readable* (it renders as the digest wrote it) while none of it can run,
hide our markers, or change the note's structure.

The escapes are HTML character references (``&lt;``, ``&#96;``, ``&#37;``) and
backslash escapes, both plain CommonMark: Obsidian renders them as the original
characters, while every plugin that scans the raw text sees nothing to act on.
"""

from __future__ import annotations

import re

# One pass over the text for every inline escape (see `_inline_escape`):
_INLINE = re.compile(
    r"""
    (?P<amp>&(?=\#?[A-Za-z0-9]+;))           # an & that would start a character reference
    | (?P<lt><)                              # HTML, HTML comments, Templater's <%
    | (?P<pct>%{2,})                         # Obsidian comments
    | (?P<img>!(?=\[))                       # a remote image: a tracking pixel on render
    | (?P<tag>\#(?=[^\s\#\d\W]|[\d_/-]*[^\s\d_/\-\W]))  # #word is a tag; #49013 is not
    | (?P<bid>(?<=\s)\^(?=[A-Za-z0-9-]+[ \t]*$))  # a trailing ^id would compete with ours
    """,
    re.VERBOSE | re.MULTILINE,
)
_INLINE_REPLACEMENTS = {"amp": "&amp;", "lt": "&lt;", "img": "\\!", "tag": "\\#", "bid": "\\^"}
# Line starts that would turn quoted text into structure: a heading, a setext underline or
# thematic break, a task checkbox, a fence.
_LINE_START = re.compile(
    r"""
    ^(?: (?P<atx>\#{1,6}(?=\s|$))
       | (?P<rule>(?P<rule_char>[-=_*+])(?:[ \t]*(?P=rule_char))*[ \t]*$)
       | (?P<task>(?:[-*+]|\d{1,9}[.)])[ \t]+)\[
       | (?P<fence>`{3,}|~{3,})
    )
    """,
    re.VERBOSE | re.MULTILINE,
)
_LINE_START_CHARS = frozenset("#-=_*+`~0123456789")
_NEEDS_WORK = re.compile(r"[&<%!#^`\n\-=_*+~\[]")
_BACKTICKS = re.compile(r"`+")


def inline(text: str) -> str:
    """One line of untrusted text (a focus point, a verdict phrase) made inert."""
    return _escape(" ".join(text.split()))


def quote(text: str) -> str:
    """A paragraph of untrusted text, made inert, as blockquote lines (``> …``).

    The quote container also bounds whatever markup survives: nothing inside
    it can reach the lines after it.
    """
    if "\n" not in text and "\r" not in text:  # one line, as most digest paragraphs are
        text = text.strip()
        return f"> {_escape(text)}" if text else ""
    lines = [line.strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    escaped = _escape("\n".join(lines)).split("\n")
    return "\n".join(f"> {line}" if line else ">" for line in escaped)


def _escape(text: str) -> str:
    """Escape `text`, code spans included, without changing what a reader sees."""
    if "`" not in text:
        return _escape_text(text, True)
    return _escape_spans(text)


def _escape_spans(text: str) -> str:
    """Pair backtick runs as CommonMark does (left to right, equal lengths, a backslash
    escaping an opener) so that the spans we judge are the spans Obsidian renders."""
    out: list[str] = []
    position = 0
    line_start = True
    length = len(text)
    while position < length:
        match = _BACKTICKS.search(text, position)
        if match is None:
            out.append(_escape_text(text[position:], line_start))
            break
        start, end = match.span()
        if start > position:
            before = text[position:start]
            out.append(_escape_text(before, line_start))
            line_start = False
            if (len(before) - len(before.rstrip("\\"))) % 2:
                # An escaped backtick: literal, and the rest of its run starts afresh.
                out[-1] = out[-1][:-1]
                out.append("&#96;")
                position = start + 1
                continue
        at_line_start = start == 0 or text[start - 1] == "\n"
        run = match.group()
        if at_line_start and len(run) >= 3:
            # A fence: never let it open a code block (```dataviewjs would run).
            out.append("&#96;" * len(run))
            position = end
            line_start = False
            continue
        closing = _closing_run(text, end, len(run))
        if closing is None:
            out.append("&#96;" * len(run))  # an unmatched run is literal anyway; keep it so
            position = end
            line_start = False
            continue
        content = text[end:closing]
        if _risky_code(content):
            out.append("&#96;" * len(run))
            out.append(_escape_text(content, False).replace("`", "&#96;"))
            out.append("&#96;" * len(run))
        else:
            out.append(run + content + run)
        position = closing + len(run)
        line_start = text[position - 1] == "\n"
    return "".join(out)


def _closing_run(text: str, start: int, size: int) -> int | None:
    """Where the backtick run of exactly `size` that closes a code span begins, if any.

    Only on the same line: a span across lines could end on a line that starts a
    fence, and which of the two wins is not worth betting the reader's vault on.
    """
    end = text.find("\n", start)
    for match in _BACKTICKS.finditer(text, start, len(text) if end < 0 else end):
        if len(match.group()) == size:
            return match.start()
    return None


def _risky_code(content: str) -> bool:
    """Code spans Dataview would evaluate, or whose raw text Templater / comments act on."""
    stripped = content.strip()
    return (
        stripped.startswith(("=", "$="))
        or "<%" in content
        or "%%" in content
        or "%>" in content
    )


def _escape_text(text: str, line_start: bool) -> str:
    if not _NEEDS_WORK.search(text):
        return text
    text = _INLINE.sub(_inline_escape, text)
    if "\n" in text or (line_start and text[:1] in _LINE_START_CHARS):
        skip_first = not line_start
        text = _LINE_START.sub(lambda m: _line_escape(m, skip_first), text)
    return text


def _inline_escape(match: re.Match[str]) -> str:
    kind = match.lastgroup
    if kind == "pct":
        return "&#37;" * len(match.group())
    return _INLINE_REPLACEMENTS[kind or ""]


def _line_escape(match: re.Match[str], skip_first: bool) -> str:
    text = match.group()
    if skip_first and match.start() == 0:
        return text
    if match.group("atx") or match.group("rule"):
        return "\\" + text
    if match.group("task"):
        return match.group("task") + "\\["
    return "&#96;" * len(text) if text[0] == "`" else "\\" + text
