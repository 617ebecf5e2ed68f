"""Exporters are plugins: a third-party one installed through real entry-point metadata.

The test builds a distribution by hand in tmp_path (a module plus a
``*.dist-info`` folder with METADATA and entry_points.txt), puts it on
PYTHONPATH and drives the CLI as a subprocess, exactly as an installed
plugin would be found. Also: every command and subcommand answers ``-h`` and
``--help`` with an example.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import click
import pytest

from digest2notes.cli import main

from .conftest import CLI, RunCli, env_with_plugin

PLUGIN = '''
"""A third-party exporter: writes every entry's title to one file."""

from pathlib import Path

import click

from digest2notes import Action, Change, Exporter, Plan, Report


class TitlesExporter(Exporter):
    name = "titles"
    help = "Every entry's title in one text file (a test plugin)."
    options = (click.Option(["--titles-file"], type=click.Path(dir_okay=False), help="Output."),)

    def plan(self, entries, *, restore=None):
        target = str(self.settings["titles_file"])
        changes = [Change(e.id, e.title, Action.CREATE, target) for e in entries]
        return Plan(changes=changes, state=[e.title for e in entries])

    def apply(self, plan, progress=None):
        Path(self.settings["titles_file"]).write_text("\\n".join(plan.state) + "\\n", "utf-8")
        report = Report()
        for change in plan.changes:
            report.changes.append(change)
            if progress is not None:
                progress(change)
        return report


class NotAnExporter:
    pass
'''


@pytest.fixture
def plugin_env(tmp_path: Path, cli_env: dict[str, str]) -> dict[str, str]:
    env = env_with_plugin(
        cli_env,
        tmp_path / "site",
        "thirdparty_exporter",
        PLUGIN,
        """
        [digest2notes.exporters]
        titles = thirdparty_exporter:TitlesExporter
        wrongtype = thirdparty_exporter:NotAnExporter
        missing = thirdparty_exporter_gone:Exporter
        """,
    )
    env["HOME"] = str(tmp_path)  # no user config file
    env["XDG_CONFIG_HOME"] = str(tmp_path / ".config")
    return env


def run(env: dict[str, str], *args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *map(str, args)], env=env, cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_a_third_party_exporter_is_listed_and_runs(
    plugin_env: dict[str, str], samples: Path, tmp_path: Path
) -> None:
    listed = run(plugin_env, "exporters", "--json")
    assert listed.returncode == 0, listed.stderr
    rows = {row["name"]: row for row in json.loads(listed.stdout)}
    assert {"obsidian", "titles", "wrongtype", "missing"} <= set(rows)
    assert rows["titles"]["distribution"] == "thirdparty-exporter" and rows["titles"]["error"] is None
    assert "not a digest2notes Exporter" in rows["wrongtype"]["error"]
    assert "failed to load" in rows["missing"]["error"]
    text = run(plugin_env, "exporters")
    assert text.returncode == 0 and "BROKEN" in text.stdout and "Traceback" not in text.stderr

    out = tmp_path / "titles.txt"
    result = run(plugin_env, "export", "--to", "titles", "--titles-file", out, samples)
    assert result.returncode == 0, result.stderr
    assert "created 11, updated 0, unchanged 0, failed 0" in result.stdout
    assert len(out.read_text(encoding="utf-8").splitlines()) == 11
    # The built-in exporter still works beside it, and its options are its own.
    vault = tmp_path / "vault"
    vault.mkdir()
    assert run(plugin_env, "export", "--to", "obsidian", "--vault", vault, samples).returncode == 0
    stray = run(plugin_env, "export", "--to", "obsidian", "--vault", vault, "--titles-file", out, samples)
    assert stray.returncode == 2 and "--titles-file is not an option of --to obsidian" in stray.stderr


def test_unknown_or_broken_exporter_is_a_one_line_error(plugin_env: dict[str, str], samples: Path) -> None:
    # Unknown: a usage error (exit 2, click's usage lines, then one Error line).
    # Broken: an error of the plugin (exit 1, one line).
    for name, code in (("nonesuch", 2), ("missing", 1)):
        result = run(plugin_env, "export", "--to", name, samples)
        assert result.returncode == code
        errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
        assert len(errors) == 1, result.stderr
        assert "Traceback" not in result.stderr
    unknown = run(plugin_env, "export", "--to", "nonesuch", samples).stderr
    assert "installed:" in unknown and "obsidian" in unknown and "titles" in unknown


def _commands(group: click.Group, ctx: click.Context, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    found = [path]
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        sub = (*path, name)
        if isinstance(command, click.Group):
            found += _commands(command, click.Context(command, info_name=name, parent=ctx), sub)
        else:
            found.append(sub)
    return found


def test_every_command_has_help_with_an_example(run_cli: RunCli) -> None:
    commands = _commands(main, click.Context(main, info_name="digest2notes"), ())
    assert ("export",) in commands and ("exporters",) in commands
    missing = []
    for path in commands:
        for flag in ("-h", "--help"):
            result = run_cli(*path, flag)
            assert result.exit_code == 0, (path, result.output)
            assert "Usage:" in result.output
            if "example" not in result.output.lower():
                missing.append(" ".join(("digest2notes", *path, flag)))
    assert not missing, f"help without an example: {missing}"
