"""Reading progress back (`read_progress`) and recording a status (`set_status`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digest2notes import ExportError, StudyStatus, Verdict, read_digests
from digest2notes_obsidian import ObsidianExporter
from digest2notes_obsidian.progress import normalise_status, replace_status

THREADS = "显式管理 worker 的 torch 线程数，修复结构化输出解码 2-6x 吞吐回归"


@pytest.fixture
def exporter(samples: Path, tmp_path: Path) -> ObsidianExporter:
    vault = tmp_path / "vault"
    vault.mkdir()
    exporter = ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})
    exporter.apply(exporter.plan(read_digests([str(samples)]).entries))
    return exporter


def vault_of(exporter: ObsidianExporter) -> Path:
    return Path(exporter.settings["vault"])


def test_read_progress_sees_ticks_statuses_and_moves(exporter: ObsidianExporter) -> None:
    vault = vault_of(exporter)
    path = vault / "Digests" / f"{THREADS}.md"
    text = path.read_text(encoding="utf-8")
    text = text.replace("- [ ] cgroup", "- [x] cgroup").replace("- [ ] 启动期", "- [X] 启动期")
    text = text.replace("- [ ] Read closely", "- [x] Read closely")  # the verdict is not a point
    text = text.replace("status: unread", "status: In  Progress")
    (vault / "Moved").mkdir()
    (vault / "Moved" / "mine.md").write_text(text, encoding="utf-8")
    path.unlink()
    items = {item.title: item for item in exporter.read_progress().items}
    assert len(items) == 11
    item = items[THREADS]
    assert item.status is StudyStatus.READING
    assert (item.focus_done, item.focus_total) == (2, 4)
    assert item.location == "Moved/mine.md"
    assert item.verdict is Verdict.DEEP and item.digest_date == "2026-11-28"
    assert item.repo == "vllm-project/vllm" and item.id.startswith("vllm-project/vllm:")
    glm = next(i for t, i in items.items() if t.startswith("GLM-5.2"))
    assert glm.minutes == 5 and glm.verdict is Verdict.SKIM and glm.status is StudyStatus.UNREAD


@pytest.mark.parametrize(
    ("value", "status"),
    [("done", StudyStatus.DONE), ("Read", StudyStatus.DONE), ("finished", StudyStatus.DONE),
     ("reading", StudyStatus.READING), ("in progress", StudyStatus.READING),
     ("unread", StudyStatus.UNREAD), ("later", StudyStatus.UNREAD), (None, StudyStatus.UNREAD),
     (5, StudyStatus.UNREAD)],
)
def test_statuses_are_normalised(value: object, status: StudyStatus) -> None:
    assert normalise_status(value) is status


def test_set_status_changes_only_the_status_line(exporter: ObsidianExporter) -> None:
    vault = vault_of(exporter)
    path = vault / "Digests" / f"{THREADS}.md"
    before = path.read_bytes()
    item = next(i for i in exporter.read_progress().items if i.title == THREADS)
    assert exporter.set_status(item, StudyStatus.DONE) == f"Digests/{THREADS}.md"
    assert path.read_bytes() == before.replace(b"status: unread\n", b"status: done\n", 1)
    assert next(i for i in exporter.read_progress().items if i.title == THREADS).status is StudyStatus.DONE


def test_set_status_keeps_crlf_bom_and_odd_layouts() -> None:
    crlf = "\ufeff---\r\ntitle: x\r\nstatus:\r\n  - reading\r\n  - later\r\nz: 1\r\n---\r\nbody\r\n"
    assert replace_status(crlf.lstrip("\ufeff"), "done") == (
        "---\r\ntitle: x\r\nstatus: done\r\nz: 1\r\n---\r\nbody\r\n"
    )
    missing = "---\ntitle: x\n---\nbody status: unread\n"
    assert replace_status(missing, "reading") == "---\ntitle: x\nstatus: reading\n---\nbody status: unread\n"
    assert replace_status("no frontmatter\n", "done") is None


def test_set_status_follows_a_note_moved_since_it_was_read(exporter: ObsidianExporter) -> None:
    vault = vault_of(exporter)
    item = next(i for i in exporter.read_progress().items if i.title == THREADS)
    (vault / "Digests" / f"{THREADS}.md").rename(vault / "moved.md")
    assert exporter.set_status(item, StudyStatus.READING) == "moved.md"
    assert "status: reading\n" in (vault / "moved.md").read_text(encoding="utf-8")
    (vault / "moved.md").unlink()
    with pytest.raises(ExportError, match="no note with digest2notes_id"):
        exporter.set_status(item, StudyStatus.DONE)


def test_crlf_note_keeps_its_bytes(exporter: ObsidianExporter) -> None:
    vault = vault_of(exporter)
    path = vault / "Digests" / f"{THREADS}.md"
    data = b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n")
    path.write_bytes(data)
    item = next(i for i in exporter.read_progress().items if i.title == THREADS)
    exporter.set_status(item, StudyStatus.DONE)
    assert path.read_bytes() == data.replace(b"status: unread\r\n", b"status: done\r\n")
