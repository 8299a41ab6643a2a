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
from ._streamed_request import raise_broken, send_streamed, send_streamed_async, streamed_request
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


class _Answer:
    """What reading one answer decides without I/O, the same for the sync and the async stream:
    whether the service streams it, the whole answer when it does not, and the events each piece
    of streamed text carries, up to the done event."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self._parser = ServerSentEventParser()
        self.done = False

    @property
    def streamed(self) -> bool:
        response = self._response
        return 200 <= response.status_code < 300 and _is_event_stream(response)

    def whole(self) -> ChatStreamEvent:
        """The answer of a response read to its end that is not a stream (an error, or a proxy's JSON)."""
        if not 200 <= self._response.status_code < 300:
            raise make_status_error(self._response)
        return _whole(self._response)

    def events(self, text: str) -> Iterator[ChatStreamEvent]:
        for event in self._parser.push(text):
            out = _event_of(self._response, event)
            if out is not None:
                yield out
                if out["type"] == "done":
                    self.done = True
                    return


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
        req = streamed_request(client, call, options, "text/event-stream")
        response = send_streamed(client, call, req)
        failure: Optional[httpx.RequestError] = None
        answer = _Answer(response)
        try:
            if not answer.streamed:
                response.read()
                yield answer.whole()
                return
            try:
                for text in response.iter_text():
                    yield from answer.events(text)
                    if answer.done:
                        return
            except httpx.RequestError as err:
                failure = err
            raise_broken(client, call, req, failure, _CUT)
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
        req = streamed_request(client, call, options, "text/event-stream")
        response = await send_streamed_async(client, call, req)
        failure: Optional[httpx.RequestError] = None
        answer = _Answer(response)
        try:
            if not answer.streamed:
                await response.aread()
                yield answer.whole()
                return
            try:
                async for text in response.aiter_text():
                    for event in answer.events(text):
                        yield event
                    if answer.done:
                        return
            except httpx.RequestError as err:
                failure = err
            raise_broken(client, call, req, failure, _CUT)
        finally:
            await response.aclose()
