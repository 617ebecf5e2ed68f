"""A pointer put as a hypothesis: "If anything deserves a second glance, it's X", "If
there is a flavour worth noticing, it is X", "要说有啥值得瞅一眼的，就是 X".

The "if" is rhetorical: the writer answers it at once, naming what is worth the look.
So the condition that excludes other pointers ("If you ship mobile, look at X") does
not apply, and the answer after the copula is the point.
"""

from __future__ import annotations

import re
from functools import cache

from .objects import FocusState, inline

__all__ = ["hypothetical_pointers"]


def hypothetical_pointers(state: FocusState) -> None:
    norm = state.para.norm
    if "if " not in norm and "要说" not in norm:
        return
    for match in _hypothesis().finditer(norm):
        if state.covered(match.end()) < 0:
            inline(state, match.span(), match.end(), "answered hypothesis")


@cache
def _hypothesis() -> re.Pattern[str]:
    # "anything", "something", "one thing", "a flavour": what the hypothesis is about;
    # then a word of merit ("worth", "deserves"), a comma, and the answer's copula
    english = (
        r"(?<![a-z])if\s+(?:there\s+is\s+|there's\s+)?(?:anything|something|one\s+thing|"
        r"an?\s+[a-z-]+)\s+(?:here\s+|that\s+)?(?:worth|deserves|merits|repays|rewards)"
        r"[^,.;:!?]{0,30},\s*(?:then\s+)?(?:it\s+is|it's|it\s+would\s+be|that's|that\s+is)\s+"
    )
    chinese = (
        r"要说(?:有)?(?:啥|什么|哪里|哪儿|哪)[^，。,;；]{0,6}值得[^，。,;；]{0,8}[，,]\s*"
        r"(?:那)?(?:就是|就数|当属)\s*"
    )
    return re.compile(f"{english}|{chinese}")
