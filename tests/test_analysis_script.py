"""Traditional Chinese reads as its simplified twin.

The lexicon holds simplified characters only; a writer in traditional ones (Taiwan,
Hong Kong) must get the same verdict, minutes and focus points, quoted back in the
characters they wrote. Driven through the real CLI over real files.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from digest2notes.parsing.text import Para, normalise
from tests.conftest import RunCli

TRADITIONAL = (
    "tokio-rs/tokio\n\n計時器分片\n\n"
    "建議精讀，約十二分鐘。閱讀要點：遷移時如何保證不漏觸發、關閉時各分片的清理順序。"
    "相關討論見 #6504。\n"
)
SIMPLIFIED = (
    "tokio-rs/tokio\n\n计时器分片\n\n"
    "建议精读，约十二分钟。阅读要点：迁移时如何保证不漏触发、关闭时各分片的清理顺序。"
    "相关讨论见 #6504。\n"
)
FIELDS = ("verdict", "minutes", "references")


def _entry(run_cli: RunCli, path: Path, text: str) -> dict[str, object]:
    path.write_text(text, encoding="utf-8")
    result = run_cli("parse", "--json", "-q", path)
    assert result.exit_code == 0, result.output
    [entry] = json.loads(result.stdout)
    assert isinstance(entry, dict)
    return entry


def test_a_traditional_paragraph_reads_as_its_simplified_twin(
    run_cli: RunCli, tmp_path: Path
) -> None:
    traditional = _entry(run_cli, tmp_path / "tw.txt", TRADITIONAL)
    simplified = _entry(run_cli, tmp_path / "cn.txt", SIMPLIFIED)
    assert [traditional[k] for k in FIELDS] == [simplified[k] for k in FIELDS]
    assert traditional["verdict"] == "deep" and traditional["minutes"] == 12
    # Quoted back as written, not as the parser read it.
    assert traditional["verdict_text"] == "建議精讀"
    assert traditional["focus_points"] == ["遷移時如何保證不漏觸發", "關閉時各分片的清理順序"]
    assert simplified["focus_points"] == ["迁移时如何保证不漏触发", "关闭时各分片的清理顺序"]


def test_the_normalised_copy_keeps_every_position() -> None:
    text = TRADITIONAL.split("\n\n")[2]
    para = Para.of(text)
    assert len(para.norm) == len(text)
    assert para.norm == normalise(text) == SIMPLIFIED.split("\n\n")[2].replace("，", ",").replace(
        "：", ":"
    )


def test_english_only_runs_never_read_the_character_table(tmp_path: Path) -> None:
    """The table loads on the first CJK paragraph, not at import (a fresh process)."""
    probe = (
        "from digest2notes.parsing.analysis import analyse\n"
        "from digest2notes.parsing import script\n"
        "analyse('Deep read, about ten minutes. Look at the lock order.')\n"
        "print(script._table.cache_info().currsize)\n"
        "analyse('建議精讀。')\n"
        "print(script._table.cache_info().currsize)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["0", "1"]
