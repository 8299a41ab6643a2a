"""Errors must never carry the API key. An error's ``request`` (and its ``response.request``) is
what gets logged, printed in a traceback's locals, sent to an error tracker or pickled into a task
queue, and httpx hides only ``Authorization`` in a Headers repr: ``x-api-key`` is shown as it is.
So every error keeps a copy of its request whose ``x-api-key`` reads ``[redacted]``, and an
httpx error it chains as its cause is replaced by a copy built the same way."""

from __future__ import annotations

from typing import Optional

import httpx

API_KEY_HEADER = "x-api-key"
REDACTED = "[redacted]"


def redacted_request(request: Optional[httpx.Request]) -> Optional[httpx.Request]:
    """A copy of ``request`` whose API key header is replaced; the same object when it carries
    none (or is such a copy already). The original is left alone: it may still be in use."""
    if request is None or request.headers.get(API_KEY_HEADER, REDACTED) == REDACTED:
        return request
    headers = httpx.Headers(request.headers)
    headers[API_KEY_HEADER] = REDACTED
    try:
        content: Optional[bytes] = request.content
    except httpx.RequestNotRead:  # a streamed body (not one the SDK builds): left out
        content = None
    return httpx.Request(request.method, request.url, headers=headers, content=content, extensions=dict(request.extensions))


def request_of(holder: object) -> Optional[httpx.Request]:
    """The request of an httpx Response or error; None when it has none (httpx raises then)."""
    try:
        return holder.request  # type: ignore[attr-defined, no-any-return]
    except (RuntimeError, AttributeError):
        return None


def redacted_transport_error(err: httpx.RequestError, api_key: str) -> httpx.RequestError:
    """An httpx error to chain as an SDK error's ``__cause__``: the same type and message (the key
    removed, should a lower layer ever quote it), with the request redacted, and without the
    original's own chain and traceback, whose frames and requests still hold the key."""
    message = str(err).replace(api_key, REDACTED) if api_key else str(err)
    request = redacted_request(request_of(err))
    try:
        return type(err)(message, request=request)  # type: ignore[call-arg]
    except TypeError:  # a subclass with another constructor (a custom transport's)
        return httpx.TransportError(message, request=request)  # type: ignore[arg-type]
