"""Cursor pagination (GET /knowledge/unanswered answers {data, nextCursor}, newest first).

Used like the page-numbered lists: iterating a page walks every item of it and of all pages
after it; ``has_next_page()`` / ``get_next_page()`` go one page at a time.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, TypeVar

from ._paging import AsyncPaginating, AsyncPaging, SyncPaging, _Paging

T = TypeVar("T")

__all__ = ["SyncCursorPage", "AsyncCursorPage", "AsyncCursorPaginator"]


class _CursorPageFields(_Paging[T]):
    next_cursor: Optional[str]

    def _read(self, body: Dict[str, Any]) -> None:
        self.data = list(body.get("data") or [])
        self.next_cursor = body.get("nextCursor") or None

    def has_next_page(self) -> bool:
        return bool(self.data) and self.next_cursor is not None

    def _next_page_argument(self) -> Optional[str]:
        return self.next_cursor

    def __repr__(self) -> str:
        return f"<{type(self).__name__} items={len(self.data)} next_cursor={self.next_cursor!r}>"


class SyncCursorPage(_CursorPageFields[T], SyncPaging[T]):
    pass


class AsyncCursorPage(_CursorPageFields[T], AsyncPaging[T]):
    pass


class AsyncCursorPaginator(AsyncPaginating[AsyncCursorPage[T], T]):
    """What ``AsyncConfab.knowledge.unanswered.list`` returns: ``await`` it for the first page,
    or ``async for`` over it for every item of every page."""
