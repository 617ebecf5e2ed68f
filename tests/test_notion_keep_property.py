"""hypothesis (issue keep): for random sequences of digest changes and reader edits in
Notion, no reader change is ever lost, and a second export with nothing new writes nothing.

Each example drives the real exporter (plan, then apply) over HTTP against one emulator;
examples are few and small so the suite stays fast."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from digest2notes import read_digests
from digest2notes_notion import NotionExporter
from tests.notion_emulator import NotionEmulator, plain_text

TITLE = "Scheduler rework (#51000)"

digest_changes = st.sampled_from(["minutes", "verdict", "point", "new_day", "none"])
reader_edits = st.sampled_from(["rename", "minutes", "verdict", "tick", "status", "note"])
steps = st.lists(st.tuples(digest_changes, reader_edits), min_size=1, max_size=4)


def _digest(day: int, minutes: int, verdict: str, points: list[str]) -> str:
    words = {"deep": "值得精读", "skim": "可以略读"}[verdict]
    return (
        f"vllm-project/vllm\n\n{TITLE}\n\n"
        f"{words}（约 {minutes} 分钟）。建议关注：{'、'.join(points)}。第 {day} 天。\n"
    )


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps)
def test_no_reader_change_is_lost(tmp_path_factory: object, plan: list[tuple[str, str]]) -> None:
    folder = Path(getattr(tmp_path_factory, "mktemp")("digests"))  # noqa: B009
    with NotionEmulator() as emu:
        env = {"NOTION_TOKEN": emu.token, "NOTION_BASE_URL": emu.base_url}
        db = emu.human_create_database("x", {"Name": {"title": {}}})
        from digest2notes_notion.schema import database_properties

        emu.state.update_data_source(
            db["data_sources"][0]["id"], {"properties": database_properties()}, emu.state.bot_user
        )
        source = db["data_sources"][0]["id"]
        exporter = NotionExporter(
            {"database": db["id"], "rate": 1000, "retry_backoff": 0.005, "settle": 0}, env
        )
        day, minutes, verdict, points = 1, 20, "deep", ["调度", "缓存"]
        mine: dict[str, object] = {}
        ticked: set[str] = set()

        def export() -> None:
            (folder / f"vllm-2026-11-{day:02d}.txt").write_text(
                _digest(day, minutes, verdict, points), encoding="utf-8"
            )
            entries = read_digests([str(folder)]).entries
            exporter.apply(exporter.plan(entries))

        export()
        for change, edit in plan:
            (page,) = emu.pages_in(source)
            blocks = emu.children_of(page["id"])
            if edit == "rename":
                emu.human_rename(page["id"], "my title")
                mine["Name"] = "my title"
            elif edit == "minutes":
                emu.human_set_property(page["id"], "Minutes", {"number": 99})
                mine["Minutes"] = 99
            elif edit == "verdict":
                emu.human_set_select(page["id"], "Verdict", "Skip")
                mine["Verdict"] = "Skip"
            elif edit == "status":
                emu.human_set_select(page["id"], "Status", "Done")
                mine["Status"] = "Done"
            elif edit == "tick":
                box = next(b for b in blocks if b["type"] == "to_do")
                emu.human_tick(box["id"])
                ticked.add(box["id"])
            else:
                emu.human_add_blocks(
                    page["id"], [{"paragraph": {"rich_text": [{"text": {"content": "mine"}}]}}]
                )
                mine["note"] = "mine"
            if change == "minutes":
                minutes += 5
            elif change == "verdict":
                verdict = "skim" if verdict == "deep" else "deep"
            elif change == "point":
                points = [*points, f"新点{len(points)}"]
            elif change == "new_day":
                day += 1
            export()
            (page,) = emu.pages_in(source)
            props = page["properties"]
            for name, wanted in mine.items():
                if name == "note":
                    texts = [
                        plain_text(b[b["type"]]["rich_text"]) for b in emu.children_of(page["id"])
                    ]
                    assert "mine" in texts
                    continue
                prop = props[str(name)]
                raw = prop[prop["type"]]
                got = (
                    plain_text(raw)
                    if prop["type"] == "title"
                    else (raw["name"] if prop["type"] == "select" else raw)
                )
                assert got == wanted, (name, plan)
            live = {b["id"]: b for b in emu.children_of(page["id"])}
            for box_id in ticked:
                assert live[box_id]["to_do"]["checked"] is True, plan
            emu.clear_log()
            export()
            assert emu.write_count() == 0, (plan, [r.route for r in emu.requests if r.write])
