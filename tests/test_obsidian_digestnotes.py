"""A note per digest ([daily]): the day's entries in the digest's order, as links that
resolve to their notes, with the day's reading time; kept as the reader left it.

Through the real CLI over the bundled samples (two days, five entries in both) and
digests written here. Links are resolved as Obsidian resolves them: a path first, else
the one note of that file name anywhere in the vault.
"""

from __future__ import annotations

import io
import re
import shutil
import urllib.parse
from pathlib import Path

import frontmatter
from ruamel.yaml import YAML

from .conftest import RunCli
from .test_obsidian_export import notes, snapshot
from .test_obsidian_keep import INKLING, THREADS, edit, export, note_of, summary

DAY1 = "Digests/Days/vllm-project vllm 2026-11-27.md"
DAY2 = "Digests/Days/vllm-project vllm 2026-11-28.md"
_LINK = re.compile(
    r"(?<!\\)\[\[(?P<wiki>[^\]|#^]+)[^\]]*\]\]|(?<!\\)\[(?:\\.|[^\]\\])*\]\((?P<md>[^)\s]+)\)"
)


def links(text: str) -> list[str]:
    """The link targets in `text`, in order (Markdown links decoded)."""
    return [m["wiki"] or urllib.parse.unquote(m["md"]) for m in _LINK.finditer(text)]


def resolve(vault: Path, target: str) -> Path | None:
    """The note `target` leads to, as Obsidian finds it; None if it leads nowhere or
    could mean two notes."""
    name = target if target.endswith(".md") else f"{target}.md"
    exact = vault / name
    if exact.is_file():
        return exact
    found = [
        p for p in vault.rglob("*.md")
        if not any(part.startswith(".") for part in p.relative_to(vault).parts)
        and p.relative_to(vault).as_posix().casefold().endswith(name.casefold())
        and p.name.casefold() == Path(name).name.casefold()
    ]
    return found[0] if len(found) == 1 else None


def listed_ids(vault: Path, day: str) -> list[str | None]:
    """The entry ids a digest note's reading list links to, in its order (None for a
    line without a link, or whose link leads nowhere)."""
    text = frontmatter.load(str(vault / day)).content
    listing = [line for line in text.splitlines() if re.match(r"^> \d+\. ", line)]
    found: list[str | None] = []
    for line in listing:
        targets = links(line)
        assert len(targets) <= 1, line
        path = resolve(vault, targets[0]) if targets else None
        found.append(None if path is None else str(frontmatter.load(str(path))["digest2notes_id"]))
    return found


def headlines(digest: Path) -> list[str]:
    """A plain digest's headlines, in its order (the repository line, then pairs)."""
    blocks = [b.strip() for b in digest.read_text(encoding="utf-8").split("\n\n") if b.strip()]
    return blocks[1::2]


def ids_by_title(vault: Path) -> dict[str, str]:
    return {str(frontmatter.load(str(p))["title"]): i for i, p in notes(vault).items()}


def test_each_day_lists_its_entries_in_order_with_links_that_resolve(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    by_title = ids_by_title(vault)
    minutes = {i: frontmatter.load(str(p))["minutes"] for i, p in notes(vault).items()}
    for day, digest in ((DAY1, "vllm-2026-11-27.txt"), (DAY2, "vllm-2026-11-28.txt")):
        expected = [by_title[h] for h in headlines(samples / digest)]
        assert listed_ids(vault, day) == expected  # an entry of both days is on both lists
        post = frontmatter.load(str(vault / day))
        total = sum(minutes[i] for i in expected)  # type: ignore[misc]
        assert (post["entries"], post["total_minutes"]) == (len(expected), total)
        assert f"> [!summary] Reading list · {len(expected)} entries · {total} min" in post.content
        assert str(post["digest_date"]) == digest[5:15] and post["repo"] == "vllm-project/vllm"
    before = snapshot(vault)
    assert summary(export(run_cli, vault, samples)) == "created 0, updated 0, unchanged 11, failed 0"
    assert snapshot(vault) == before  # not a byte, not an mtime, not even the state


def test_a_moved_or_renamed_entry_note_is_still_reached(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    expected = listed_ids(vault, DAY1)
    (vault / "Reading").mkdir()
    shutil.move(note_of(vault, THREADS), vault / "Reading" / f"{THREADS}.md")
    assert listed_ids(vault, DAY1) == expected  # before any export: links by name
    day1 = (vault / DAY1).read_bytes()
    export(run_cli, vault, samples)
    assert (vault / DAY1).read_bytes() == day1  # nothing to write for a move
    # Renamed outside Obsidian (which would have renamed the links itself): written again.
    (vault / "Reading" / f"{THREADS}.md").rename(vault / "Reading" / "Threads.md")
    export(run_cli, vault, samples)
    assert listed_ids(vault, DAY1) == expected and listed_ids(vault, DAY2)[-1] == expected[4]
    assert "[[Threads]]" in (vault / DAY1).read_text(encoding="utf-8")


def test_the_readers_text_stays_and_their_edit_of_the_list_wins(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = vault / DAY2
    edit(path, ("## Notes\n", "## Notes\nRead the first three on the train.\n"),
         ("%% digest2notes:end", "A line of mine after the list.\n%% digest2notes:end"))
    digest = samples / "vllm-2026-11-28.txt"
    digest.write_text(digest.read_text(encoding="utf-8") + "\n\nA new one\n\n值得精读。\n", "utf-8")
    assert summary(export(run_cli, vault, samples)) == "created 1, updated 0, unchanged 11, failed 0"
    text = path.read_text(encoding="utf-8")
    assert "Read the first three on the train." in text and "A line of mine after the list." in text
    assert "> 9. [[A new one]] · deep · 20 min" in text and "· 9 entries ·" in text
    # The reader rewrites a line of the list: theirs stays; the note says what changed.
    edit(path, ("> 1. [[CI", "> 1. (done) [[CI"))
    digest.write_text(digest.read_text(encoding="utf-8") + "\nAnother\n\n无需精读。\n", "utf-8")
    export(run_cli, vault, samples)
    text = path.read_text(encoding="utf-8")
    assert "> 1. (done) [[CI" in text and "> 10. [[Another]]" not in text.split("> [!note]")[0]
    assert "> [!note] The digest changed what you edited (yours is kept)" in text
    assert "> - reading list: 1. [[CI" in text and "10. [[Another]] · skip · 2 min" in text
    assert "Read the first three on the train." in text


def test_a_deleted_digest_note_stays_deleted_until_restored(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    (vault / DAY1).unlink()
    result = export(run_cli, vault, samples, "--json")
    assert not (vault / DAY1).exists()
    assert '"detail": "deleted by you"' in result.stdout
    export(run_cli, vault, samples, "--restore", "digest:vllm-project/vllm 2026-11-27")
    assert (vault / DAY1).is_file()


def test_an_entry_note_the_reader_deleted_is_listed_without_a_link(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    listed = {day: listed_ids(vault, day) for day in (DAY1, DAY2)}
    gone = str(frontmatter.load(str(note_of(vault, INKLING)))["digest2notes_id"])
    note_of(vault, INKLING).unlink()
    export(run_cli, vault, samples / "vllm-2026-11-28.txt")
    for day in (DAY1, DAY2):  # both of its days say so, though the run read one
        text = (vault / day).read_text(encoding="utf-8")
        assert f"{INKLING} (you deleted its note) · deep · 20 min" in text
        assert f"[[{INKLING}]]" not in text
        assert listed_ids(vault, day) == [None if i == gone else i for i in listed[day]]


def test_a_change_another_day_brings_is_on_every_day_of_the_entry(
    run_cli: RunCli, tmp_path: Path, vault: Path
) -> None:
    """Day by day: the second day changes an entry of the first; the first day's note
    says so at once, and the whole folder exported afterwards writes nothing."""
    digests = tmp_path / "d"
    digests.mkdir()
    (digests / "r-2026-03-01.txt").write_text(
        "o/r\n\nShared\n\n值得精读。\n\nFirst only\n\n无需精读。\n", encoding="utf-8")
    (digests / "r-2026-03-02.txt").write_text(
        "o/r\n\nSecond only\n\n值得精读。\n\nShared\n\n建议快速阅读（约 7 分钟）。\n", encoding="utf-8")
    export(run_cli, vault, digests / "r-2026-03-01.txt")
    first = vault / "Digests" / "Days" / "o r 2026-03-01.md"
    assert "> 1. [[Shared]] · deep · 20 min" in first.read_text(encoding="utf-8")
    export(run_cli, vault, digests / "r-2026-03-02.txt")
    assert "> 1. [[Shared]] · skim · 7 min" in first.read_text(encoding="utf-8")
    assert "· 2 entries · 9 min" in first.read_text(encoding="utf-8")
    second = (vault / "Digests" / "Days" / "o r 2026-03-02.md").read_text(encoding="utf-8")
    assert "> 1. [[Second only]] · deep · 20 min\n> 2. [[Shared]] · skim · 7 min" in second
    before = {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}
    export(run_cli, vault, digests)
    assert {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")} == before


def test_digest_notes_are_not_study_items(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, vault, samples)
    result = run_cli("queue", "--vault", vault, "--json", "--all")
    assert result.exit_code == 0, result.output
    assert "Days/" not in result.stdout and result.stdout.count('"id"') == 11
    assert "Warning" not in result.output


def test_a_hostile_digest_makes_an_inert_digest_note_inside_the_vault(
    run_cli: RunCli, tmp_path: Path, vault: Path
) -> None:
    from .test_obsidian_hostile import HEADLINES, PAYLOAD

    digests = tmp_path / "digests"
    digests.mkdir()
    # The reader accepts only names a repository can have; ".." is one, and the worst
    # for a file name. (Everything else hostile is in the headlines and paragraphs.)
    repo = "ev.il/.."
    entries = "".join(f"## {headline}\n\n{PAYLOAD}\n\n" for headline in HEADLINES)
    (digests / "evil-2026-11-28.md").write_text(f"# {repo}\n\n{entries}", encoding="utf-8")
    result = run_cli("export", "--to", "obsidian", "--vault", vault, digests)
    assert result.exit_code == 0, result.output
    (day,) = (vault / "Digests" / "Days").iterdir()
    assert day.name == "ev.il 2026-11-28.md"  # ".." names no folder
    # A reader's rename (outside Obsidian) to a name that would mean something in a link.
    renamed = next(p for i, p in notes(vault).items())
    renamed.rename(renamed.with_name("a %% b `$= x` $y$ [[c]].md"))
    run_cli("export", "--to", "obsidian", "--vault", vault, digests)
    text = day.read_text(encoding="utf-8")
    post = frontmatter.loads(text)
    assert post["digest2notes_digest"] == f"{repo} 2026-11-28" and post["repo"] == repo
    yaml_text = text[4 : text.index("\n---\n", 4) + 1]
    assert dict(YAML(typ="safe", pure=True).load(io.StringIO(yaml_text))) == post.metadata
    comments = [line for line in post.content.splitlines() if "%%" in line]  # not in YAML
    assert len(comments) == 2 and comments[0].startswith("%% digest2notes:begin")
    assert "<%" not in text  # Templater reads the frontmatter too; Dataview does not:
    assert not re.search(r"`\s*\$?=", post.content) and "```" not in text
    assert "[a &#37;&#37; b" in text  # shown as it is named, written inert
    assert sorted(listed_ids(vault, day.relative_to(vault).as_posix())) == sorted(notes(vault))
