"""A visitor message answered as it is written (``chat.messages.stream()``): ``{"type": "token",
"text": …}`` for each piece of an agent's answer, then one ``{"type": "done", "messages": …,
"done": …}`` with the whole answer (what ``send()`` answers). The request is sent when reading
starts, once (the chat API takes no Idempotency-Key); an error answer (ConflictError for a
completed conversation, NotFoundError…) is raised before any token. A stream that ends without
its ``done`` event is an APIConnectionError; one the service ends with an ``error`` event an
UnexpectedResponseError. Leaving the loop early closes the connection."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, AsyncIterator, Iterator, Optional

import httpx

from ._answers import parse_success
from ._base_client import APICall
from ._config import check_request_options
from ._exceptions import APIConnectionError, UnexpectedResponseError, make_status_error
from ._server_sent_events import ServerSentEvent, ServerSentEventParser
from .types import ChatStreamEvent, ChatTurn, RequestOptions

if TYPE_CHECKING:
    from ._client import AsyncConfab, Confab

__all__ = ["ChatAnswerStream", "AsyncChatAnswerStream"]

_CUT = "The answer stream ended before its done event."


def _is_event_stream(response: httpx.Response) -> bool:
    return response.headers.get("content-type", "").lower().startswith("text/event-stream")


def _turn(response: httpx.Response, body: Any, problem: str) -> ChatTurn:
    if not isinstance(body, dict) or not isinstance(body.get("messages"), list) or not isinstance(body.get("done"), bool):
        raise UnexpectedResponseError(problem, response=response, body=body)
    return body  # type: ignore[return-value]


def _event_of(response: httpx.Response, event: ServerSentEvent) -> Optional[ChatStreamEvent]:
    """What one event means for the caller; None for events a later service may add."""
    if event.event not in ("token", "done", "error"):
        return None
    try:
        data = json.loads(event.data)
    except ValueError:
        data = event.data
    if event.event == "error":
        raise UnexpectedResponseError("the service could not complete the answer (an error event)", response=response, body=data)
    if event.event == "token":
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            raise UnexpectedResponseError("a token event without text", response=response, body=data)
        return {"type": "token", "text": data["text"]}
    return {"type": "done", **_turn(response, data, "a done event without {messages, done}")}  # type: ignore[typeddict-item]


def _whole(response: httpx.Response) -> ChatStreamEvent:
    """A JSON answer (a proxy that does not stream): the whole turn as the done event."""
    return {"type": "done", **_turn(response, parse_success("object", response), "expected {messages, done}")}  # type: ignore[typeddict-item]


def _final(event: ChatStreamEvent) -> ChatTurn:
    return {k: v for k, v in event.items() if k != "type"}  # type: ignore[return-value]


class ChatAnswerStream(Iterator[ChatStreamEvent]):
    """``for event in stream``: the answer's events as they come; ``stream.final_answer()``: just the whole answer."""

    def __init__(self, client: "Confab", call: APICall, options: RequestOptions) -> None:
        check_request_options(options)
        self._events = self._read(client, call, options)

    def __next__(self) -> ChatStreamEvent:
        return next(self._events)

    def close(self) -> None:
        """Stops reading and closes the connection."""
        self._events.close()

    def final_answer(self) -> ChatTurn:
        for event in self:
            if event["type"] == "done":
                return _final(event)
        raise APIConnectionError(_CUT)

    @staticmethod
    def _read(client: "Confab", call: APICall, options: RequestOptions) -> Iterator[ChatStreamEvent]:
        req = client._build_request(client._http, call, options, None, 0)
        req.headers["accept"] = "text/event-stream"
        failure: Optional[httpx.RequestError] = None
        try:
            response = client._http.send(req, stream=True)
        except httpx.RequestError as err:
            failure = err
        if failure is not None:
            client._delay_after_error(call, req, failure, 0, 0)  # raises the typed error
        try:
            if not 200 <= response.status_code < 300 or not _is_event_stream(response):
                response.read()
                if not 200 <= response.status_code < 300:
                    raise make_status_error(response)
                yield _whole(response)
                return
            parser = ServerSentEventParser()
            try:
                for text in response.iter_text():
                    for event in parser.push(text):
                        out = _event_of(response, event)
                        if out is not None:
                            yield out
                            if out["type"] == "done":
                                return
            except httpx.RequestError as err:
                failure = err
            if failure is not None:
                client._delay_after_error(call, req, failure, 0, 0)
            raise APIConnectionError(_CUT, request=req)
        finally:
            response.close()


class AsyncChatAnswerStream(AsyncIterator[ChatStreamEvent]):
    """``async for event in stream``: the answer's events as they come; ``await stream.final_answer()``: the whole answer."""

    def __init__(self, client: "AsyncConfab", call: APICall, options: RequestOptions) -> None:
        check_request_options(options)
        self._events = self._read(client, call, options)

    async def __anext__(self) -> ChatStreamEvent:
        return await self._events.__anext__()

    async def aclose(self) -> None:
        """Stops reading and closes the connection."""
        await self._events.aclose()

    async def final_answer(self) -> ChatTurn:
        async for event in self:
            if event["type"] == "done":
                return _final(event)
        raise APIConnectionError(_CUT)

    @staticmethod
    async def _read(client: "AsyncConfab", call: APICall, options: RequestOptions) -> AsyncIterator[ChatStreamEvent]:
        req = client._build_request(client._http, call, options, None, 0)
        req.headers["accept"] = "text/event-stream"
        failure: Optional[httpx.RequestError] = None
        try:
            response = await client._http.send(req, stream=True)
        except httpx.RequestError as err:
            failure = err
        if failure is not None:
            client._delay_after_error(call, req, failure, 0, 0)
        try:
            if not 200 <= response.status_code < 300 or not _is_event_stream(response):
                await response.aread()
                if not 200 <= response.status_code < 300:
                    raise make_status_error(response)
                yield _whole(response)
                return
            parser = ServerSentEventParser()
            try:
                async for text in response.aiter_text():
                    for event in parser.push(text):
                        out = _event_of(response, event)
                        if out is not None:
                            yield out
                            if out["type"] == "done":
                                return
            except httpx.RequestError as err:
                failure = err
            if failure is not None:
                client._delay_after_error(call, req, failure, 0, 0)
            raise APIConnectionError(_CUT, request=req)
        finally:
            await response.aclose()
