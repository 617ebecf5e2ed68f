"""One exception root, caught in one place (the CLI), so users never see a traceback.

Every error the project raises on purpose derives from `Digest2NotesError` and
renders as one line. `InputError` carries the file and line the user must look at.
"""

from __future__ import annotations


class Digest2NotesError(Exception):
    """Root of every error the tool reports to the user as a one-line message."""


class InputError(Digest2NotesError):
    """A digest file could not be read or made no sense at a given place."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")

    def __reduce__(self) -> tuple[type[InputError], tuple[str, int | None, str]]:
        # Pickled by its parts (reading runs in worker processes; see `parallel`).
        return (type(self), (self.path, self.line, self.message))


class ConfigError(Digest2NotesError):
    """The configuration file or an option value is unusable."""


class ExportError(Digest2NotesError):
    """An exporter could not do its job; the message names the entry or setting at fault."""


class PluginError(Digest2NotesError):
    """An exporter plugin is missing, broken, or does not honour the contract."""
