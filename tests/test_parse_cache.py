"""The persistent analysis cache, through the real CLI in fresh processes: answers taken
from it are the same as made afresh, and no state of the cache file is ever an error.

Every test has its own XDG_CACHE_HOME (conftest), so the cache starts empty.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.conftest import CLI


def _cache_file() -> Path:
    return Path(os.environ["XDG_CACHE_HOME"]) / "digest2notes" / "analyses.sqlite3"


def _parse(env: dict[str, str], *args: str | Path) -> str:
    done = subprocess.run(
        [*CLI, *map(str, args)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def _rows() -> int:
    with sqlite3.connect(_cache_file()) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM analyses").fetchone()
    return int(count)


@pytest.fixture(scope="module")
def digest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One digest for every test (only read): each test has a cache of its own."""
    path = tmp_path_factory.mktemp("digest") / "vllm-2026-11-28.txt"
    body = "\n\n".join(
        f"Entry {n} (#{100 + n})\n\n"
        + ("值得精读，尤其是调度器的改动，以及缓存的失效。" if n % 2 else
           f"Skim (about {n + 2} minutes). Watch for: the retry budget and the cache key.")
        for n in range(8)
    )
    path.write_text(f"vllm-project/vllm\n\n{body}\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def expected(digest: Path) -> str:
    """`parse --json` of the digest, the cache off."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NOTION_", "DIGEST2NOTES_"))}
    return _parse({**env, "DIGEST2NOTES_NO_CACHE": "1"}, "parse", "--json", digest)


def test_a_second_run_reads_the_cache_and_answers_the_same(
    cli_env: dict[str, str], digest: Path, expected: str
) -> None:
    first = _parse(cli_env, "parse", "--json", digest)
    assert first == expected
    assert _rows() == 5  # one per distinct paragraph (the Chinese one repeats)
    assert _parse(cli_env, "parse", "--json", digest) == expected
    # The answers came from the file: an analysis changed in it behind the CLI's back shows
    # (once the digest is touched, so that its whole read, kept once it settles, is not
    # what answers: how long the runs above took must not decide what this one reads).
    with sqlite3.connect(_cache_file()) as db:
        db.execute("UPDATE analyses SET value = json_set(value, '$[2]', 99)")
    digest.touch()
    minutes = {e["minutes"] for e in json.loads(_parse(cli_env, "parse", "--json", digest))}
    assert minutes == {99}


def test_turned_off_it_writes_nothing(
    cli_env: dict[str, str], digest: Path, expected: str
) -> None:
    off = {**cli_env, "DIGEST2NOTES_NO_CACHE": "1"}
    assert _parse(off, "parse", "--json", digest) == expected
    assert not _cache_file().exists()


def test_a_corrupt_cache_file_is_rebuilt(
    cli_env: dict[str, str], digest: Path, expected: str
) -> None:
    _cache_file().parent.mkdir(parents=True)
    _cache_file().write_bytes(os.urandom(3000))
    assert _parse(cli_env, "parse", "--json", digest) == expected
    assert _rows() == 5
    assert _parse(cli_env, "parse", "--json", digest) == expected


def test_a_cache_of_another_layout_is_replaced(
    cli_env: dict[str, str], digest: Path, expected: str
) -> None:
    _cache_file().parent.mkdir(parents=True)
    with sqlite3.connect(_cache_file()) as db:
        db.execute("CREATE TABLE analyses (key TEXT, answer TEXT)")
        db.execute("INSERT INTO analyses VALUES ('x', 'deep')")
        db.execute("PRAGMA user_version = 77")
    assert _parse(cli_env, "parse", "--json", digest) == expected
    assert _rows() == 5


def test_a_changed_phrase_in_the_config_changes_the_answer(
    cli_env: dict[str, str], digest: Path, expected: str, tmp_path: Path
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[verdicts]\nskip = ["值得精读"]\n', encoding="utf-8")
    with_skip = json.loads(_parse(cli_env, "--config", config, "parse", "--json", digest))
    config.write_text('[verdicts]\nskim = ["值得精读"]\n', encoding="utf-8")
    with_skim = json.loads(_parse(cli_env, "--config", config, "parse", "--json", digest))
    plain = json.loads(_parse(cli_env, "parse", "--json", digest))
    chinese = [n for n, e in enumerate(plain) if "调度器" in e["text"]]
    assert {with_skip[n]["verdict"] for n in chinese} == {"skip"}
    assert {with_skim[n]["verdict"] for n in chinese} == {"skim"}
    assert {plain[n]["verdict"] for n in chinese} == {"deep"}
    assert json.loads(expected) == plain


def test_an_unusable_cache_location_is_no_error(
    cli_env: dict[str, str], digest: Path, expected: str, tmp_path: Path
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would go", encoding="utf-8")
    assert _parse({**cli_env, "XDG_CACHE_HOME": str(blocked)}, "parse", "--json", digest) == (
        expected
    )


def test_the_cache_stays_bounded(
    cli_env: dict[str, str], digest: Path, expected: str
) -> None:
    small = {**cli_env, "DIGEST2NOTES_CACHE_SIZE": "3"}
    assert _parse(small, "parse", "--json", digest) == expected
    assert 0 < _rows() <= 3
    assert _parse(small, "parse", "--json", digest) == expected
    assert 0 < _rows() <= 3


def test_two_processes_at_once_share_it(
    cli_env: dict[str, str], digest: Path, expected: str
) -> None:
    runs = [
        subprocess.Popen([*CLI, "parse", "--json", str(digest)], env=cli_env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    for run in runs:
        out, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
        assert out == expected
    assert _rows() == 5


def test_another_traditional_table_is_not_answered_from_old_analyses(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    """Traditional text is read through OpenCC's character table: after the table changes
    (an upgrade of opencc-purepy), the cache answers nothing it read with the old one."""
    digest = tmp_path / "antd-2027-04-08.txt"
    digest.write_text("ant-design/ant-design\n\nTable fix (#1)\n\n建議精讀。\n", encoding="utf-8")
    first = json.loads(_parse(cli_env, "parse", "--json", digest))
    assert first[0]["verdict"] == "deep"  # 建議精讀 read as 建议精读
    # A package of the same name earlier on the path, whose table converts nothing.
    fake = tmp_path / "site" / "opencc_purepy"
    (fake / "dicts").mkdir(parents=True)
    (fake / "__init__.py").write_text("", encoding="utf-8")
    (fake / "dicts" / "TSCharacters.txt").write_text("", encoding="utf-8")
    env = {**cli_env, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path / "site"), *filter(None, [cli_env.get("PYTHONPATH")])]
    )}
    second = json.loads(_parse(env, "parse", "--json", digest))
    assert second[0]["verdict"] == "unknown"  # read afresh: 精讀 is no cue without the table
