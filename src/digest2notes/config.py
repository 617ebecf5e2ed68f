"""The reader's configuration file: extra verdict phrases and per-exporter defaults.

Looked up in this order: ``--config PATH``, ``$DIGEST2NOTES_CONFIG``,
``./digest2notes.toml``, then the user config dir (``~/.config/digest2notes/config.toml``
on Linux). A missing file is an empty config; a broken one is an error naming it.

Example::

    [verdicts]
    deep = ["必看", "Essential reading"]
    skim = ["随便看看"]
    skip = ["Ignore"]

    [obsidian]
    vault = "~/Notes"
    folder = "Digests"

    [notion]
    database = "https://www.notion.so/..."

    [queue]
    minutes = { deep = 20, skim = 5, unknown = 10, skip = 2 }
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ConfigError
from .model import Verdict

if TYPE_CHECKING:  # pathlib is imported when a config is looked for, not for --help
    from pathlib import Path

CONFIG_ENV = "DIGEST2NOTES_CONFIG"
LOCAL_NAME = "digest2notes.toml"


@dataclass(frozen=True)
class Config:
    """Parsed configuration; `sections` holds each exporter's table untouched."""

    path: Path | None = None
    extra_phrases: Mapping[str, Verdict] = field(default_factory=dict)
    sections: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def section(self, name: str) -> Mapping[str, Any]:
        """The ``[name]`` table, or an empty one."""
        return self.sections.get(name, {})


#: Tables the core reads itself; every other table belongs to an installed plugin.
CORE_TABLES = ("verdicts", "queue")


def unknown_tables(config: Config, plugin_names: Iterable[str]) -> list[str]:
    """One warning per table that nothing installed reads (``[obsidain]``), with a guess.

    A warning, not an error: the table may belong to a plugin installed elsewhere,
    but a typo must not pass without a word.
    """
    if not config.sections:
        return []
    import difflib  # only needed when a config file has tables

    known = [*CORE_TABLES, *plugin_names]
    warnings = []
    for name in config.sections:
        if name in known:
            continue
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f" (did you mean [{close[0]}]?)" if close else ""
        warnings.append(f"{config.path}: table [{name}] is not used by anything installed{hint}")
    return warnings


def find_config(explicit: str | None, env: Mapping[str, str]) -> Path | None:
    """The config file to use, or None. An explicitly named file must exist."""
    from pathlib import Path

    if explicit:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ConfigError(f"{explicit}: config file not found")
        return path
    if env.get(CONFIG_ENV):
        path = Path(env[CONFIG_ENV]).expanduser()
        if not path.is_file():
            raise ConfigError(f"{path}: config file not found (from ${CONFIG_ENV})")
        return path
    for candidate in (
        Path.cwd() / LOCAL_NAME,
        _user_config_dir() / "config.toml",
    ):
        if candidate.is_file():
            return candidate
    return None


def _user_config_dir() -> Path:
    from pathlib import Path

    import platformdirs  # imported when a config is looked for, not for --help

    return Path(platformdirs.user_config_dir("digest2notes"))


def load_config(path: Path | None) -> Config:
    """Read and validate a config file; None gives the empty config."""
    if path is None:
        return Config()
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as error:
        raise ConfigError(f"{path}: cannot read config: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: config is not valid UTF-8") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    phrases: dict[str, Verdict] = {}
    verdicts = data.get("verdicts", {})
    if not isinstance(verdicts, dict):
        raise ConfigError(f"{path}: [verdicts] must be a table of lists of phrases")
    for key, values in verdicts.items():
        try:
            verdict = Verdict(key)
        except ValueError:
            choices = ", ".join(v.value for v in Verdict if v is not Verdict.UNKNOWN)
            raise ConfigError(f"{path}: [verdicts] {key!r} is not one of {choices}") from None
        if (
            verdict is Verdict.UNKNOWN
            or not isinstance(values, list)
            or not all(isinstance(v, str) and v.strip() for v in values)
        ):
            raise ConfigError(f"{path}: [verdicts] {key} must be a list of non-empty phrases")
        for phrase in values:
            phrases[phrase.strip()] = verdict
    for key, value in data.items():
        if not isinstance(value, dict):
            raise ConfigError(
                f"{path}: {key!r} must be inside a table such as [obsidian] or [notion]"
            )
    sections = {k: v for k, v in data.items() if k != "verdicts"}
    return Config(path=path, extra_phrases=phrases, sections=sections)

