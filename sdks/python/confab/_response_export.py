"""A chatbot's conversations as a file (``responses.export()``), read as it downloads: ``for line
in export`` gives the file's lines one at a time (without their line ending), so a million rows
never sit in memory; ``export.write_to(path)`` saves the bytes as they come. NDJSON lines are one
JSON object each. A CSV cell may hold a line break (quoted, RFC 4180): save the file and read it
with the ``csv`` module when answers can span lines. The request is sent when reading starts; an
error answer (NotFoundError, a BadRequestError naming the field…) is raised before any line."""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, AsyncIterator, Iterator, Optional, Union

from ._base_client import APICall
from ._config import check_request_options
from ._exceptions import make_status_error
from ._streamed_request import send_streamed, send_streamed_async, streamed_request
from .types import RequestOptions

if TYPE_CHECKING:
    from ._client import AsyncConfab, Confab

__all__ = ["ResponseExport", "AsyncResponseExport", "ACCEPT"]

ACCEPT = {"csv": "text/csv", "ndjson": "application/x-ndjson"}


class _Lines:
    """Text pieces in, whole lines out (LF or CRLF endings), with the last unended line at the end."""

    def __init__(self) -> None:
        self._pending = ""

    def push(self, text: str) -> list[str]:
        parts = (self._pending + text).split("\n")
        self._pending = parts.pop()
        return [p[:-1] if p.endswith("\r") else p for p in parts]

    def end(self) -> list[str]:
        rest, self._pending = self._pending, ""
        return [rest] if rest else []


class ResponseExport(Iterator[str]):
    """``for line in export``: the file's lines as they come; ``export.write_to(path)``: the file saved."""

    def __init__(self, client: "Confab", call: APICall, options: RequestOptions, accept: str) -> None:
        check_request_options(options)
        self._client, self._call, self._options, self._accept = client, call, options, accept
        self._lines: Optional[Iterator[str]] = None

    def __next__(self) -> str:
        if self._lines is None:
            self._lines = self._read_lines()
        return next(self._lines)

    def close(self) -> None:
        """Stops reading and closes the connection."""
        if self._lines is not None:
            self._lines.close()  # type: ignore[attr-defined]

    def write_to(self, file: Union[str, "os.PathLike[str]", IO[bytes]]) -> int:
        """Saves the file's bytes as they download to a path or a binary file; answers how many."""
        written = 0
        if isinstance(file, (str, os.PathLike)):
            with open(file, "wb") as out:
                return self.write_to(out)
        for chunk in self._chunks(text=False):
            file.write(chunk)  # type: ignore[arg-type]
            written += len(chunk)
        return written

    def _read_lines(self) -> Iterator[str]:
        lines = _Lines()
        for text in self._chunks(text=True):
            yield from lines.push(text)  # type: ignore[arg-type]
        yield from lines.end()

    def _chunks(self, text: bool) -> Iterator[Union[str, bytes]]:
        client = self._client
        req = streamed_request(client, self._call, self._options, self._accept)
        response = send_streamed(client, self._call, req)
        try:
            if not 200 <= response.status_code < 300:
                response.read()
                raise make_status_error(response)
            yield from (response.iter_text() if text else response.iter_bytes())
        finally:
            response.close()


class AsyncResponseExport(AsyncIterator[str]):
    """``async for line in export``: the file's lines as they come; ``await export.write_to(path)``."""

    def __init__(self, client: "AsyncConfab", call: APICall, options: RequestOptions, accept: str) -> None:
        check_request_options(options)
        self._client, self._call, self._options, self._accept = client, call, options, accept
        self._lines: Optional[AsyncIterator[str]] = None

    async def __anext__(self) -> str:
        if self._lines is None:
            self._lines = self._read_lines()
        return await self._lines.__anext__()

    async def aclose(self) -> None:
        """Stops reading and closes the connection."""
        if self._lines is not None:
            await self._lines.aclose()  # type: ignore[attr-defined]

    async def write_to(self, file: Union[str, "os.PathLike[str]", IO[bytes]]) -> int:
        """Saves the file's bytes as they download to a path or a binary file; answers how many."""
        if isinstance(file, (str, os.PathLike)):
            with open(file, "wb") as out:
                return await self.write_to(out)
        written = 0
        async for chunk in self._chunks(text=False):
            file.write(chunk)  # type: ignore[arg-type]
            written += len(chunk)
        return written

    async def _read_lines(self) -> AsyncIterator[str]:
        lines = _Lines()
        async for text in self._chunks(text=True):
            for line in lines.push(text):  # type: ignore[arg-type]
                yield line
        for line in lines.end():
            yield line

    async def _chunks(self, text: bool) -> AsyncIterator[Union[str, bytes]]:
        client = self._client
        req = streamed_request(client, self._call, self._options, self._accept)
        response = await send_streamed_async(client, self._call, req)
        try:
            if not 200 <= response.status_code < 300:
                await response.aread()
                raise make_status_error(response)
            async for chunk in response.aiter_text() if text else response.aiter_bytes():
                yield chunk
        finally:
            await response.aclose()
