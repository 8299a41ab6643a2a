"""Chatbots."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Union

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from ..types import Chatbot, ChatbotCreated, ChatbotSummary, ChatbotUpdated, Deleted, Flow, FlowDocument, Funnel, RequestOptions
from ._resource import AsyncAPIResource, SyncAPIResource
from .chatbot_agent import AsyncChatbotAgentResource, ChatbotAgentResource
from .chatbot_flow import AsyncChatbotFlow, ChatbotFlow

# Either form: the list form, or a branching flow (start, steps with ids).
AnyFlow = Union[Flow, FlowDocument]

if TYPE_CHECKING:
    from .._client import AsyncConfab, Confab
    from typing_extensions import Unpack

__all__ = ["Chatbots", "AsyncChatbots"]


def _list() -> APICall:
    return APICall("GET", "/chatbots")


def _retrieve(bot_id: str) -> APICall:
    return APICall("GET", f"/chatbots/{path_id('bot_id', bot_id)}")


def _create(name: str, description: str, flow: AnyFlow) -> APICall:
    return APICall("POST", "/chatbots", body=body_of(name=name, description=description, flow=flow))


def _update(bot_id: str, name: str, description: str, disabled: bool, flow: AnyFlow) -> APICall:
    body = body_of(name=name, description=description, disabled=disabled, flow=flow)
    return APICall("PUT", f"/chatbots/{path_id('bot_id', bot_id)}", body=body)


def _delete(bot_id: str) -> APICall:
    return APICall("DELETE", f"/chatbots/{path_id('bot_id', bot_id)}", envelope="object")


def _duplicate(bot_id: str) -> APICall:
    return APICall("POST", f"/chatbots/{path_id('bot_id', bot_id)}/duplicate")


def _funnel(bot_id: str, version: Optional[int], days: Optional[int]) -> APICall:
    return APICall("GET", f"/chatbots/{path_id('bot_id', bot_id)}/funnel", query={"version": version, "days": days})


class Chatbots(SyncAPIResource):
    flow: ChatbotFlow
    agent: ChatbotAgentResource

    def __init__(self, client: "Confab") -> None:
        super().__init__(client)
        self.flow = ChatbotFlow(client)
        self.agent = ChatbotAgentResource(client)

    def list(self, **options: "Unpack[RequestOptions]") -> List[ChatbotSummary]:
        """The workspace's chatbots, newest first."""
        return self._call(_list(), options)

    def retrieve(self, bot_id: str, **options: "Unpack[RequestOptions]") -> Chatbot:
        return self._call(_retrieve(bot_id), options)

    def create(self, *, name: str, description: str = NOT_GIVEN, flow: AnyFlow = NOT_GIVEN, **options: "Unpack[RequestOptions]") -> ChatbotCreated:
        """Creates a chatbot (403 PermissionDeniedError over the plan's chatbot cap)."""
        return self._call(_create(name, description, flow), options)

    def update(
        self, bot_id: str, *, name: str = NOT_GIVEN, description: str = NOT_GIVEN, disabled: bool = NOT_GIVEN, flow: AnyFlow = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> ChatbotUpdated:
        """Changes only the given fields."""
        return self._call(_update(bot_id, name, description, disabled, flow), options)

    def delete(self, bot_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        """Deletes the chatbot permanently, with its webhooks."""
        return self._call(_delete(bot_id), options)

    def duplicate(self, bot_id: str, **options: "Unpack[RequestOptions]") -> ChatbotCreated:
        """A copy named "<name> (copy)"."""
        return self._call(_duplicate(bot_id), options)

    def funnel(self, bot_id: str, *, version: Optional[int] = None, days: Optional[int] = None, **options: "Unpack[RequestOptions]") -> Funnel:
        """How one published flow version's conversations of the last ``days`` UTC days (1–365, default 30)
        went: per step how many reached it and stopped there, and the outcomes. ``version`` defaults to the newest."""
        return self._call(_funnel(bot_id, version, days), options)


class AsyncChatbots(AsyncAPIResource):
    flow: AsyncChatbotFlow
    agent: AsyncChatbotAgentResource

    def __init__(self, client: "AsyncConfab") -> None:
        super().__init__(client)
        self.flow = AsyncChatbotFlow(client)
        self.agent = AsyncChatbotAgentResource(client)

    async def list(self, **options: "Unpack[RequestOptions]") -> List[ChatbotSummary]:
        """The workspace's chatbots, newest first."""
        return await self._call(_list(), options)

    async def retrieve(self, bot_id: str, **options: "Unpack[RequestOptions]") -> Chatbot:
        return await self._call(_retrieve(bot_id), options)

    async def create(self, *, name: str, description: str = NOT_GIVEN, flow: AnyFlow = NOT_GIVEN, **options: "Unpack[RequestOptions]") -> ChatbotCreated:
        """Creates a chatbot (403 PermissionDeniedError over the plan's chatbot cap)."""
        return await self._call(_create(name, description, flow), options)

    async def update(
        self, bot_id: str, *, name: str = NOT_GIVEN, description: str = NOT_GIVEN, disabled: bool = NOT_GIVEN, flow: AnyFlow = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> ChatbotUpdated:
        """Changes only the given fields."""
        return await self._call(_update(bot_id, name, description, disabled, flow), options)

    async def delete(self, bot_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        """Deletes the chatbot permanently, with its webhooks."""
        return await self._call(_delete(bot_id), options)

    async def duplicate(self, bot_id: str, **options: "Unpack[RequestOptions]") -> ChatbotCreated:
        """A copy named "<name> (copy)"."""
        return await self._call(_duplicate(bot_id), options)

    async def funnel(self, bot_id: str, *, version: Optional[int] = None, days: Optional[int] = None, **options: "Unpack[RequestOptions]") -> Funnel:
        """How one published flow version's conversations of the last ``days`` UTC days (1–365, default 30)
        went: per step how many reached it and stopped there, and the outcomes. ``version`` defaults to the newest."""
        return await self._call(_funnel(bot_id, version, days), options)
