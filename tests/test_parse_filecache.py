"""The cache of whole digest files (`parsing.filecache`), through the real CLI over real
files: a warm run answers what a cold one and one without the cache answer, and any
change to a file, the config's phrases or ``--date`` gives the new answer.

Every test has its own XDG_CACHE_HOME (conftest), so the cache starts empty. A file
changed in the last two seconds is never kept, so the digests are written once for the
module, and left to settle (and so are the ones a test changes).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import Result

from tests.conftest import RunCli

DEEP = "Worth a close read. Key points: 1) the cache key 2) eviction under pressure."
SKIP = "Skip it entirely. Nothing here: a version bump with a lockfile refresh only."
CHINESE = "值得精读，尤其是调度器的改动，以及缓存的失效。"
OFF = {"DIGEST2NOTES_NO_CACHE": "1"}


def _cache_file() -> Path:
    return Path(os.environ["XDG_CACHE_HOME"]) / "digest2notes" / "analyses.sqlite3"


def _kept_files() -> int:
    if not _cache_file().exists():
        return 0
    with sqlite3.connect(_cache_file()) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM files").fetchone()
    return int(count)


def _digest(*entries: tuple[str, str], repo: str = "acme/widgets") -> str:
    return repo + "\n\n" + "".join(f"{title}\n\n{text}\n\n" for title, text in entries)


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder per test, written together and old enough to be kept."""
    top = tmp_path_factory.mktemp("library")
    year = top / "year"
    year.mkdir()
    for day in range(1, 8):
        entries = [(f"Entry {day}.{n} (#{day * 10 + n})", (DEEP, SKIP, CHINESE)[n % 3])
                   for n in range(4)]
        entries.append((f"Entry {day - 1}.0 (#{day * 10 - 10})", DEEP))  # yesterday's again
        (year / f"acme-2026-03-0{day}.txt").write_text(_digest(*entries), encoding="utf-8")
    (year / "notes.md").write_text(
        "# acme/gadgets — 2026-03-09\n\n## A markdown one (#3)\n\n" + SKIP + "\n",
        encoding="utf-8",
    )
    (year / "undated.txt").write_text(_digest(("Undated (#5)", CHINESE)), encoding="utf-8")
    for name in ("edit", "touch", "phrase", "option"):
        (top / name).mkdir()
        (top / name / "undated.txt").write_text(
            _digest(("First (#1)", DEEP), ("Second (#2)", CHINESE)), encoding="utf-8"
        )
    (top / "bad").mkdir()
    (top / "bad" / "acme-2026-03-01.txt").write_text(
        "acme/widgets\n\nFirst headline\n\nSkim it. The test layout is worth studying.\n\n"
        "Broken headline\n\nThird headline\n\nSkip: a version bump.\n\n"
        f"Fourth headline\n\n{DEEP}\n\nFifth headline\n\nOnly prose, nothing rated.\n",
        encoding="utf-8",
    )
    time.sleep(2.2)
    return top


def _parse(run_cli: RunCli, *args: str | Path, env: dict[str, str] | None = None) -> Result:
    """`parse --json` of the last of `args`; the others go before it (--config, --date)."""
    options = [str(a) for a in args[:-1]]
    where = 2 if options[:1] == ["--config"] else 0  # a global option, before the command
    result = run_cli(*options[:where], "parse", "--json", *options[where:], args[-1], env=env)
    assert "Traceback" not in result.output
    return result


def _same_warm_cold_off(run_cli: RunCli, *args: str | Path) -> Result:
    off = _parse(run_cli, *args, env=OFF)
    assert _kept_files() == 0
    cold = _parse(run_cli, *args)
    assert _kept_files() > 0
    warm = _parse(run_cli, *args)
    for result in (cold, warm):
        assert (result.exit_code, result.stdout, result.stderr) == (
            off.exit_code, off.stdout, off.stderr
        )
    return warm


def test_a_directory_reads_the_same_cold_warm_and_off(run_cli: RunCli, library: Path) -> None:
    warm = _same_warm_cold_off(run_cli, library / "year")
    assert warm.exit_code == 0
    assert _kept_files() == 9
    entries = json.loads(warm.stdout)
    # yesterday's entry merged with today's (the first day's "yesterday" is new), and two
    assert len(entries) == 7 * 4 + 1 + 2
    assert any(len(e["sources"]) == 2 for e in entries)
    # The warm answer came from the kept files: one changed behind the CLI's back shows.
    with sqlite3.connect(_cache_file()) as db:
        db.execute("UPDATE files SET value = json_set(value, '$[1][0][2]', 'Changed')")
    titles = {e["title"] for e in json.loads(_parse(run_cli, library / "year").stdout)}
    assert "Changed" in titles
    # A row that is not a read (a bug, a hand edit) is a miss: the file is read again.
    with sqlite3.connect(_cache_file()) as db:
        db.execute("UPDATE files SET value = json_set(value, '$[1][0][5]', 'seven')")
        db.execute("UPDATE files SET value = '[1, 2' WHERE hex(key) < '8'")
    again = _parse(run_cli, library / "year")
    assert (again.stdout, again.stderr) == (warm.stdout, warm.stderr)


def test_a_file_edited_to_the_same_size_and_mtime_is_read_afresh(
    run_cli: RunCli, library: Path
) -> None:
    path = library / "edit" / "undated.txt"
    before = _same_warm_cold_off(run_cli, path)
    old = path.stat()
    text = path.read_text(encoding="utf-8")
    assert len(DEEP) == len(SKIP[: len(DEEP)])
    path.write_text(text.replace(DEEP, SKIP[: len(DEEP)]), encoding="utf-8")
    os.utime(path, ns=(old.st_atime_ns, old.st_mtime_ns))  # as if nothing happened
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (old.st_size, old.st_mtime_ns)
    time.sleep(2.2)  # settled: only the key tells the edit
    after = _parse(run_cli, path)
    assert after.stdout == _parse(run_cli, path, env=OFF).stdout
    assert after.stdout != before.stdout
    assert json.loads(after.stdout)[0]["verdict"] == "skip"
    assert _kept_files() == 2
    assert _parse(run_cli, path).stdout == after.stdout


def test_a_new_mtime_gives_the_new_date(run_cli: RunCli, library: Path) -> None:
    path = library / "touch" / "undated.txt"
    before = json.loads(_same_warm_cold_off(run_cli, path).stdout)
    assert before[0]["sources"][0]["date_from"] == "mtime"
    stamp = time.mktime((2021, 6, 15, 12, 0, 0, 0, 0, -1))
    os.utime(path, (stamp, stamp))
    time.sleep(2.2)  # settled: only the key tells the touch
    after = json.loads(_parse(run_cli, path).stdout)
    assert [s["date"] for e in after for s in e["sources"]] == ["2021-06-15", "2021-06-15"]
    assert after == json.loads(_parse(run_cli, path, env=OFF).stdout)


def test_a_changed_phrase_in_the_config_gives_the_new_answer(
    run_cli: RunCli, library: Path, tmp_path: Path
) -> None:
    path = library / "phrase" / "undated.txt"
    plain = json.loads(_same_warm_cold_off(run_cli, path).stdout)
    assert plain[1]["verdict"] == "deep"
    config = tmp_path / "config.toml"
    for verdict in ("skip", "skim", "skip"):  # the same cache, kept files of each config
        config.write_text(f'[verdicts]\n{verdict} = ["值得精读"]\n', encoding="utf-8")
        warm = _parse(run_cli, "--config", config, path)
        assert warm.stdout == _parse(run_cli, "--config", config, path, env=OFF).stdout
        assert json.loads(warm.stdout)[1]["verdict"] == verdict
    assert _kept_files() == 3
    assert json.loads(_parse(run_cli, path).stdout) == plain


def test_a_changed_date_option_gives_the_new_date(run_cli: RunCli, library: Path) -> None:
    path = library / "option" / "undated.txt"
    first = json.loads(_same_warm_cold_off(run_cli, "--date", "2024-02-01", path).stdout)
    assert [(s["date"], s["date_from"]) for e in first for s in e["sources"]] == [
        ("2024-02-01", "option"), ("2024-02-01", "option")
    ]
    second = _parse(run_cli, "--date", "2024-02-02", path)
    assert second.stdout == _parse(run_cli, "--date", "2024-02-02", path, env=OFF).stdout
    assert [s["date"] for e in json.loads(second.stdout) for s in e["sources"]] == [
        "2024-02-02", "2024-02-02"
    ]
    unset = json.loads(_parse(run_cli, path).stdout)
    assert unset[0]["sources"][0]["date_from"] == "mtime"


def test_a_bad_entry_reports_the_same_lines_on_a_warm_run(
    run_cli: RunCli, library: Path
) -> None:
    path = library / "bad" / "acme-2026-03-01.txt"
    warm = _same_warm_cold_off(run_cli, path)
    assert warm.exit_code == 1
    assert f"{path}:7: headline 'Broken headline' has no paragraph" in warm.stderr
    assert f"Warning: {path}:19: no reading verdict recognised" in warm.stderr
    assert _kept_files() == 1


def test_standard_input_is_never_kept(run_cli: RunCli, library: Path) -> None:
    text = (library / "edit" / "undated.txt").read_text(encoding="utf-8")
    first = run_cli("parse", "--json", "--date", "2024-05-05", "-", input=text)
    assert first.exit_code == 0
    assert _cache_file().exists()
    assert _kept_files() == 0
    second = run_cli("parse", "--json", "--date", "2024-05-05", "-", input=text)
    assert second.stdout == first.stdout


def test_a_file_just_written_is_not_kept(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "acme-2026-03-01.txt"
    path.write_text(_digest(("Fresh (#1)", DEEP)), encoding="utf-8")
    # stamped a minute ahead, so that however long this busy machine takes to get to the
    # parse, the file is still one that changed a moment ago
    ahead = time.time_ns() + 60_000_000_000
    os.utime(path, ns=(ahead, ahead))
    assert _parse(run_cli, path).exit_code == 0
    assert _kept_files() == 0  # it may change again within the file system's clock tick
