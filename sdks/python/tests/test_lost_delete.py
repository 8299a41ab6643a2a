"""A DELETE whose first attempt reached the service but whose answer was lost (a reset, a read
timeout, or a 5xx from a gateway) is retried and then finds nothing: that 404 means the delete
worked, so the call returns like a delete (``{"message": …}``). A 404 that no earlier attempt can
explain (the first attempt, or after a refused connection or a 429) stays a NotFoundError."""

from __future__ import annotations

from typing import Callable, List, Union

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab
from confab._retry_policy import ALREADY_DELETED_MESSAGE
from local_servers import FaultProxy

Step = Union[int, type]  # a status to answer, or an httpx.TransportError class to raise


def _scripted(steps: List[Step]) -> Callable[[httpx.Request], httpx.Response]:
    def handler(request: httpx.Request) -> httpx.Response:
        step = steps.pop(0)
        if isinstance(step, type):
            raise step("scripted", request=request)
        headers = {"x-request-id": f"req-{len(steps)}", "retry-after": "0"}
        if step == 200:
            return httpx.Response(200, json={"message": "Chatbot deleted successfully"}, headers=headers)
        return httpx.Response(step, json={"error": f"scripted {step}", "code": "NOT_FOUND" if step == 404 else "X"}, headers=headers)

    return handler


def _client(steps: List[Step]) -> Confab:
    http = httpx.Client(transport=httpx.MockTransport(_scripted(steps)))
    return Confab(api_key="k", base_url="http://api.test/api/v1", http_client=http)


@pytest.mark.parametrize("first", [httpx.ReadError, httpx.RemoteProtocolError, httpx.ReadTimeout, 502, 503])
def test_404_after_a_lost_answer_is_a_successful_delete(first: Step) -> None:
    steps: List[Step] = [first, 404]
    assert _client(steps).chatbots.delete("b1") == {"message": ALREADY_DELETED_MESSAGE}
    assert steps == []


@pytest.mark.parametrize("first", [httpx.ConnectError, httpx.ConnectTimeout, 429])
def test_404_after_an_attempt_that_never_ran_is_not_found(first: Step) -> None:
    # Refused or never connected: nothing was sent. 429: rate limited before any work.
    with pytest.raises(confab.NotFoundError):
        _client([first, 404]).webhooks.delete("w1")


def test_404_on_the_first_attempt_and_on_other_methods_is_not_found() -> None:
    with pytest.raises(confab.NotFoundError):
        _client([404]).chatbots.delete("b1")
    with pytest.raises(confab.NotFoundError):
        _client([503, 404]).chatbots.retrieve("b1")


async def test_async_lost_delete() -> None:
    steps: List[Step] = [httpx.ReadError, 404]
    http = httpx.AsyncClient(transport=httpx.MockTransport(_scripted(steps)))
    async with AsyncConfab(api_key="k", base_url="http://api.test/api/v1", http_client=http) as c:
        assert await c.webhooks.delete("w1") == {"message": ALREADY_DELETED_MESSAGE}
        steps.extend([404])
        with pytest.raises(confab.NotFoundError):
            await c.webhooks.delete("w1")
    await http.aclose()


@pytest.fixture(scope="module")
def proxy(service):
    p = FaultProxy(service.url)
    yield p
    p.close()


@pytest.mark.parametrize("fault", ["lost", "lost-reset"])
def test_real_service_deleted_but_the_answer_was_lost(client: Confab, service, workspaces, proxy: FaultProxy, fault: str) -> None:
    bot = client.chatbots.create(name=f"Delete, {fault}")
    proxy.reset(fault)
    with Confab(api_key=workspaces.sync.api_key, base_url=f"{proxy.url}/api/v1", timeout=10) as via_proxy:
        assert via_proxy.chatbots.delete(bot["id"]) == {"message": ALREADY_DELETED_MESSAGE}
    assert [s.method for s in proxy.seen] == ["DELETE", "DELETE"]
    with pytest.raises(confab.NotFoundError):
        client.chatbots.retrieve(bot["id"])
