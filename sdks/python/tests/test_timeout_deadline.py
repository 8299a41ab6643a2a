"""`timeout` is one deadline for a whole attempt (connect, send, status line, headers and body),
against a local server that trickles its answer a byte at a time: each byte comes well within
`timeout`, the whole answer takes far longer. httpx's per-phase timeouts alone let such a call
run for the whole trickle. A timed-out attempt is retried like any other, and the last one
raises APITimeoutError."""

from __future__ import annotations

import time

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab
from local_servers import ScriptedServer

TIMEOUT = 0.5
INTERVAL = 0.05  # a byte every 50 ms: the usage answer alone takes about 4 s, its headers 5 s more
SLACK = 1.0  # thread start, scheduling on a busy two-core machine
MAX_BACKOFF = 0.5  # the first retry's wait (_retry_policy.INITIAL_RETRY_DELAY)
TRICKLES = ["trickle-body", "trickle-head"]


@pytest.fixture(scope="module")
def server():
    s = ScriptedServer(interval=INTERVAL)
    yield s
    s.close()


@pytest.mark.parametrize("trickle", TRICKLES)
def test_a_trickled_answer_times_out_after_timeout_and_is_retried(server: ScriptedServer, trickle: str) -> None:
    assert len(ScriptedServer.BODY) * INTERVAL > 6 * TIMEOUT, "the trickle must be far slower than the timeout"
    server.reset(trickle, trickle)
    with Confab(api_key="cfb_deadline", base_url=f"{server.url}/api/v1", timeout=TIMEOUT, max_retries=1) as c:
        started = time.monotonic()
        with pytest.raises(confab.APITimeoutError) as info:
            c.usage.retrieve()
        took = time.monotonic() - started
    assert len(server.arrivals) == 2, "the timed-out attempt was retried once"
    assert took < 2 * TIMEOUT + MAX_BACKOFF + SLACK, f"two attempts of {TIMEOUT} s took {took:.2f} s"
    assert server.arrivals[1] - server.arrivals[0] < TIMEOUT + MAX_BACKOFF + SLACK
    assert isinstance(info.value.__cause__, httpx.TimeoutException) and info.value.status is None


def test_a_retry_after_a_trickled_attempt_gets_the_answer(server: ScriptedServer) -> None:
    server.reset("trickle-body")
    with Confab(api_key="cfb_deadline", base_url=f"{server.url}/api/v1", timeout=30) as c:
        started = time.monotonic()
        usage = c.usage.retrieve(timeout=TIMEOUT)  # a per-call timeout is a deadline as well
        took = time.monotonic() - started
    assert usage["plan"] == "pro" and len(server.arrivals) == 2
    assert took < TIMEOUT + MAX_BACKOFF + SLACK, f"took {took:.2f} s"


def test_an_abandoned_sync_attempt_stops_reading_the_trickle(server: ScriptedServer) -> None:
    """The worker thread left behind closes its connection at the next body chunk."""
    server.reset("trickle-body")
    with Confab(api_key="cfb_deadline", base_url=f"{server.url}/api/v1", timeout=TIMEOUT, max_retries=0) as c:
        with pytest.raises(confab.APITimeoutError):
            c.usage.retrieve()
        deadline = time.monotonic() + 2
        while not server.abandoned and time.monotonic() < deadline:
            time.sleep(0.05)
    assert server.abandoned and server.abandoned[0] - server.arrivals[0] < TIMEOUT + SLACK


@pytest.mark.parametrize("trickle", TRICKLES)
async def test_async_a_trickled_answer_times_out_after_timeout_and_is_retried(server: ScriptedServer, trickle: str) -> None:
    server.reset(trickle, trickle)
    async with AsyncConfab(api_key="cfb_deadline", base_url=f"{server.url}/api/v1", timeout=TIMEOUT, max_retries=1) as c:
        started = time.monotonic()
        with pytest.raises(confab.APITimeoutError):
            await c.usage.retrieve()
        took = time.monotonic() - started
        assert len(server.arrivals) == 2 and took < 2 * TIMEOUT + MAX_BACKOFF + SLACK, f"took {took:.2f} s"
        server.reset(trickle)
        assert (await c.usage.retrieve())["plan"] == "pro" and len(server.arrivals) == 2


def test_an_httpx_timeout_keeps_httpxs_per_phase_limits(server: ScriptedServer) -> None:
    """The escape hatch the README names: an httpx.Timeout is passed to httpx as it is."""
    server.reset("silent")
    with Confab(api_key="cfb_deadline", base_url=f"{server.url}/api/v1", timeout=httpx.Timeout(TIMEOUT), max_retries=0) as c:
        with pytest.raises(confab.APITimeoutError) as info:
            c.usage.retrieve()
    assert isinstance(info.value.__cause__, httpx.ReadTimeout)
