"""Priority written as a level: "优先级：高", "重要程度低", "low priority", "importance: high".

The words are made from a few level nouns and levels, in the separators writers use,
and join the lexicon (`lexicon.table`) with the class of their level.
"""

from __future__ import annotations

from .lexicon import HIGH, LOW, OPTIONAL

__all__ = ["level_words"]

# A middle level ("中等", "medium") rates like optional reading: a skim.
_LEVEL_NOUNS = ("优先级", "优先度", "重要程度", "重要性", "价值", "必要性")
_EN_LEVEL_NOUNS = ("priority", "importance", "value", "relevance")
_ZH_LEVELS = (("高", HIGH), ("很高", HIGH), ("较高", HIGH), ("低", LOW), ("很低", LOW),
              ("较低", LOW), ("偏低", LOW), ("不高", LOW), ("中", OPTIONAL), ("中等", OPTIONAL),
              ("一般", OPTIONAL), ("适中", OPTIONAL))
_EN_LEVELS = (("high", HIGH), ("top", HIGH), ("low", LOW), ("medium", OPTIONAL),
              ("moderate", OPTIONAL), ("normal", OPTIONAL), ("1", HIGH), ("one", HIGH),
              ("2", OPTIONAL), ("two", OPTIONAL), ("3", LOW), ("three", LOW))


def level_words() -> list[tuple[str, int]]:
    """Every level word and the class it carries."""
    rows: list[tuple[str, int]] = []
    for noun in _LEVEL_NOUNS:
        for sep in ("", ":", ": ", " ", "是", "为", "："):
            for level, flag in _ZH_LEVELS:
                rows.append((f"{noun}{sep}{level}", flag))
        for level, flag in _ZH_LEVELS[:1] + _ZH_LEVELS[3:4]:
            rows.append((f"{level}{noun}", flag))
    for noun in _EN_LEVEL_NOUNS:
        for level, flag in _EN_LEVELS:
            for form in ("{l} {n}", "{l}-{n}", "{n}: {l}", "{n}:{l}", "{n} {l}"):
                rows.append((form.format(l=level, n=noun), flag))
    return rows
