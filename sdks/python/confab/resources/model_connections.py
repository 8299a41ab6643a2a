"""Model connections: the workspace's OpenAI-compatible providers. The API key is write-only."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from ..types import Deleted, ModelConnection, ModelConnectionTestResult, RequestOptions
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["ModelConnections", "AsyncModelConnections"]

_LIST = APICall("GET", "/model-connections")


def _one(connection_id: str) -> str:
    return f"/model-connections/{path_id('connection_id', connection_id)}"


def _create(name: str, base_url: str, api_key: str, chat_model: str, embedding_model: Optional[str]) -> APICall:
    body = body_of(name=name, baseUrl=base_url, apiKey=api_key, chatModel=chat_model, embeddingModel=embedding_model)
    return APICall("POST", "/model-connections", body=body)


def _update(connection_id: str, name: str, base_url: str, api_key: str, chat_model: str, embedding_model: Optional[str]) -> APICall:
    body = body_of(name=name, baseUrl=base_url, apiKey=api_key, chatModel=chat_model, embeddingModel=embedding_model)
    return APICall("PATCH", _one(connection_id), body=body)


class ModelConnections(SyncAPIResource):
    def list(self, **options: "Unpack[RequestOptions]") -> List[ModelConnection]:
        """The workspace's connections, oldest first (never their keys)."""
        return self._call(_LIST, options)

    def create(
        self, *, name: str, base_url: str, api_key: str, chat_model: str, embedding_model: Optional[str] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> ModelConnection:
        """Stores the key encrypted; no answer ever carries it."""
        return self._call(_create(name, base_url, api_key, chat_model, embedding_model), options)

    def retrieve(self, connection_id: str, **options: "Unpack[RequestOptions]") -> ModelConnection:
        return self._call(APICall("GET", _one(connection_id)), options)

    def update(
        self, connection_id: str, *, name: str = NOT_GIVEN, base_url: str = NOT_GIVEN, api_key: str = NOT_GIVEN,
        chat_model: str = NOT_GIVEN, embedding_model: Optional[str] = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> ModelConnection:
        """Changes only the given fields; ``api_key`` replaces the stored key; ``embedding_model=None`` removes it."""
        return self._call(_update(connection_id, name, base_url, api_key, chat_model, embedding_model), options)

    def delete(self, connection_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        return self._call(APICall("DELETE", _one(connection_id), envelope="object"), options)

    def test(self, connection_id: str, **options: "Unpack[RequestOptions]") -> ModelConnectionTestResult:
        """Asks the provider whether the key and the models work: ``{"ok": True}`` or ``{"ok": False, "error": …}``."""
        return self._call(APICall("POST", f"{_one(connection_id)}/test"), options)


class AsyncModelConnections(AsyncAPIResource):
    async def list(self, **options: "Unpack[RequestOptions]") -> List[ModelConnection]:
        """The workspace's connections, oldest first (never their keys)."""
        return await self._call(_LIST, options)

    async def create(
        self, *, name: str, base_url: str, api_key: str, chat_model: str, embedding_model: Optional[str] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> ModelConnection:
        """Stores the key encrypted; no answer ever carries it."""
        return await self._call(_create(name, base_url, api_key, chat_model, embedding_model), options)

    async def retrieve(self, connection_id: str, **options: "Unpack[RequestOptions]") -> ModelConnection:
        return await self._call(APICall("GET", _one(connection_id)), options)

    async def update(
        self, connection_id: str, *, name: str = NOT_GIVEN, base_url: str = NOT_GIVEN, api_key: str = NOT_GIVEN,
        chat_model: str = NOT_GIVEN, embedding_model: Optional[str] = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> ModelConnection:
        """Changes only the given fields; ``api_key`` replaces the stored key; ``embedding_model=None`` removes it."""
        return await self._call(_update(connection_id, name, base_url, api_key, chat_model, embedding_model), options)

    async def delete(self, connection_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        return await self._call(APICall("DELETE", _one(connection_id), envelope="object"), options)

    async def test(self, connection_id: str, **options: "Unpack[RequestOptions]") -> ModelConnectionTestResult:
        """Asks the provider whether the key and the models work: ``{"ok": True}`` or ``{"ok": False, "error": …}``."""
        return await self._call(APICall("POST", f"{_one(connection_id)}/test"), options)
