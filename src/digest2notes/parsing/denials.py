"""A dismissal denied, with an object: "Don't miss X", "别错过 X", "never skip X".

What the reader is told not to miss is what to study, as "look at X" is. Without an
object ("Don't skip it", "别错过") the denial rates the whole (`rating`), and under a
condition or for a group of readers ("If you ship mobile, don't skip X") it points at
nothing, like any other pointer.
"""

from __future__ import annotations

from . import lexicon as lx
from .objects import FocusState, Skipped, inline

__all__ = ["denied_dismissals"]

# The denials of an imperative: not "no need to skip" (a necessity denied) or "not …ed".
_DENIALS = frozenset({
    "don't", "do_not", "never", "别", "不要", "千万别", "千万不要", "不可", "不能", "切勿", "勿",
})
_GAP = 2  # characters between the denial and the verb: "别 错过", "don't  miss"


def denied_dismissals(state: FocusState) -> None:
    scan, para = state.scan, state.para
    for i in range(1, len(scan.flags)):
        bits = scan.flags[i]
        if not bits & lx.DISMISS or bits & (lx.READ | lx.BARE):
            continue  # a bare verb ("可不能跳") takes no object
        if state.covered(scan.starts[i]) >= 0:
            continue
        denial = i - 1
        if scan.words[denial].replace(" ", "_") not in _DENIALS or (
            scan.starts[i] - scan.ends[denial] > _GAP
        ):
            continue
        start = scan.starts[denial]
        chunk = para.chunk_start(start)
        if scan.any(lx.COND | lx.AUDIENCE | lx.EXCEPT, chunk, start):
            state.skipped.append(Skipped(start, scan.ends[i], "a denial under a condition"))
            continue
        following = i + 1
        if following < len(scan.flags) and scan.flags[following] & lx.WHOLE and not (
            para.norm[scan.ends[i] : scan.starts[following]].strip()
        ):
            continue  # "Don't skip it": the whole, a rating
        inline(state, (start, scan.ends[i]), scan.ends[i], "denied dismissal")
