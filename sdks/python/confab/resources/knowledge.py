"""Knowledge sources: pasted text and web pages an AI agent answers from, indexed in the background.

Files are uploaded as multipart/form-data, which this JSON client does not send yet: upload them
with the dashboard or a plain HTTP request (docs/knowledge.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from ..types import Deleted, KnowledgeSource, RequestOptions
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Knowledge", "AsyncKnowledge", "KnowledgeSources", "AsyncKnowledgeSources"]

_LIST = APICall("GET", "/knowledge/sources")


def _one(source_id: str) -> str:
    return f"/knowledge/sources/{path_id('source_id', source_id)}"


def _create(type: str, title: str, text: str, url: str, sitemap: bool) -> APICall:
    return APICall("POST", "/knowledge/sources", body=body_of(type=type, title=title, text=text, url=url, sitemap=sitemap))


class KnowledgeSources(SyncAPIResource):
    def list(self, **options: "Unpack[RequestOptions]") -> List[KnowledgeSource]:
        """The workspace's sources, oldest first, with their status and counts."""
        return self._call(_LIST, options)

    def create(
        self, *, type: str, title: str = NOT_GIVEN, text: str = NOT_GIVEN, url: str = NOT_GIVEN,
        sitemap: bool = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> KnowledgeSource:
        """Adds pasted text (``type="text"``) or a web page or sitemap (``type="url"``); answered ``queued``."""
        return self._call(_create(type, title, text, url, sitemap), options)

    def retrieve(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        return self._call(APICall("GET", _one(source_id)), options)

    def delete(self, source_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        return self._call(APICall("DELETE", _one(source_id), envelope="object"), options)

    def reindex(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        """Indexes the source again (a web page is fetched again); answered ``queued``."""
        return self._call(APICall("POST", f"{_one(source_id)}/reindex"), options)


class AsyncKnowledgeSources(AsyncAPIResource):
    async def list(self, **options: "Unpack[RequestOptions]") -> List[KnowledgeSource]:
        """The workspace's sources, oldest first, with their status and counts."""
        return await self._call(_LIST, options)

    async def create(
        self, *, type: str, title: str = NOT_GIVEN, text: str = NOT_GIVEN, url: str = NOT_GIVEN,
        sitemap: bool = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> KnowledgeSource:
        """Adds pasted text (``type="text"``) or a web page or sitemap (``type="url"``); answered ``queued``."""
        return await self._call(_create(type, title, text, url, sitemap), options)

    async def retrieve(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        return await self._call(APICall("GET", _one(source_id)), options)

    async def delete(self, source_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        return await self._call(APICall("DELETE", _one(source_id), envelope="object"), options)

    async def reindex(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        """Indexes the source again (a web page is fetched again); answered ``queued``."""
        return await self._call(APICall("POST", f"{_one(source_id)}/reindex"), options)


class Knowledge(SyncAPIResource):
    sources: KnowledgeSources

    def __init__(self, client) -> None:
        super().__init__(client)
        self.sources = KnowledgeSources(client)


class AsyncKnowledge(AsyncAPIResource):
    sources: AsyncKnowledgeSources

    def __init__(self, client) -> None:
        super().__init__(client)
        self.sources = AsyncKnowledgeSources(client)
