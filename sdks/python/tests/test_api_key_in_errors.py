"""No error the SDK raises carries the API key: not in its str, repr or args, not in the headers
of its `request` or `response.request`, not in the exceptions it chains (`__cause__`,
`__context__`), not in a formatted traceback, not in its pickle. httpx hides only
`Authorization` in a Headers repr, so `x-api-key` went into every log of `err.request.headers`.
Every error class is raised against a local scripted server, sync and async."""

from __future__ import annotations

import logging
import pickle
import secrets
import socket
import traceback
from typing import Any, Iterator, List

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab
from local_servers import ScriptedServer

KEY = f"cfb_{secrets.token_hex(24)}"

CASES = [
    # (scripted answer, error raised, client options)
    ("401", confab.AuthenticationError, {}),
    ("500", confab.InternalServerError, {}),
    ("429-long", confab.RateLimitError, {}),
    ("not-json", confab.UnexpectedResponseError, {}),
    ("reset", confab.APIConnectionError, {}),
    ("refused", confab.APIConnectionError, {}),
    ("trickle-body", confab.APITimeoutError, {"timeout": 0.3}),  # the SDK's deadline
    ("silent", confab.APITimeoutError, {"timeout": httpx.Timeout(0.3)}),  # httpx's read timeout
]


@pytest.fixture(scope="module")
def server():
    s = ScriptedServer(interval=0.05)
    yield s
    s.close()


def closed_port_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}/api/v1"  # closed again: nothing listens


def base_url(server: ScriptedServer, answer: str) -> str:
    if answer == "refused":
        return closed_port_url()
    server.reset(answer)
    return f"{server.url}/api/v1"


def chain(err: BaseException) -> Iterator[BaseException]:
    seen: List[int] = []
    todo: List[Any] = [err]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.append(id(e))
        yield e
        todo += [e.__cause__, e.__context__]


def requests_in(e: BaseException) -> Iterator[httpx.Request]:
    for holder in (e, getattr(e, "response", None)):
        try:
            request = holder.request  # type: ignore[union-attr]
        except (AttributeError, RuntimeError):  # httpx raises RuntimeError when there is none
            continue
        if request is not None:
            yield request


def assert_key_nowhere(err: BaseException) -> None:
    assert err.request is not None  # type: ignore[attr-defined]
    for e in chain(err):
        for text in (str(e), repr(e), repr(e.args), repr(vars(e))):
            assert KEY not in text, f"{type(e).__name__}: {text}"
        for request in requests_in(e):
            assert request.headers["x-api-key"] == "[redacted]", type(e).__name__
            assert KEY not in repr(request.headers.raw) and KEY not in repr(dict(request.headers))
    assert KEY not in "".join(traceback.format_exception(err))
    data = pickle.dumps(err)
    assert KEY.encode() not in data
    restored = pickle.loads(data)
    assert type(restored) is type(err) and str(restored) == str(err) and restored.status == err.status  # type: ignore[attr-defined]
    assert restored.request.headers["x-api-key"] == "[redacted]"


@pytest.mark.parametrize("answer, error, options", CASES, ids=[c[0] for c in CASES])
def test_sync_errors_never_carry_the_api_key(server: ScriptedServer, answer: str, error: type, options: dict) -> None:
    with Confab(api_key=KEY, base_url=base_url(server, answer), max_retries=0, **options) as c:
        with pytest.raises(error) as info:
            c.usage.retrieve()
    assert_key_nowhere(info.value)


@pytest.mark.parametrize("answer, error, options", CASES, ids=[c[0] for c in CASES])
async def test_async_errors_never_carry_the_api_key(server: ScriptedServer, answer: str, error: type, options: dict) -> None:
    async with AsyncConfab(api_key=KEY, base_url=base_url(server, answer), max_retries=0, **options) as c:
        with pytest.raises(error) as info:
            await c.usage.retrieve()
    assert_key_nowhere(info.value)


def test_the_retry_log_and_a_post_after_retries_never_show_the_key(server: ScriptedServer, caplog: pytest.LogCaptureFixture) -> None:
    server.reset("reset", "500")
    caplog.set_level(logging.INFO, logger="confab")
    with Confab(api_key=KEY, base_url=f"{server.url}/api/v1", max_retries=1) as c:
        with pytest.raises(confab.InternalServerError) as info:
            c.chatbots.create(name="Logged")
    assert len(server.arrivals) == 2 and "Retrying" in caplog.text and KEY not in caplog.text
    assert_key_nowhere(info.value)
    assert info.value.request.headers["idempotency-key"].startswith("confab-py-"), "the rest of the request is kept"
    assert info.value.request.content == b'{"name":"Logged"}'
