"""Entry points of installed distributions, read straight from their ``entry_points.txt``.

Every run lists plugins (``digest2notes --help`` shows the commands they add), and
importing ``importlib.metadata`` costs about as much as importing click itself,
most of it for parsers of package metadata (email headers, zip archives) that
listing entry points does not need. Installers write each distribution's entry
points to ``<name>.dist-info/entry_points.txt`` (or ``.egg-info``) in a folder on
``sys.path``; this module reads those files in ``sys.path`` order, the first
distribution of a name winning, as ``importlib.metadata`` does, and loads an
entry point the same way (import the module, then follow the attributes). A run asks
for several groups (exporters, their options, commands) at several points; the files
are read once per process and ``sys.path``, every group kept.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

_SUFFIXES = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class EntryPoint:
    """``name = module:attribute`` in `group`, from the distribution named `distribution`."""

    name: str
    value: str
    group: str
    distribution: str

    def load(self) -> object:
        """What the entry point names: the module, or an attribute path inside it."""
        module_name, _, attributes = self.value.partition(":")
        loaded: object = importlib.import_module(module_name.strip())
        for attribute in filter(None, attributes.strip().split(".")):
            loaded = getattr(loaded, attribute)
        return loaded


def entry_points(group: str) -> list[EntryPoint]:
    """Every installed entry point of `group`, in ``sys.path`` order."""
    return list(_installed(tuple(sys.path)).get(group, ()))


@lru_cache(maxsize=4)
def _installed(path: tuple[str, ...]) -> dict[str, tuple[EntryPoint, ...]]:
    """Every group's entry points of the distributions in the folders of `path`."""
    found: dict[str, list[EntryPoint]] = {}
    seen: set[str] = set()
    for folder in _metadata_folders(path):
        distribution = _distribution_name(folder)
        key = distribution.lower().replace("-", "_")
        if key in seen:
            continue  # an earlier folder on sys.path has this distribution
        seen.add(key)
        for entry_point in _read(folder, distribution):
            found.setdefault(entry_point.group, []).append(entry_point)
    return {group: tuple(points) for group, points in found.items()}


def _metadata_folders(paths: tuple[str, ...]) -> Iterator[str]:
    for path in paths:
        try:
            names = sorted(os.listdir(path or "."))
        except OSError:  # not a folder (a zip file), or gone
            continue
        for name in names:
            if name.endswith(_SUFFIXES):
                yield os.path.join(path or ".", name)


def _distribution_name(folder: str) -> str:
    """The ``Name:`` of the distribution's metadata, else what its folder name says."""
    for metadata in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, metadata), encoding="utf-8") as handle:
                for line in handle:
                    if line.startswith("Name:"):
                        return line[5:].strip()
                    if not line.strip():
                        break  # the headers have ended
        except OSError:
            continue
    return os.path.basename(folder).rsplit(".", 1)[0].split("-", 1)[0]


def _read(folder: str, distribution: str) -> Iterator[EntryPoint]:
    """Every ``name = value`` line of an ``entry_points.txt`` (INI), in its ``[group]``."""
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return
    section = None
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section is not None and "=" in line:
            name, _, value = line.partition("=")
            yield EntryPoint(name.strip(), value.strip(), section, distribution)
