"""The layout rules, checked: core never imports an exporter, exporters use only the public API."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import digest2notes
from tests.conftest import REPO_ROOT

CORE = REPO_ROOT / "src" / "digest2notes"
EXPORTERS = sorted(p for p in (REPO_ROOT / "exporters").iterdir() if (p / "__init__.py").is_file())
#: Plugins written as a third party would: held to the same rule as the built-in exporters.
EXAMPLES = sorted(p.parent for p in (REPO_ROOT / "examples").glob("*/src/*/__init__.py"))


def _imports(package: Path) -> Iterator[tuple[Path, str, list[str]]]:
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name, []
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module, [alias.name for alias in node.names]


def test_there_are_built_in_exporters_and_an_example_to_check() -> None:
    assert {p.name for p in EXPORTERS} >= {"digest2notes_obsidian", "digest2notes_notion"}
    assert {p.name for p in EXAMPLES} >= {"digest2notes_jsonl"}


def test_core_never_imports_an_exporter() -> None:
    offenders = [
        f"{path.relative_to(REPO_ROOT)}: {module}"
        for path, module, _ in _imports(CORE)
        if module.split(".")[0].startswith("digest2notes_")
    ]
    assert offenders == []


def test_exporters_use_only_the_public_api_and_never_each_other() -> None:
    public = set(digest2notes.__all__)
    offenders = []
    for package in [*EXPORTERS, *EXAMPLES]:
        for path, module, names in _imports(package):
            top = module.split(".")[0]
            where = f"{path.relative_to(REPO_ROOT)}: {module}"
            if top.startswith("digest2notes_") and top != package.name:
                offenders.append(f"{where} (another exporter)")
            elif top == "digest2notes" and module != "digest2notes":
                offenders.append(f"{where} (a core submodule)")
            elif module == "digest2notes":
                offenders.extend(f"{where}.{n} (not public)" for n in names if n not in public)
    assert offenders == []
