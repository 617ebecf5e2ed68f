"""A vault written by an earlier version (commit 944269f) and then used by a reader is taken
over: nothing the reader did is lost, a note with nothing to change is not rewritten,
and a note is changed once, only where this version writes something new (the default
minutes), never again after. How the fixture was made: its HOW.md."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import frontmatter
import pytest

from .conftest import FIXTURES, SAMPLE_DIGESTS, RunCli
from .test_obsidian_export import snapshot

OLD_VAULT = FIXTURES / "obsidian-vault-944269f" / "vault"


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    target = tmp_path / "vault"
    shutil.copytree(OLD_VAULT, target)
    return target


def export(run_cli: RunCli, vault: Path) -> str:
    result = run_cli("export", "--to", "obsidian", "--vault", vault, SAMPLE_DIGESTS)
    assert result.exit_code == 0, result.output
    assert "Warning" not in result.stderr
    return str(result.stdout).strip().splitlines()[-1]


def one(vault: Path, pattern: str) -> Path:
    (path,) = vault.rglob(pattern)
    return path


def test_a_vault_of_the_earlier_version_is_taken_over_keeping_everything(
    run_cli: RunCli, vault: Path
) -> None:
    before = snapshot(vault)
    summary = export(run_cli, vault)
    # CI 通知 was deleted by the reader; GLM's note needs nothing; the rest get the
    # verdict's default minutes the earlier version left empty (Inkling: the rank of
    # the reader's new verdict).
    assert summary == "created 0, updated 9, unchanged 1, skipped 1 (deleted by you), failed 0"
    after = snapshot(vault)
    glm = one(vault, "GLM-5.2*.md").relative_to(vault).as_posix()
    assert after[glm] == before[glm]
    assert not list(vault.rglob("CI *.md"))
    for name in ("Journal/2026-11-28.md", "Attachments/diagram.png", ".obsidian/app.json"):
        assert after[name] == before[name]

    # An untouched note changes in its minutes and its seal, nothing else.
    ep = one(vault, "EP *.md")
    old = before[ep.relative_to(vault).as_posix()][0].decode().split("\n")
    new = ep.read_text(encoding="utf-8").split("\n")
    changed = [(o, n) for o, n in zip(old, new, strict=True) if o != n]
    assert [n.split(" ")[0] for _, n in changed] == ["minutes:", "%%"]
    assert changed[0][1] == "minutes: 5"

    threads = one(vault, "显式管理*.md").read_text(encoding="utf-8")
    for kept in ("- [x] 启动期/服务期两阶段线程策略 ✅ 2026-11-29 ^fp-bab7f7",
                 "    - compare with the SGLang fix", "status: reading", "rating: 5",
                 "Read the bisect log first.", "minutes: 20"):
        assert kept in threads.split("\n"), kept

    inkling = frontmatter.load(str(one(vault, "Inkling*.md")))
    assert inkling["verdict"] == "skip" and inkling["minutes"] == 30
    assert str(inkling["title"]).startswith("Inkling (mine)")
    assert inkling["tags"] == ["verdict/deep", "repo/vllm-project-vllm"]  # theirs: no root tag
    assert inkling["verdict_rank"] == 4

    moved = one(vault, "TokenSpeed, to read.md")
    assert moved.parent.name == "Reading" and "minutes: 20" in moved.read_text(encoding="utf-8")
    kimi = one(vault, "Kimi-K2.5*.md").read_bytes()
    assert b"- [x] Read closely" in kimi and kimi.count(b"\n") == kimi.count(b"\r\n")
    assert not (vault / ".digest2notes" / "notes.json").exists()  # the old record, taken over

    # Taken over once: the next export writes nothing at all.
    settled = snapshot(vault)
    assert export(run_cli, vault) == (
        "created 0, updated 0, unchanged 10, skipped 1 (deleted by you), failed 0"
    )
    assert snapshot(vault) == settled

    items = json.loads(run_cli("queue", "--vault", vault, "--json", "--all", "--include-done").stdout)
    assert len(items) == 10
    by_title = {i["title"].split()[0]: i for i in items}
    assert by_title["显式管理"]["status"] == "reading" and by_title["显式管理"]["focus_done"] == 1
    assert by_title["Inkling"]["verdict"] == "skip" and by_title["Inkling"]["minutes"] == 30
