"""Ratings on a scale and rating tags, read by where they fall, through the real CLI.

A score, a row of glyphs or a letter grade is rated by its third of the scale (top
deep, middle skim, bottom skip); a hyphenated compound ("no-read", "nice-to-read") or a
bracketed tag ("[must-read]") reads as the words it is made of.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import RunCli

CASES = [
    ("Reading value: 9/10. The runtime changes.", "deep"),
    ("I'd put it at 7/10. The runtime changes.", "deep"),
    ("6/10. The runtime changes.", "skim"),
    ("4 out of 10. The runtime changes.", "skim"),
    ("2/10. Version pins removed.", "skip"),
    ("A rename with a shim. Score: 1/10.", "skip"),
    ("Rated 4/5 by the team. The runtime changes.", "deep"),
    ("🌶️🌶️🌶️ 这条改了调度器。", "deep"),
    ("🔥🔥 这条改了调度器。", "skim"),
    ("- **Grade:** A. It is dense.", "deep"),
    ("- **Grade:** B-minus. Sprites change.", "skim"),
    ("Grade: C. A macro is added.", "skip"),
    # a percentage where a rating stands: after a score's title, or bracketed on its own
    ("阅读指数 50%。状态一并写入。", "skim"),
    ("【95%】stream 可以直接扩容。", "deep"),
    ("[10%] Dependency bump.", "skip"),
    ("SSR payloads shrink (15%) on the benchmark app.", "unknown"),
    ("[must-read] The dashboard runtime moves.", "deep"),
    ("nice-to-read. A new transformation.", "skim"),
    ("no-read. Dependabot.", "skip"),
    # A denied quick read asks for a close one.
    ("Not a skim. The ORM gains composite keys.", "deep"),
    ("這篇不是翻一翻就好的，請逐段細讀。", "deep"),
    # ... however long the noun the reading verb hangs on.
    ("Not something to skim. The ORM gains composite keys.", "deep"),
    ("Honestly, not the kind of thing you skim. The ORM changes.", "deep"),
    ("这条不是可以跳过的那种，调度器改了。", "deep"),
    # Words on how to read the whole say more than the scale.
    ("Score: 9/10, but a skim is all it needs.", "skim"),
]


@pytest.mark.parametrize(("paragraph", "verdict"), CASES)
def test_a_scale_position_rates_by_its_third(
    run_cli: RunCli, tmp_path: Path, paragraph: str, verdict: str
) -> None:
    path = tmp_path / "digest.md"
    path.write_text(f"# o/r\n\n## One change\n\n{paragraph}\n", encoding="utf-8")
    result = run_cli("parse", "--json", "-q", path)
    assert result.exit_code == 0, result.output
    [entry] = json.loads(result.stdout)
    assert entry["verdict"] == verdict


def test_what_only_looks_like_a_scale_does_not_rate(run_cli: RunCli, tmp_path: Path) -> None:
    """A date, a read-only flag or a single emoji is no rating."""
    path = tmp_path / "digest.md"
    path.write_text(
        "# o/r\n\n## One change\n\nLanded 3/5/2027; the read-only flag moves 🚀.\n",
        encoding="utf-8",
    )
    result = run_cli("parse", "--json", "-q", path)
    [entry] = json.loads(result.stdout)
    assert entry["verdict"] == "unknown"
