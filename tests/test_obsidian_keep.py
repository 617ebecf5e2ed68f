"""Nothing the reader did is ever undone ([keep]): the scenario of the issue, step by step,
through the real CLI over a real vault.

A reader used the vault for a while: they changed properties, a plugin added dates to
ticked items, they typed lines under a point, a Windows editor saved a note with CRLF,
they deleted a note, broke one's frontmatter, made a copy of another. Each step checks
what the next export does with it.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import frontmatter
import pytest

from .conftest import RunCli
from .test_obsidian_export import notes, snapshot

THREADS = "显式管理 worker 的 torch 线程数，修复结构化输出解码 2-6x 吞吐回归"
INKLING = "Inkling 共享专家 partial 加法融合进 Lamport collective，单层省 1.6us"
GLM = "GLM-5.2 PCP 评估启用 expandable segments 修复 OOM"


def export(run_cli: RunCli, vault: Path, digests: Path, *extra: object) -> Any:
    result = run_cli("export", "--to", "obsidian", "--vault", vault, *extra, digests)
    assert result.exit_code == 0, result.output
    return result


def summary(result: Any) -> str:
    return str(result.stdout).strip().splitlines()[-1]


def note_of(vault: Path, title: str) -> Path:
    return vault / "Digests" / f"{title}.md"


def edit(path: Path, *pairs: tuple[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def edit_digests(digests: Path, old: str, new: str) -> None:
    for path in digests.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(old, new), encoding="utf-8")


def queue(run_cli: RunCli, vault: Path, *extra: str) -> Any:
    return run_cli("queue", "--vault", vault, "--json", *extra)


@pytest.fixture
def used(run_cli: RunCli, samples: Path, vault: Path) -> Path:
    """The samples exported once: the vault a reader starts from."""
    export(run_cli, vault, samples)
    return vault


def test_property_edits_are_kept_and_what_the_digest_changed_is_shown(
    run_cli: RunCli, samples: Path, used: Path
) -> None:
    path = note_of(used, INKLING)
    edit(
        path,
        ("title: Inkling", "title: My Inkling"),
        ("verdict: deep\n", "verdict: skip\n"),
        ("minutes: 20\n", "minutes: 30\n"),
        ("tags:\n  - digest2notes\n", "tags:\n"),
    )
    result = export(run_cli, used, samples)
    assert summary(result) == "created 0, updated 1, unchanged 10, failed 0"  # verdict_rank only
    post = frontmatter.load(str(path))
    assert post["title"] == f"My {INKLING}" and post["verdict"] == "skip"
    assert post["minutes"] == 30 and "digest2notes" not in post["tags"]  # type: ignore[operator]
    assert post["verdict_rank"] == 4  # the views sort by the reader's verdict
    item = next(i for i in json.loads(queue(run_cli, used, "--all").stdout) if i["id"] == post["digest2notes_id"])
    assert (item["title"], item["verdict"], item["minutes"]) == (f"My {INKLING}", "skip", 30)
    assert summary(export(run_cli, used, samples)) == "created 0, updated 0, unchanged 11, failed 0"

    # The digest changes the verdict and the minutes too: the reader's values stay, and
    # the note says what the digest says now.
    edit_digests(samples, "值得精读，尤其是 lamport.py", "值得快速浏览（约 8 分钟），尤其是 lamport.py")
    export(run_cli, used, samples)
    post = frontmatter.load(str(path))
    assert post["verdict"] == "skip" and post["minutes"] == 30
    assert "> [!note] The digest changed what you edited (yours is kept)" in post.content
    assert "> - verdict: skim" in post.content and "> - minutes: 8" in post.content
    assert summary(export(run_cli, used, samples)) == "created 0, updated 0, unchanged 11, failed 0"
    # Once the reader takes the digest's values, the note says no more.
    edit(path, ("verdict: skip\n", "verdict: skim\n"), ("minutes: 30\n", "minutes: 8\n"))
    export(run_cli, used, samples)
    assert "The digest changed" not in path.read_text(encoding="utf-8")


def test_what_plugins_and_the_reader_add_to_the_checklist_stays(
    run_cli: RunCli, samples: Path, used: Path
) -> None:
    """A Tasks completion date, a due date with a tag and a link, a sub-point and a line
    of the reader's, a box marked in progress: all still there once the digest changes."""
    path = note_of(used, THREADS)
    edit(
        path,
        ("- [ ] 启动期/服务期两阶段线程策略 ^fp-bab7f7",
         "- [x] 启动期/服务期两阶段线程策略 ✅ 2026-04-05 ^fp-bab7f7"),
        ("- [ ] cgroup v1/v2 配额感知的可用 CPU 计数 ^fp-da815c\n",
         "- [ ] cgroup v1/v2 配额感知的可用 CPU 计数 📅 2026-04-09 #later [[CFS]] ^fp-da815c\n"
         "    - my sub-point: read the kernel docs\n"
         "A line of my own.\n"),
        ("- [ ] Read closely", "- [/] Read closely"),
    )
    kept = [line for line in path.read_text(encoding="utf-8").split("\n") if "✅" in line or "📅" in line
            or line.startswith(("    - my sub-point", "A line of my own"))]
    # The digest changes its verdict: the verdict line and the quote are written again.
    edit_digests(samples, "值得精读。这是一个从用户报障", "建议快速阅读。这是一个从用户报障")
    result = export(run_cli, used, samples)
    assert summary(result) == "created 0, updated 1, unchanged 10, failed 0"
    text = path.read_text(encoding="utf-8")
    for line in kept:
        assert line in text.split("\n"), line
    assert "- [/] Skim — “建议快速阅读” ^verdict" in text  # the new text, the reader's mark
    assert "> 建议快速阅读。这是一个从用户报障" in text
    post = frontmatter.loads(text)
    assert post["focus_done"] == 1
    assert summary(export(run_cli, used, samples)) == "created 0, updated 0, unchanged 11, failed 0"


def test_a_crlf_note_keeps_its_line_endings(run_cli: RunCli, samples: Path, used: Path) -> None:
    path = note_of(used, THREADS)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n").replace(b"- [ ] cgroup", b"- [x] cgroup"))
    edit_digests(samples, "值得精读。这是一个从用户报障", "建议快速阅读。这是一个从用户报障")
    export(run_cli, used, samples)
    data = path.read_bytes()
    assert b"verdict: skim\r\n" in data and b"- [x] cgroup" in data
    assert data.count(b"\n") == data.count(b"\r\n")  # not one bare line break


def test_a_deleted_note_stays_deleted_until_restored(
    run_cli: RunCli, samples: Path, used: Path
) -> None:
    path = note_of(used, GLM)
    note_id = str(frontmatter.load(str(path))["digest2notes_id"])
    path.unlink()
    result = export(run_cli, used, samples)
    assert summary(result) == "created 0, updated 0, unchanged 10, skipped 1 (deleted by you), failed 0"
    assert not path.exists()
    edit_digests(samples, "变更本身只有 1 行", "变更本身只有 2 行")  # news for it: still not back
    assert "skipped 1 (deleted by you)" in summary(export(run_cli, used, samples))
    assert not path.exists()
    assert note_id not in {i["id"] for i in json.loads(queue(run_cli, used, "--all").stdout)}

    result = export(run_cli, used, samples, "--restore", note_id.split(":")[1][:7])
    assert summary(result) == "created 1, updated 0, unchanged 10, failed 0"
    assert "变更本身只有 2 行" in path.read_text(encoding="utf-8")  # with what it missed
    assert summary(export(run_cli, used, samples)) == "created 0, updated 0, unchanged 11, failed 0"
    # --restore all brings back every deletion.
    for title in (GLM, INKLING):
        note_of(used, title).unlink()
    assert "skipped 2 (deleted by you)" in summary(export(run_cli, used, samples))
    assert summary(export(run_cli, used, samples, "--restore", "all")).startswith("created 2,")


def test_a_note_in_the_trash_is_deleted_and_comes_back_when_the_reader_restores_it(
    run_cli: RunCli, samples: Path, used: Path
) -> None:
    path = note_of(used, GLM)
    trash = used / ".trash"
    trash.mkdir()
    shutil.move(path, trash / path.name)
    assert "skipped 1 (deleted by you)" in summary(export(run_cli, used, samples))
    shutil.move(trash / path.name, used / "Back.md")  # restored by the reader, elsewhere
    assert summary(export(run_cli, used, samples)) == "created 0, updated 0, unchanged 11, failed 0"
    assert not path.exists()


def test_broken_frontmatter_is_reported_left_alone_and_not_lost_from_the_queue(
    run_cli: RunCli, samples: Path, used: Path
) -> None:
    path = note_of(used, THREADS)
    edit(path, ("status: unread", "status: [unclosed"))
    broken = path.read_bytes()
    result = run_cli("export", "--to", "obsidian", "--vault", used, samples)
    assert result.exit_code == 1
    assert summary(result) == "created 0, updated 0, unchanged 10, failed 1"
    assert f"Warning: Digests/{THREADS}.md:10: its frontmatter is not valid YAML" in result.stderr
    assert path.read_bytes() == broken
    listed = queue(run_cli, used)
    assert listed.exit_code == 0
    assert f"Warning: Digests/{THREADS}.md:10: its frontmatter is not valid YAML" in listed.stderr


def test_a_copied_note_is_a_warning_and_queue_done_asks_which(
    run_cli: RunCli, samples: Path, used: Path
) -> None:
    path = note_of(used, THREADS)
    copy = used / "Archive" / f"{THREADS} 1.md"  # what Obsidian's "Make a copy" makes
    copy.parent.mkdir()
    shutil.copy(path, copy)
    result = export(run_cli, used, samples)
    assert summary(result) == "created 0, updated 0, unchanged 11, failed 0"
    both = f"Digests/{THREADS}.md, Archive/{THREADS} 1.md"
    assert both in result.stderr
    listed = queue(run_cli, used)
    assert both in listed.stderr
    note_id = str(frontmatter.load(str(path))["digest2notes_id"])
    done = run_cli("queue", "--vault", used, "done", note_id)
    assert done.exit_code == 1
    assert f"Digests/{THREADS}.md" in done.stderr and f"Archive/{THREADS} 1.md" in done.stderr
    assert "status: unread" in copy.read_text(encoding="utf-8")
    assert "status: unread" in path.read_text(encoding="utf-8")


def test_a_headlines_own_pull_request_is_a_link_and_stays_readable_in_the_name(
    run_cli: RunCli, tmp_path: Path, vault: Path
) -> None:
    digests = tmp_path / "digests"
    digests.mkdir()
    (digests / "o-2026-03-01.txt").write_text(
        "owner/repo\n\nFix the parser (#50001)\n\n值得精读。建议关注：A、B。\n", encoding="utf-8"
    )
    export(run_cli, vault, digests)
    path = vault / "Digests" / "Fix the parser (50001).md"
    post = frontmatter.load(str(path))
    assert post["pr"] == "https://github.com/owner/repo/pull/50001"
    assert post["title"] == "Fix the parser (#50001)"


def test_the_views_list_and_rank_what_the_queue_does(
    run_cli: RunCli, samples: Path, used: Path
) -> None:
    """The Base's filters and sort, applied to the notes' properties as Obsidian reads
    them, give the queue's list in the queue's order; minutes agree too."""
    by_title = {p.stem: p for p in (used / "Digests").glob("*.md") if p.stem != "Study queue"}
    statuses = {"Kimi-K2.5": "DONE", "TokenSpeed": "Done", "Inkling": "Reading", "新增非": "read"}
    for prefix, status in statuses.items():
        path = next(p for t, p in by_title.items() if t.startswith(prefix))
        edit(path, ("status: unread", f"status: {status}"))
    edit(next(p for t, p in by_title.items() if t.startswith("GLM")), ("- [ ] 区分", "- [x] 区分"))
    export(run_cli, used, samples)  # brings focus_done up to date, as views need it

    def base_lists(post: frontmatter.Post) -> bool:
        status = str(post.get("status")).lower().strip()
        return str(post.get("verdict")).lower().strip() != "skip" and status not in {
            "done", "read", "finished",
        }

    posts = [frontmatter.load(str(p)) for p in by_title.values()]
    listed = sorted(
        (p for p in posts if base_lists(p)),
        key=lambda p: (p["verdict_rank"], -p["digest_date"].toordinal(),  # type: ignore[union-attr]
                       p["focus_total"] - p["focus_done"], p["title"]),  # type: ignore[operator]
    )
    in_queue = json.loads(queue(run_cli, used).stdout)
    assert [p["title"] for p in listed] == [i["title"] for i in in_queue]
    assert [p["minutes"] for p in listed] == [i["minutes"] for i in in_queue]
    assert all(re.fullmatch(r"\d+", str(p["minutes"])) for p in posts)  # a number on every note


def test_a_stale_verdict_rank_is_put_right_once(run_cli: RunCli, samples: Path, used: Path) -> None:
    """Notes written before the ranks became the queue's order (skip 3, unknown 4)."""
    path = next(p for p in (used / "Digests").glob("CI *.md"))
    edit(path, ("verdict_rank: 4", "verdict_rank: 3"))
    assert summary(export(run_cli, used, samples)) == "created 0, updated 1, unchanged 10, failed 0"
    assert "verdict_rank: 4\n" in path.read_text(encoding="utf-8")
    before = snapshot(used)
    assert summary(export(run_cli, used, samples)) == "created 0, updated 0, unchanged 11, failed 0"
    assert snapshot(used) == before
    assert len(notes(used)) == 11


def test_a_note_that_cannot_be_written_is_reported_by_its_path(
    run_cli: RunCli, samples: Path, used: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on a read-only vault (simulated: the tests may run as root, who writes anyway)."""
    from digest2notes_obsidian import progress, writer

    def refused(path: object, *_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(writer, "atomic_write_bytes", refused)
    monkeypatch.setattr(progress, "atomic_write_text", refused)
    edit_digests(samples, "值得精读。这是一个从用户报障", "建议快速阅读。这是一个从用户报障")
    result = run_cli("export", "--to", "obsidian", "--vault", used, samples)
    assert result.exit_code == 1 and "failed 1" in result.stdout
    assert f"cannot write Digests/{THREADS}.md: Permission denied" in result.stderr
    done = run_cli("queue", "--vault", used, "done", "3dd26f4")
    assert done.exit_code == 1 and "Traceback" not in done.stderr
    assert f"cannot write Digests/{THREADS}.md: Permission denied" in done.stderr
