"""A list inside an item of a list that points at nothing: "以下分点：1. 做了什么——… 2. 该看
什么——一是 X，二是 Y", "第一，…第二，读的时候盯住这几处：（1）X（2）Y".

The outer list describes the PR in parts; one part opens with a pointer and a colon or
dash of its own, and the list after that is what to study.
"""

from __future__ import annotations

from . import lexicon as lx
from .items import Item
from .keeping import worth_keeping
from .markers import MarkedList, marked_lists
from .objects import FocusState, add
from .text import Para

__all__ = ["nested_points"]

_POINTING = lx.ATTEND | lx.VALUE | lx.READ | lx.EMPHASIS | lx.RECOMMEND
_INTRODUCERS = (":", "—", "–")


def nested_points(state: FocusState, outer: MarkedList) -> bool:
    """Add the points of the pointed list inside one of `outer`'s items; whether any."""
    para, scan = state.para, state.scan
    found = False
    for item in outer.items:
        inner = marked_lists(Para.of(para.text[item.start : item.end]))
        if not inner:
            continue
        first = inner[0]
        intro_end = item.start + first.start
        header = para.norm[item.start : intro_end].rstrip(" \t\n*_")
        if not header.endswith(_INTRODUCERS) or not scan.any(_POINTING, item.start, intro_end):
            continue
        points = [
            point for i in first.items
            if worth_keeping(state, point := Item(item.start + i.start, item.start + i.end))
        ]
        add(state, "nested list", (item.start, intro_end), points, (item.start, item.end))
        found = True
    return found
