"""Usage: External API calls and AI tokens this month."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._base_client import APICall
from ..types import AiUsage, RequestOptions, Usage as UsageObject
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Usage", "AsyncUsage"]

_RETRIEVE = APICall("GET", "/usage")
_AI = APICall("GET", "/usage/ai")


class Usage(SyncAPIResource):
    def retrieve(self, **options: "Unpack[RequestOptions]") -> UsageObject:
        """API calls counted this month; limit and remaining are None without a set limit."""
        return self._call(_RETRIEVE, options)

    def ai(self, **options: "Unpack[RequestOptions]") -> AiUsage:
        """AI tokens the agents used this month; token_limit and remaining are None when unlimited."""
        return self._call(_AI, options)


class AsyncUsage(AsyncAPIResource):
    async def retrieve(self, **options: "Unpack[RequestOptions]") -> UsageObject:
        """API calls counted this month; limit and remaining are None without a set limit."""
        return await self._call(_RETRIEVE, options)

    async def ai(self, **options: "Unpack[RequestOptions]") -> AiUsage:
        """AI tokens the agents used this month; token_limit and remaining are None when unlimited."""
        return await self._call(_AI, options)
