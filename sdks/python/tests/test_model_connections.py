"""model_connections.* end to end: the key never answered, a test against a closed port, bad fields."""

from __future__ import annotations

import socket

import pytest

from confab import AsyncConfab, BadRequestError, Confab, NotFoundError


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_model_connections_crud_and_test(client: Confab) -> None:
    port = closed_port()
    created = client.model_connections.create(
        name="Local model", base_url=f"http://127.0.0.1:{port}/v1", api_key="sk-python-secret", chat_model="llama3.1:8b",
    )
    assert sorted(created) == ["baseUrl", "chatModel", "createdAt", "embeddingModel", "id", "name", "updatedAt"]
    assert created["embeddingModel"] is None
    assert [c["id"] for c in client.model_connections.list()] == [created["id"]]
    assert client.model_connections.retrieve(created["id"]) == created

    tested = client.model_connections.test(created["id"])
    assert tested == {"ok": False, "error": f"Could not reach the provider at 127.0.0.1:{port}: the connection was refused"}

    updated = client.model_connections.update(created["id"], embedding_model="nomic-embed-text")
    assert updated["embeddingModel"] == "nomic-embed-text" and "apiKey" not in updated
    assert client.model_connections.update(created["id"], embedding_model=None)["embeddingModel"] is None

    assert client.model_connections.delete(created["id"]) == {"message": "Model connection deleted"}
    with pytest.raises(NotFoundError):
        client.model_connections.retrieve(created["id"])


def test_a_bad_field_is_a_bad_request_naming_it(client: Confab) -> None:
    with pytest.raises(BadRequestError) as raised:
        client.model_connections.create(name="Plain http", base_url="http://api.example.com/v1", api_key="k", chat_model="m")
    assert "baseUrl must use https" in str(raised.value)


@pytest.mark.asyncio
async def test_async_model_connections(aclient: AsyncConfab) -> None:
    created = await aclient.model_connections.create(
        name="Async model", base_url=f"http://127.0.0.1:{closed_port()}/v1", api_key="sk-x", chat_model="m",
    )
    assert (await aclient.model_connections.test(created["id"]))["ok"] is False
    assert (await aclient.model_connections.delete(created["id"]))["message"] == "Model connection deleted"
