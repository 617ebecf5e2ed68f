"""The shell as users meet it: pipes, Ctrl-C, --debug anywhere, exit codes, config mistakes.

Each case runs the real CLI in a subprocess (or through CliRunner where no real
process matters) the way a user types it.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import CLI, SAMPLE_DIGESTS, RunCli, env_with_plugin

# A plugin whose apply reports two entries, says so in a file, then waits to be interrupted;
# and one whose destination refuses writes. Both are installed through an entry point.
PLUGIN = '''
import time
from pathlib import Path

import click

from digest2notes import Action, Change, Exporter, Plan, Report


class WaitingExporter(Exporter):
    name = "waiting"
    options = (click.Option(["--ready-file"], type=click.Path(), help="Touched mid-apply."),)

    def plan(self, entries, *, restore=None):
        changes = [Change(e.id, e.title, Action.CREATE, e.title) for e in entries]
        return Plan(changes=changes, state=None)

    def apply(self, plan, progress=None):
        for change in plan.changes[:2]:
            progress(change)
        Path(self.settings["ready_file"]).write_text("ready")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(0.05)
        return Report(changes=plan.changes)


class ReadOnlyExporter(Exporter):
    name = "readonly"

    def plan(self, entries, *, restore=None):
        return Plan(changes=[], state=None)

    def apply(self, plan, progress=None):
        raise PermissionError(13, "Permission denied", "/vault/Digests/note.md")
'''


@pytest.fixture
def shell_env(tmp_path: Path, cli_env: dict[str, str]) -> dict[str, str]:
    env = env_with_plugin(
        cli_env,
        tmp_path / "site",
        "shell_plugins",
        PLUGIN,
        """
        [digest2notes.exporters]
        waiting = shell_plugins:WaitingExporter
        readonly = shell_plugins:ReadOnlyExporter
        """,
    )
    env["HOME"] = str(tmp_path / "home")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "home" / ".config")
    return env


def _piped_into_head(env: dict[str, str], *args: str, lines: int) -> tuple[int, str, bytes]:
    """``digest2notes ARGS | head -LINES``: our exit code, our stderr, what head printed."""
    ours = subprocess.Popen(
        [*CLI, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert ours.stdout is not None and ours.stderr is not None
    head = subprocess.run(["head", f"-{lines}"], stdin=ours.stdout, capture_output=True, timeout=60)
    ours.stdout.close()  # only head reads it now: our next write meets a closed pipe
    stderr = ours.stderr.read().decode()
    return ours.wait(timeout=60), stderr, head.stdout


def test_output_cut_short_by_head_is_quiet(shell_env: dict[str, str], tmp_path: Path) -> None:
    big = tmp_path / "digests"
    big.mkdir()
    # Enough entries that parse keeps writing after head has gone.
    from benchmarks.corpus import generate_corpus

    generate_corpus(big, entries=3000, per_file=100)
    code, stderr, shown = _piped_into_head(shell_env, "parse", str(big), lines=1)
    assert len(shown.splitlines()) == 1
    assert code == 141  # 128 + SIGPIPE, as a shell expects of `... | head`
    assert stderr == ""


def test_ctrl_c_says_what_was_written_and_exits_130(
    shell_env: dict[str, str], tmp_path: Path
) -> None:
    ready = tmp_path / "ready"
    process = subprocess.Popen(
        [*CLI, "export", "--to", "waiting", "--ready-file", str(ready), str(SAMPLE_DIGESTS)],
        env=shell_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not ready.exists() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    assert ready.exists(), process.communicate()
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Interrupted after 2 of 11 entries (created 2," in stderr
    assert "run the same export again" in stderr
    assert "Aborted!" not in stderr and "Traceback" not in stderr


def test_a_file_system_error_names_the_file(shell_env: dict[str, str]) -> None:
    result = subprocess.run(
        [*CLI, "export", "--to", "readonly", str(SAMPLE_DIGESTS)],
        env=shell_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr == "Error: /vault/Digests/note.md: Permission denied\n"


@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_is_taken_before_or_after_the_command(
    shell_env: dict[str, str], tmp_path: Path, where: str
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[obsidian\n")
    command = ["parse", str(SAMPLE_DIGESTS)]
    args = ["--config", str(broken), *(["--debug", *command] if where == "before" else [*command, "--debug"])]
    shown = subprocess.run([*CLI, *args], env=shell_env, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 1
    assert "Traceback" in shown.stderr and "invalid TOML" in shown.stderr
    quiet = subprocess.run(
        [*CLI, "--config", str(broken), *command], env=shell_env, capture_output=True, text=True, timeout=60
    )
    assert quiet.returncode == 1
    assert quiet.stderr.count("\n") == 1 and "Traceback" not in quiet.stderr


def test_version_has_a_short_flag(run_cli: RunCli) -> None:
    for flag in ("-V", "--version"):
        result = run_cli(flag)
        assert result.exit_code == 0
        assert result.stdout.startswith("digest2notes ")


def test_a_mistyped_digest_path_writes_nothing(run_cli: RunCli, vault: Path) -> None:
    result = run_cli("export", "--to", "obsidian", "--vault", vault, vault.parent / "digets")
    assert result.exit_code == 1
    assert "digets: no such file or directory" in result.stderr
    assert list(vault.iterdir()) == []


def test_an_error_alone_is_not_followed_by_an_empty_summary(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("parse", tmp_path / "nosuch.md")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1


def test_a_config_value_of_the_wrong_kind_names_the_file_and_key(
    run_cli: RunCli, tmp_path: Path, vault: Path
) -> None:
    config = tmp_path / "c.toml"
    config.write_text("[obsidian]\nvault = 42\n")
    result = run_cli("--config", config, "export", "--to", "obsidian", SAMPLE_DIGESTS)
    assert result.exit_code == 1
    assert result.stderr == f"Error: {config}: [obsidian] vault: expected a string, got a number 42\n"
    assert not (tmp_path / "42").exists()


def test_a_misspelled_table_is_pointed_out(run_cli: RunCli, tmp_path: Path, vault: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text(f'[obsidain]\nvault = "{vault}"\n')
    result = run_cli("--config", config, "parse", SAMPLE_DIGESTS)
    assert result.exit_code == 0
    assert (
        f"Warning: {config}: table [obsidain] is not used by anything installed "
        "(did you mean [obsidian]?)" in result.stderr
    )


def test_a_key_outside_any_table_is_an_error(run_cli: RunCli, tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text('vault = "~/Notes"\n')
    result = run_cli("--config", config, "parse", SAMPLE_DIGESTS)
    assert result.exit_code == 1
    assert "'vault' must be inside a table such as [obsidian]" in result.stderr


def test_help_does_not_need_a_working_config(run_cli: RunCli, tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text("not toml at all [")
    assert run_cli("--config", config, "export", "--help").exit_code == 0


def test_python_dash_m_runs_the_same_cli(cli_env: dict[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "digest2notes", "--version"],
        env=cli_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and "digest2notes" in result.stdout
