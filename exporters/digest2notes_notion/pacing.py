"""How fast and how patiently we talk to Notion: a request pacer and a retry policy.

Notion allows an average of three requests per second per integration and answers
429 beyond that (https://developers.notion.com/reference/request-limits). Spacing
every request (reads too) evenly at the configured rate means a large first sync
never trips the limit, instead of hitting it and sleeping through Retry-After.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass


class Pacer:
    """Lets one request start every ``1/rate`` seconds, measured from request starts."""

    def __init__(
        self,
        rate: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError("rate must be > 0 requests per second")
        self.interval = 1.0 / rate
        self._clock = clock
        self._sleep = sleep
        self._next = float("-inf")

    def wait(self) -> None:
        """Block until the next request may start, and book the slot after it."""
        now = self._clock()
        if now < self._next:
            self._sleep(self._next - now)
            now = self._next
        self._next = now + self.interval


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry a request that failed for a passing reason.

    Retry-After (429, 529) is honoured up to `max_retry_after` seconds, well beyond
    notion-client's own default of two retries; other transient failures back off
    exponentially from `backoff` seconds with full jitter, so that many clients
    failing together do not come back together.
    """

    max_attempts: int = 8
    backoff: float = 0.5
    max_backoff: float = 8.0
    max_retry_after: float = 60.0

    def delay(self, attempt: int, rng: Callable[[], float] = random.random) -> float:
        """Seconds to wait before attempt ``attempt + 1`` (`attempt` counts from 1)."""
        ceiling = min(self.max_backoff, self.backoff * 2.0 ** (attempt - 1))
        return float(ceiling / 2 + rng() * ceiling / 2)
