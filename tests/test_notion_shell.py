"""The Notion exporter as the shell meets it (issue simplify): quick to describe, and a
clean line when the database is missing."""

from __future__ import annotations

import subprocess
import sys

from tests.test_notion_cli import CLI


def test_describing_the_exporter_loads_no_http_stack(cli_env: dict[str, str]) -> None:
    code = (
        "import sys, digest2notes_notion as n; n.NotionExporter.options; "
        "print(sorted(m for m in ('notion_client', 'httpx') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], env=cli_env, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_queue_notion_without_a_database_is_one_clean_line(cli_env: dict[str, str]) -> None:
    env = dict(cli_env, NOTION_TOKEN="secret_x")
    result = subprocess.run(
        [*CLI, "queue", "--notion"], env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("Error: no Notion database given") and "UNSET" not in line
