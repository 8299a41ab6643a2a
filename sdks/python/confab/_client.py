"""`Confab` (sync) and `AsyncConfab` (async): the same resources over httpx. Only the sending
loop differs; configuration, retry policy and parsing live in BaseClient."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

import httpx

from . import _async_backend  # noqa: F401  (before any request: see the module)
from ._base_client import APICall, BaseClient
from ._deadline import asend_within, send_within
from ._retry_policy import ALREADY_DELETED_MESSAGE, is_lost_delete, may_have_reached_service
from .resources.account import Account, AsyncAccount
from .resources.analytics import Analytics, AsyncAnalytics
from .resources.chat import AsyncChat, Chat
from .resources.chatbots import AsyncChatbots, Chatbots
from .resources.model_connections import AsyncModelConnections, ModelConnections
from .resources.knowledge import AsyncKnowledge, Knowledge
from .resources.responses import AsyncResponses, Responses
from .resources.usage import AsyncUsage, Usage
from .resources.webhooks import AsyncWebhooks, Webhooks
from .resources.workspace import AsyncWorkspace, Workspace
from .types import RequestOptions, Timeout

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Confab", "AsyncConfab"]


class Confab(BaseClient[httpx.Client]):
    """Synchronous client of the Confab External API.

    ``Confab(api_key=None, *, base_url=None, max_retries=3, timeout=60.0, default_headers=None,
    http_client=None)``: ``api_key`` defaults to ``CONFAB_API_KEY``, ``base_url`` to
    ``CONFAB_BASE_URL`` (the URL ending in ``/api/v1``). POSTs carry an ``Idempotency-Key``,
    so retries never create twice.
    """

    chatbots: Chatbots
    responses: Responses
    analytics: Analytics
    webhooks: Webhooks
    model_connections: ModelConnections
    knowledge: Knowledge
    account: Account
    usage: Usage
    workspace: Workspace
    chat: Chat

    def _new_http_client(self, timeout: Timeout) -> httpx.Client:
        return httpx.Client(timeout=timeout, follow_redirects=False)

    def _attach_resources(self) -> None:
        self.chatbots = Chatbots(self)
        self.responses = Responses(self)
        self.analytics = Analytics(self)
        self.webhooks = Webhooks(self)
        self.model_connections = ModelConnections(self)
        self.knowledge = Knowledge(self)
        self.account = Account(self)
        self.usage = Usage(self)
        self.workspace = Workspace(self)
        self.chat = Chat(self)

    def request(self, call: APICall, options: RequestOptions) -> Any:
        """Sends one call, retrying per the policy in BaseClient; returns the parsed answer."""
        key, max_retries = self._start(call, options)
        retries_done = 0
        # Whether an earlier attempt may have done the work although its answer was lost: a
        # reset or timeout after connecting, or a 5xx (perhaps from a gateway in between).
        may_have_run = False
        while True:
            req = self._build_request(self._http, call, options, key, retries_done)
            # The whole attempt within `timeout`, redirects never followed (_deadline.py).
            outcome = send_within(self._http, req, self._deadline(options))
            if isinstance(outcome, httpx.RequestError):
                may_have_run = may_have_run or may_have_reached_service(outcome)
                delay = self._delay_after_error(call, req, outcome, retries_done, max_retries, may_have_run)
            else:
                response = outcome
                if is_lost_delete(call.method, response, may_have_run):
                    return {"message": ALREADY_DELETED_MESSAGE}
                delay = self._retry_plan(call, retries_done, max_retries, response, f"status {response.status_code}")
                if delay is None:
                    return self._parse(call, response)
                may_have_run = may_have_run or response.status_code >= 500
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


class AsyncConfab(BaseClient[httpx.AsyncClient]):
    """Asynchronous client of the Confab External API; the same surface as `Confab`, awaited."""

    chatbots: AsyncChatbots
    responses: AsyncResponses
    analytics: AsyncAnalytics
    webhooks: AsyncWebhooks
    model_connections: AsyncModelConnections
    knowledge: AsyncKnowledge
    account: AsyncAccount
    usage: AsyncUsage
    workspace: AsyncWorkspace
    chat: AsyncChat

    def _new_http_client(self, timeout: Timeout) -> httpx.AsyncClient:
        return httpx.AsyncClient(timeout=timeout, follow_redirects=False)

    def _attach_resources(self) -> None:
        self.chatbots = AsyncChatbots(self)
        self.responses = AsyncResponses(self)
        self.analytics = AsyncAnalytics(self)
        self.webhooks = AsyncWebhooks(self)
        self.model_connections = AsyncModelConnections(self)
        self.knowledge = AsyncKnowledge(self)
        self.account = AsyncAccount(self)
        self.usage = AsyncUsage(self)
        self.workspace = AsyncWorkspace(self)
        self.chat = AsyncChat(self)

    async def request(self, call: APICall, options: RequestOptions) -> Any:
        """Sends one call, retrying per the policy in BaseClient; returns the parsed answer."""
        key, max_retries = self._start(call, options)
        retries_done = 0
        # Whether an earlier attempt may have done the work although its answer was lost: a
        # reset or timeout after connecting, or a 5xx (perhaps from a gateway in between).
        may_have_run = False
        while True:
            req = self._build_request(self._http, call, options, key, retries_done)
            outcome = await asend_within(self._http, req, self._deadline(options))
            if isinstance(outcome, httpx.RequestError):
                may_have_run = may_have_run or may_have_reached_service(outcome)
                delay = self._delay_after_error(call, req, outcome, retries_done, max_retries, may_have_run)
            else:
                response = outcome
                if is_lost_delete(call.method, response, may_have_run):
                    return {"message": ALREADY_DELETED_MESSAGE}
                delay = self._retry_plan(call, retries_done, max_retries, response, f"status {response.status_code}")
                if delay is None:
                    return self._parse(call, response)
                may_have_run = may_have_run or response.status_code >= 500
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
