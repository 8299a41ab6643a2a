"""Sending a request whose answer is read as it arrives (a chat answer stream, a conversation
export): once, with no retry, since what was read may already have been used. A connection that
breaks raises the client's typed error, from outside any ``except`` block so that it chains only
the redacted copy of the transport error (``_delay_after_error``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, Optional, Union

import httpx

from ._base_client import APICall
from ._exceptions import APIConnectionError
from .types import RequestOptions

if TYPE_CHECKING:
    from ._client import AsyncConfab, Confab

__all__ = ["streamed_request", "send_streamed", "send_streamed_async", "raise_broken"]


def streamed_request(
    client: "Union[Confab, AsyncConfab]", call: APICall, options: RequestOptions, accept: str
) -> httpx.Request:
    req = client._build_request(client._http, call, options, None, 0)  # type: ignore[arg-type]
    req.headers["accept"] = accept
    return req


def raise_broken(
    client: "Union[Confab, AsyncConfab]",
    call: APICall,
    req: httpx.Request,
    failure: Optional[httpx.RequestError],
    message: str = "The connection ended before the answer did.",
) -> NoReturn:
    """The typed error of the broken connection, or ``message`` when it ended without a transport error."""
    if failure is not None:
        client._delay_after_error(call, req, failure, 0, 0)  # raises: no retry is left
    raise APIConnectionError(message, request=req)


def send_streamed(client: "Confab", call: APICall, req: httpx.Request) -> httpx.Response:
    try:
        return client._http.send(req, stream=True)
    except httpx.RequestError as err:
        failure = err
    raise_broken(client, call, req, failure)


async def send_streamed_async(client: "AsyncConfab", call: APICall, req: httpx.Request) -> httpx.Response:
    try:
        return await client._http.send(req, stream=True)
    except httpx.RequestError as err:
        failure = err
    raise_broken(client, call, req, failure)
