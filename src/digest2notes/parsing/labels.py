"""Pointers that close a bracketed label: "【重点看】A；B", "【值得留意】X", "「重点」▶ A ▶ B".

The label's close introduces the list after it, as a colon would (`pointers` reads the
other forms).
"""

from __future__ import annotations

import re
from functools import cache

from . import lexicon as lx
from .headers import count
from .objects import FocusState, announced

__all__ = ["labelled_pointer"]

_LABEL_LEAD = 8  # characters between a label's opening and its pointer word


def labelled_pointer(state: FocusState, i: int) -> bool:
    """ "【重点看】A；B", "【值得留意】X", "【可以看看】X": a pointer that closes a bracketed
    label; the close introduces the list, as a colon would. A reading verb points so only
    when advised in the label ("可以看看"; "【怎么读】" asks how to read). True when the
    label was read, which includes a label that only heads a pointer of its own
    ("「重点」最值得细看的是 X") and so points at nothing itself."""
    scan, para = state.scan, state.para
    norm = para.norm
    start, end = scan.starts[i], scan.ends[i]
    following = i + 1
    if following < len(scan.starts) and scan.starts[following] == end and (
        scan.flags[following] & (lx.POINTING | lx.READ)
    ):
        return False  # "重点看": the last word closes it
    closed = _label_close(norm, start, end)
    if closed < 0:
        return False
    inner = scan.first(lx.POINTING | lx.READ | lx.RECOMMEND, closed, closed + _LABEL_LEAD)
    if inner >= 0 and len(norm[closed : scan.starts[inner]].strip(" *_")) <= 2:
        return True  # "「重点」最值得细看的是 X": the pointer after the label points
    opening = max(norm.rfind(mark, 0, start) for mark in _OPENINGS.values()) + 1
    bits = scan.flags[i]
    if not bits & lx.POINTING and (
        bits & (lx.DEPTH | lx.BREVITY)  # "【重点研读】", "[必啃]": how to read, a rating
        or not scan.any(lx.MODAL | lx.RECOMMEND | lx.POINTING, opening, start)
    ):
        return False
    announced(state, i, closed, count(para, opening, end))
    return True


def _label_close(norm: str, start: int, end: int) -> int:
    """Where the 【…】, 「…」 or […] label that the pointer at [start, end) closes ends, or -1:
    the pointer is the label's last words ("【值得留意】", "【盯紧这几处】")."""
    close = _label_end().match(norm, end)
    if close is None:
        return -1
    opening = _OPENINGS[close.group()[-1]]
    at = norm.rfind(opening, max(0, start - _LABEL_LEAD), start)
    if at < 0 or any(closing in norm[at:start] for closing in _OPENINGS):
        return -1
    return close.end()


_OPENINGS = {"】": "【", "]": "[", "」": "「"}


@cache
def _label_end() -> re.Pattern[str]:
    # a count or a demonstrative may follow the pointer inside the label: "这几处", "两点"
    return re.compile(r"[^】\]」\n。.:：]{0,5}[】\]」]")
