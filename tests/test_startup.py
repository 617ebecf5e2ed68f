"""What ``digest2notes --help`` and ``import digest2notes`` load: what every run pays.

Timings belong in benchmarks/bench_startup.py; these tests hold the imports that
made start-up slow out of the paths that do not need them, so a stray top-level
import shows up as a failure rather than as a slow week.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY_FOR_HELP = ("importlib.metadata", "notion_client", "httpx", "yaml", "frontmatter",
                  "sqlite3", "watchfiles", "platformdirs", "digest2notes.parsing.reader",
                  "digest2notes_notion.exporter", "digest2notes_obsidian.exporter")


def _modules_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_help_loads_no_client_parser_or_metadata_library() -> None:
    loaded = _modules_after(
        "import contextlib, io, sys\n"
        "from digest2notes.cli import main\n"
        "sys.argv = ['digest2notes', '--help']\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main()"
    )
    assert "digest2notes_notion.cli" in loaded  # the plugin's command is listed...
    assert not loaded & set(HEAVY_FOR_HELP)  # ...without loading what it talks to Notion with


def test_import_digest2notes_compiles_no_patterns_and_loads_no_click() -> None:
    loaded = _modules_after("import digest2notes")
    assert not {"click", "hashlib", "digest2notes.parsing.lexicon", "pathlib"} & loaded


def test_a_run_imports_only_the_exporter_it_uses(tmp_path: Path) -> None:
    """``export --to obsidian`` and ``queue --vault`` list every exporter's options, from
    their options modules; the Notion exporter itself is not imported."""
    digest = tmp_path / "vllm-2026-11-28.txt"
    digest.write_text("vllm-project/vllm\n\nFix a typo (#1)\n\n随便看看。\n", encoding="utf-8")
    vault = tmp_path / "vault"
    vault.mkdir()
    for args in (["export", "--to", "obsidian", "--vault", str(vault), str(digest)],
                 ["queue", "--vault", str(vault)]):
        loaded = _modules_after(
            "import contextlib, io, sys\n"
            "from digest2notes.cli import main\n"
            f"sys.argv = ['digest2notes', *{args!r}]\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            "    main()"
        )
        assert "digest2notes_obsidian.exporter" in loaded, args
        assert "digest2notes_notion.options" in loaded, args  # its options are offered...
        assert "digest2notes_notion.exporter" not in loaded, args  # ...without the exporter


def test_a_re_export_with_nothing_new_loads_no_note_writing(tmp_path: Path) -> None:
    """A daily re-export of digests already exported reads no note and writes none, so it
    loads neither the merge nor the frontmatter reader, nor what a note says (its text,
    the history, the base), nor the state's writer (nor, without a config file's tables,
    the module that suggests a table's right name)."""
    digest = tmp_path / "vllm-2026-11-28.txt"
    digest.write_text("vllm-project/vllm\n\nFix a typo (#1)\n\n随便看看。\n", encoding="utf-8")
    vault = tmp_path / "vault"
    vault.mkdir()
    args = ["export", "--to", "obsidian", "--vault", str(vault), str(digest)]
    run = ("import contextlib, io, sys\n"
           "from digest2notes.cli import main\n"
           f"sys.argv = ['digest2notes', *{args!r}]\n"
           "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
           "    main()")
    first = _modules_after(run)
    assert "digest2notes_obsidian.merge" in first  # the first export writes the note
    again = _modules_after(run)
    assert "digest2notes_obsidian.exporter" in again
    assert not {"digest2notes_obsidian.merge", "digest2notes_obsidian.properties", "yaml",
                "difflib", "digest2notes_obsidian.note", "digest2notes_obsidian.markdown",
                "digest2notes_obsidian.history", "digest2notes_obsidian.kept",
                "digest2notes_obsidian.progress", "digest2notes_obsidian.statesave"} & again
