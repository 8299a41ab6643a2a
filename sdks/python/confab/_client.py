"""`Confab` (sync) and `AsyncConfab` (async): the same resources over httpx."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any, Mapping, Optional, TypeVar

import httpx

from ._base_client import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, APICall, BaseClient, resolve_options
from ._exceptions import APIConnectionError, APITimeoutError
from .resources.account import Account, AsyncAccount
from .resources.analytics import Analytics, AsyncAnalytics
from .resources.chatbots import AsyncChatbots, Chatbots
from .resources.responses import AsyncResponses, Responses
from .resources.usage import AsyncUsage, Usage
from .resources.webhooks import AsyncWebhooks, Webhooks
from .types import RequestOptions, Timeout

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Confab", "AsyncConfab"]

C = TypeVar("C", bound=BaseClient)

_UNSET: Any = object()


def _copy_with(client: C, **changes: Any) -> C:
    """A shallow copy with other defaults; it shares the connection pool of `client`."""
    current = client._options
    copy = object.__new__(type(client))
    copy.__dict__.update(client.__dict__)
    copy._options = resolve_options(
        changes.get("api_key") or current.api_key,
        changes.get("base_url") or current.base_url,
        current.max_retries if changes.get("max_retries") is None else changes["max_retries"],
        current.timeout if changes.get("timeout", _UNSET) is _UNSET else changes["timeout"],
        {**current.default_headers, **(changes.get("default_headers") or {})},
    )
    copy._owns_http = False
    copy._attach_resources()
    return copy


class Confab(BaseClient):
    """Synchronous client of the Confab External API.

    ``api_key`` defaults to ``CONFAB_API_KEY``, ``base_url`` to ``CONFAB_BASE_URL`` (the URL
    ending in ``/api/v1``). POSTs carry an ``Idempotency-Key``, so retries never create twice.
    """

    chatbots: Chatbots
    responses: Responses
    analytics: Analytics
    webhooks: Webhooks
    account: Account
    usage: Usage

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: Timeout = DEFAULT_TIMEOUT,
        default_headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        self._options = resolve_options(api_key, base_url, max_retries, timeout, default_headers)
        self._owns_http = http_client is None
        self._http = http_client or httpx.Client(timeout=timeout, follow_redirects=False)
        self._attach_resources()

    def _attach_resources(self) -> None:
        self.chatbots = Chatbots(self)
        self.responses = Responses(self)
        self.analytics = Analytics(self)
        self.webhooks = Webhooks(self)
        self.account = Account(self)
        self.usage = Usage(self)

    def with_options(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: Optional[int] = None,
        timeout: Timeout = _UNSET,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> "Confab":
        """The same client with other defaults, e.g. ``client.with_options(max_retries=0)``."""
        return _copy_with(self, api_key=api_key, base_url=base_url, max_retries=max_retries, timeout=timeout, default_headers=default_headers)

    def request(self, call: APICall, options: RequestOptions) -> Any:
        """Sends one call, retrying per the policy in BaseClient; returns the parsed answer."""
        key = self._idempotency_key(call, options)
        max_retries = self._max_retries(options)
        retries_done = 0
        while True:
            req = self._build_request(self._http, call, options, key)
            try:
                response = self._http.send(req)
            except httpx.TimeoutException as err:
                delay = self._retry_plan(call, retries_done, max_retries, None, "timeout")
                if delay is None:
                    raise APITimeoutError(request=req) from err
            except httpx.TransportError as err:
                delay = self._retry_plan(call, retries_done, max_retries, None, f"connection error: {err!r}")
                if delay is None:
                    raise APIConnectionError(f"Connection error: {err}", request=req) from err
            else:
                delay = self._retry_plan(call, retries_done, max_retries, response, f"status {response.status_code}")
                if delay is None:
                    return self._parse(call, response)
                response.close()
            time.sleep(delay)
            retries_done += 1

    def close(self) -> None:
        """Closes the connection pool (unless it was passed in as ``http_client``)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> "Self":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncConfab(BaseClient):
    """Asynchronous client of the Confab External API; the same surface as `Confab`, awaited."""

    chatbots: AsyncChatbots
    responses: AsyncResponses
    analytics: AsyncAnalytics
    webhooks: AsyncWebhooks
    account: AsyncAccount
    usage: AsyncUsage

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: Timeout = DEFAULT_TIMEOUT,
        default_headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        self._options = resolve_options(api_key, base_url, max_retries, timeout, default_headers)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=timeout, follow_redirects=False)
        self._attach_resources()

    def _attach_resources(self) -> None:
        self.chatbots = AsyncChatbots(self)
        self.responses = AsyncResponses(self)
        self.analytics = AsyncAnalytics(self)
        self.webhooks = AsyncWebhooks(self)
        self.account = AsyncAccount(self)
        self.usage = AsyncUsage(self)

    def with_options(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: Optional[int] = None,
        timeout: Timeout = _UNSET,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> "AsyncConfab":
        """The same client with other defaults, e.g. ``client.with_options(max_retries=0)``."""
        return _copy_with(self, api_key=api_key, base_url=base_url, max_retries=max_retries, timeout=timeout, default_headers=default_headers)

    async def request(self, call: APICall, options: RequestOptions) -> Any:
        """Sends one call, retrying per the policy in BaseClient; returns the parsed answer."""
        key = self._idempotency_key(call, options)
        max_retries = self._max_retries(options)
        retries_done = 0
        while True:
            req = self._build_request(self._http, call, options, key)
            try:
                response = await self._http.send(req)
            except httpx.TimeoutException as err:
                delay = self._retry_plan(call, retries_done, max_retries, None, "timeout")
                if delay is None:
                    raise APITimeoutError(request=req) from err
            except httpx.TransportError as err:
                delay = self._retry_plan(call, retries_done, max_retries, None, f"connection error: {err!r}")
                if delay is None:
                    raise APIConnectionError(f"Connection error: {err}", request=req) from err
            else:
                delay = self._retry_plan(call, retries_done, max_retries, response, f"status {response.status_code}")
                if delay is None:
                    return self._parse(call, response)
                await response.aclose()
            await asyncio.sleep(delay)
            retries_done += 1

    async def close(self) -> None:
        """Closes the connection pool (unless it was passed in as ``http_client``)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> "Self":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

