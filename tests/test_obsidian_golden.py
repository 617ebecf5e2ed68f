"""One sample note's full text, pinned: any change to the note format shows up here.

The format is a contract with readers' vaults (their Bases, Dataview queries and
links to ``^fp-…`` blocks), so a change must be deliberate. To accept one:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_obsidian_golden.py

then review the diff of ``tests/golden/obsidian/`` like code.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import RunCli

GOLDEN = Path(__file__).parent / "golden" / "obsidian"
CASES = {
    "worker-threads.md": "显式管理 worker 的 torch 线程数，修复结构化输出解码 2-6x 吞吐回归.md",
    "glm-skim.md": "GLM-5.2 PCP 评估启用 expandable segments 修复 OOM.md",
    "Study queue.base": "Study queue.base",
    "Study queue.md": "Study queue.md",
    "digest-2026-11-28.md": "Days/vllm-project vllm 2026-11-28.md",
}
#: The same notes written with a Tasks global-filter tag (``--task-tag '#task'``).
TAGGED = {"worker-threads-task-tag.md": CASES["worker-threads.md"]}


@pytest.mark.parametrize(("cases", "options"), [(CASES, ()), (TAGGED, ("--task-tag", "#task"))])
def test_notes_match_the_golden_files(
    run_cli: RunCli, samples: Path, tmp_path: Path, cases: dict[str, str], options: tuple[str, ...]
) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    result = run_cli("export", "--to", "obsidian", "--vault", vault, *options, samples)
    assert result.exit_code == 0, result.output
    for golden_name, note_name in cases.items():
        actual = (vault / "Digests" / note_name).read_text(encoding="utf-8")
        golden = GOLDEN / golden_name
        if os.environ.get("UPDATE_GOLDEN"):
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(actual, encoding="utf-8", newline="\n")
        assert golden.is_file(), f"{golden} missing: run with UPDATE_GOLDEN=1 to create it"
        assert actual == golden.read_text(encoding="utf-8"), f"{note_name} differs from {golden}"
