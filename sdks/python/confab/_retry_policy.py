"""When to retry and how long to wait: pure functions, so the policy is read (and tested) in one
place. Retried: no answer (connection error, timeout), 429 and every 5xx, as the API's retry rule says,
and the 409 of an Idempotency-Key still in progress, whose retry gets the first
answer once it is done. Every other 4xx is final: a duplicate (409) or a 408 would only fail again.
"""

from __future__ import annotations

import random
from typing import Optional

import httpx

from ._exceptions import parse_retry_after

INITIAL_RETRY_DELAY = 0.5
MAX_RETRY_DELAY = 8.0
# A Retry-After longer than this (a monthly quota, say) is not waited for: the error is raised
# at once with its retry_after, so the caller decides instead of a request hanging for hours.
MAX_RETRY_AFTER = 60.0
RETRYABLE_STATUSES = frozenset({429})
IDEMPOTENCY_KEY_IN_USE = "IDEMPOTENCY_KEY_IN_USE"

ALREADY_DELETED_MESSAGE = "Already deleted: an earlier attempt of this request may have deleted it before its answer was lost."
"""The answer of a DELETE whose retry found nothing to delete after an earlier attempt may have
deleted it (its answer lost): the caller's goal is reached, so it is not a NotFoundError."""


def error_code(response: httpx.Response) -> Optional[str]:
    """The machine-readable ``code`` of an error body, when it has one."""
    try:
        body = response.json()
    except ValueError:
        return None
    code = body.get("code") if isinstance(body, dict) else None
    return code if isinstance(code, str) else None


def is_retryable_status(status: int, code: Optional[str] = None) -> bool:
    return status in RETRYABLE_STATUSES or status >= 500 or (status == 409 and code == IDEMPOTENCY_KEY_IN_USE)


def should_retry(response: httpx.Response) -> bool:
    """The server may say so explicitly (as OpenAI's does); otherwise the status and code decide."""
    verdict = response.headers.get("x-should-retry")
    if verdict in ("true", "false"):
        return verdict == "true"
    status = response.status_code
    if not is_retryable_status(status, error_code(response) if status == 409 else None):
        return False
    retry_after = parse_retry_after(response.headers)
    return retry_after is None or retry_after <= MAX_RETRY_AFTER


def retry_delay(retries_done: int, response: Optional[httpx.Response]) -> float:
    """Retry-After when the server sent one (≤ 60 s), else exponential backoff with jitter."""
    if response is not None:
        retry_after = parse_retry_after(response.headers)
        if retry_after is not None and retry_after <= MAX_RETRY_AFTER:
            return retry_after
    delay = min(INITIAL_RETRY_DELAY * (2**retries_done), MAX_RETRY_DELAY)
    return delay * (1 - 0.25 * random.random())


def may_have_reached_service(err: httpx.RequestError) -> bool:
    """False only when no connection was made (refused, DNS, TLS, connect timeout): then
    nothing was sent. A reset or read timeout may come after the service did the work."""
    return not isinstance(err, (httpx.ConnectError, httpx.ConnectTimeout))


def is_lost_delete(method: str, response: httpx.Response, may_have_run: bool) -> bool:
    """A DELETE answered 404 after an earlier attempt that may have deleted it already."""
    return method == "DELETE" and response.status_code == 404 and may_have_run
