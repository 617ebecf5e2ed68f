"""The bundled sample digests, through the real CLI, against the expected analysis of each entry.

`tests/fixtures/expected-seed-entries.json` is the reference reading of every
sample entry: verdict, minutes, references and focus points. Verdict, minutes and
references must match exactly. Focus points are compared after normalising
enumeration markers and surrounding punctuation (the contract), and, separately,
exactly (what the analysis achieves today, so a regression shows at once).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from digest2notes.parsing import analyse
from tests.conftest import FIXTURES, SAMPLE_DIGESTS

EXPECTED: list[dict[str, object]] = json.loads(
    (FIXTURES / "expected-seed-entries.json").read_text(encoding="utf-8")
)
TITLES = [str(e["title"]) for e in EXPECTED]

_MARKER = re.compile(
    r"^\s*(?:[\u2460-\u2473]|[(（]?\d{1,2}[)）.、]|[(（]?[a-h][)）]|[一二三四五六七八九十]是|"
    r"其[一二三四五六七八九十][，,]?|第[一二三四五六七八九十][，,]?|"
    r"(?:First|Second|Third|Fourth|Finally)[,:]?)\s*"
)
_GLUE = re.compile(r"^(?:以及|和|及|与|and\s|or\s)\s*")
_EDGE_PUNCT = " \t\r\n\u3000。；;，,.：:、"


def normalise(point: str) -> str:
    """A focus point without enumeration markers, list glue or surrounding punctuation."""
    point = point.strip(_EDGE_PUNCT)
    point = _MARKER.sub("", point, count=1)
    point = _GLUE.sub("", point, count=1)
    return point.strip(_EDGE_PUNCT)


@pytest.fixture(scope="module")
def parsed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    """`digest2notes parse --json digests`, once for the module, keyed by title."""
    from click.testing import CliRunner

    from digest2notes.cli import main

    home = tmp_path_factory.mktemp("home")
    config = home / "empty.toml"
    config.write_text("", encoding="utf-8")
    result = CliRunner().invoke(
        main,
        ["--config", str(config), "parse", "--json", str(SAMPLE_DIGESTS)],
        env={"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")},
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    entries = json.loads(result.stdout)
    return {entry["title"]: entry for entry in entries}


def test_every_expected_entry_is_parsed_once(parsed: dict[str, dict[str, object]]) -> None:
    assert sorted(parsed) == sorted(TITLES)


@pytest.mark.parametrize("expected", EXPECTED, ids=[t[:24] for t in TITLES])
def test_verdict_minutes_and_references_are_exact(
    parsed: dict[str, dict[str, object]], expected: dict[str, object]
) -> None:
    entry = parsed[str(expected["title"])]
    assert entry["verdict"] == expected["verdict"]
    assert entry["minutes"] == expected["minutes"]
    assert entry["references"] == expected["references"]
    # The phrase that carried the verdict is quoted verbatim from the paragraph.
    assert isinstance(entry["verdict_text"], str)
    assert entry["verdict_text"] in str(entry["text"])


@pytest.mark.parametrize("expected", EXPECTED, ids=[t[:24] for t in TITLES])
def test_focus_points_match_up_to_markers_and_punctuation(
    parsed: dict[str, dict[str, object]], expected: dict[str, object]
) -> None:
    entry = parsed[str(expected["title"])]
    got = [normalise(p) for p in entry["focus_points"]]  # type: ignore[attr-defined]
    want = [normalise(p) for p in expected["focus_points"]]  # type: ignore[attr-defined]
    assert got == want


@pytest.mark.parametrize("expected", EXPECTED, ids=[t[:24] for t in TITLES])
def test_focus_points_are_exact_and_verbatim(
    parsed: dict[str, dict[str, object]], expected: dict[str, object]
) -> None:
    entry = parsed[str(expected["title"])]
    assert entry["focus_points"] == expected["focus_points"]
    for point in entry["focus_points"]:  # type: ignore[attr-defined]
        assert point in str(entry["text"])


def test_analyse_agrees_with_the_cli(parsed: dict[str, dict[str, object]]) -> None:
    """The CLI adds nothing of its own: its fields are `analyse()` of the entry's text."""
    for entry in parsed.values():
        analysis = analyse(str(entry["text"]))
        assert analysis.verdict.value == entry["verdict"]
        assert analysis.verdict_text == entry["verdict_text"]
        assert analysis.minutes == entry["minutes"]
        assert list(analysis.focus_points) == entry["focus_points"]
        assert list(analysis.references) == entry["references"]


def test_normalise_strips_only_markers_and_edges() -> None:
    assert normalise("① 启动期/服务期两阶段线程策略；") == "启动期/服务期两阶段线程策略"
    assert normalise("2) `_disable_shared_experts_overlap` 通过 getattr") == (
        "`_disable_shared_experts_overlap` 通过 getattr"
    )
    assert normalise("其二，性能 PR 的完整验证链条。") == "性能 PR 的完整验证链条"
    assert normalise("以及用哨兵值表达 eager fallback 的权衡") == "用哨兵值表达 eager fallback 的权衡"
    assert normalise("First, the cache key.") == "the cache key"


def test_fixture_paths_exist() -> None:
    assert Path(SAMPLE_DIGESTS).is_dir()
    assert len(EXPECTED) == 11
