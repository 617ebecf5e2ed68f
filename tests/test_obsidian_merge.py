"""Re-export never clobbers the reader: the issue's "reader's edits survive" acceptance and more.

Everything goes through the real CLI except the race test, which needs to act
between `plan` and `apply`.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import frontmatter
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes import Entry, Source, Verdict, read_digests
from digest2notes_obsidian import ObsidianExporter, history, merge, note

from .conftest import RunCli

THREADS = "显式管理 worker 的 torch 线程数，修复结构化输出解码 2-6x 吞吐回归"
TASK = re.compile(r"^- \[(?P<mark>.)\] (?P<text>.*?)(?: \^(?P<id>[A-Za-z0-9-]+))?$", re.MULTILINE)


def export(run_cli: RunCli, vault: Path, samples: Path, *extra: object) -> str:
    result = run_cli("export", "--to", "obsidian", "--vault", vault, *extra, samples)
    assert result.exit_code == 0, result.output
    return str(result.output)


def ours(vault: Path) -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for path in sorted(vault.rglob("*.md")):
        note_id = frontmatter.load(str(path)).get("digest2notes_id")
        if note_id:
            found.setdefault(str(note_id), []).append(path)
    return found


def tasks(text: str) -> list[tuple[str, str, str]]:
    return [(m["mark"], m["text"], m["id"] or "") for m in TASK.finditer(text)]


def edit_digests(samples: Path, old: str, new: str) -> None:
    for path in samples.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(old, new), encoding="utf-8")


def test_reader_edits_survive_a_changed_digest(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, vault, samples)
    original = vault / "Digests" / f"{THREADS}.md"
    text = original.read_text(encoding="utf-8")
    # The reader ticks the verdict and the second point, writes notes, adds a property,
    # starts reading, then renames the note and moves it to another folder.
    text = text.replace("- [ ] Read closely", "- [x] Read closely", 1)
    text = text.replace("- [ ] cgroup v1/v2", "- [x] cgroup v1/v2", 1)
    text = text.replace("status: unread\n", "status: reading\n")
    text = text.replace("---\n\n%% digest2notes:begin", "rating: 5\n---\n\n%% digest2notes:begin", 1)
    text += "\nMy own notes: compare with the SGLang fix.\n"
    moved = vault / "Reading" / "线程数 (mine).md"
    moved.parent.mkdir()
    moved.write_text(text, encoding="utf-8")
    original.unlink()
    # The digest changes: one point reworded, one point added.
    edit_digests(samples, "① 启动期/服务期两阶段线程策略", "① 启动期与服务期的两阶段线程策略")
    edit_digests(samples, "fork 死锁。", "fork 死锁；⑤ 线程池大小的默认值选择。")

    output = export(run_cli, vault, samples)
    assert "created 0, updated 1, unchanged 10, failed 0" in output
    found = ours(vault)
    assert all(len(paths) == 1 for paths in found.values()) and len(found) == 11
    assert not original.exists()
    after = moved.read_text(encoding="utf-8")
    post = frontmatter.loads(after)
    assert post["rating"] == 5 and post["status"] == "reading"
    assert list(post.metadata)[-1] == "rating"  # the reader's key stays where the reader put it
    assert post["focus_total"] == 5 and post["focus_done"] == 1
    items = tasks(post.content)
    assert items[0][0] == "x" and items[0][2] == "verdict"
    by_text = {text: mark for mark, text, _ in items}
    assert by_text["cgroup v1/v2 配额感知的可用 CPU 计数"] == "x"
    assert by_text["启动期与服务期的两阶段线程策略"] == " "
    assert by_text["线程池大小的默认值选择"] == " "
    assert "启动期/服务期两阶段线程策略" not in post.content  # it was not ticked: nothing to keep
    assert after.endswith("\nMy own notes: compare with the SGLang fix.\n")
    assert after.count(note.NOTES_HEADING) == 1
    # ... and the next export leaves it alone.
    assert "created 0, updated 0, unchanged 11, failed 0" in export(run_cli, vault, samples)
    assert moved.read_text(encoding="utf-8") == after


def test_a_ticked_point_the_digest_dropped_is_kept(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = vault / "Digests" / f"{THREADS}.md"
    text = path.read_text(encoding="utf-8").replace("- [ ] 启动期/服务期", "- [x] 启动期/服务期")
    path.write_text(text, encoding="utf-8")
    edit_digests(samples, "① 启动期/服务期两阶段线程策略", "① 启动期与服务期的两阶段线程策略")
    export(run_cli, vault, samples)
    post = frontmatter.load(str(path))
    items = tasks(post.content)
    assert items[-1][0] == "x" and items[-1][1] == "~~启动期/服务期两阶段线程策略~~"
    assert note.DROPPED_LINE in post.content
    assert post["focus_total"] == 4 and post["focus_done"] == 0
    # Restored by a later digest: ticked again, in its place, no longer struck through.
    edit_digests(samples, "① 启动期与服务期的两阶段线程策略", "① 启动期/服务期两阶段线程策略")
    export(run_cli, vault, samples)
    post = frontmatter.load(str(path))
    assert note.DROPPED_LINE not in post.content
    assert tasks(post.content)[1][:2] == ("x", "启动期/服务期两阶段线程策略")
    assert post["focus_done"] == 1


def test_ticks_and_notes_alone_update_only_focus_done(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = vault / "Digests" / f"{THREADS}.md"
    text = path.read_text(encoding="utf-8").replace("- [ ] cgroup", "- [x] cgroup")
    path.write_text(text + "Thoughts.\n", encoding="utf-8")
    output = export(run_cli, vault, samples)
    assert "updated 1" in output
    after = path.read_text(encoding="utf-8")
    assert after.replace("focus_done: 1", "focus_done: 0").split("%% digest2notes:end")[0] == (
        text.split("%% digest2notes:end")[0]
    )
    # Notes written under the heading change nothing we own: not even the mtime.
    path.write_text(after + "More.\n", encoding="utf-8")
    mtime = path.stat().st_mtime_ns
    assert "updated 0, unchanged 11" in export(run_cli, vault, samples)
    assert path.stat().st_mtime_ns == mtime


def test_reformatted_properties_with_the_same_values_are_left_alone(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = vault / "Digests" / f"{THREADS}.md"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"tags:\n(  - .*\n)+", "tags: [digest2notes, verdict/deep, repo/vllm-project-vllm]\n", text)
    text = text.replace("verdict: deep\n", "verdict: 'deep'  # as Obsidian might write it\n")
    path.write_text(text, encoding="utf-8")
    assert "updated 0, unchanged 11" in export(run_cli, vault, samples)
    assert path.read_text(encoding="utf-8") == text


def test_the_readers_title_stays_and_derived_keys_follow_the_note(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = vault / "Digests" / f"{THREADS}.md"
    text = path.read_text(encoding="utf-8")
    text = text.replace("verdict_rank: 1\n", "").replace("title: ", "title: edited ", 1)
    text = text.replace("tags:\n  - digest2notes\n", "tags:\n  - mine\n  - digest2notes\n")
    path.write_text(text, encoding="utf-8")
    edit_digests(samples, "值得精读。这是一个从用户报障", "建议快速阅读。这是一个从用户报障")
    export(run_cli, vault, samples)
    post = frontmatter.load(str(path))
    assert post["title"] == f"edited {THREADS}"  # the reader's; the digest did not change it
    assert post["verdict"] == "skim" and post["verdict_rank"] == 2  # the rank follows the verdict
    assert list(post.metadata)[-1] == "verdict_rank"  # derived: back, at the end
    # The reader's tag stays where they put it; the verdict's tag is swapped in place.
    assert post["tags"] == ["mine", "digest2notes", "verdict/skim", "repo/vllm-project-vllm"]


def test_copies_of_a_note_are_reported_and_never_multiplied(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = vault / "Digests" / f"{THREADS}.md"
    copy = vault / "Archive" / "copy.md"
    copy.parent.mkdir()
    shutil.copy(path, copy)
    result = run_cli("export", "--to", "obsidian", "--vault", vault, "--json", samples)
    entry = next(e for e in json.loads(result.stdout)["entries"] if e["title"] == THREADS)
    assert entry["target"] == f"Digests/{THREADS}.md"  # the note the export made
    assert f"two notes with one id ({entry['id']}): Digests/{THREADS}.md, Archive/copy.md" in (
        result.stderr
    )
    assert len(ours(vault)[entry["id"]]) == 2


def test_removed_markers_leave_the_body_to_the_reader(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, vault, samples)
    path = vault / "Digests" / f"{THREADS}.md"
    head, body = path.read_text(encoding="utf-8").split("---\n\n", 1)
    body = "My rewrite of the whole note.\n"
    path.write_text(f"{head}---\n\n{body}", encoding="utf-8")
    edit_digests(samples, "值得精读。这是一个从用户报障", "建议快速阅读。这是一个从用户报障")
    export(run_cli, vault, samples)
    post = frontmatter.load(str(path))
    assert post["verdict"] == "skim"
    assert path.read_text(encoding="utf-8").endswith("---\n\n" + body)


def test_broken_frontmatter_fails_that_note_only(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, vault, samples)
    path = vault / "Digests" / f"{THREADS}.md"
    broken = path.read_text(encoding="utf-8").replace("status: unread", "status: [reading")
    path.write_text(broken, encoding="utf-8")
    result = run_cli("export", "--to", "obsidian", "--vault", vault, samples)
    assert result.exit_code == 1
    assert "created 0, updated 0, unchanged 10, failed 1" in result.output
    assert f"Warning: Digests/{THREADS}.md:10: its frontmatter is not valid YAML" in result.stderr
    assert "Traceback" not in result.output
    assert path.read_text(encoding="utf-8") == broken


def test_an_edit_between_plan_and_apply_is_merged_not_lost(samples: Path, vault: Path) -> None:
    entries = read_digests([str(samples)]).entries
    exporter = ObsidianExporter({"vault": str(vault), "folder": "Digests"}, {})
    exporter.apply(exporter.plan(entries))
    path = vault / "Digests" / f"{THREADS}.md"
    changed = [e for e in entries if e.title != THREADS]
    target = next(e for e in entries if e.title == THREADS)
    plan = exporter.plan([*changed, replace(target, verdict_text="必看")])
    assert [c.action.value for c in plan.changes].count("updated") == 1
    # The reader ticks a box in Obsidian after we planned, before we write.
    path.write_text(path.read_text(encoding="utf-8").replace("- [ ] cgroup", "- [x] cgroup"), "utf-8")
    report = exporter.apply(plan)
    assert report.counts()["updated"] == 1
    text = path.read_text(encoding="utf-8")
    assert "- [x] cgroup" in text and "“必看”" in text and "focus_done: 1" in text


def test_a_name_taken_by_the_readers_own_note_gets_a_suffix(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    folder = vault / "Digests"
    folder.mkdir()
    mine = folder / f"{THREADS}.md"
    mine.write_text("My own note with the same name.\n", encoding="utf-8")
    (folder / "study QUEUE.md").write_text("not ours\n", encoding="utf-8")
    export(run_cli, vault, samples)
    assert mine.read_text(encoding="utf-8") == "My own note with the same name.\n"
    suffixed = [p.name for p in folder.glob(f"{THREADS} (*).md")]
    assert len(suffixed) == 1 and re.fullmatch(rf"{re.escape(THREADS)} \([0-9a-f]{{6}}\)\.md", suffixed[0])
    assert (folder / "study QUEUE.md").read_text(encoding="utf-8") == "not ours\n"
    # The suffix is derived from the entry id: a fresh vault gets the same name.
    other = vault.parent / "other"
    (other / "Digests").mkdir(parents=True)
    (other / "Digests" / f"{THREADS}.md").write_text("x\n", encoding="utf-8")
    export(run_cli, other, samples)
    assert [p.name for p in (other / "Digests").glob(f"{THREADS} (*).md")] == suffixed


def test_an_empty_file_left_by_a_power_cut_is_filled_in(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    folder = vault / "Digests"
    folder.mkdir()
    (folder / f"{THREADS}.md").write_bytes(b"")
    export(run_cli, vault, samples)
    assert frontmatter.load(str(folder / f"{THREADS}.md"))["title"] == THREADS
    assert not list(folder.glob(f"{THREADS} (*).md"))


# ---------------------------------------------------------------- merge properties (unit level)

_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=40)
_point = _text.map(lambda s: " ".join(s.split())).filter(bool)
_entries = st.builds(
    lambda title, text, verdict, points, minutes: Entry(
        id=f"o/r:{abs(hash((title, text))) % 10**12:012d}", repo="o/r", title=title or "t",
        text=text or "x", verdict=verdict, verdict_text=None, minutes=minutes,
        focus_points=tuple(dict.fromkeys(points)), references=("#1",),
        sources=(Source("d-2026-01-02.txt", 1, "2026-01-02"),),
    ),
    _text, _text, st.sampled_from(list(Verdict)), st.lists(_point, max_size=5),
    st.none() | st.integers(1, 60),
)


@settings(max_examples=150, deadline=None)
@given(
    _entries, st.lists(st.booleans(), max_size=7), _text, st.sampled_from(["reading", "done", "no"]),
    st.lists(_point, max_size=3), st.integers(0, 2),
)
def test_merge_keeps_everything_of_the_readers(
    entry: Entry, ticks: list[bool], notes_text: str, status: str, new_points: list[str], drop: int
) -> None:
    first = merge.new_note(note.draft(history.absorb(None, entry)))
    assert first.text is not None
    lines = first.text.split("\n")
    boxes = [i for i, line in enumerate(lines) if line.startswith("- [ ] ")]
    ticked_ids = set()
    for index, tick in zip(boxes, ticks, strict=False):
        if tick:
            lines[index] = "- [x] " + lines[index][6:]
            ticked_ids.add(lines[index].rsplit("^", 1)[1])
    text = "\n".join(lines).replace("status: unread\n", f"status: {status}\n")
    text = text.replace("---\n\n%%", "my_rating: 5 # mine\n---\n\n%%", 1) + notes_text + "\n"
    points = entry.focus_points[drop:] + tuple(p for p in new_points if p not in entry.focus_points)
    changed = note.draft(history.absorb(None, replace(entry, focus_points=points)))

    result = merge.merge(text, changed, first.written)
    merged = result.text or text
    post = frontmatter.loads(merged)
    assert post["status"] == yaml.safe_load(f"s: {status}")["s"] and post["my_rating"] == 5
    assert "my_rating: 5 # mine\n" in merged  # the reader's line, comment and all
    assert merged.endswith("## Notes\n" + notes_text + "\n")
    marks = {m["id"]: m["mark"] for m in TASK.finditer(merged) if m["id"]}
    for block_id in ticked_ids:
        assert marks.get(block_id) == "x"  # kept, as a current or a dropped point
    done = sum(1 for m in TASK.finditer(post.content.split(note.DROPPED_LINE)[0])
               if (m["id"] or "").startswith("fp-") and m["mark"] == "x")
    assert post["focus_done"] == done and post["focus_total"] == len(points)
    again = merge.merge(merged, changed, result.written)
    assert again.text is None  # a second export changes nothing
