"""A pointing hand before one item: "👉 the new gauge.", "👉 mxfp4 反量化的舍入方式。".

Two or more hands make a marked list (`markers`); one, opening its sentence, points at
what follows it, to the end of that sentence, as "Look at X" does, unless what follows
is advice of its own ("👉 不关心 X 的话可以忽略": a condition, a rating).
"""

from __future__ import annotations

from . import lexicon as lx
from .objects import FocusState, inline

__all__ = ["pointing_hands"]

_HANDS = ("👉", "➡")  # "➡️" is "➡" and a variation selector
_ADVICE = lx.COND | lx.DISMISS | lx.SUFFICE | lx.AUDIENCE


def pointing_hands(state: FocusState) -> None:
    para = state.para
    norm = para.norm
    for hand in _HANDS:
        at = norm.find(hand)
        while at >= 0:
            end = at + len(hand)
            opens = not norm[para.sentence_start(at) : at].strip(" \t\n*_>")
            advice = state.scan.any(_ADVICE, end, para.clause_end(end))
            if opens and not advice and state.covered(at) < 0 and state.marked_at(at) < 0:
                inline(state, (at, end), end, "pointing hand")
            at = norm.find(hand, end)
