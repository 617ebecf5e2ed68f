"""A hostile digest: every note lands inside the vault, as valid YAML, inert, and distinct."""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path

import frontmatter
from ruamel.yaml import YAML

from digest2notes_obsidian import note

from .conftest import RunCli

CHINESE = ("显式管理线程数与吞吐回归分析" * 25)[:300]
HEADLINES = [
    "../../etc/passwd",
    "CON",
    "a: b # c [d] | e ^f",
    CHINESE,
    "foo: bar",
    "foo? bar",
    "no",
    "2026-11-28",
    ".hidden note.",
    "Study queue",
    "\u202eevil\u202c name",
    "<% tp.system.exec('rm -rf ~') %> in a headline",  # Templater reads the frontmatter too
]
PAYLOAD = (
    "值得精读。建议关注：`$= dv.pages().length`、<% tp.file.cursor() %>。\n"
    "```dataviewjs\n"
    'dv.paragraph(await app.vault.adapter.read(".obsidian/app.json"))\n'
    "```\n"
    "%% comment that would swallow the end marker\n"
    "---\n"
    "- [ ] a fake task\n"
    "# a heading\n"
    "<script>alert(1)</script> <!-- hidden ![x](https://tracker.example/p.png) #planted-tag ^verdict"
)
FORBIDDEN_NAME_CHARS = set('/\\:*?"<>|#^[]')
WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)), *(f"LPT{i}" for i in range(10))}


def hostile_digest(directory: Path) -> Path:
    directory.mkdir()
    blocks = [f"{headline}\n\n{PAYLOAD}" for headline in HEADLINES]
    path = directory / "hostile-2026-11-28.txt"
    path.write_text("evil-org/evil-repo\n\n" + "\n\n".join(blocks) + "\n", encoding="utf-8")
    return directory


def test_hostile_digest_lands_inert_and_inside_the_vault(run_cli: RunCli, tmp_path: Path) -> None:
    digests = hostile_digest(tmp_path / "digests")
    vault = tmp_path / "vault"
    vault.mkdir()
    result = run_cli("export", "--to", "obsidian", "--vault", vault, digests)
    assert result.exit_code == 0, result.output
    assert f"created {len(HEADLINES)}, updated 0" in result.output

    written = sorted(p for p in tmp_path.rglob("*") if p.is_file() and p.suffix in (".md", ".base"))
    assert all(p.is_relative_to(vault / "Digests") for p in written)
    notes = [p for p in written if p.suffix == ".md" and p.stem != "Study queue" and p.parent.name != "Days"]
    assert len(notes) == len(HEADLINES)
    assert len({p.name.casefold() for p in notes}) == len(notes)
    assert (vault / "Digests" / "Study queue.md").read_text(encoding="utf-8").startswith("%%")

    titles = set()
    for path in notes:
        name = path.name
        assert len(name.encode("utf-8")) <= 200
        assert not FORBIDDEN_NAME_CHARS & set(name)
        assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in name)
        assert not name.startswith(".") and not path.stem.endswith((".", " "))
        assert path.stem.split(".")[0].upper() not in WINDOWS_RESERVED
        text = path.read_text(encoding="utf-8")
        post = frontmatter.loads(text)
        yaml_text = text[4 : text.index("\n---\n", 4) + 1]
        assert dict(YAML(typ="safe", pure=True).load(io.StringIO(yaml_text))) == post.metadata
        titles.add(post["title"])
        assert type(post["title"]) is str
        assert_inert(text)
        # Our block ids are the only ones.
        assert re.findall(r"(?<=\s)\^([A-Za-z0-9-]+)$", text, re.MULTILINE) == ["verdict"] + [
            m for m in re.findall(r"\^(fp-[0-9a-f]{6})$", text, re.MULTILINE)
        ]
        assert len(re.findall(r"^- \[ \] ", text, re.MULTILINE)) == 1 + post["focus_total"]  # type: ignore[operator]
    assert titles == set(HEADLINES)


def assert_inert(text: str) -> None:
    """Nothing in `text` that Dataview, Templater, HTML or Obsidian comments would act on."""
    lines = text.splitlines()
    assert not [line for line in lines if re.match(r"^\s*(>\s*)*(`{3,}|~{3,})", line)]
    assert "<%" not in text  # Templater tags open with <%
    assert "<script" not in text and "<!--" not in text
    comments = [line for line in lines if "%%" in line]
    assert comments == [note.BEGIN_MARKER, comments[-1]] and comments[-1].startswith(note.END_PREFIX)
    assert not re.search(r"`\s*\$?=", text)  # no inline Dataview query or DataviewJS
    assert not re.search(r"(?<!\\)!\[", text)  # no remote image fetched on render
    assert not re.search(r"(?<![\\\w])#planted", text)
    body = text.split("\n---\n", 1)[1]
    assert not re.search(r"^---$", body, re.MULTILINE)
    assert not re.search(r"^>\s*- \[", body, re.MULTILINE)
    assert not re.search(r"^>\s*#", body, re.MULTILINE)


def test_hostile_notes_are_stable(run_cli: RunCli, tmp_path: Path) -> None:
    digests = hostile_digest(tmp_path / "digests")
    vault = tmp_path / "vault"
    vault.mkdir()
    run_cli("export", "--to", "obsidian", "--vault", vault, digests)
    before = {p: p.read_bytes() for p in vault.rglob("*") if p.is_file()}
    result = run_cli("export", "--to", "obsidian", "--vault", vault, digests)
    assert f"unchanged {len(HEADLINES)}, failed 0" in result.output
    assert {p: p.read_bytes() for p in vault.rglob("*") if p.is_file()} == before


def test_block_ids_in_the_digests_text_do_not_take_over_our_lines(
    run_cli: RunCli, tmp_path: Path
) -> None:
    digests = tmp_path / "digests"
    digests.mkdir()
    (digests / "d-2026-03-01.txt").write_text(
        "owner/repo\n\nIds in the text\n\n值得精读。建议关注：a ^verdict b、c ^fp-000000 d。\n",
        encoding="utf-8",
    )
    vault = tmp_path / "vault"
    vault.mkdir()
    run_cli("export", "--to", "obsidian", "--vault", vault, digests)
    path = vault / "Digests" / "Ids in the text.md"
    text = path.read_text(encoding="utf-8")
    assert text.count(" ^verdict\n") == 1 and len(re.findall(r"\^fp-[0-9a-f]{6}$", text, re.M)) == 2
    ticked = text.replace("- [ ] c ^fp-000000", "- [x] c ^fp-000000", 1)
    path.write_text(ticked, encoding="utf-8")
    (digests / "d-2026-03-01.txt").write_text(
        "owner/repo\n\nIds in the text\n\n建议快速阅读。建议关注：a ^verdict b、c ^fp-000000 d。\n",
        encoding="utf-8",
    )
    result = run_cli("export", "--to", "obsidian", "--vault", vault, digests)
    assert "updated 1" in result.output
    after = path.read_text(encoding="utf-8")
    assert "- [x] c ^fp-000000 d ^fp-" in after and "- [ ] Skim — “建议快速阅读” ^verdict" in after
    assert len(re.findall(r"\^verdict$", after, re.M)) == 1  # one verdict line, no copy of it
