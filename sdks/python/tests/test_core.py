"""The core without a server (httpx.MockTransport): request shape, answer parsing, pagination."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from typing import Callable, List

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab

Handler = Callable[[httpx.Request], httpx.Response]


def sync_client(handler: Handler, **kw) -> Confab:  # type: ignore[no-untyped-def]
    return Confab(api_key="cfb_test", base_url="http://api.test/api/v1", http_client=httpx.Client(transport=httpx.MockTransport(handler)), **kw)


def async_client(handler: Handler, **kw) -> AsyncConfab:  # type: ignore[no-untyped-def]
    return AsyncConfab(api_key="cfb_test", base_url="http://api.test/api/v1", http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)), **kw)


def test_request_shape() -> None:
    seen: List[httpx.Request] = []

    def handler(req: httpx.Request) -> httpx.Response:
        seen.append(req)
        return httpx.Response(200, json={"data": [], "total": 0, "page": 1, "totalPages": 0})

    c = sync_client(handler, default_headers={"x-team": "a"})
    c.responses.list("bot 1/2", limit=5, start_date=date(2024, 6, 1), end_date=datetime(2024, 6, 2, 23, tzinfo=timezone.utc))
    c.webhooks.update("w1", events=["response.created"], description="d")
    c.chatbots.create(name="N", description="D")
    get, patch, post = seen
    assert get.url.raw_path.split(b"?")[0] == b"/api/v1/external/v1/chatbots/bot%201%2F2/responses"
    assert dict(get.url.params) == {"page": "1", "limit": "5", "startDate": "2024-06-01", "endDate": "2024-06-02"}
    assert get.headers["x-api-key"] == "cfb_test" and get.headers["x-team"] == "a" and "content-type" not in get.headers
    assert "idempotency-key" not in get.headers and "idempotency-key" not in patch.headers
    assert json.loads(patch.content) == {"events": ["response.created"], "description": "d"}
    assert post.headers["content-type"] == "application/json" and post.headers["idempotency-key"].startswith("confab-py-")
    assert json.loads(post.content) == {"name": "N", "description": "D"}


def test_answers_that_are_not_json() -> None:
    c = sync_client(lambda req: httpx.Response(502, text="Bad gateway", headers={"x-request-id": "r-1"}), max_retries=0)
    with pytest.raises(confab.InternalServerError) as info:
        c.usage.retrieve()
    assert info.value.message == "Bad gateway" and info.value.request_id == "r-1" and info.value.code is None
    c = sync_client(lambda req: httpx.Response(200, text="<html>"))
    with pytest.raises(confab.ConfabError, match="not JSON"):
        c.usage.retrieve()
    c = sync_client(lambda req: httpx.Response(422, json={"error": "Idempotency-Key reused", "code": "IDEMPOTENCY_KEY_REUSED"}))
    with pytest.raises(confab.UnprocessableEntityError) as unprocessable:
        c.chatbots.create(name="x")
    assert unprocessable.value.code == "IDEMPOTENCY_KEY_REUSED"


def _shifting_pages(req: httpx.Request) -> httpx.Response:
    # A response arrives between page 1 and page 2: "b" moves from page 1 to page 2.
    page = int(req.url.params["page"])
    data = {1: ["a", "b"], 2: ["b", "c"], 3: ["d"]}[page]
    return httpx.Response(200, json={"data": [{"_id": i} for i in data], "total": 5, "page": page, "totalPages": 3})


def test_iteration_skips_items_that_shifted_to_the_next_page() -> None:
    assert [r["_id"] for r in sync_client(_shifting_pages).responses.list("b", limit=2)] == ["a", "b", "c", "d"]


async def test_async_iteration_and_the_end_of_the_pages() -> None:
    c = async_client(_shifting_pages)
    assert [r["_id"] async for r in c.responses.list("b", limit=2)] == ["a", "b", "c", "d"]
    last = await c.responses.list("b", page=3)
    assert not last.has_next_page() and len(last) == 1
    with pytest.raises(confab.ConfabError):
        await last.get_next_page()
    await c.close()


def test_explicit_should_retry_header() -> None:
    attempts: List[int] = []

    def handler(req: httpx.Request) -> httpx.Response:
        attempts.append(1)
        return httpx.Response(503, json={"error": "down for good"}, headers={"x-should-retry": "false"})

    with pytest.raises(confab.InternalServerError):
        sync_client(handler).chatbots.list()
    assert len(attempts) == 1
