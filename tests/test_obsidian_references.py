"""A reference to another repository links to that repository, in the note's
``references`` property and under the digest's quote, however the entry lists it."""

from __future__ import annotations

from pathlib import Path

import frontmatter

from .conftest import RunCli
from .test_obsidian_export import notes

HEADLINE = "Fix the NCCL fallback in the all-reduce path (#50123)"
PYTORCH = "https://github.com/pytorch/pytorch/issues/102483"
OWN = "https://github.com/vllm-project/vllm/issues/50100"


def digest(folder: Path, date: str, paragraph: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / f"vllm-{date}.txt"
    path.write_text(f"vllm-project/vllm\n\n{HEADLINE}\n\n{paragraph}\n", encoding="utf-8")
    return path


def export(run_cli: RunCli, vault: Path, *paths: Path) -> None:
    result = run_cli("export", "--to", "obsidian", "--vault", vault, *paths)
    assert result.exit_code == 0, result.output
    assert "Warning" not in result.stderr


def test_a_cross_repository_reference_links_to_its_repository(
    run_cli: RunCli, vault: Path, tmp_path: Path
) -> None:
    first = digest(
        tmp_path / "digests",
        "2026-03-02",
        "Worth a close read. Key points: 1) the in-place merge semantics 2) the retry "
        "budget. It mirrors pytorch/pytorch#102483 upstream; see #50100 for the follow-up.",
    )
    export(run_cli, vault, first)
    (path,) = notes(vault).values()
    post = frontmatter.load(str(path))
    assert set(post["references"]) == {OWN, PYTORCH}
    assert f"[pytorch/pytorch#102483]({PYTORCH})" in post.content
    assert "https://github.com/vllm-project/vllm/issues/102483" not in path.read_text("utf-8")

    # A later digest naming another repository's issue adds it after the first ones; a
    # re-export of both days leaves the note as it is.
    second = digest(
        tmp_path / "digests",
        "2026-03-03",
        "Worth a close read: the retry budget. Compare huggingface/transformers#30001.",
    )
    export(run_cli, vault, second)
    post = frontmatter.load(str(path))
    assert post["references"][-1] == "https://github.com/huggingface/transformers/issues/30001"
    assert set(post["references"]) == {
        OWN, PYTORCH, "https://github.com/huggingface/transformers/issues/30001"
    }
    written = path.stat().st_mtime_ns, path.read_bytes()
    export(run_cli, vault, first, second)
    assert (path.stat().st_mtime_ns, path.read_bytes()) == written
