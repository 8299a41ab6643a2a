"""Page-number pagination (GET /chatbots/{id}/responses answers {data, total, page, totalPages}).

A page is a list of items plus the way to fetch the next one. Iterating a page walks every item
of it and of all pages after it; `has_next_page()` / `get_next_page()` go one page at a time.
"""

from __future__ import annotations

from typing import Any, Dict, TypeVar

from ._paging import AsyncPaginating, AsyncPaging, SyncPaging, _Paging

T = TypeVar("T")

__all__ = ["SyncPage", "AsyncPage", "AsyncPaginator"]


class _PageFields(_Paging[T]):
    total: int
    page: int
    total_pages: int
    # Newest first: an item created meanwhile shifts the rest by one.
    _skips_repeats = True

    def _read(self, body: Dict[str, Any]) -> None:
        self.data = list(body.get("data") or [])
        self.total = int(body.get("total") or 0)
        self.page = int(body.get("page") or 1)
        self.total_pages = int(body.get("totalPages") or 0)

    def has_next_page(self) -> bool:
        return bool(self.data) and self.page < self.total_pages

    def _next_page_argument(self) -> int:
        return self.page + 1

    def __repr__(self) -> str:
        return f"<{type(self).__name__} page={self.page}/{self.total_pages} items={len(self.data)} total={self.total}>"


class SyncPage(_PageFields[T], SyncPaging[T]):
    pass


class AsyncPage(_PageFields[T], AsyncPaging[T]):
    pass


class AsyncPaginator(AsyncPaginating[AsyncPage[T], T]):
    """What ``AsyncConfab.responses.list`` returns: ``await`` it for the first page, or
    ``async for`` over it for every item of every page."""
