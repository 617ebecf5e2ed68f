"""Shared fixtures: the real CLI, the bundled sample digests, the Notion emulator."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from digest2notes.cli import main

pytest_plugins = ["tests.notion_emulator.pytest_plugin"]

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_DIGESTS = REPO_ROOT / "digests"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CLI = [sys.executable, "-m", "digest2notes"]


@pytest.fixture(autouse=True, scope="session")
def _no_user_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Not even module-scoped fixtures (which run before `_isolated_config`) or the
    processes they start may read or fill the developer's own cache of analyses."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("session-cache")))
        yield


@pytest.fixture(autouse=True)
def _isolated_config(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test may pick up the developer's own config file or Notion credentials."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    # The Notion queue cache and the analysis cache: each test starts with none.
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    for name in (
        "DIGEST2NOTES_CONFIG",
        "NOTION_TOKEN",
        "NOTION_DATABASE_ID",
        "NOTION_BASE_URL",
        "DIGEST2NOTES_NO_CACHE",
        "DIGEST2NOTES_CACHE_SIZE",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    """A private copy of the bundled digests, safe to edit."""
    target = tmp_path / "digests"
    shutil.copytree(SAMPLE_DIGESTS, target)
    return target


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    """An empty Obsidian vault folder."""
    path = tmp_path / "vault"
    path.mkdir()
    return path


RunCli = Callable[..., Result]


@pytest.fixture
def run_cli() -> RunCli:
    """Invoke the real click CLI in-process: ``run_cli("parse", "--json", path)``."""

    def run(
        *args: str | os.PathLike[str], input: str | None = None, env: dict[str, str] | None = None
    ) -> Result:
        runner = CliRunner()
        return runner.invoke(
            main, [str(a) for a in args], input=input, env=env, catch_exceptions=False
        )

    return run


@pytest.fixture
def cli_env() -> Iterator[dict[str, str]]:
    """Environment for CLI subprocesses: this interpreter's packages, no stray config."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NOTION_", "DIGEST2NOTES_"))}
    yield env


def env_with_plugin(
    env: dict[str, str], site: Path, module: str, source: str, entry_points: str
) -> dict[str, str]:
    """`env` for CLI subprocesses that see one more installed distribution: `module`
    (with `source`) and its entry points, in a fresh site folder on PYTHONPATH."""
    site.mkdir(parents=True)
    (site / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = site / f"{module}-0.1.dist-info"
    info.mkdir()
    name = module.replace("_", "-")
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points), encoding="utf-8")
    paths = [str(site), env.get("PYTHONPATH", "")]
    return {**env, "PYTHONPATH": os.pathsep.join(paths).rstrip(os.pathsep)}
