"""The error hierarchy. Every error the SDK raises is a ConfabError."""

from __future__ import annotations

import re
from email.utils import parsedate_to_datetime
from datetime import datetime, timezone
from typing import Any, Optional

import httpx

from ._redaction import redacted_request, request_of

__all__ = [
    "ConfabError",
    "InvalidArgumentError",
    "APIError",
    "APIStatusError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "InternalServerError",
    "UnexpectedResponseError",
    "APIConnectionError",
    "APITimeoutError",
    "WebhookVerificationError",
]


class ConfabError(Exception):
    """Base class of every error raised by this package."""


class InvalidArgumentError(ConfabError, ValueError):
    """An argument that can never be sent, e.g. an empty id (which would turn
    ``chatbots.retrieve(bot_id)`` into the list request). Raised before anything is sent; a
    ValueError too, as Python code expects of a bad argument."""


class APIError(ConfabError):
    """A request to the API failed.

    ``status`` is None when no answer came (APIConnectionError, APITimeoutError).
    """

    message: str
    status: Optional[int]
    code: Optional[str]
    headers: httpx.Headers
    request_id: Optional[str]
    body: Any
    request: Optional[httpx.Request]
    response: Optional[httpx.Response]

    def __init__(
        self,
        message: str,
        *,
        status: Optional[int] = None,
        code: Optional[str] = None,
        headers: Optional[httpx.Headers] = None,
        body: Any = None,
        request: Optional[httpx.Request] = None,
        response: Optional[httpx.Response] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.headers = headers if headers is not None else httpx.Headers()
        self.request_id = self.headers.get("x-request-id")
        self.body = body
        # Never the request that went out: its x-api-key would be in every log of this error.
        if response is not None:
            sent = request_of(response)
            safe = redacted_request(sent)
            if safe is not sent:
                response.request = safe  # type: ignore[assignment]
            if request is sent:
                request = safe
        self.request = redacted_request(request)
        self.response = response

    def __reduce__(self) -> Any:
        # Rebuilt without calling __init__ (the subclasses take keyword-only arguments, so the
        # default cls(*args) fails), so an error survives pickling (multiprocessing, task queues).
        return (_rebuild_error, (type(self), self.args), self.__dict__)

    # Stripe and OpenAI users look for these names; same values.
    @property
    def status_code(self) -> Optional[int]:
        return self.status

    def __str__(self) -> str:
        parts = [self.message]
        if self.status is not None:
            parts.insert(0, str(self.status))
        if self.code:
            parts.append(f"(code {self.code})")
        if self.request_id:
            parts.append(f"[request {self.request_id}]")
        return " ".join(parts)


class APIStatusError(APIError):
    """The API answered with a 4xx or 5xx status, or a redirect (3xx), which is never followed."""

    status: int
    response: httpx.Response

    def __init__(self, message: str, *, response: httpx.Response, body: Any) -> None:
        code = body.get("code") if isinstance(body, dict) and isinstance(body.get("code"), str) else None
        super().__init__(
            message,
            status=response.status_code,
            code=code,
            headers=response.headers,
            body=body,
            request=response.request,
            response=response,
        )


class BadRequestError(APIStatusError):
    """400: invalid parameters or body."""


class AuthenticationError(APIStatusError):
    """401: missing or invalid API key."""


class PermissionDeniedError(APIStatusError):
    """403: no API access on the plan, plan limit reached, or a scope the key lacks."""


class NotFoundError(APIStatusError):
    """404: the resource does not exist or belongs to another workspace."""


class ConflictError(APIStatusError):
    """409: a duplicate, or the same Idempotency-Key still in progress."""


class UnprocessableEntityError(APIStatusError):
    """422: e.g. an Idempotency-Key reused with another body."""


class RateLimitError(APIStatusError):
    """429: burst limit or monthly quota exceeded. ``retry_after`` is in seconds, if sent."""

    retry_after: Optional[float]

    def __init__(self, message: str, *, response: httpx.Response, body: Any) -> None:
        super().__init__(message, response=response, body=body)
        self.retry_after = parse_retry_after(response.headers)


class InternalServerError(APIStatusError):
    """5xx: the service failed; retried automatically before this is raised."""


class UnexpectedResponseError(APIError):
    """A success status whose body is not what the endpoint answers (empty, not JSON, not an
    object, or without its ``data``): usually a proxy or gateway in between, not Confab.
    ``status`` and ``request_id`` are the answer's; ``body`` is the parsed body or its text."""

    status: int
    response: httpx.Response

    def __init__(self, problem: str, *, response: httpx.Response, body: Any) -> None:
        super().__init__(
            f"Unexpected answer from the API: {problem}",
            status=response.status_code,
            headers=response.headers,
            body=body,
            request=response.request,
            response=response,
        )


class APIConnectionError(APIError):
    """No answer came: the connection failed or was reset."""

    def __init__(self, message: str = "Connection error.", *, request: Optional[httpx.Request] = None) -> None:
        super().__init__(message, request=request)


class APITimeoutError(APIConnectionError):
    """No answer came within the timeout."""

    def __init__(self, message: str = "Request timed out.", *, request: Optional[httpx.Request] = None) -> None:
        super().__init__(message, request=request)


class WebhookVerificationError(ConfabError):
    """A webhook delivery's signature is missing, malformed, stale or wrong."""


def _rebuild_error(cls: type[APIError], args: tuple[Any, ...]) -> APIError:
    return cls.__new__(cls, *args)


_STATUS_ERRORS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


_TITLE = re.compile(r"<title[^>]*>([^<]*)</title>", re.I)


def _summary(body: Any) -> Optional[str]:
    """One readable line from an error body: its ``error`` string (Confab's), else a ``message``
    string (many gateways'), else the <title> of an HTML page (a proxy's "502 Bad Gateway") or
    the text's start; never a whole page in the message."""
    if isinstance(body, dict):
        text = body.get("error") if isinstance(body.get("error"), str) else body.get("message")
        return text if isinstance(text, str) and text else None
    if not isinstance(body, str) or not body.strip():
        return None
    title = _TITLE.search(body)
    line = " ".join((title.group(1).strip() if title and title.group(1).strip() else body).split())
    return f"{line[:200]}…" if len(line) > 200 else line


def _redirect_message(response: httpx.Response) -> str:
    to = response.headers.get("location")
    return (
        f"Redirected{f' to {to}' if to else ''}; the SDK does not follow redirects, which could send the API key to "
        "another host: set base_url to the address the service really answers at."
    )


def make_status_error(response: httpx.Response) -> APIStatusError:
    """The typed error of a 3xx/4xx/5xx answer; the message is one line about the body."""
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text or None
    if 300 <= response.status_code < 400:
        message = _redirect_message(response)
    else:
        message = _summary(body) or f"HTTP {response.status_code}"
    if response.status_code >= 500:
        cls: type[APIStatusError] = InternalServerError
    else:
        cls = _STATUS_ERRORS.get(response.status_code, APIStatusError)
    return cls(message, response=response, body=body)


def parse_retry_after(headers: httpx.Headers) -> Optional[float]:
    """Seconds to wait from `retry-after-ms` or `Retry-After` (seconds or an HTTP date)."""
    raw_ms = headers.get("retry-after-ms")
    if raw_ms:
        try:
            return max(0.0, float(raw_ms) / 1000)
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())
