"""`digest2notes parse --explain`, pinned on the sample digests and the dev set.

The explanation is what a reader reads to see why an entry was read as it was, so a
change to it, or to what it explains, must be deliberate. To accept one:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_parse_explain.py

then review the diff of ``tests/golden/parse/`` like code.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT, RunCli

GOLDEN = Path(__file__).parent / "golden" / "parse"
CASES = {
    "samples.txt": "digests",
    "devset.txt": "tests/fixtures/devset/digests",
}


@pytest.mark.parametrize("golden_name", sorted(CASES))
def test_explanations_match_the_golden_files(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch, golden_name: str
) -> None:
    monkeypatch.chdir(REPO_ROOT)  # relative paths in the output, the same on every machine
    result = run_cli("parse", "--explain", "-q", CASES[golden_name])
    assert result.exit_code == 0, result.output
    golden = GOLDEN / golden_name
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(result.stdout, encoding="utf-8", newline="\n")
    assert golden.is_file(), f"{golden} missing: run with UPDATE_GOLDEN=1 to create it"
    assert result.stdout == golden.read_text(encoding="utf-8")


def test_the_explanation_names_the_deciding_words(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text(
        "acme/widgets\n\nOne\n\n无需精读，快速浏览即可（约 5 分钟），CI 跑了 40 分钟。"
        "建议关注：A 模块、B 模块。若要升级，可以借鉴 X。\n\nTwo\n\n这个 PR 修改了调度器。\n",
        encoding="utf-8",
    )
    result = run_cli("parse", "--explain", "-q", path)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "verdict: skim from “快速浏览即可” (brevity)" in out
    assert "also skip from “无需精读”" in out and "a quick read is offered after it" in out
    assert "minutes: 5 from “5 分钟” (in the rating clause)" in out
    assert "not reading time: “40 分钟” (ci)" in out
    assert "opened by “关注” (header):" in out and "- “A 模块”" in out
    assert "no points from “借鉴”: conditional advice ('若')" in out
    assert "verdict: unknown: no clause rates this entry" in out
    assert "[verdicts] table" in out


def test_explain_and_json_do_not_mix(run_cli: RunCli) -> None:
    result = run_cli("parse", "--explain", "--json", "-")
    assert result.exit_code == 2
