"""A sync client and then an async one inside one ``asyncio.run``, the async one through a
keep-alive HTTP forward proxy (from ``HTTP_PROXY``), against a scripted server: the retries must
end in the API's own errors (InternalServerError, then RateLimitError), never in an error of
httpcore's connection pool. The second test runs the same program in a fresh interpreter, as an
application runs it (pytest has loaded anyio already), where the first async request is also the
first use of anyio, which httpcore imports lazily, and that import fails once."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Iterator

import pytest

import confab
from confab import AsyncConfab, Confab
from local_servers import ForwardProxy, ScriptedServer

SDK_DIR = Path(__file__).resolve().parents[1]
TESTS_DIR = Path(__file__).resolve().parent
FAILURES = 4  # the first attempt and max_retries=3 retries
PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    s = ScriptedServer()
    s.reset(*["500"] * FAILURES, *["429"] * FAILURES)
    yield s
    s.close()


@pytest.fixture
def forward_proxy() -> Iterator[ForwardProxy]:
    p = ForwardProxy()
    yield p
    p.close()


@pytest.fixture
def no_proxy_settings(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    return monkeypatch


async def sync_then_async(base_url: str, proxy_url: str) -> BaseException:
    """The sync client's list (500 on every attempt), then the async client's list through the
    proxy (429 with Retry-After: 1 on every attempt); returns what the async list raised."""
    with Confab(api_key="cfb_loop", base_url=base_url, timeout=10) as client:
        with pytest.raises(confab.InternalServerError):
            client.chatbots.list()
    os.environ["HTTP_PROXY"] = proxy_url
    try:
        async with AsyncConfab(api_key="cfb_loop", base_url=base_url, timeout=10) as aclient:
            await aclient.chatbots.list()
    except Exception as raised:  # the test asserts which one
        return raised
    raise AssertionError("the async list succeeded against 429 answers")


def assert_went_as_scripted(scripted: ScriptedServer, forward_proxy: ForwardProxy) -> None:
    assert len(scripted.arrivals) == 2 * FAILURES, "every attempt of both lists reached the server"
    assert forward_proxy.targets == [f"{scripted.url}/api/v1/external/v1/chatbots"] * FAILURES, "only the async list went through the proxy"
    assert forward_proxy.connections == 1, "the proxy's connection was kept alive across the retries"


def test_sync_then_async_through_a_keep_alive_proxy_in_one_event_loop(scripted: ScriptedServer, forward_proxy: ForwardProxy, no_proxy_settings: pytest.MonkeyPatch) -> None:
    no_proxy_settings.setenv("HTTP_PROXY", "")  # restored afterwards; set for real after the sync list
    started = time.monotonic()
    raised = asyncio.run(sync_then_async(f"{scripted.url}/api/v1", forward_proxy.url))
    assert isinstance(raised, confab.RateLimitError), repr(raised)
    assert raised.status == 429 and raised.retry_after == 1.0
    assert_went_as_scripted(scripted, forward_proxy)
    assert time.monotonic() - started >= 3 * 0.95, "each Retry-After: 1 was waited for"


# The program of the first test, in a fresh interpreter whose first import of anyio fails when it
# happens inside the event loop (as an import racing another thread's can): the SDK must have
# imported anyio before any request, or httpcore's pool is left with a lock it never made.
FRESH_PROGRAM = textwrap.dedent(
    """
    import asyncio, importlib.abc, sys

    class FirstImportInsideTheLoopFails(importlib.abc.MetaPathFinder):
        failed = False

        def find_spec(self, name, path=None, target=None):
            if name == "anyio" and not self.failed and asyncio._get_running_loop() is not None:
                self.failed = True
                raise ImportError("anyio could not be imported (simulated)")
            return None

    sys.meta_path.insert(0, FirstImportInsideTheLoopFails())
    from test_one_event_loop import sync_then_async

    raised = asyncio.run(sync_then_async(sys.argv[1], sys.argv[2]))
    print(f"{type(raised).__name__}: {raised}")
    """
)


def test_the_same_program_in_a_fresh_interpreter(scripted: ScriptedServer, forward_proxy: ForwardProxy, no_proxy_settings: pytest.MonkeyPatch) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SDK_DIR), str(TESTS_DIR)]), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", FRESH_PROGRAM, f"{scripted.url}/api/v1", forward_proxy.url],
        capture_output=True, text=True, timeout=60, env=env, cwd=TESTS_DIR,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().startswith("RateLimitError: "), out.stdout + out.stderr
    assert_went_as_scripted(scripted, forward_proxy)
