"""The study queue's pure functions: ranking, filtering, minutes, budgets, ids, display.

Expected orders are written out by hand (or checked against a comparator that
spells the product rule out clause by clause), never derived from `rank` itself.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digest2notes.display import display_width, fit
from digest2notes.errors import ConfigError, Digest2NotesError
from digest2notes.exporting import StudyItem, StudyStatus
from digest2notes.model import Verdict
from digest2notes.queue import (
    DEFAULT_MINUTES,
    AmbiguousIdError,
    UnknownIdError,
    is_ready,
    item_minutes,
    minutes_from_config,
    parse_duration,
    plan_budget,
    rank,
    rank_key,
    resolve_id,
    select,
    short_ids,
    summarise,
    to_json,
)


def item(
    title: str,
    verdict: Verdict = Verdict.DEEP,
    *,
    date: str | None = "2026-11-28",
    done: int = 0,
    total: int = 3,
    status: StudyStatus = StudyStatus.UNREAD,
    minutes: int | None = None,
    repo: str = "vllm-project/vllm",
    id: str | None = None,
) -> StudyItem:
    return StudyItem(
        id=id or f"{repo}:{abs(hash((repo, title))) % 16**12:012x}",
        title=title,
        repo=repo,
        verdict=verdict,
        status=status,
        focus_done=done,
        focus_total=total,
        minutes=minutes,
        digest_date=date,
        location=f"Digests/{title}.md",
    )


def titles(items: list[StudyItem]) -> list[str]:
    return [i.title for i in items]


# ---------------------------------------------------------------------------
# Ranking


def test_verdict_order_is_deep_skim_unknown_skip() -> None:
    items = [
        item("skip", Verdict.SKIP),
        item("unknown", Verdict.UNKNOWN),
        item("skim", Verdict.SKIM),
        item("deep", Verdict.DEEP),
    ]
    assert titles(rank(items)) == ["deep", "skim", "unknown", "skip"]


def test_verdict_beats_date_and_date_beats_points_left() -> None:
    items = [
        item("skim newest", Verdict.SKIM, date="2026-12-01"),
        item("deep old, 1 left", date="2026-11-01", done=2, total=3),
        item("deep new, 3 left", date="2026-11-28", done=0, total=3),
        item("deep new, 1 left", date="2026-11-28", done=4, total=5),
        item("deep no date", date=None, done=3, total=3),
    ]
    assert titles(rank(items)) == [
        "deep new, 1 left",
        "deep new, 3 left",
        "deep old, 1 left",
        "deep no date",
        "skim newest",
    ]


def test_status_is_not_a_ranking_key() -> None:
    reading = item("b reading", status=StudyStatus.READING, done=0, total=3)
    unread = item("a unread", done=0, total=3)
    assert titles(rank([reading, unread])) == ["a unread", "b reading"]


def test_ties_break_on_title_then_id_for_a_stable_order() -> None:
    a1 = item("same", id="r/x:000000000002")
    a2 = item("same", id="r/x:000000000001")
    b = item("another")
    assert [i.id for i in rank([a1, b, a2])] == [b.id, a2.id, a1.id]


def test_newest_first_copes_with_unequal_length_dates() -> None:
    # Not ISO dates, but the key must still be a total, descending order.
    items = [item("short", date="2026"), item("long", date="2026-01"), item("none", date=None)]
    assert titles(rank(items)) == ["long", "short", "none"]


def _oracle_cmp(a: StudyItem, b: StudyItem) -> int:
    """The product rule, clause by clause."""
    order = ["deep", "skim", "unknown", "skip"]
    for x, y in (
        (order.index(a.verdict.value), order.index(b.verdict.value)),
    ):
        if x != y:
            return -1 if x < y else 1
    if a.digest_date != b.digest_date:
        if a.digest_date is None:
            return 1
        if b.digest_date is None:
            return -1
        return -1 if a.digest_date > b.digest_date else 1
    left_a, left_b = a.focus_total - a.focus_done, b.focus_total - b.focus_done
    if left_a != left_b:
        return -1 if left_a < left_b else 1
    if a.title != b.title:
        return -1 if a.title < b.title else 1
    return (a.id > b.id) - (a.id < b.id)


dates = st.one_of(st.none(), st.sampled_from(["2026-11-27", "2026-11-28", "2025-01-01", "2026"]))


@st.composite
def study_items(draw: Any) -> StudyItem:
    total = draw(st.integers(0, 6))
    return StudyItem(
        id=f"a/b:{draw(st.integers(0, 2**20)):012x}",
        title=draw(st.text(alphabet="ab共c", max_size=3)),
        repo="a/b",
        verdict=draw(st.sampled_from(list(Verdict))),
        status=draw(st.sampled_from(list(StudyStatus))),
        focus_done=draw(st.integers(0, total)),
        focus_total=total,
        minutes=draw(st.one_of(st.none(), st.integers(0, 60))),
        digest_date=draw(dates),
        location="x",
    )


@settings(max_examples=200)
@given(st.lists(study_items(), max_size=25))
def test_rank_agrees_with_the_rule_spelled_out(items: list[StudyItem]) -> None:
    expected = sorted(items, key=functools.cmp_to_key(_oracle_cmp))
    assert [rank_key(i) for i in rank(items)] == [rank_key(i) for i in expected]


# ---------------------------------------------------------------------------
# Filtering


def test_select_leaves_out_done_and_skip_by_default() -> None:
    items = [
        item("done", status=StudyStatus.DONE),
        item("skip", Verdict.SKIP),
        item("reading", status=StudyStatus.READING),
        item("unknown", Verdict.UNKNOWN),
    ]
    assert titles(select(items)) == ["reading", "unknown"]
    assert titles(select(items, include_skip=True)) == ["reading", "unknown", "skip"]
    assert titles(select(items, include_done=True)) == ["done", "reading", "unknown"]


def test_asking_for_the_skip_verdict_by_name_lists_skips() -> None:
    items = [item("skip", Verdict.SKIP), item("deep")]
    assert titles(select(items, verdicts=[Verdict.SKIP])) == ["skip"]
    assert titles(select(items, verdicts=[Verdict.DEEP, Verdict.SKIM])) == ["deep"]


def test_repo_filter_takes_the_full_name_or_the_short_one_in_any_case() -> None:
    items = [item("v", repo="vllm-project/vllm"), item("t", repo="pytorch/pytorch")]
    assert titles(select(items, repos=["vllm"])) == ["v"]
    assert titles(select(items, repos=["VLLM-Project/vllm"])) == ["v"]
    assert titles(select(items, repos=["vllm-project"])) == []
    assert titles(select(items, repos=["vllm", "pytorch"])) == ["t", "v"]


def test_ready_means_every_point_ticked_and_not_done() -> None:
    assert is_ready(item("a", done=3, total=3))
    assert is_ready(item("a", done=3, total=3, status=StudyStatus.READING))
    assert not is_ready(item("a", done=3, total=3, status=StudyStatus.DONE))
    assert not is_ready(item("a", done=2, total=3))
    assert not is_ready(item("a", done=0, total=0))


# ---------------------------------------------------------------------------
# Minutes


def test_minutes_prefer_the_digest_estimate_then_the_verdict_default() -> None:
    assert item_minutes(item("a", Verdict.SKIM, minutes=3)) == 3
    assert item_minutes(item("a", Verdict.SKIM)) == 5
    assert item_minutes(item("a", Verdict.DEEP)) == 20
    assert item_minutes(item("a", Verdict.UNKNOWN)) == 10
    assert item_minutes(item("a", Verdict.SKIP)) == 2
    assert item_minutes(item("a", Verdict.DEEP, minutes=0)) == 0


def test_minutes_config_overrides_some_defaults_and_rejects_typos() -> None:
    got = minutes_from_config({"minutes": {"deep": 45}})
    assert got[Verdict.DEEP] == 45 and got[Verdict.SKIM] == DEFAULT_MINUTES[Verdict.SKIM]
    assert minutes_from_config({}) == dict(DEFAULT_MINUTES)
    for bad in ({"minutes": {"dep": 5}}, {"minutes": {"deep": "5"}}, {"minutes": {"deep": -1}},
                {"minutes": {"deep": True}}, {"minutes": 5}):
        with pytest.raises(ConfigError, match=r"\[queue\] minutes"):
            minutes_from_config(bad)


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("45m", 45), ("1h", 60), ("1h30m", 90), ("1h 30m", 90), ("1h30", 90), ("90", 90),
     (" 90 ", 90), ("1.5h", 90), ("90min", 90), ("2H", 120), ("45 minutes", 45),
     ("2hours", 120)],
)
def test_parse_duration(text: str, minutes: int) -> None:
    assert parse_duration(text) == minutes


@pytest.mark.parametrize(
    "text", ["", "m", "h", "0", "0m", "45s", "-5", "abc", "1.5", "30m1h", "1h1h"]
)
def test_parse_duration_rejects_nonsense(text: str) -> None:
    with pytest.raises(ValueError, match=r"duration|more than 0"):
        parse_duration(text)


def test_budget_is_greedy_in_rank_order_and_passes_over_what_does_not_fit() -> None:
    ranked = rank([
        item("deep 1", date="2026-11-28"),                          # 20
        item("deep 2", date="2026-11-27", minutes=30),              # 30: does not fit after deep 1
        item("skim 1", Verdict.SKIM),                               # 5
        item("skim 2", Verdict.SKIM, minutes=25),                   # 25: does not fit
        item("unknown", Verdict.UNKNOWN),                           # 10
        item("skim 3", Verdict.SKIM, date="2026-11-01", minutes=21),  # 21: does not fit (20 left)
    ])
    assert titles(ranked) == ["deep 1", "deep 2", "skim 1", "skim 2", "skim 3", "unknown"]
    assert titles(plan_budget(ranked, 45)) == ["deep 1", "skim 1", "unknown"]
    assert titles(plan_budget(ranked, 50)) == ["deep 1", "deep 2"]
    assert titles(plan_budget(ranked, 4)) == []


def test_budget_uses_configured_defaults() -> None:
    ranked = [item("deep"), item("skim", Verdict.SKIM)]
    defaults = {**DEFAULT_MINUTES, Verdict.DEEP: 60}
    assert titles(plan_budget(ranked, 45, defaults)) == ["skim"]


@settings(max_examples=200)
@given(st.lists(study_items(), max_size=30), st.integers(1, 200))
def test_budget_properties(items: list[StudyItem], budget: int) -> None:
    ranked = rank(items)
    plan = plan_budget(ranked, budget)
    # Never exceeds the budget.
    assert sum(item_minutes(i) for i in plan) <= budget
    # A subsequence of the ranked queue, in rank order.
    taken = iter(range(len(ranked)))
    positions = []
    for chosen in plan:
        positions.append(next(p for p in taken if ranked[p] is chosen))
    assert positions == sorted(positions)
    # Greedy: every item passed over did not fit in what was left when it was reached.
    used = 0
    chosen_ids = {id(i) for i in plan}
    for candidate in ranked:
        if id(candidate) in chosen_ids:
            used += item_minutes(candidate)
        else:
            assert item_minutes(candidate) > budget - used
    # Nothing left over would still fit.
    assert all(item_minutes(i) > budget - used for i in ranked if id(i) not in chosen_ids)


# ---------------------------------------------------------------------------
# Ids


IDS = [
    "vllm-project/vllm:3f2a9c1b7d20",
    "vllm-project/vllm:3f2b00000000",
    "pytorch/pytorch:aa0000000000",
    "astral-sh/uv:3f2a11111111",
]


def id_items() -> list[StudyItem]:
    return [item(f"t{n}", id=i) for n, i in enumerate(IDS)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("vllm-project/vllm:3f2a9c1b7d20", IDS[0]),
        ("vllm-project/vllm:3f2a", IDS[0]),
        ("VLLM-project/vllm:3F2A", IDS[0]),
        ("3f2a9", IDS[0]),
        ("3f2b", IDS[1]),
        ("pytorch", IDS[2]),
        ("aa", IDS[2]),
        ("astral", IDS[3]),
        ("  3f2a1 ", IDS[3]),
    ],
)
def test_resolve_id(query: str, expected: str) -> None:
    assert resolve_id(id_items(), query).id == expected


def test_exact_id_wins_over_a_longer_id_it_prefixes() -> None:
    items = [item("a", id="r/x:abc"), item("b", id="r/x:abcd")]
    assert resolve_id(items, "r/x:abc").title == "a"


@pytest.mark.parametrize("query", ["3f2", "vllm", "3f2a"])
def test_ambiguous_prefix_is_one_line_listing_candidates(query: str) -> None:
    with pytest.raises(AmbiguousIdError) as info:
        resolve_id(id_items(), query)
    message = str(info.value)
    assert "\n" not in message
    assert f"{query!r} matches" in message
    assert IDS[0] in message


def test_ambiguity_lists_at_most_five() -> None:
    items = [item(f"t{n}", id=f"r/x:ab{n:010d}") for n in range(8)]
    with pytest.raises(AmbiguousIdError, match=r"matches 8 items: .*and 3 more") as info:
        resolve_id(items, "ab")
    assert str(info.value).count("r/x:ab") == 5


@pytest.mark.parametrize("query", ["zzz", "", "   ", "vllm-project/vllm:3f2a9c1b7d20x"])
def test_unknown_id(query: str) -> None:
    with pytest.raises(UnknownIdError, match="no study item matches") as info:
        resolve_id(id_items(), query)
    assert "\n" not in str(info.value)


def test_the_same_id_twice_is_ambiguous_and_names_both_places() -> None:
    twin = [item("a", id="r/x:abc"), item("a copy", id="r/x:abc")]
    with pytest.raises(AmbiguousIdError, match=r"in 2 places: Digests/a.md, Digests/a copy.md"):
        resolve_id(twin, "r/x:abc")
    assert issubclass(AmbiguousIdError, Digest2NotesError)


def test_short_ids_are_unique_resolvable_prefixes() -> None:
    items = [*id_items(), item("x", id="a/b:3f2a9c1000ff")]
    short = short_ids(items)
    assert len(set(short.values())) == len(items)
    assert all(len(s) >= 7 for s in short.values())
    assert short["pytorch/pytorch:aa0000000000"] == "aa000000"  # grown to tell 3f2a9c1… apart
    for it in items:
        assert resolve_id(items, short[it.id]).id == it.id


# ---------------------------------------------------------------------------
# Reporting


def test_summary_counts_unfinished_minutes_done_and_ready() -> None:
    everything = [
        item("a", minutes=7),
        item("b", Verdict.SKIM, status=StudyStatus.READING, done=3, total=3),
        item("c", status=StudyStatus.DONE),
        item("d", status=StudyStatus.DONE),
    ]
    listed = select(everything)
    summary = summarise(listed, everything)
    assert (summary.to_read, summary.minutes, summary.reading, summary.done, summary.ready) == (
        2, 12, 1, 2, 1,
    )
    assert summary.line() == "2 to read, ~12 min; 2 done, 1 in progress"


def test_json_shape() -> None:
    data = to_json(item("a", Verdict.SKIM, done=3, total=3, status=StudyStatus.READING))
    assert set(data) == {
        "id", "title", "repo", "verdict", "status", "focus_done", "focus_total", "ready",
        "minutes", "minutes_default", "digest_date", "location",
    }
    assert (data["verdict"], data["status"], data["ready"], data["minutes"]) == (
        "skim", "reading", True, 5,
    )
    assert data["minutes_default"] is True


def test_display_width_counts_cjk_double_and_marks_zero() -> None:
    assert display_width("abc") == 3
    assert display_width("共享专家") == 8
    assert display_width("ｆｕｌｌ") == 8
    assert display_width("e\u0301") == 1


@pytest.mark.parametrize("text", ["short", "共享专家 partial 加法 Lamport", "a" * 40, "共" * 30])
@pytest.mark.parametrize("width", [1, 2, 5, 10, 21])
def test_fit_is_exactly_the_width(text: str, width: int) -> None:
    out = fit(text, width)
    assert display_width(out) == width
    if display_width(text) > width:
        assert out.rstrip().endswith("…")


def test_fit_hides_control_characters() -> None:
    assert fit("a\x1b[31mb", 10).startswith("a?[31mb")
