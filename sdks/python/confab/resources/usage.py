"""Usage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._base_client import APICall
from ..types import RequestOptions, Usage as UsageObject
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Usage", "AsyncUsage"]

_RETRIEVE = APICall("GET", "/usage")


class Usage(SyncAPIResource):
    def retrieve(self, **options: "Unpack[RequestOptions]") -> UsageObject:
        """API calls counted this month; limit and remaining are None without a set limit."""
        return self._call(_RETRIEVE, options)


class AsyncUsage(AsyncAPIResource):
    async def retrieve(self, **options: "Unpack[RequestOptions]") -> UsageObject:
        """API calls counted this month; limit and remaining are None without a set limit."""
        return await self._call(_RETRIEVE, options)
