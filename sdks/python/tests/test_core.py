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


NGINX_502 = "<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n" + "<!-- padding -->\n" * 40 + "</body>\n</html>\n"


def test_error_bodies_that_are_not_confabs_give_a_one_line_message() -> None:
    def answering(status: int, text: str, **headers: str) -> confab.APIError:
        c = sync_client(lambda req: httpx.Response(status, text=text, headers={"x-request-id": "gw-7", **headers}), max_retries=0)
        with pytest.raises(confab.APIError) as info:
            c.usage.retrieve()
        return info.value

    page = answering(502, NGINX_502, **{"content-type": "text/html"})
    assert isinstance(page, confab.InternalServerError) and page.message == "502 Bad Gateway" and page.body == NGINX_502
    assert (page.status, page.request_id, page.headers["content-type"]) == (502, "gw-7", "text/html")
    long = answering(503, "upstream connect error.\n" + "reset reason: overflow " * 400)
    assert len(long.message) <= 201 and "\n" not in long.message and long.message.startswith("upstream connect error. reset reason")
    assert answering(504, '{"message":"Endpoint request timed out"}').message == "Endpoint request timed out"


def test_an_answer_that_is_not_the_page_asked_for_ends_iteration_with_an_error_not_a_loop() -> None:
    sent: List[int] = []

    def cache_dropping_the_query(req: httpx.Request) -> httpx.Response:
        sent.append(1)
        assert len(sent) <= 20, "still paging after 20 requests"
        return httpx.Response(200, json={"data": [{"_id": f"r{len(sent)}"}], "total": 3, "page": 1, "totalPages": 3}, headers={"x-request-id": f"c-{len(sent)}"})

    seen: List[str] = []
    with pytest.raises(confab.UnexpectedResponseError, match="asked for page 2, got page 1") as info:
        for r in sync_client(cache_dropping_the_query).responses.list("b", limit=1):
            seen.append(r["_id"])
    assert (seen, len(sent), info.value.request_id) == (["r1"], 2, "c-2")


def test_a_body_that_cannot_be_decoded_is_a_typed_error_not_a_bare_httpx_one() -> None:
    attempts: List[int] = []

    def broken_gzip(req: httpx.Request) -> httpx.Response:
        attempts.append(1)
        return httpx.Response(200, content=b"not gzip at all", headers={"content-encoding": "gzip", "content-type": "application/json"})

    with pytest.raises(confab.APIConnectionError, match="Connection error"):
        sync_client(broken_gzip, max_retries=1).usage.retrieve()
    assert len(attempts) == 2


def _numbered_pages(seen: List[httpx.Request]) -> Handler:
    def handler(req: httpx.Request) -> httpx.Response:
        seen.append(req)
        page, limit = int(req.url.params["page"]), int(req.url.params["limit"])
        data = [{"_id": f"r{i}"} for i in range((page - 1) * limit + 1, min(page * limit, 5) + 1)]
        return httpx.Response(200, json={"data": data, "total": 5, "page": page, "totalPages": 3})

    return handler


async def test_the_filters_go_with_every_page_sync_and_async() -> None:
    filters = {"limit": "2", "startDate": "2026-01-01", "endDate": "2026-01-31"}
    seen: List[httpx.Request] = []
    ids = [r["_id"] for r in sync_client(_numbered_pages(seen)).responses.list("b", limit=2, start_date="2026-01-01", end_date=date(2026, 1, 31))]
    aseen: List[httpx.Request] = []
    c = async_client(_numbered_pages(aseen))
    aids = [r["_id"] async for r in c.responses.list("b", limit=2, start_date="2026-01-01", end_date=date(2026, 1, 31))]
    await c.close()
    assert ids == aids == ["r1", "r2", "r3", "r4", "r5"]
    for requests in (seen, aseen):
        assert [dict(r.url.params) for r in requests] == [{**filters, "page": str(n)} for n in (1, 2, 3)]
