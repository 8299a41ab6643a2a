"""What every resource is: a handle on its client. Resources only describe endpoints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._base_client import APICall
from ..types import RequestOptions

if TYPE_CHECKING:
    from .._client import AsyncConfab, Confab


class SyncAPIResource:
    def __init__(self, client: "Confab") -> None:
        self._client = client

    def _call(self, call: APICall, options: RequestOptions) -> Any:
        return self._client.request(call, options)


class AsyncAPIResource:
    def __init__(self, client: "AsyncConfab") -> None:
        self._client = client

    async def _call(self, call: APICall, options: RequestOptions) -> Any:
        return await self._client.request(call, options)
