"""Webhook subscriptions, plus `verify` for deliveries."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Literal, Sequence

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from .._exceptions import InvalidArgumentError
from ..types import Deleted, RequestOptions, Webhook, WebhookCreated, WebhookEvent
from .. import webhooks as signatures
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Webhooks", "AsyncWebhooks"]

_LIST = APICall("GET", "/webhooks")


def _events(events: Sequence[WebhookEvent]) -> List[WebhookEvent]:
    # A str is a Sequence too: events="response.created" would go out as its letters.
    if isinstance(events, (str, bytes)):
        raise InvalidArgumentError(f"events must be a list of event names, e.g. [{events!r}], not a single string")
    return list(events)


def _create(chatbot_id: str, url: str, events: Sequence[WebhookEvent], description: str) -> APICall:
    return APICall("POST", "/webhooks", body=body_of(chatbotId=chatbot_id, url=url, events=_events(events), description=description))


def _update(webhook_id: str, url: str, events: Sequence[WebhookEvent], description: str, status: str) -> APICall:
    body = body_of(url=url, events=_events(events) if events is not NOT_GIVEN else NOT_GIVEN, description=description, status=status)
    return APICall("PATCH", f"/webhooks/{path_id('webhook_id', webhook_id)}", body=body)


def _delete(webhook_id: str) -> APICall:
    return APICall("DELETE", f"/webhooks/{path_id('webhook_id', webhook_id)}", envelope="object")


class _Verify:
    # The same function as confab.webhooks.verify, reachable from a client too.
    verify = staticmethod(signatures.verify)


class Webhooks(SyncAPIResource, _Verify):
    def list(self, **options: "Unpack[RequestOptions]") -> List[Webhook]:
        """The workspace's webhooks, newest first (never their secrets)."""
        return self._call(_LIST, options)

    def create(
        self, *, chatbot_id: str, url: str, events: Sequence[WebhookEvent], description: str = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> WebhookCreated:
        """Subscribes an https URL to a chatbot's events. The answer's `secret` is shown only here."""
        return self._call(_create(chatbot_id, url, events, description), options)

    def update(
        self, webhook_id: str, *, url: str = NOT_GIVEN, events: Sequence[WebhookEvent] = NOT_GIVEN, description: str = NOT_GIVEN,
        status: Literal["active", "paused"] = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> Webhook:
        """Changes only the given fields; `events` replaces the list; status active re-enables."""
        return self._call(_update(webhook_id, url, events, description, status), options)

    def delete(self, webhook_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        """Deletes the webhook and its delivery logs."""
        return self._call(_delete(webhook_id), options)


class AsyncWebhooks(AsyncAPIResource, _Verify):
    async def list(self, **options: "Unpack[RequestOptions]") -> List[Webhook]:
        """The workspace's webhooks, newest first (never their secrets)."""
        return await self._call(_LIST, options)

    async def create(
        self, *, chatbot_id: str, url: str, events: Sequence[WebhookEvent], description: str = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> WebhookCreated:
        """Subscribes an https URL to a chatbot's events. The answer's `secret` is shown only here."""
        return await self._call(_create(chatbot_id, url, events, description), options)

    async def update(
        self, webhook_id: str, *, url: str = NOT_GIVEN, events: Sequence[WebhookEvent] = NOT_GIVEN, description: str = NOT_GIVEN,
        status: Literal["active", "paused"] = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> Webhook:
        """Changes only the given fields; `events` replaces the list; status active re-enables."""
        return await self._call(_update(webhook_id, url, events, description, status), options)

    async def delete(self, webhook_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        """Deletes the webhook and its delivery logs."""
        return await self._call(_delete(webhook_id), options)
