"""Unit tests of the Notion exporter's pure parts: ids, text splitting, body reconciliation,
schema check, pacing and retry timing. No network."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes import ConfigError, Entry, ExportError, Verdict
from digest2notes_notion.base import Base, fingerprint
from digest2notes_notion.blocks import (
    MAX_CHILDREN,
    BlockSpec,
    batches,
    json_size,
    rich_text,
    split_text,
    utf16_len,
)
from digest2notes_notion.body import Body, appearances, desired_body
from digest2notes_notion.ids import normalize_id
from digest2notes_notion.pacing import Pacer, RetryPolicy
from digest2notes_notion.reconcile import focus_progress, plan_body
from digest2notes_notion.schema import PROPERTY_TYPES, check_schema, database_properties

HEX = "0123456789abcdef0123456789abcdef"
DASHED = "01234567-89ab-cdef-0123-456789abcdef"
BOT = "bot-user"
HUMAN = "human-user"


def make_entry(**changes: Any) -> Entry:
    values: dict[str, Any] = {
        "id": "o/r:0123456789ab",
        "repo": "o/r",
        "title": "A change",
        "text": "值得精读。建议关注：a、b。",
        "verdict": Verdict.DEEP,
        "verdict_text": "值得精读",
        "minutes": None,
        "focus_points": ("a", "b"),
        "references": (),
    }
    values.update(changes)
    return Entry(**values)


# ------------------------------------------------------------------------ ids


@pytest.mark.parametrize(
    "raw",
    [
        HEX,
        DASHED,
        HEX.upper(),
        f"https://www.notion.so/myspace/Study-notes-{HEX}?v=fedcba9876543210fedcba9876543210",
        f"https://www.notion.so/{HEX}?v=fedcba9876543210fedcba9876543210&pvs=4",
        f"notion.so/Study-{HEX}",
        f"collection://{DASHED}",
        f"  {DASHED}  ",
    ],
)
def test_ids_accept_dashed_undashed_and_urls(raw: str) -> None:
    assert normalize_id(raw) == DASHED


@pytest.mark.parametrize("raw", ["", "not-an-id", "https://www.notion.so/Study?v=" + HEX, "abc123"])
def test_ids_refuse_what_is_not_an_id(raw: str) -> None:
    with pytest.raises(ConfigError):
        normalize_id(raw)


# ------------------------------------------------------------------- splitting


def test_split_prefers_sentence_ends_and_loses_nothing() -> None:
    sentence = "这是一个关于调度器的句子，说明了抢占路径上的竞态。"  # 25 chars
    text = sentence * 200  # 5,000 characters
    pieces = split_text(text)
    assert "".join(pieces) == text
    assert all(utf16_len(p) <= 2000 for p in pieces)
    assert all(p.endswith("。") for p in pieces[:-1])
    assert len(pieces) == 3


def test_split_counts_emoji_as_two_units() -> None:
    text = "😀" * 1500  # 3,000 UTF-16 units
    pieces = split_text(text)
    assert "".join(pieces) == text
    assert [utf16_len(p) for p in pieces] == [2000, 1000]


def test_split_without_any_break_cuts_at_the_limit() -> None:
    text = "x" * 4500
    assert [len(p) for p in split_text(text)] == [2000, 2000, 500]


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=0, max_size=6000), st.integers(min_value=50, max_value=2000))
def test_split_property(text: str, limit: int) -> None:
    pieces = split_text(text, limit)
    assert "".join(pieces) == text
    assert all(utf16_len(p) <= limit for p in pieces)
    assert all(pieces) or pieces == [""]


def test_rich_text_items_respect_limits() -> None:
    items = rich_text("y" * 5000)
    assert [len(i["text"]["content"]) for i in items] == [2000, 2000, 1000]
    assert rich_text("") == []


def test_batches_split_by_count_and_by_size() -> None:
    small = [BlockSpec("to_do", f"point {i}").to_json() for i in range(250)]
    assert [len(b) for b in batches(small)] == [100, 100, 50]
    big = [BlockSpec("paragraph", "字" * 2000).to_json() for _ in range(100)]
    groups = list(batches(big))
    assert sum(len(g) for g in groups) == 100
    assert len(groups) >= 2
    assert all(json_size(g) < 450_000 and len(g) <= MAX_CHILDREN for g in groups)


def body_of(entry: Entry, base: Base | None = None) -> Body:
    return desired_body(entry, appearances(entry), base, "", compact=False)


def base_of(entry: Entry) -> Base:
    """The base of a row the tool wrote for `entry` and nobody touched."""
    body = body_of(entry)
    return Base(
        verdict=fingerprint(body.verdict),
        points=frozenset(fingerprint(p) for p in body.points),
        history=body.recorded(None),
    )


def test_body_has_verdict_then_points_then_each_digest() -> None:
    entry = make_entry(minutes=20, focus_points=("p1", "p2", "p3"), references=("#7",))
    specs = body_of(entry).specs()
    assert specs[0] == BlockSpec("to_do", "Read closely (~20 min) — 值得精读")
    assert [s.text for s in specs[1:4]] == ["p1", "p2", "p3"]
    assert [s.type for s in specs[4:]] == ["paragraph", "paragraph"]
    assert specs[4].text == "From the digest of o/r:0123456789ab · #7"


# ------------------------------------------------------------------- reconcile


def block(
    block_id: str, btype: str, text: str, *, checked: bool = False, by: str = BOT
) -> dict[str, Any]:
    payload: dict[str, Any] = {"rich_text": [{"type": "text", "plain_text": text}]}
    if btype == "to_do":
        payload["checked"] = checked
    return {
        "id": block_id,
        "type": btype,
        btype: payload,
        "created_by": {"id": by},
        "last_edited_by": {"id": by},
    }


def page_blocks() -> list[dict[str, Any]]:
    return [
        block("v", "to_do", "Read closely — 值得精读"),
        block("a", "to_do", "a", checked=True),
        block("b", "to_do", "b"),
        block("h", "paragraph", "From the digest of o/r:0123456789ab"),
        block("t", "paragraph", "值得精读。建议关注：a、b。"),
        block("n", "paragraph", "my own note", by=HUMAN),
    ]


def test_reconcile_unchanged_body_needs_nothing() -> None:
    entry = make_entry()
    assert plan_body(page_blocks(), body_of(entry), base_of(entry), BOT).empty


def test_reconcile_keeps_ticks_adds_and_removes_points() -> None:
    before = make_entry()
    entry = make_entry(focus_points=("a", "c"))
    ops = plan_body(page_blocks(), body_of(entry, base_of(before)), base_of(before), BOT)
    assert ops.deletes == ["b"]  # the removed point; never the reader's note
    assert ops.inserts == [("a", [BlockSpec("to_do", "c")])]  # after the last kept to-do
    assert (ops.added_points, ops.removed_points) == (1, 1)


def test_reconcile_leaves_a_reworded_or_ticked_point_to_the_reader() -> None:
    before = make_entry()
    blocks = page_blocks()
    blocks[2] = block("b", "to_do", "b, as I put it")
    entry = make_entry(focus_points=("b",))  # the digest drops the ticked "a"
    ops = plan_body(blocks, body_of(entry, base_of(before)), base_of(before), BOT)
    assert ops.empty  # "a" is ticked, "b" was reworded: both the reader's, "b" not re-added


def test_reconcile_updates_verdict_in_place() -> None:
    before = make_entry()
    entry = make_entry(verdict=Verdict.SKIM, verdict_text="快速浏览", minutes=5)
    ops = plan_body(page_blocks(), body_of(entry, base_of(before)), base_of(before), BOT)
    assert ops.updates == [("v", "to_do", "Skim (~5 min) — 快速浏览")]
    assert not ops.deletes and not ops.inserts


def test_reconcile_leaves_blocks_of_other_people_alone() -> None:
    entry = make_entry()
    blocks = [*page_blocks(), block("x", "to_do", "my own to-do", by=HUMAN)]
    assert plan_body(blocks, body_of(entry), base_of(entry), BOT).empty


def test_reconcile_repairs_a_body_cut_short() -> None:
    points = tuple(f"point {i}" for i in range(150))
    entry = make_entry(focus_points=points, text="x" * 5000)
    specs = body_of(entry).specs()
    existing = [block(f"b{i}", s.type, s.text) for i, s in enumerate(specs[:100])]
    ops = plan_body(existing, body_of(entry), None, BOT)
    assert not ops.deletes
    assert [(anchor, [s.text for s in group]) for anchor, group in ops.inserts] == [
        ("b99", [s.text for s in specs[100:]])
    ]


def test_focus_progress_ignores_the_verdict_todo() -> None:
    blocks = page_blocks()
    blocks[0]["to_do"]["checked"] = True
    assert focus_progress(blocks, BOT) == (1, 2)


# ---------------------------------------------------------------------- schema


def schema_of(props: dict[str, Any]) -> dict[str, Any]:
    return {name: {"type": next(iter(cfg))} for name, cfg in props.items()}


def test_schema_from_init_passes_the_check() -> None:
    check_schema(schema_of(database_properties()), "db")
    assert list(database_properties()) == list(PROPERTY_TYPES)


def test_schema_check_names_missing_and_mistyped_properties() -> None:
    props = schema_of(database_properties())
    del props["Minutes"]
    props["Tags"] = {"type": "rich_text"}
    with pytest.raises(ExportError) as caught:
        check_schema(props, "db")
    message = str(caught.value)
    assert "missing property 'Minutes' (number)" in message
    assert "'Tags' as rich_text, expected multi_select" in message
    assert "notion init --database" in message and "\n" not in message


# ---------------------------------------------------------------------- pacing


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_pacer_spaces_requests_evenly() -> None:
    clock = FakeClock()
    pacer = Pacer(4.0, clock=clock, sleep=clock.sleep)
    for _ in range(9):
        pacer.wait()
    assert clock.now == pytest.approx(102.0)  # 9 requests at 4/s: the 9th starts at +2 s


def test_pacer_does_not_bank_idle_time() -> None:
    clock = FakeClock()
    pacer = Pacer(2.0, clock=clock, sleep=clock.sleep)
    pacer.wait()
    clock.now += 10
    pacer.wait()
    pacer.wait()
    assert clock.slept == [pytest.approx(0.5)]


def test_backoff_grows_and_is_capped() -> None:
    policy = RetryPolicy(backoff=0.5, max_backoff=8.0)
    assert policy.delay(1, rng=lambda: 1.0) == pytest.approx(0.5)
    assert policy.delay(3, rng=lambda: 0.0) == pytest.approx(1.0)
    assert policy.delay(10, rng=lambda: 1.0) == pytest.approx(8.0)
