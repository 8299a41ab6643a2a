"""Responses: a chatbot's stored conversations, newest first."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, List, Literal, Optional, Union

from .._base_client import APICall, path_id
from .._response_export import ACCEPT, AsyncResponseExport, ResponseExport
from ..pagination import AsyncPage, AsyncPaginator, SyncPage
from ..types import AnswerProvenance, RequestOptions, ResponseRecord
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Responses", "AsyncResponses"]

Day = Union[str, date]


def _list(bot_id: str, page: int, limit: Optional[int], start_date: Optional[Day], end_date: Optional[Day]) -> APICall:
    query = {"page": page, "limit": limit, "startDate": start_date, "endDate": end_date}
    return APICall("GET", f"/chatbots/{path_id('bot_id', bot_id)}/responses", query=query, envelope="page")


def _retrieve(bot_id: str, response_id: str) -> APICall:
    return APICall("GET", f"/chatbots/{path_id('bot_id', bot_id)}/responses/{path_id('response_id', response_id)}")


def _provenance(bot_id: str, response_id: str) -> APICall:
    path = f"/chatbots/{path_id('bot_id', bot_id)}/responses/{path_id('response_id', response_id)}/provenance"
    return APICall("GET", path)


def _export(bot_id: str, format: str, start_date: Optional[Day], end_date: Optional[Day]) -> APICall:
    query = {"format": format, "startDate": start_date, "endDate": end_date}
    return APICall("GET", f"/chatbots/{path_id('bot_id', bot_id)}/responses/export", query=query)


ExportFormat = Literal["csv", "ndjson"]


class Responses(SyncAPIResource):
    def list(
        self, bot_id: str, *, page: int = 1, limit: Optional[int] = None, start_date: Optional[Day] = None,
        end_date: Optional[Day] = None, **options: "Unpack[RequestOptions]",
    ) -> SyncPage[ResponseRecord]:
        """One page (limit 1–100, default 20; dates are inclusive UTC days). Iterate it for
        every response of every page: ``for r in client.responses.list(bot_id): …``."""

        def fetch(number: int) -> SyncPage[ResponseRecord]:
            return SyncPage(self._call(_list(bot_id, number, limit, start_date, end_date), options), fetch)

        return fetch(page)

    def retrieve(self, bot_id: str, response_id: str, **options: "Unpack[RequestOptions]") -> ResponseRecord:
        """One response with the whole conversation."""
        return self._call(_retrieve(bot_id, response_id), options)

    def provenance(self, bot_id: str, response_id: str, **options: "Unpack[RequestOptions]") -> List[AnswerProvenance]:
        """Where each AI answer of the response came from: model, tokens, passages and scores, cited sources."""
        return self._call(_provenance(bot_id, response_id), options)

    def export(
        self, bot_id: str, *, format: ExportFormat = "csv", start_date: Optional[Day] = None,
        end_date: Optional[Day] = None, **options: "Unpack[RequestOptions]",
    ) -> ResponseExport:
        """The chatbot's conversations as a CSV or NDJSON file, oldest first, one line per
        response: ``for line in client.responses.export(bot_id, format="ndjson")``, or
        ``.write_to("responses.csv")``. Sent when reading starts."""
        return ResponseExport(self._client, _export(bot_id, format, start_date, end_date), options, ACCEPT.get(format, "*/*"))


class AsyncResponses(AsyncAPIResource):
    def list(
        self, bot_id: str, *, page: int = 1, limit: Optional[int] = None, start_date: Optional[Day] = None,
        end_date: Optional[Day] = None, **options: "Unpack[RequestOptions]",
    ) -> AsyncPaginator[ResponseRecord]:
        """``await`` it for one page, or ``async for r in client.responses.list(bot_id)`` for
        every response of every page."""

        async def fetch(number: int) -> AsyncPage[ResponseRecord]:
            return AsyncPage(await self._call(_list(bot_id, number, limit, start_date, end_date), options), fetch)

        return AsyncPaginator(lambda: fetch(page))

    async def retrieve(self, bot_id: str, response_id: str, **options: "Unpack[RequestOptions]") -> ResponseRecord:
        """One response with the whole conversation."""
        return await self._call(_retrieve(bot_id, response_id), options)

    async def provenance(
        self, bot_id: str, response_id: str, **options: "Unpack[RequestOptions]"
    ) -> List[AnswerProvenance]:
        """Where each AI answer of the response came from: model, tokens, passages and scores, cited sources."""
        return await self._call(_provenance(bot_id, response_id), options)

    def export(
        self, bot_id: str, *, format: ExportFormat = "csv", start_date: Optional[Day] = None,
        end_date: Optional[Day] = None, **options: "Unpack[RequestOptions]",
    ) -> AsyncResponseExport:
        """As ``Confab.responses.export``, read with ``async for`` or ``await export.write_to(path)``."""
        return AsyncResponseExport(
            self._client, _export(bot_id, format, start_date, end_date), options, ACCEPT.get(format, "*/*")
        )
