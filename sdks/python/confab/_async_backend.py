"""Loads the async I/O library that httpcore's asyncio support stands on, with the SDK rather
than in the middle of the first async request.

httpcore (0.16, and 1.0 alike) creates each lock of an async connection pool on first use: it
notes the running event loop's library, then imports anyio and makes the lock. When that import fails
half-way, in the first request of a program (another thread importing anyio at the same moment,
a broken install), the lock stays noted but never made, and every later request and the closing
of that pool raise ``AttributeError: 'AsyncLock' object has no attribute '_anyio_lock'``,
whatever the service answered. Imported here, anyio is in ``sys.modules`` before any request,
so the lock's import is a lookup that cannot fail; a missing anyio (httpcore 1.x made it
optional) is left for httpcore to report when an async request needs it."""

from __future__ import annotations

try:
    import anyio  # noqa: F401
except ImportError:  # only the sync client will work; httpcore names the missing package
    pass
