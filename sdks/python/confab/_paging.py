"""What every paged list shares, whatever says where the next page starts (a page number or a
cursor): a page is a list of items plus the way to fetch the next one. Iterating a page walks
every item of it and of all pages after it; ``has_next_page()`` / ``get_next_page()`` go one page
at a time. ``pagination.py`` and ``cursor_pagination.py`` say how their answers are read.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Generator, Generic, Iterator, List, TypeVar

from ._exceptions import ConfabError

T = TypeVar("T")
_Sync = TypeVar("_Sync", bound="SyncPaging[Any]")
_Async = TypeVar("_Async", bound="AsyncPaging[Any]")
_Page = TypeVar("_Page", bound="AsyncPaging[Any]")


class _Paging(Generic[T]):
    data: List[T]
    #: A list whose newest items come first shifts by one when an item is created meanwhile, so
    #: the walk skips an item it has already given (by ``_id``).
    _skips_repeats = False

    def _read(self, body: Dict[str, Any]) -> None:
        raise NotImplementedError

    def has_next_page(self) -> bool:
        raise NotImplementedError

    def _next_page_argument(self) -> Any:
        """What ``fetch`` is given for the page after this one."""
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self.data)

    def _first_sight(self) -> Callable[[Any], bool]:
        """A test that is true of an item the walk has not given yet."""
        seen = set()

        def first(item: Any) -> bool:
            if not self._skips_repeats:
                return True
            key = item.get("_id") if isinstance(item, dict) else id(item)
            if key in seen:
                return False
            seen.add(key)
            return True

        return first


def _no_next_page() -> ConfabError:
    return ConfabError("No next page; check has_next_page() first")


class SyncPaging(_Paging[T]):
    def __init__(self, body: Dict[str, Any], fetch: Callable[[Any], Any]) -> None:
        self._read(body)
        self._fetch = fetch

    def get_next_page(self: _Sync) -> _Sync:
        if not self.has_next_page():
            raise _no_next_page()
        return self._fetch(self._next_page_argument())  # type: ignore[no-any-return]

    def iter_pages(self: _Sync) -> Iterator[_Sync]:
        page = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = page.get_next_page()

    def __iter__(self) -> Iterator[T]:
        first = self._first_sight()
        for page in self.iter_pages():
            for item in page.data:
                if first(item):
                    yield item


class AsyncPaging(_Paging[T]):
    def __init__(self, body: Dict[str, Any], fetch: Callable[[Any], Awaitable[Any]]) -> None:
        self._read(body)
        self._fetch = fetch

    async def get_next_page(self: _Async) -> _Async:
        if not self.has_next_page():
            raise _no_next_page()
        return await self._fetch(self._next_page_argument())  # type: ignore[no-any-return]

    async def iter_pages(self: _Async) -> AsyncIterator[_Async]:
        page = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = await page.get_next_page()

    async def __aiter__(self) -> AsyncIterator[T]:
        first = self._first_sight()
        async for page in self.iter_pages():
            for item in page.data:
                if first(item):
                    yield item


class AsyncPaginating(Generic[_Page, T]):
    """``await`` it for the first page, or ``async for`` over it for every item of every page."""

    def __init__(self, first: Callable[[], Awaitable[_Page]]) -> None:
        self._first = first

    def __await__(self) -> Generator[Any, None, _Page]:
        return self._first().__await__()

    async def __aiter__(self) -> AsyncIterator[T]:
        page = await self._first()
        async for item in page:
            yield item
