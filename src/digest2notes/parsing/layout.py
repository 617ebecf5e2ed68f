"""The two digest layouts, split into raw entries; one bad entry never costs the others.

* plain text: ``owner/repo``, blank, headline, blank, paragraph, ... (a later lone
  ``owner/repo`` line switches repository);
* Markdown: ``# owner/repo``, then ``## headline`` and its paragraph per entry.

The layout is chosen from the first line. Before the first entry a header may give the
digest's date (`dates`). A structural problem (a headline with no paragraph, an empty
headline) is an `InputError` with the line of the entry at fault, and every other entry
of the file is still read. In plain text, where only blank lines separate headlines from
paragraphs, a missing paragraph shifts every later block; when the blocks do not pair
up, each block is weighed by its shape (a paragraph has sentences and ends like one, a
headline does not) and the best pairing is kept, so the error names the headline that
really lacks its paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from ..errors import InputError
from .dates import find_date, is_date_line

__all__ = ["Layout", "RawEntry", "parse_digest_text"]

# Trailing whitespace that digests pick up from editors and chat tools, full-width included.
_TRAILING_SPACE = " \t\u3000\u00a0"
_Line = tuple[int, str]
_Block = list[_Line]


@dataclass(frozen=True, slots=True)
class RawEntry:
    repo: str
    title: str
    text: str
    line: int  # the headline's line
    text_line: int  # the paragraph's first line


@dataclass(slots=True)
class Layout:
    """A digest's entries in file order, the problems found, and the date in its header."""

    entries: list[RawEntry] = field(default_factory=list)
    errors: list[InputError] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)
    date: str | None = None


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    repo = r"[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9._-]+"
    return {
        "repo": re.compile(rf"^(?P<repo>{repo})(?:\s+(?P<rest>.*\d.*))?$"),
        "md_repo": re.compile(rf"^#\s+(?P<repo>{repo})(?:\s+(?P<rest>.*?))?\s*#*\s*$"),
        "md_headline": re.compile(r"^##\s+(.*?)\s*$|^##$"),
        "sentence": re.compile(r"[。！？!?]|\.(?:\s|$)"),
    }


def parse_digest_text(text: str, shown: str) -> Layout:
    """Split one digest into raw entries, choosing the layout from its first line.

    Raises InputError only when nothing of the file can be used (no text, no repository
    line); problems with single entries are in `Layout.errors`.
    """
    lines = [
        line.rstrip(_TRAILING_SPACE)
        for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    ]
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0].lstrip("\ufeff")
    first = next((n for n, line in enumerate(lines, start=1) if line.strip()), None)
    if first is None:
        raise InputError(shown, 1, "empty digest: expected a repository line such as owner/repo")
    numbered = list(enumerate(lines, start=1))
    # A date line may come first ("Date: 2026-11-28"); the line after it tells the layout.
    chooser = next(
        (line for line in lines if line.strip() and not is_date_line(line.strip("#*_> \t"))),
        lines[first - 1],
    )
    if chooser.lstrip().startswith("#"):
        layout = _markdown(numbered, shown)
    else:
        layout = _plain(numbered, shown)
    if not layout.entries and not layout.errors:
        raise InputError(shown, first, "no entries found (expected a headline and a paragraph)")
    return layout


def _clip(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _repo_line(line: str) -> tuple[str, str | None] | None:
    """("owner/repo", a date after it or None) for a repository line, else None."""
    match = _patterns()["repo"].match(line.strip())
    if match is None:
        return None
    rest = match.group("rest")
    if rest is None:
        return match.group("repo"), None
    date = find_date(rest)
    return (match.group("repo"), date) if date and is_date_line(rest) else None


# --- Markdown -------------------------------------------------------------------------------
def _markdown(numbered: Sequence[_Line], shown: str) -> Layout:
    patterns = _patterns()
    layout = Layout()
    repo: str | None = None
    title: str | None = None
    title_line = 0
    body: list[_Line] = []
    seen_entry = False

    def finish() -> None:
        if title is None:
            return
        text = "\n".join(line.strip() for _, line in body).strip()
        if not text:
            layout.errors.append(
                InputError(shown, title_line, f"headline {_clip(title)!r} has no paragraph")
            )
        elif repo is not None:
            layout.entries.append(RawEntry(repo, title, text, title_line, body[0][0]))

    for number, line in numbered:
        repo_match = patterns["md_repo"].match(line) if line.startswith("# ") else None
        head_match = patterns["md_headline"].match(line) if line.startswith("##") else None
        if repo_match and "/" in repo_match.group("repo") and _repo_ok(repo_match):
            finish()
            title, body = None, []
            repo = repo_match.group("repo")
            rest = repo_match.group("rest")
            if rest and layout.date is None and not seen_entry:
                layout.date = find_date(rest)
        elif head_match and not line.startswith("###"):
            finish()
            seen_entry = True
            heading = (head_match.group(1) or "").strip()
            title, title_line, body = heading or None, number, []
            if repo is None:
                layout.errors.append(
                    InputError(shown, number, "headline before any '# owner/repo' line")
                )
                title = None
            elif not heading:
                layout.errors.append(InputError(shown, number, "empty headline"))
        elif title is not None and (line.strip() or body):
            body.append((number, line))
        elif repo is None and line.strip():
            if line.startswith("# "):
                raise InputError(
                    shown, number,
                    f"expected '# owner/repo' as the first heading, found {_clip(line)!r}",
                )
            if not is_date_line(line.strip("#*_> \t")):
                raise InputError(shown, number, "expected '# owner/repo' before any text")
            layout.date = layout.date or find_date(line)
        elif not seen_entry and line.strip() and is_date_line(line.strip("#*_> \t")):
            layout.date = layout.date or find_date(line)
    finish()
    return layout


def _repo_ok(match: re.Match[str]) -> bool:
    rest = match.group("rest")
    return not rest or (bool(find_date(rest)) and is_date_line(rest.strip("—–-|·:()（）[] ")))


# --- plain text ------------------------------------------------------------------------------
def _blocks(numbered: Sequence[_Line]) -> list[_Block]:
    """Runs of non-blank lines; any amount of blank or whitespace-only lines separates them."""
    blocks: list[_Block] = []
    current: _Block = []
    for number, line in numbered:
        if line.strip():
            current.append((number, line))
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _plain(numbered: Sequence[_Line], shown: str) -> Layout:
    blocks = _blocks(numbered)
    date = None
    while len(blocks) > 1 and len(blocks[0]) == 1 and is_date_line(blocks[0][0][1].strip()):
        date = date or find_date(blocks[0][0][1])  # a date line before the repository line
        blocks = blocks[1:]
    first_number, first = blocks[0][0]
    found = _repo_line(first)
    if found is None:
        raise InputError(
            shown, first_number,
            f"expected a repository line such as owner/repo, found {_clip(first)!r}",
        )
    layout = Layout(date=found[1] or date)
    rest = blocks[0][1:]  # a repo line glued to what follows it
    queue = ([rest] if rest else []) + blocks[1:]
    while _date_first(queue):
        layout.date = layout.date or find_date(queue[0][0][1])
        queue = queue[1:]
    _pair(queue, found[0], shown, layout)
    return layout


def _date_first(queue: list[_Block]) -> bool:
    """Does the queue open with a date line ("2026-11-28" under the repository line)? Not
    when the one-line blocks after it pair off only with it: then it is a headline that
    looks like a date ("2000/1/1", then its paragraph)."""
    if not queue or len(queue[0]) != 1 or not is_date_line(queue[0][0][1].strip()):
        return False
    rest = queue[1:]
    return not (rest and all(len(block) == 1 for block in rest) and len(rest) % 2)


def _pair(queue: list[_Block], repo: str, shown: str, layout: Layout) -> None:
    """Headlines with their paragraphs: the strict alternation when it works out, else
    the best pairing by shape (`_recover`)."""
    entries: list[RawEntry] = []
    first_repo = repo
    index = 0
    while index < len(queue):
        block = queue[index]
        index += 1
        head = block[0][1]
        switch = _repo_line(head) if len(block) == 1 else None
        if switch is not None and index < len(queue):
            repo = switch[0]
            continue
        if len(block) > 1:  # headline and paragraph without the blank line between them
            entries.append(_entry(repo, block[0], block[1:]))
        elif index < len(queue):
            entries.append(_entry(repo, block[0], queue[index]))
            index += 1
        else:
            break
    else:
        layout.entries.extend(entries)
        return
    _recover(queue, first_repo, shown, layout)


def _entry(repo: str, head: _Line, body: _Block) -> RawEntry:
    text = "\n".join(line.strip() for _, line in body)
    return RawEntry(repo, head[1].strip(), text, head[0], body[0][0])


# Roles a block can take when the blocks do not pair up.
_HEAD, _PARA, _GLUED, _MORE, _LONE, _REPO = "head", "para", "glued", "more", "lone", "repo"
_LONE_COST = 4.0  # a headline without a paragraph: an error, so only when shapes demand it
_MORE_COST = 3.0  # a second paragraph, joined to the entry before it


def _shape(block: _Block) -> tuple[float, float]:
    """(cost as a headline, cost as a paragraph): how little the block looks like each."""
    text = " ".join(line.strip() for _, line in block)
    sentence = _patterns()["sentence"]
    ends = len(sentence.findall(text))
    final = text[-1:] in "。！？!?." if text else False
    head = 0.0
    head += 2.0 if final and not text.endswith("?") else 0.0
    head += 2.0 if ends >= 2 else 0.0
    head += 1.0 if len(text) > 160 else 0.0
    head += 3.0 if len(block) > 1 else 0.0
    para = 0.0
    para += 0.5 if not final else 0.0
    para += 1.0 if ends == 0 and len(text) < 80 and len(block) == 1 else 0.0
    return head, para


def _recover(queue: list[_Block], repo: str, shown: str, layout: Layout) -> None:
    """The cheapest reading of the blocks as entries (Viterbi over two states: a headline
    is waiting for its paragraph, or not), then the entries and errors it implies."""
    inf = float("inf")
    n = len(queue)
    shapes = [_shape(b) for b in queue]
    # cost[k][s]: the cheapest reading of the first k blocks ending in state s
    # (0: nothing pending, 1: a headline pending); back[k][s] = (previous state, role).
    cost = [[inf, inf] for _ in range(n + 1)]
    back: list[list[tuple[int, str]]] = [[(0, ""), (0, "")] for _ in range(n + 1)]
    cost[0][0] = 0.0
    for k, block in enumerate(queue):
        head, para = shapes[k]
        is_repo = len(block) == 1 and _repo_line(block[0][1]) is not None and k + 1 < n
        for state in (0, 1):
            base = cost[k][state]
            if base == inf:
                continue
            pending = _LONE_COST if state == 1 else 0.0
            options: list[tuple[int, float, str]] = [(1, base + pending + head, _HEAD)]
            if len(block) > 1:
                glued_head = 0.0 if len(block[0][1]) < 200 else 1.0
                options.append((0, base + pending + glued_head + para, _GLUED))
            if state == 1:
                options.append((0, base + para, _PARA))
            elif k > 0:
                options.append((0, base + _MORE_COST + para, _MORE))
            if is_repo:
                options.append((0, base + pending, _REPO))
            for target, value, role in options:
                if value < cost[k + 1][target]:
                    cost[k + 1][target] = value
                    back[k + 1][target] = (state, role)
    final = 0 if cost[n][0] <= cost[n][1] + _LONE_COST else 1
    roles: list[str] = []
    state = final
    for k in range(n, 0, -1):
        previous, role = back[k][state]
        roles.append(role)
        state = previous
    roles.reverse()
    _apply_roles(queue, roles, repo, shown, layout)


def _apply_roles(
    queue: list[_Block], roles: list[str], repo: str, shown: str, layout: Layout
) -> None:
    pending: _Line | None = None

    def lone(next_block: _Block | None) -> None:
        assert pending is not None
        message = f"headline {_clip(pending[1])!r} has no paragraph"
        if next_block is not None:
            message += f" (line {next_block[0][0]} reads as the next headline)"
        layout.errors.append(InputError(shown, pending[0], message))

    for block, role in zip(queue, roles, strict=True):
        if role in (_HEAD, _GLUED, _REPO) and pending is not None:
            lone(block)
            pending = None
        if role == _REPO:
            found = _repo_line(block[0][1])
            repo = found[0] if found else repo
        elif role == _HEAD:
            pending = block[0]
        elif role == _GLUED:
            layout.entries.append(_entry(repo, block[0], block[1:]))
        elif role == _PARA and pending is not None:
            layout.entries.append(_entry(repo, pending, block))
            pending = None
        elif role == _MORE and layout.entries:
            last = layout.entries[-1]
            text = last.text + "\n\n" + "\n".join(line.strip() for _, line in block)
            layout.entries[-1] = RawEntry(last.repo, last.title, text, last.line, last.text_line)
            layout.warnings.append(
                InputError(
                    shown, block[0][0],
                    "a second paragraph with no headline of its own: read as part of the "
                    "entry above",
                )
            )
    if pending is not None:
        lone(None)
