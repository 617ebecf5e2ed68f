"""Atomic file creation: a new note appears whole or not at all, and never in place of
anything that took its name meanwhile."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from digest2notes import atomic
from digest2notes.atomic import (
    atomic_create_bytes,
    atomic_create_text,
    atomic_write_text,
    is_temp_name,
)


def _names(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def test_a_new_file_gets_exactly_the_bytes_and_reports_its_status(tmp_path: Path) -> None:
    target = tmp_path / "note.md"
    status = atomic_create_text(target, "---\ntitle: 共享专家\n---\n\r\nbody\n")
    assert target.read_bytes() == "---\ntitle: 共享专家\n---\n\r\nbody\n".encode()
    on_disk = target.stat()
    assert (status.st_ino, status.st_mtime_ns, status.st_size) == (
        on_disk.st_ino,
        on_disk.st_mtime_ns,
        on_disk.st_size,
    )
    assert _names(tmp_path) == ["note.md"]  # no temp file left behind


def test_the_mode_is_that_of_a_plain_new_file(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_create_bytes(tmp_path / "a.md", b"x")
        with open(tmp_path / "b.md", "wb") as handle:
            handle.write(b"x")
    finally:
        os.umask(old)
    modes = {stat.S_IMODE(os.stat(tmp_path / name).st_mode) for name in ("a.md", "b.md")}
    assert modes == {0o640}


@pytest.mark.parametrize("occupant", ["file", "empty file", "folder", "dangling link"])
def test_a_taken_name_is_refused_and_left_exactly_as_it_was(
    tmp_path: Path, occupant: str
) -> None:
    target = tmp_path / "note.md"
    if occupant == "file":
        target.write_text("the reader's note")
    elif occupant == "empty file":
        target.touch()
    elif occupant == "folder":
        target.mkdir()
    else:
        target.symlink_to(tmp_path / "nowhere.md")
    before = os.lstat(target)
    with pytest.raises(FileExistsError):
        atomic_create_bytes(target, b"ours")
    after = os.lstat(target)
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (
        before.st_ino,
        before.st_mtime_ns,
        before.st_size,
    )
    assert not (tmp_path / "nowhere.md").exists()  # a link is never followed
    assert _names(tmp_path) == ["note.md"]  # and no temp file is left


def test_a_missing_folder_is_created(tmp_path: Path) -> None:
    target = tmp_path / "Digests" / "deeper" / "note.md"
    atomic_create_bytes(target, b"x")
    assert target.read_bytes() == b"x"


@pytest.mark.parametrize(
    "spelling", ["Digests/note.md", "Digests//note.md", "Digests/./new/../note.md", "new/note.md"]
)
def test_an_absolute_text_path_is_taken_as_the_system_reads_it(
    tmp_path: Path, spelling: str
) -> None:
    """The exporter's own calls (absolute ``str`` paths) skip normalising: every spelling
    the system accepts lands where ``open`` would put it, a missing folder included."""
    (tmp_path / "Digests" / "new").mkdir(parents=True)
    atomic_create_bytes(f"{tmp_path}/{spelling}", b"x")
    expected = tmp_path / ("new/note.md" if spelling == "new/note.md" else "Digests/note.md")
    assert expected.read_bytes() == b"x"
    with pytest.raises(FileExistsError):
        atomic_create_bytes(f"{tmp_path}/{spelling}", b"y")
    assert expected.read_bytes() == b"x"
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["note.md"]


def test_a_relative_path_is_created_relative_to_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    atomic_create_bytes("note.md", b"x")
    assert (tmp_path / "note.md").read_bytes() == b"x"


def test_without_hard_links_a_renamed_temp_file_does_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The way taken on file systems without hard links (FAT): look, then rename."""

    def no_links(*_: object, **__: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    target = tmp_path / "note.md"
    status = atomic_create_bytes(target, b"first")
    assert target.read_bytes() == b"first"
    assert os.stat(target).st_ino == status.st_ino
    with pytest.raises(FileExistsError):
        atomic_create_bytes(target, b"second")
    assert target.read_bytes() == b"first"
    assert _names(tmp_path) == ["note.md"]


def test_write_and_create_agree_on_what_a_file_holds(tmp_path: Path) -> None:
    data = bytes(range(256)) * 40
    atomic.atomic_write_bytes(tmp_path / "written.md", data, durable=False)
    atomic_create_bytes(tmp_path / "created.md", data)
    assert (tmp_path / "written.md").read_bytes() == (tmp_path / "created.md").read_bytes()


@pytest.mark.parametrize("durable", [True, False])
def test_atomic_write_creates_folders_and_writes_exact_bytes(tmp_path: Path, durable: bool) -> None:
    target = tmp_path / "a" / "b" / "note.md"
    atomic_write_text(target, "x\r\ny\n\ufeffz", durable=durable)
    assert target.read_bytes() == "x\r\ny\n\ufeffz".encode()
    atomic_write_text(str(target), "second", durable=durable)
    assert target.read_text(encoding="utf-8") == "second"
    assert [p.name for p in target.parent.iterdir()] == ["note.md"]  # no temp file left
    mode = target.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask  # as a plain open() would create it, not mkstemp's 0o600


def test_a_failed_atomic_write_leaves_the_old_file_and_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "folder"
    target.mkdir()
    (target / "inside").write_text("keep", encoding="utf-8")
    with pytest.raises(OSError):
        atomic_write_text(target, "cannot replace a folder with a file")
    assert [p.name for p in tmp_path.iterdir()] == ["folder"]
    assert not any(is_temp_name(p.name) for p in tmp_path.iterdir())
    assert is_temp_name(".digest2notes-1-2.tmp") and not is_temp_name("digest2notes-1-2.tmp")


