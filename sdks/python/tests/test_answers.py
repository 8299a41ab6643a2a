"""Success statuses with a body the endpoint never answers, and ids that cannot name anything,
with a scripted transport (no server). A malformed 2xx body raises UnexpectedResponseError (an
APIError with the answer's status and request id), at once, never None or the raw dict; a bad
id raises InvalidArgumentError (a ConfabError and a ValueError) before anything is sent."""

from __future__ import annotations

from typing import Any, Callable, List

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab


def _answering(status: int, content: bytes, sent: List[httpx.Request]) -> Callable[[httpx.Request], httpx.Response]:
    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(status, content=content, headers={"content-type": "application/json", "x-request-id": "req-1"})

    return handler


def _client(status: int, content: bytes, sent: List[httpx.Request]) -> Confab:
    http = httpx.Client(transport=httpx.MockTransport(_answering(status, content, sent)))
    return Confab(api_key="k", base_url="http://api.test/api/v1", http_client=http)


CASES = [
    (200, b"", lambda c: c.chatbots.retrieve("b1"), "empty"),
    (200, b"   ", lambda c: c.usage.retrieve(), "empty"),
    (200, b'{"foo":1}', lambda c: c.chatbots.retrieve("b1"), "expected {data"),
    (200, b'{"data":null}', lambda c: c.account.retrieve(), "expected {data"),
    (201, b"[1,2]", lambda c: c.chatbots.create(name="x"), "got an array"),
    (200, b"null", lambda c: c.webhooks.list(), "got null"),
    (200, b"<html>proxy login</html>", lambda c: c.chatbots.list(), "not JSON"),
    (200, b'{"data":{},"total":1,"page":1,"totalPages":1}', lambda c: c.responses.list("b1"), "page"),
    (200, b"", lambda c: c.chatbots.delete("b1"), "empty"),
    (200, b'"deleted"', lambda c: c.webhooks.delete("w1"), "got string"),
    (200, b"[]", lambda c: c.workspace.slug.check("acme"), "got an array"),
    (200, b"", lambda c: c.workspace.ad_analytics.retrieve(), "empty"),
    (200, b"42", lambda c: c.workspace.branding.retrieve_public("acme"), "got number"),
]


@pytest.mark.parametrize("status,content,call,problem", CASES)
def test_malformed_success_bodies_raise_unexpected_response_error(status: int, content: bytes, call: Callable[[Confab], Any], problem: str) -> None:
    sent: List[httpx.Request] = []
    with pytest.raises(confab.UnexpectedResponseError) as info:
        call(_client(status, content, sent))
    err = info.value
    assert isinstance(err, confab.APIError) and isinstance(err, confab.ConfabError)
    assert err.status == status and err.request_id == "req-1" and problem in err.message
    assert len(sent) == 1, "not retried"


def test_the_body_is_kept_for_inspection() -> None:
    with pytest.raises(confab.UnexpectedResponseError) as info:
        _client(200, b'{"foo":1}', []).chatbots.retrieve("b1")
    assert info.value.body == {"foo": 1}
    with pytest.raises(confab.UnexpectedResponseError) as info:
        _client(200, b"<html>proxy login</html>", []).chatbots.list()
    assert info.value.body == "<html>proxy login</html>"


def test_bare_json_workspace_answers_are_returned_whole() -> None:
    assert _client(200, b'{"available":true,"slug":"acme"}', []).workspace.slug.check("acme") == {"available": True, "slug": "acme"}


@pytest.mark.parametrize("content,call", [
    (b'{"foo":1}', lambda c: c.usage.retrieve()),
    (b"[]", lambda c: c.workspace.branding.retrieve()),
])
async def test_async_malformed_body(content: bytes, call: Callable[[AsyncConfab], Any]) -> None:
    http = httpx.AsyncClient(transport=httpx.MockTransport(_answering(200, content, [])))
    async with AsyncConfab(api_key="k", base_url="http://api.test/api/v1", http_client=http) as c:
        with pytest.raises(confab.UnexpectedResponseError):
            await call(c)
    await http.aclose()


BAD_IDS: List[Any] = ["", ".", "..", None, 42]
ID_CALLS: List[Callable[[Confab, Any], Any]] = [
    lambda c, i: c.chatbots.retrieve(i),
    lambda c, i: c.chatbots.update(i, name="x"),
    lambda c, i: c.chatbots.delete(i),
    lambda c, i: c.chatbots.duplicate(i),
    lambda c, i: c.responses.list(i),
    lambda c, i: c.responses.retrieve("b1", i),
    lambda c, i: c.analytics.retrieve(i),
    lambda c, i: c.webhooks.update(i, status="paused"),
    lambda c, i: c.webhooks.delete(i),
    lambda c, i: c.workspace.slug.check(i),
    lambda c, i: c.workspace.branding.retrieve_public(i),
]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_ids_that_cannot_name_anything_are_refused_before_sending(bad: Any) -> None:
    sent: List[httpx.Request] = []
    client = _client(200, b'{"data":{}}', sent)
    for call in ID_CALLS:
        with pytest.raises(confab.InvalidArgumentError, match="non-empty string"):
            call(client, bad)
    assert sent == []
    assert issubclass(confab.InvalidArgumentError, ValueError) and issubclass(confab.InvalidArgumentError, confab.ConfabError)


async def test_async_ids_are_refused_too() -> None:
    async with AsyncConfab(api_key="k", base_url="http://api.test/api/v1") as c:
        with pytest.raises(confab.InvalidArgumentError):
            await c.responses.retrieve("b1", "..")
        with pytest.raises(confab.InvalidArgumentError):
            await c.workspace.slug.check("")


def test_other_ids_stay_one_escaped_segment() -> None:
    sent: List[httpx.Request] = []
    client = _client(200, b'{"data":{},"available":true,"slug":"s"}', sent)
    client.chatbots.retrieve("a/../usage")
    client.responses.retrieve("bot 1", "...")
    client.workspace.slug.check("acme?x=1")
    assert [r.url.raw_path for r in sent] == [
        b"/api/v1/external/v1/chatbots/a%2F..%2Fusage",
        b"/api/v1/external/v1/chatbots/bot%201/responses/...",
        b"/api/v1/workspace/check-slug/acme%3Fx%3D1",
    ]
