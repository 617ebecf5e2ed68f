"""The promise as a property ([keep]): for any sequence of digest changes and reader
edits (ticks, property edits, inserted lines, notes, moves, deletions), no reader change
is ever lost, nothing is duplicated, and an export right after an export writes nothing.

The vault and the digests are real files and every export is the real CLI; the machine
only remembers what the reader did, to check it is all still there.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import frontmatter
from click.testing import CliRunner
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from digest2notes.cli import main

TITLES = ("Parser fix (#1)", "Cache rework", "调度器重构", "Tokenizer speedup", "显存优化")
POINTS = ("甲方案", "乙方案", "丙的边界", "丁的回退", "戊的代价", "己的测试")
VERDICTS = ("值得精读", "建议快速阅读", "无需精读")
ITEM = re.compile(r"^(?P<lead>\s*- \[(?P<mark>.)\] )(?P<text>.*?) \^(?P<id>verdict|fp-[0-9a-f-]+)", re.M)


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


class ReaderAndDigests(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="keep-"))
        self.vault = self.root / "vault"
        self.digests = self.root / "digests"
        self.vault.mkdir()
        self.digests.mkdir()
        self.day = 1
        #: Entries as the digests say them now: title → (verdict phrase, points).
        self.entries: dict[str, tuple[str, tuple[str, ...]]] = {
            TITLES[0]: (VERDICTS[0], POINTS[:3]),
            TITLES[1]: (VERDICTS[1], POINTS[2:4]),
        }
        self.ticks: set[tuple[str, str]] = set()  # (note id, block id) the reader ticked
        self.props: dict[str, dict[str, object]] = {}  # note id → properties the reader set
        self.lines: set[tuple[str, str]] = set()  # (note id, line the reader wrote)
        self.deleted: set[str] = set()
        self._write_digest()

    def teardown(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    # ------------------------------------------------------------------ helpers

    def _write_digest(self) -> None:
        blocks = [
            f"{title}\n\n{verdict}。建议关注：{'、'.join(points)}。"
            for title, (verdict, points) in self.entries.items()
        ]
        path = self.digests / f"r-2026-03-{self.day:02d}.txt"
        path.write_text("owner/repo\n\n" + "\n\n".join(blocks) + "\n", encoding="utf-8")

    def _notes(self) -> dict[str, list[Path]]:
        found: dict[str, list[Path]] = {}
        for path in sorted(self.vault.rglob("*.md")):
            if ".trash" in path.parts:
                continue
            note_id = frontmatter.load(str(path)).get("digest2notes_id")
            if note_id:
                found.setdefault(str(note_id), []).append(path)
        return found

    def _export(self) -> str:
        result = CliRunner().invoke(
            main, ["export", "--to", "obsidian", "--vault", str(self.vault), str(self.digests)]
        )
        assert result.exit_code == 0, result.output
        return result.stdout.strip().splitlines()[-1]

    def _pick(self, data: st.DataObject) -> tuple[str, Path]:
        notes = self._notes()
        note_id = data.draw(st.sampled_from(sorted(notes)))
        return note_id, notes[note_id][0]

    def _has_notes(self) -> bool:
        return bool(self._notes())

    # ------------------------------------------------------------------ the digests

    @rule(title=st.sampled_from(TITLES), verdict=st.sampled_from(VERDICTS),
          points=st.lists(st.sampled_from(POINTS), min_size=1, max_size=4, unique=True))
    def digest_changes(self, title: str, verdict: str, points: list[str]) -> None:
        self.entries[title] = (verdict, tuple(points))
        self._write_digest()

    @rule()
    def a_new_day(self) -> None:
        self.day += 1
        self._write_digest()

    # ------------------------------------------------------------------ the reader

    @precondition(lambda self: self._has_notes())
    @rule(data=st.data())
    def tick(self, data: st.DataObject) -> None:
        note_id, path = self._pick(data)
        text = path.read_text(encoding="utf-8")
        items = [m for m in ITEM.finditer(text) if m["mark"] == " "]
        if not items:
            return
        item = data.draw(st.sampled_from(items))
        addition = data.draw(st.sampled_from(["", " ✅ 2026-04-05"]))
        line = f"{item['lead'].replace('[ ]', '[x]')}{item['text']}{addition} ^{item['id']}"
        path.write_text(text[: item.start()] + line + text[item.end() :], encoding="utf-8")
        self.ticks.add((note_id, item["id"]))
        if addition:
            self.lines.add((note_id, addition.strip()))

    @precondition(lambda self: self._has_notes())
    @rule(data=st.data(), key=st.sampled_from(["status", "minutes", "mine"]),
          value=st.sampled_from(["reading", "done", 30, "a: b"]))
    def set_property(self, data: st.DataObject, key: str, value: object) -> None:
        note_id, path = self._pick(data)
        post = frontmatter.load(str(path))
        text = path.read_text(encoding="utf-8")
        head, _, rest = text[4:].partition("\n---\n")
        lines = [line for line in head.split("\n") if not line.startswith(f"{key}:")]
        shown = f'"{value}"' if isinstance(value, str) else str(value)
        lines.append(f"{key}: {shown}")
        path.write_text("---\n" + "\n".join(lines) + "\n---\n" + rest, encoding="utf-8")
        assert post is not None
        self.props.setdefault(note_id, {})[key] = value

    @precondition(lambda self: self._has_notes())
    @rule(data=st.data(), words=st.sampled_from(["my thought", "    - a sub-point", "> a quote"]))
    def insert_a_line(self, data: st.DataObject, words: str) -> None:
        note_id, path = self._pick(data)
        text = path.read_text(encoding="utf-8")
        items = list(ITEM.finditer(text))
        where = data.draw(st.sampled_from(items)).end() if items else len(text)
        line = f"{words} {len(self.lines)}"
        end = text.find("\n", where)
        end = len(text) if end < 0 else end
        path.write_text(text[:end] + "\n" + line + text[end:], encoding="utf-8")
        self.lines.add((note_id, line))

    @precondition(lambda self: self._has_notes())
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        _, path = self._pick(data)
        target = self.vault / data.draw(st.sampled_from(["Reading", "Reading/Deep", "Archive"]))
        target.mkdir(parents=True, exist_ok=True)
        path.rename(target / f"moved {path.name}")

    @precondition(lambda self: self._has_notes())
    @rule(data=st.data(), to_trash=st.booleans())
    def delete(self, data: st.DataObject, to_trash: bool) -> None:
        note_id, path = self._pick(data)
        if to_trash:
            (self.vault / ".trash").mkdir(exist_ok=True)
            path.rename(self.vault / ".trash" / path.name)
        else:
            path.unlink()
        self.deleted.add(note_id)

    # ------------------------------------------------------------------ exporting

    @initialize()
    def first_export(self) -> None:
        self.export()

    @rule()
    def export(self) -> None:
        self._export()
        before = snapshot(self.vault)
        assert self._export().startswith("created 0, updated 0,")
        assert snapshot(self.vault) == before  # a second export writes nothing

    @invariant()
    def nothing_of_the_readers_is_lost(self) -> None:
        notes = self._notes()
        assert all(len(paths) == 1 for paths in notes.values()), notes  # no duplicates
        assert not self.deleted & notes.keys()  # deleted stays deleted
        for note_id, path in ((i, p[0]) for i, p in notes.items()):
            text = path.read_text(encoding="utf-8")
            marks = {m["id"]: m["mark"] for m in ITEM.finditer(text)}
            for ticked in (b for i, b in self.ticks if i == note_id):
                assert marks.get(ticked) == "x", (ticked, text)
            for line in (line for i, line in self.lines if i == note_id):
                assert line in text, (line, text)
            post = frontmatter.loads(text)
            for key, value in self.props.get(note_id, {}).items():
                assert post.get(key) == value, (key, text)


ReaderAndDigests.TestCase.settings = settings(
    max_examples=30, stateful_step_count=12, deadline=None
)
test_no_reader_change_is_ever_lost = ReaderAndDigests.TestCase
