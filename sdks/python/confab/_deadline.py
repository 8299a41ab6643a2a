"""``timeout`` as one deadline for a whole attempt: getting a connection, sending, the answer's
status line and headers and its whole body together, as the Node SDK times an attempt (and as
the OpenAI and Stripe SDKs describe their timeout). httpx's own timeouts limit each phase and
each socket read on its own, so a server that sends a byte every second keeps a call with
``timeout=10`` going for as long as it likes.

Async: the attempt runs under ``asyncio.wait_for``, whose cancellation closes the connection.

Sync: nothing can interrupt a blocking socket read from another thread, so the attempt runs in a
worker thread and the caller waits for it until the deadline, then gives up on it. A worker left
behind stops at its next body chunk (the body is read through a stream that checks the deadline),
or, still in a trickled status line and headers, when those end or stall for ``timeout`` (httpx's
per-phase limits, which the client sets to ``timeout`` as well).

Both return the httpx error of an attempt instead of raising it, so that the SDK's own error is
raised outside any ``except`` block and never chains the original (it holds the API key)."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from typing import Callable, Iterator, Optional, Union

import httpx

Outcome = Union[httpx.Response, httpx.RequestError]


def _deadline_message(seconds: float) -> str:
    return f"No complete answer within the timeout of {seconds:g} s (it covers the whole attempt)"


class _DeadlineBody(httpx.SyncByteStream):
    """A response body that ends with a ReadTimeout once ``expired()``, checked at every chunk."""

    def __init__(self, inner: httpx.SyncByteStream, expired: Callable[[], bool], request: httpx.Request, seconds: float) -> None:
        self._inner = inner
        self._expired = expired
        self._request = request
        self._seconds = seconds

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._inner:
            if self._expired():
                raise httpx.ReadTimeout(_deadline_message(self._seconds), request=self._request)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class _SyncAttempt:
    """One attempt in a worker thread; the caller takes its outcome or gives up on it."""

    def __init__(self, http: httpx.Client, request: httpx.Request, seconds: float) -> None:
        self._http = http
        self._request = request
        self._seconds = seconds
        self._deadline = time.monotonic() + seconds
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._given_up = False
        self._outcome: Optional[Outcome] = None
        self._crash: Optional[BaseException] = None

    def _expired(self) -> bool:
        return self._given_up or time.monotonic() >= self._deadline

    def run(self) -> None:
        response: Optional[httpx.Response] = None
        try:
            # Never a redirect, whatever http_client= says: following one turns a POST into a
            # GET and sends x-api-key to the host the Location names.
            response = self._http.send(self._request, stream=True, follow_redirects=False)
            response.stream = _DeadlineBody(response.stream, self._expired, self._request, self._seconds)  # type: ignore[arg-type]
            response.read()
        except httpx.RequestError as err:
            self._settle(err, None, response)
        except BaseException as crash:  # an event hook's or a custom transport's own error
            self._settle(None, crash, response)
        else:
            self._settle(response, None, None)

    def _settle(self, outcome: Optional[Outcome], crash: Optional[BaseException], unread: Optional[httpx.Response]) -> None:
        if unread is not None:
            unread.close()
        with self._lock:
            if not self._given_up:
                self._outcome, self._crash = outcome, crash
                self._done.set()
                return
        if isinstance(outcome, httpx.Response):
            outcome.close()  # nobody waits for it any more

    def _give_up(self) -> bool:
        """Tells the worker to stop; False when its outcome had arrived already."""
        with self._lock:
            if self._done.is_set():
                return False
            self._given_up = True
            return True

    def outcome(self) -> Outcome:
        try:
            self._done.wait(max(0.0, self._deadline - time.monotonic()))
        except BaseException:  # Ctrl-C while waiting: the answer, if any, is nobody's
            if not self._give_up() and isinstance(self._outcome, httpx.Response):
                self._outcome.close()
            raise
        if self._give_up():
            return httpx.TimeoutException(_deadline_message(self._seconds), request=self._request)
        if self._crash is not None:
            raise self._crash
        assert self._outcome is not None
        return self._outcome


def send_within(http: httpx.Client, request: httpx.Request, seconds: Optional[float]) -> Outcome:
    """The whole answer (body read) within ``seconds``, or the httpx error of the attempt (a
    TimeoutException once the deadline passed). No deadline (None): httpx's timeouts alone."""
    if seconds is None:
        try:
            return http.send(request, follow_redirects=False)
        except httpx.RequestError as err:
            return err
    attempt = _SyncAttempt(http, request, seconds)
    # The caller's context (tracing spans, for instance) goes with the request to the worker.
    worker = threading.Thread(target=contextvars.copy_context().run, args=(attempt.run,), name="confab-request", daemon=True)
    worker.start()
    return attempt.outcome()


async def asend_within(http: httpx.AsyncClient, request: httpx.Request, seconds: Optional[float]) -> Outcome:
    """The async twin of send_within."""
    if seconds is None:
        try:
            return await http.send(request, follow_redirects=False)
        except httpx.RequestError as err:
            return err
    try:
        return await asyncio.wait_for(http.send(request, follow_redirects=False), seconds)
    except httpx.RequestError as err:
        return err
    except asyncio.TimeoutError:
        return httpx.TimeoutException(_deadline_message(seconds), request=request)
