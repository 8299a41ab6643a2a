"""Error answers of the real service mapped to the typed errors."""

from __future__ import annotations

import pytest

import confab
from confab import AsyncConfab, Confab


def test_401_invalid_key(service) -> None:
    with Confab(api_key="cfb_not-a-key", base_url=service.base_url) as bad:
        with pytest.raises(confab.AuthenticationError) as info:
            bad.chatbots.list()
    err = info.value
    assert isinstance(err, confab.APIStatusError) and isinstance(err, confab.APIError) and isinstance(err, confab.ConfabError)
    assert err.status == 401 and err.status_code == 401 and "API key" in err.message
    assert err.request_id and err.headers["x-request-id"] == err.request_id
    assert isinstance(err.body, dict) and err.body["error"] == err.message
    assert "401" in str(err) and err.request_id in str(err)


def test_404_400_403(client: Confab, service, workspaces) -> None:
    with pytest.raises(confab.NotFoundError) as missing:
        client.chatbots.update("does-not-exist", name="x")
    assert missing.value.status == 404
    with pytest.raises(confab.BadRequestError) as bad:
        client.chatbots.create(name="x" * 101)
    assert bad.value.status == 400 and "name" in bad.value.message
    with pytest.raises(confab.BadRequestError):
        client.webhooks.create(chatbot_id="x", url="http://insecure.example.com", events=["response.created"])
    with Confab(api_key=workspaces.free.api_key, base_url=service.base_url) as free:
        with pytest.raises(confab.PermissionDeniedError) as no_access:
            free.chatbots.list()
    assert no_access.value.status == 403
    with Confab(api_key=workspaces.read_only_key, base_url=service.base_url) as reader:
        assert isinstance(reader.chatbots.list(), list)
        with pytest.raises(confab.PermissionDeniedError) as read_only:
            reader.chatbots.create(name="nope")
    assert read_only.value.code == "INSUFFICIENT_SCOPE"


def test_another_workspaces_bot_is_not_found(client: Confab, service, workspaces) -> None:
    mine = client.chatbots.create(name="Private")
    with Confab(api_key=workspaces.async_.api_key, base_url=service.base_url) as other:
        with pytest.raises(confab.NotFoundError):
            other.chatbots.retrieve(mine["id"])
    client.chatbots.delete(mine["id"])


async def test_errors_async(service, workspaces, aclient: AsyncConfab) -> None:
    async with AsyncConfab(api_key="wrong", base_url=service.base_url) as bad:
        with pytest.raises(confab.AuthenticationError):
            await bad.usage.retrieve()
    with pytest.raises(confab.NotFoundError):
        await aclient.analytics.retrieve("nope")
    with pytest.raises(confab.BadRequestError):
        await aclient.analytics.retrieve("nope", days=0)


def test_connection_refused_is_an_api_connection_error() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    with Confab(api_key="k", base_url=f"http://127.0.0.1:{port}/api/v1", max_retries=1) as c:
        with pytest.raises(confab.APIConnectionError) as info:
            c.usage.retrieve()
    assert info.value.status is None and not isinstance(info.value, confab.APITimeoutError)
