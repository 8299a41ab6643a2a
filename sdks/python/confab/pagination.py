"""Page-number pagination (GET /chatbots/{id}/responses answers {data, total, page, totalPages}).

A page is a list of items plus the way to fetch the next one. Iterating a page walks every item
of it and of all pages after it; `has_next_page()` / `get_next_page()` go one page at a time.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Generator, Generic, Iterator, List, TypeVar

from ._exceptions import ConfabError

T = TypeVar("T")

__all__ = ["SyncPage", "AsyncPage", "AsyncPaginator"]


class _PageFields(Generic[T]):
    data: List[T]
    total: int
    page: int
    total_pages: int

    def __init__(self, body: Dict[str, Any]) -> None:
        self.data = list(body.get("data") or [])
        self.total = int(body.get("total") or 0)
        self.page = int(body.get("page") or 1)
        self.total_pages = int(body.get("totalPages") or 0)

    def has_next_page(self) -> bool:
        return bool(self.data) and self.page < self.total_pages

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} page={self.page}/{self.total_pages} items={len(self.data)} total={self.total}>"

    @staticmethod
    def _key(item: Any) -> Any:
        return item.get("_id") if isinstance(item, dict) else id(item)


class SyncPage(_PageFields[T]):
    def __init__(self, body: Dict[str, Any], fetch: Callable[[int], "SyncPage[T]"]) -> None:
        super().__init__(body)
        self._fetch = fetch

    def get_next_page(self) -> "SyncPage[T]":
        if not self.has_next_page():
            raise ConfabError("No next page; check has_next_page() first")
        return self._fetch(self.page + 1)

    def iter_pages(self) -> Iterator["SyncPage[T]"]:
        page: SyncPage[T] = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = page.get_next_page()

    def __iter__(self) -> Iterator[T]:  # type: ignore[override]
        # Newest first: an item created meanwhile shifts the rest by one, so skip repeats.
        seen = set()
        for page in self.iter_pages():
            for item in page.data:
                key = self._key(item)
                if key not in seen:
                    seen.add(key)
                    yield item


class AsyncPage(_PageFields[T]):
    def __init__(self, body: Dict[str, Any], fetch: Callable[[int], Awaitable["AsyncPage[T]"]]) -> None:
        super().__init__(body)
        self._fetch = fetch

    async def get_next_page(self) -> "AsyncPage[T]":
        if not self.has_next_page():
            raise ConfabError("No next page; check has_next_page() first")
        return await self._fetch(self.page + 1)

    async def iter_pages(self) -> AsyncIterator["AsyncPage[T]"]:
        page: AsyncPage[T] = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = await page.get_next_page()

    async def __aiter__(self) -> AsyncIterator[T]:
        seen = set()
        async for page in self.iter_pages():
            for item in page.data:
                key = self._key(item)
                if key not in seen:
                    seen.add(key)
                    yield item


class AsyncPaginator(Generic[T]):
    """What ``AsyncConfab.responses.list`` returns: ``await`` it for the first page, or
    ``async for`` over it for every item of every page."""

    def __init__(self, first: Callable[[], Awaitable[AsyncPage[T]]]) -> None:
        self._first = first

    def __await__(self) -> Generator[Any, None, AsyncPage[T]]:
        return self._first().__await__()

    async def __aiter__(self) -> AsyncIterator[T]:
        page = await self._first()
        async for item in page:
            yield item
