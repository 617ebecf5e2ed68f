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

# One pass over the text for every inline escape (see `_inline_escape`). Every
# alternative starts with its own literal character (the kind of escape is told by
# it), which lets ``re`` skip straight to the next candidate character instead of
# trying six alternatives at every position: ~7x faster on a digest paragraph.
# #word is a tag; #49013 is not. The run before the tag's first letter is possessive
# (``*+``): no character can be in both sets, so giving one back could never let the
# letter match, and trying to was most of the time spent on a ``#1234``.
_TAG_START = r"\#(?=[^\s\#\d\W]|[\d_/-]*+[^\s\d_/\-\W])"
_INLINE = re.compile(
    r"""
    &(?=\#?[A-Za-z0-9]+;)                    # an & that would start a character reference
    | <                                      # HTML, HTML comments, Templater's <%
    | %%+                                    # Obsidian comments
    | !(?=\[)                                # a remote image: a tracking pixel on render
    | """  # a tag (`_TAG_START`)
    + _TAG_START
    + r"""
    | \^(?<=\s\^)(?=[A-Za-z0-9-]+[ \t]*$)    # a trailing ^id would compete with ours
    """,
    re.VERBOSE | re.MULTILINE,
)
# The tag alternative alone: digests mention ``#1234`` all the time, and a search for a
# ``#`` that starts a tag jumps from ``#`` to ``#``, where `_INLINE` tries every character.
_TAG = re.compile(_TAG_START)
_INLINE_REPLACEMENTS = {"&": "&amp;", "<": "&lt;", "!": "\\!", "#": "\\#", "^": "\\^"}
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
_BACKTICKS = re.compile(r"`+")


def inline(text: str) -> str:
    """One line of untrusted text (a focus point, a verdict phrase) made inert."""
    text = single_spaced(text)
    return _escape_text(text, True) if "`" not in text else _escape(text)


def single_spaced(text: str) -> str:
    """``" ".join(text.split())``: blanks collapsed to single spaces, none at either end.

    Most text already is, and saying so costs a third of splitting and joining it: only
    a space is both blank and printable (`test_obsidian_render_speedups` checks every
    character), so printable text whose spaces are single and inside is its own answer.
    """
    if "  " not in text and text.isprintable() and text.strip() == text:
        return text
    return " ".join(text.split())


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
    if "``" not in text and "\\`" not in text and "\n" not in text:
        return _escape_single_spans(text)
    return _escape_spans(text)


def _escape_single_spans(text: str) -> str:
    """`_escape_spans` of one line whose backticks are all single and unescaped, as
    digests write inline code: then each backtick closes the span the one before it
    opened, and splitting at the backticks gives the same pieces the general pairing
    finds (text, code, text, …; an odd last backtick opens nothing). Each piece is
    escaped exactly as `_escape_spans` escapes it; `test_obsidian_render_speedups`
    holds the two to the same text."""
    pieces = text.split("`")
    last = len(pieces) - 1
    if not last % 2 and "=" not in text and "%" not in text and not _needs_inline(text):
        # The spans all close, none is risky (each needs a ``=`` or a ``%``), and no
        # piece needs an inline escape (none is in the whole line): only how the first
        # piece starts can need escaping. Digests write inline code this way all the time.
        first = pieces[0]
        return text if first[:1] not in _LINE_START_CHARS else (
            _escape_text(first, True) + text[len(first) :]
        )
    out = [_escape_text(pieces[0], True)]
    for code in range(1, last, 2):  # pieces[code] is a span's content, the next its text
        content = pieces[code]
        if _risky_code(content):
            out += ("&#96;", _escape_text(content, False), "&#96;")
        else:
            out += ("`", content, "`")
        out.append(_escape_text(pieces[code + 1], False))
    if last % 2:
        out += ("&#96;", _escape_text(pieces[last], False))
    return "".join(out)


def _escape_spans(text: str) -> str:
    """Pair backtick runs as CommonMark does (left to right, equal lengths, a backslash
    escaping an opener) so that the spans we judge are the spans Obsidian renders.

    Runs are found with ``str.find`` (memory speed) and only measured with a regex:
    a regex search steps through the text between runs a character at a time.
    """
    out: list[str] = []
    position = 0
    line_start = True
    length = len(text)
    while position < length:
        start = text.find("`", position)
        if start < 0:
            out.append(_escape_text(text[position:], line_start))
            break
        end = _run_end(text, start)
        if start > position:
            before = text[position:start]
            out.append(_escape_text(before, line_start))
            line_start = False
            if before.endswith("\\") and (len(before) - len(before.rstrip("\\"))) % 2:
                # An escaped backtick: literal, and the rest of its run starts afresh.
                out[-1] = out[-1][:-1]
                out.append("&#96;")
                position = start + 1
                continue
        at_line_start = start == 0 or text[start - 1] == "\n"
        run = text[start:end]
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
    stop = text.find("\n", start)
    if stop < 0:
        stop = len(text)
    at = text.find("`", start, stop)
    while at >= 0:
        end = _run_end(text, at)
        if end - at == size:
            return at
        at = text.find("`", end, stop)
    return None


def _run_end(text: str, start: int) -> int:
    """Where the run of backticks that starts at `start` ends."""
    run = _BACKTICKS.match(text, start)
    return start if run is None else run.end()


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
    if _needs_inline(text):
        text = _INLINE.sub(_inline_escape, text)
    if "\n" in text or (line_start and text[:1] in _LINE_START_CHARS):
        skip_first = not line_start
        text = _LINE_START.sub(lambda m: _line_escape(m, skip_first), text)
    return text


def _needs_inline(text: str) -> bool:
    """Could `_INLINE` find anything in `text`? (If so, it might still find nothing.)

    `_INLINE` only where one of the texts its alternatives start with is there:
    substring tests run at memory speed, while even a search that finds nothing steps
    through the text a character at a time, and most text has nothing to escape, or
    only a ``#`` that starts no tag (``#1234``). A text that needs nothing holds no
    piece that does.
    """
    return (
        "<" in text
        or ("%" in text and "%%" in text)  # a one-character search is the faster one
        or ("!" in text and "![" in text)
        or "^" in text
        or ("&" in text and ";" in text)
        or ("#" in text and _TAG.search(text) is not None)
    )


def _inline_escape(match: re.Match[str]) -> str:
    text = match.group()
    if text[0] == "%":
        return "&#37;" * len(text)
    return _INLINE_REPLACEMENTS[text]


def _line_escape(match: re.Match[str], skip_first: bool) -> str:
    text = match.group()
    if skip_first and match.start() == 0:
        return text
    if match.group("atx") or match.group("rule"):
        return "\\" + text
    if match.group("task"):
        return match.group("task") + "\\["
    return "&#96;" * len(text) if text[0] == "`" else "\\" + text
