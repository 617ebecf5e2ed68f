"""An exception made for some readers, in a paragraph no words rate: a skip for the rest.

"I'd leave this well alone unless Oracle is your daily cross to bear", "若非维护安装包者，
大可束之高阁": whatever the writer's words for leaving it, an exception for the readers it
concerns says that everyone else may pass it by. Only where nothing else rates the entry
(not its words, not its reading time), nothing in it points the reader at a part, and
the rest of its sentence speaks of the entry or advises.
"""

from __future__ import annotations

import re
from functools import cache

from ..model import Verdict
from . import lexicon as lx
from .rating import Rating
from .scanner import Scan
from .text import Para

__all__ = ["rating_by_exception"]

# The rest of the sentence is about the entry, or advice: "leave this alone", "大可…"
_SAYS = lx.WHOLE | lx.MODAL | lx.RECOMMEND | lx.NEED | lx.HIGH


@cache
def _for_some_readers() -> re.Pattern[str]:
    reader = r"(?:you|your|you're|you've|you'd|one|someone|anyone|the\s+reader)(?![a-z])"
    return re.compile(
        # ("unless you count X" is the idiom "X aside", no reader's situation)
        rf"(?<![a-z])(?:unless|except\s+if|except\s+when)\s+{reader}(?!\s+count(?![a-z]))"
        rf"|(?<![a-z])if\s+{reader}\s*(?:don't|do\s+not|aren't|are\s+not)(?![a-z])"
        r"|除非\s*(?:你|您|各位|大家|读者|是)|若非|(?:如果|若|要是)\s*(?:你|您)\s*(?:不|没)"
    )


def rating_by_exception(para: Para, scan: Scan) -> Rating | None:
    """A skip when the paragraph makes an exception for some readers (see the module docs)."""
    if scan.present & lx.ATTEND:
        return None  # "Unless you know X already, look at Y": advice for everyone
    found = _for_some_readers().search(para.norm)
    if found is None:
        return None
    start, end = found.span()
    clause = (para.clause_start(start), para.clause_end(end))
    sentence = (para.sentence_start(start), para.sentence_end(end))
    if not (scan.any(_SAYS, sentence[0], start) or scan.any(_SAYS, clause[1], sentence[1])):
        return None  # "除非你用 ARM，否则测试会失败": what happens, not what to do with it
    return Rating(Verdict.SKIP, start, end, clause, 0, "an exception for some readers", ())
