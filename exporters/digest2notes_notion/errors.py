"""Request failures, classified for the caller, with messages safe to show.

Kept apart from `api` (which imports notion-client and httpx) so that the exporter's
planning code can name them without loading the HTTP stack: ``digest2notes --help``
and ``import digest2notes_notion`` stay fast.
"""

from __future__ import annotations


class NotionError(Exception):
    """A request failed; the message is safe to show (no token, no headers)."""

    def __init__(self, message: str, *, status: int | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


class FatalRequestError(NotionError):
    """Retrying cannot help: validation, authorisation, a missing object."""

    @property
    def out_of_blocks(self) -> bool:
        """Notion refused to create blocks because the workspace used up its block limit.

        Free workspaces with more than one member get 1,000 blocks in all through
        integrations (https://developers.notion.com/reference/workspace-block-limits);
        past the grace period, writes that create blocks fail while reads, edits and
        deletes go on. The stored reference names no error code we could match, so the
        refusal is recognised by its wording.
        """
        text = str(self).casefold()
        return self.status in (400, 403) and "block limit" in text


class TransientExhausted(NotionError):
    """Notion kept failing for passing reasons until we ran out of attempts."""


class AmbiguousWrite(NotionError):
    """A write that is not safe to repeat failed in a way that leaves its outcome unknown.

    `timed_out` says we stopped waiting while Notion may still be working on it.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        code: str | None = None,
        timed_out: bool = False,
    ) -> None:
        super().__init__(message, status=status, code=code)
        self.timed_out = timed_out
