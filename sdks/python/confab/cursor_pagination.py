"""Cursor pagination (GET /knowledge/unanswered answers {data, nextCursor}, newest first).

Used like the page-numbered lists: iterating a page walks every item of it and of all pages
after it; ``has_next_page()`` / ``get_next_page()`` go one page at a time.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Generator, Generic, Iterator, List, Optional, TypeVar

from ._exceptions import ConfabError

T = TypeVar("T")

__all__ = ["SyncCursorPage", "AsyncCursorPage", "AsyncCursorPaginator"]


class _CursorPageFields(Generic[T]):
    data: List[T]
    next_cursor: Optional[str]

    def __init__(self, body: Dict[str, Any]) -> None:
        self.data = list(body.get("data") or [])
        self.next_cursor = body.get("nextCursor") or None

    def has_next_page(self) -> bool:
        return bool(self.data) and self.next_cursor is not None

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} items={len(self.data)} next_cursor={self.next_cursor!r}>"


class SyncCursorPage(_CursorPageFields[T]):
    def __init__(self, body: Dict[str, Any], fetch: Callable[[str], "SyncCursorPage[T]"]) -> None:
        super().__init__(body)
        self._fetch = fetch

    def get_next_page(self) -> "SyncCursorPage[T]":
        if not self.has_next_page():
            raise ConfabError("No next page; check has_next_page() first")
        return self._fetch(self.next_cursor)  # type: ignore[arg-type]

    def iter_pages(self) -> Iterator["SyncCursorPage[T]"]:
        page: SyncCursorPage[T] = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = page.get_next_page()

    def __iter__(self) -> Iterator[T]:  # type: ignore[override]
        for page in self.iter_pages():
            yield from page.data


class AsyncCursorPage(_CursorPageFields[T]):
    def __init__(self, body: Dict[str, Any], fetch: Callable[[str], Awaitable["AsyncCursorPage[T]"]]) -> None:
        super().__init__(body)
        self._fetch = fetch

    async def get_next_page(self) -> "AsyncCursorPage[T]":
        if not self.has_next_page():
            raise ConfabError("No next page; check has_next_page() first")
        return await self._fetch(self.next_cursor)  # type: ignore[arg-type]

    async def iter_pages(self) -> AsyncIterator["AsyncCursorPage[T]"]:
        page: AsyncCursorPage[T] = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = await page.get_next_page()

    async def __aiter__(self) -> AsyncIterator[T]:
        async for page in self.iter_pages():
            for item in page.data:
                yield item


class AsyncCursorPaginator(Generic[T]):
    """What ``AsyncConfab.knowledge.unanswered.list`` returns: ``await`` it for the first page,
    or ``async for`` over it for every item of every page."""

    def __init__(self, first: Callable[[], Awaitable[AsyncCursorPage[T]]]) -> None:
        self._first = first

    def __await__(self) -> Generator[Any, None, AsyncCursorPage[T]]:
        return self._first().__await__()

    async def __aiter__(self) -> AsyncIterator[T]:
        page = await self._first()
        async for item in page:
            yield item
