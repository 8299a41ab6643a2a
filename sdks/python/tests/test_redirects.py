"""A base URL that answers with a redirect, in front of the real service: the SDK follows none,
even through an ``http_client`` made with ``follow_redirects=True`` (which turned a POST into a
GET, so ``chatbots.create`` returned the chatbot list, and sent x-api-key to the other host). A
3xx is an APIStatusError naming the Location, and nothing reaches the host it names."""

from __future__ import annotations

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab
from local_servers import FaultProxy, Redirector


@pytest.fixture(scope="module")
def elsewhere(service):
    """Another origin (its own port) in front of the service, recording what reaches it."""
    p = FaultProxy(service.url)
    yield p
    p.close()


@pytest.fixture(scope="module")
def redirector(elsewhere: FaultProxy):
    r = Redirector(elsewhere.url)
    yield r
    r.close()


def _check(err: confab.APIStatusError, status: int, location: str, redirector: Redirector, elsewhere: FaultProxy) -> None:
    assert (err.status, err.request_id, redirector.hits) == (status, "lb-1", 1)
    assert location in err.message and "does not follow redirects" in err.message
    assert err.headers["location"] == location
    assert elsewhere.seen == [], "the other origin never saw the request (or the API key)"


@pytest.mark.parametrize("follow", [False, True], ids=["own client", "http_client following redirects"])
def test_a_post_answered_with_302_is_an_error_and_creates_nothing(follow: bool, service, workspaces, redirector: Redirector, elsewhere: FaultProxy) -> None:
    http = httpx.Client(follow_redirects=True, timeout=30) if follow else None
    with Confab(api_key=workspaces.sync.api_key, base_url=f"{redirector.url}/api/v1", http_client=http) as c:
        with Confab(api_key=workspaces.sync.api_key, base_url=service.base_url) as direct:
            before = len(direct.chatbots.list())
            elsewhere.reset()
            redirector.hits = 0
            with pytest.raises(confab.APIStatusError) as info:
                c.chatbots.create(name="Through a redirect")
            _check(info.value, 302, f"{elsewhere.url}/api/v1/external/v1/chatbots", redirector, elsewhere)
            assert len(direct.chatbots.list()) == before
    if http is not None:
        http.close()


async def test_async_a_get_answered_with_301_is_not_followed(workspaces, redirector: Redirector, elsewhere: FaultProxy) -> None:
    http = httpx.AsyncClient(follow_redirects=True, timeout=30)
    async with AsyncConfab(api_key=workspaces.async_.api_key, base_url=f"{redirector.url}/api/v1", http_client=http) as c:
        elsewhere.reset()
        redirector.hits = 0
        with pytest.raises(confab.APIStatusError) as info:
            await c.usage.retrieve()
        _check(info.value, 301, f"{elsewhere.url}/api/v1/external/v1/usage", redirector, elsewhere)
    await http.aclose()
