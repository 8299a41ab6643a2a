"""Analytics."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .._base_client import APICall, path_id
from ..types import Analytics as AnalyticsObject, RequestOptions
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Analytics", "AsyncAnalytics"]


def _retrieve(bot_id: str, days: Optional[int]) -> APICall:
    return APICall("GET", f"/chatbots/{path_id('bot_id', bot_id)}/analytics", query={"days": days})


class Analytics(SyncAPIResource):
    def retrieve(self, bot_id: str, *, days: Optional[int] = None, **options: "Unpack[RequestOptions]") -> AnalyticsObject:
        """Response counts of the last `days` UTC days (1–365, default 30), one entry per day."""
        return self._call(_retrieve(bot_id, days), options)


class AsyncAnalytics(AsyncAPIResource):
    async def retrieve(self, bot_id: str, *, days: Optional[int] = None, **options: "Unpack[RequestOptions]") -> AnalyticsObject:
        """Response counts of the last `days` UTC days (1–365, default 30), one entry per day."""
        return await self._call(_retrieve(bot_id, days), options)
