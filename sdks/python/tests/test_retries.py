"""Retries through a local fault proxy in front of the real service: attempts are counted and
every attempt of one POST carries the same Idempotency-Key."""

from __future__ import annotations

import time

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab
from confab._base_client import BaseClient
from local_servers import FaultProxy


@pytest.fixture(scope="module")
def proxy(service):
    p = FaultProxy(service.url)
    yield p
    p.close()


@pytest.fixture
def via_proxy(proxy: FaultProxy, workspaces):
    proxy.reset()
    with Confab(api_key=workspaces.sync.api_key, base_url=f"{proxy.url}/api/v1", timeout=10) as c:
        yield c


@pytest.fixture
async def avia_proxy(proxy: FaultProxy, workspaces):
    proxy.reset()
    async with AsyncConfab(api_key=workspaces.async_.api_key, base_url=f"{proxy.url}/api/v1", timeout=10) as c:
        yield c


def keys(proxy: FaultProxy) -> list:
    return [s.headers.get("idempotency-key") for s in proxy.seen]


def retry_counts(proxy: FaultProxy) -> list:
    return [s.headers.get("x-confab-retry-count") for s in proxy.seen]


def test_503_then_success_keeps_the_idempotency_key(via_proxy: Confab, proxy: FaultProxy) -> None:
    proxy.reset("503")
    bot = via_proxy.chatbots.create(name="Retried")
    assert len(proxy.seen) == 2 and all(s.method == "POST" for s in proxy.seen)
    first, second = keys(proxy)
    assert first and first == second
    assert sum(b["name"] == "Retried" for b in via_proxy.chatbots.list()) == 1
    via_proxy.chatbots.delete(bot["id"])


def test_429_honours_retry_after(via_proxy: Confab, proxy: FaultProxy) -> None:
    proxy.reset("429")
    started = time.monotonic()
    assert via_proxy.usage.retrieve()["plan"] == "pro"
    assert time.monotonic() - started >= 0.95 and len(proxy.seen) == 2
    assert keys(proxy) == [None, None], "GETs carry no Idempotency-Key"
    proxy.reset("429")
    with pytest.raises(confab.RateLimitError) as info:
        via_proxy.usage.retrieve(max_retries=0)
    assert info.value.retry_after == 1.0 and info.value.code == "RATE_LIMIT_ERROR" and info.value.request_id == "proxy-1"


def test_retry_after_beyond_60_s_is_not_waited_for(via_proxy: Confab, proxy: FaultProxy) -> None:
    proxy.reset("429-long")
    started = time.monotonic()
    with pytest.raises(confab.RateLimitError) as info:
        via_proxy.usage.retrieve()
    assert info.value.retry_after == 3600 and len(proxy.seen) == 1 and time.monotonic() - started < 1


def test_connection_reset_is_retried(via_proxy: Confab, proxy: FaultProxy) -> None:
    proxy.reset("reset")
    bot = via_proxy.chatbots.create(name="After reset", idempotency_key="my-own-key-1")
    assert len(proxy.seen) == 2 and keys(proxy) == ["my-own-key-1", "my-own-key-1"]
    via_proxy.chatbots.delete(bot["id"])
    proxy.reset("reset", "reset")
    with pytest.raises(confab.APIConnectionError) as info:
        via_proxy.chatbots.list(max_retries=1)
    assert not isinstance(info.value, confab.APITimeoutError) and len(proxy.seen) == 2


def test_slow_answer_times_out(via_proxy: Confab, proxy: FaultProxy) -> None:
    proxy.reset("slow", "slow")
    with pytest.raises(confab.APITimeoutError):
        via_proxy.chatbots.list(timeout=0.5, max_retries=1)
    assert len(proxy.seen) == 2, "a timeout is retried"
    proxy.reset("slow")
    assert isinstance(via_proxy.with_options(timeout=5).chatbots.list(), list)


def test_5xx_gives_up_after_max_retries_and_4xx_is_not_retried(via_proxy: Confab, proxy: FaultProxy) -> None:
    proxy.reset("500", "500", "500")
    with pytest.raises(confab.InternalServerError) as info:
        via_proxy.with_options(max_retries=2).chatbots.create(name="never")
    assert info.value.status == 500 and len(proxy.seen) == 3 and len(set(keys(proxy))) == 1
    assert retry_counts(proxy) == [None, "1", "2"], "the first attempt says nothing, each retry its number"
    proxy.reset()
    with pytest.raises(confab.BadRequestError):
        via_proxy.chatbots.create(name="")
    assert len(proxy.seen) == 1


def test_extra_headers_and_two_calls_get_two_keys(via_proxy: Confab, proxy: FaultProxy) -> None:
    a = via_proxy.chatbots.create(name="k1", extra_headers={"x-trace": "t-1"})
    b = via_proxy.chatbots.create(name="k2")
    assert proxy.seen[0].headers["x-trace"] == "t-1" and keys(proxy)[0] != keys(proxy)[1]
    assert proxy.seen[0].headers["user-agent"].startswith("confab-python/")
    assert retry_counts(proxy) == [None, None], "a new call is no retry"
    for bot in (a, b):
        via_proxy.chatbots.delete(bot["id"])


def test_lost_answer_is_replayed_not_created_twice(via_proxy: Confab, proxy: FaultProxy) -> None:
    """The first POST reaches the service but its answer is lost; the retry, with the same key,
    must not create a second chatbot (docs/idempotency.md)."""
    before = len(via_proxy.chatbots.list())
    proxy.reset("lost")
    bot = via_proxy.chatbots.create(name="Exactly once")
    assert len(proxy.seen) == 2 and len(set(keys(proxy))) == 1
    names = [b["name"] for b in via_proxy.chatbots.list()]
    assert names.count("Exactly once") == 1 and len(names) == before + 1
    via_proxy.chatbots.delete(bot["id"])


async def test_async_retries(avia_proxy: AsyncConfab, proxy: FaultProxy) -> None:
    proxy.reset("503", "reset")
    bot = await avia_proxy.chatbots.create(name="Async retried")
    assert len(proxy.seen) == 3 and len(set(keys(proxy))) == 1 and keys(proxy)[0]
    assert retry_counts(proxy) == [None, "1", "2"]
    proxy.reset("429")
    started = time.monotonic()
    assert (await avia_proxy.usage.retrieve())["plan"] == "pro"
    assert time.monotonic() - started >= 0.95 and len(proxy.seen) == 2
    proxy.reset("slow")
    with pytest.raises(confab.APITimeoutError):
        await avia_proxy.chatbots.retrieve(bot["id"], timeout=0.5, max_retries=0)
    proxy.reset("503", "503")
    with pytest.raises(confab.InternalServerError):
        await avia_proxy.chatbots.delete(bot["id"], max_retries=1)
    assert len(proxy.seen) == 2
    await avia_proxy.chatbots.delete(bot["id"])


def test_408_and_a_plain_409_are_not_retried(via_proxy: Confab, proxy: FaultProxy) -> None:
    for fault, error in (("408", confab.APIStatusError), ("409", confab.ConflictError)):
        proxy.reset(fault)
        with pytest.raises(error) as info:
            via_proxy.usage.retrieve()
        assert info.value.status == int(fault) and len(proxy.seen) == 1, fault


def test_409_idempotency_key_in_use_is_retried_with_the_same_key(via_proxy: Confab, proxy: FaultProxy) -> None:
    proxy.reset("409-in-use")
    started = time.monotonic()
    bot = via_proxy.chatbots.create(name="Waited for")
    assert time.monotonic() - started >= 0.95, "Retry-After: 1 was honoured"
    assert len(proxy.seen) == 2 and len(set(keys(proxy))) == 1
    via_proxy.chatbots.delete(bot["id"])


def test_duplicate_webhook_is_a_conflict_at_once(via_proxy: Confab, proxy: FaultProxy) -> None:
    bot = via_proxy.chatbots.create(name="Hooked twice")
    params = dict(chatbot_id=bot["id"], url="https://hooks.example.com/dup", events=["response.created"])
    via_proxy.webhooks.create(**params)
    proxy.reset()
    with pytest.raises(confab.ConflictError) as info:
        via_proxy.webhooks.create(**params)
    assert info.value.status == 409 and len(proxy.seen) == 1, "the service's 409 is final"
    via_proxy.chatbots.delete(bot["id"])


def _response(status: int, body: object = None, **headers: str) -> httpx.Response:
    return httpx.Response(status, headers=headers, json=body, request=httpx.Request("GET", "http://x"))


def test_retry_policy() -> None:
    for status in (429, 500, 502, 503, 504):
        assert BaseClient._should_retry(_response(status)), status
    for status in (400, 401, 403, 404, 408, 409, 413, 422, 200):
        assert not BaseClient._should_retry(_response(status)), status
    # A 409 is retried only while the same Idempotency-Key is still in progress.
    assert BaseClient._should_retry(_response(409, {"error": "in progress", "code": "IDEMPOTENCY_KEY_IN_USE"}, **{"retry-after": "1"}))
    for body in ({"error": "Duplicate", "code": "CONFLICT"}, {"error": "x"}, {"code": 1}, ["IDEMPOTENCY_KEY_IN_USE"]):
        assert not BaseClient._should_retry(_response(409, body)), body
    assert not BaseClient._should_retry(_response(408, {"code": "IDEMPOTENCY_KEY_IN_USE"}))
    assert not BaseClient._should_retry(_response(503, **{"x-should-retry": "false"}))
    assert BaseClient._should_retry(_response(400, **{"x-should-retry": "true"}))
    assert not BaseClient._should_retry(_response(429, **{"retry-after": "61"}))
    assert BaseClient._retry_delay(0, _response(429, **{"retry-after": "2"})) == 2
    assert BaseClient._retry_delay(0, _response(429, **{"retry-after-ms": "1500"})) == 1.5
    assert BaseClient._retry_delay(0, _response(503, **{"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"})) == 0
    delays = [BaseClient._retry_delay(n, None) for n in range(6)]
    assert 0.375 <= delays[0] <= 0.5 and 0.75 <= delays[1] <= 1.0 and 6 <= delays[5] <= 8
