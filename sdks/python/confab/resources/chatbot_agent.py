"""A chatbot's AI agent: who it is, its instructions and the model connection it answers with."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, List, Optional, Union

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from ..types import AgentAnalytics, AgentPreview, ChatbotAgent, Deleted, RequestOptions
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ..types import AgentHandoff, AgentKnowledgeSettings, AgentPreviewMessage, ChatbotAgentSettings

__all__ = ["ChatbotAgentResource", "AsyncChatbotAgentResource"]

Day = Union[str, date]


def _path(bot_id: str) -> str:
    return f"/chatbots/{path_id('bot_id', bot_id)}/agent"


def _update(
    bot_id: str, name: str, instructions: str, connection_id: str, model: Optional[str], temperature: Optional[float],
    max_output_tokens: Optional[int], greeting: Optional[str], handoff: "Optional[AgentHandoff]",
    knowledge: "Optional[AgentKnowledgeSettings]",
) -> APICall:
    body = body_of(
        name=name, instructions=instructions, connectionId=connection_id, model=model, temperature=temperature,
        maxOutputTokens=max_output_tokens, greeting=greeting, handoff=handoff, knowledge=knowledge,
    )
    return APICall("PUT", _path(bot_id), body=body)


def _preview(bot_id: str, messages: "List[AgentPreviewMessage]", agent: "Optional[ChatbotAgentSettings]") -> APICall:
    return APICall("POST", f"{_path(bot_id)}/preview", body=body_of(messages=messages, agent=agent))


def _analytics(bot_id: str, start_date: Optional[Day], end_date: Optional[Day]) -> APICall:
    return APICall("GET", f"{_path(bot_id)}/analytics", query={"startDate": start_date, "endDate": end_date})


_ANALYTICS_DOC = """What the agent did over a period of UTC days (default: the last 30; at most 366), docs/ai-analytics.md:
        conversations and how they ended, handoff reasons, answers with a source, unanswered questions, tokens
        and latency percentiles, with a series per day."""


_PREVIEW_DOC = """Tries the agent (or ``agent``, settings not saved) on a conversation you keep: one answer with the
        model, tokens and latency. Nothing is recorded; a model that gives no answer is still answered, with
        ``error`` saying why in plain words."""


class ChatbotAgentResource(SyncAPIResource):
    def get(self, bot_id: str, **options: "Unpack[RequestOptions]") -> ChatbotAgent:
        """The agent; a chatbot that is not an AI agent is a NotFoundError."""
        return self._call(APICall("GET", _path(bot_id)), options)

    def update(
        self, bot_id: str, *, name: str, instructions: str, connection_id: str, model: Optional[str] = NOT_GIVEN,
        temperature: Optional[float] = NOT_GIVEN, max_output_tokens: Optional[int] = NOT_GIVEN,
        greeting: Optional[str] = NOT_GIVEN, handoff: "Optional[AgentHandoff]" = NOT_GIVEN,
        knowledge: "Optional[AgentKnowledgeSettings]" = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> ChatbotAgent:
        """Makes the chatbot an AI agent, or changes it; answers the agent as stored, defaults filled in."""
        call = _update(
            bot_id, name, instructions, connection_id, model, temperature, max_output_tokens, greeting, handoff, knowledge
        )
        return self._call(call, options)

    def delete(self, bot_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        """Makes the chatbot a flow bot again."""
        return self._call(APICall("DELETE", _path(bot_id), envelope="object"), options)

    def preview(
        self, bot_id: str, *, messages: "List[AgentPreviewMessage]", agent: "Optional[ChatbotAgentSettings]" = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> AgentPreview:
        return self._call(_preview(bot_id, messages, agent), options)

    preview.__doc__ = _PREVIEW_DOC

    def analytics(
        self, bot_id: str, *, start_date: Optional[Day] = None, end_date: Optional[Day] = None,
        **options: "Unpack[RequestOptions]",
    ) -> AgentAnalytics:
        return self._call(_analytics(bot_id, start_date, end_date), options)

    analytics.__doc__ = _ANALYTICS_DOC


class AsyncChatbotAgentResource(AsyncAPIResource):
    async def get(self, bot_id: str, **options: "Unpack[RequestOptions]") -> ChatbotAgent:
        """The agent; a chatbot that is not an AI agent is a NotFoundError."""
        return await self._call(APICall("GET", _path(bot_id)), options)

    async def update(
        self, bot_id: str, *, name: str, instructions: str, connection_id: str, model: Optional[str] = NOT_GIVEN,
        temperature: Optional[float] = NOT_GIVEN, max_output_tokens: Optional[int] = NOT_GIVEN,
        greeting: Optional[str] = NOT_GIVEN, handoff: "Optional[AgentHandoff]" = NOT_GIVEN,
        knowledge: "Optional[AgentKnowledgeSettings]" = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> ChatbotAgent:
        """Makes the chatbot an AI agent, or changes it; answers the agent as stored, defaults filled in."""
        call = _update(
            bot_id, name, instructions, connection_id, model, temperature, max_output_tokens, greeting, handoff, knowledge
        )
        return await self._call(call, options)

    async def delete(self, bot_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        """Makes the chatbot a flow bot again."""
        return await self._call(APICall("DELETE", _path(bot_id), envelope="object"), options)

    async def preview(
        self, bot_id: str, *, messages: "List[AgentPreviewMessage]", agent: "Optional[ChatbotAgentSettings]" = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> AgentPreview:
        return await self._call(_preview(bot_id, messages, agent), options)

    preview.__doc__ = _PREVIEW_DOC

    async def analytics(
        self, bot_id: str, *, start_date: Optional[Day] = None, end_date: Optional[Day] = None,
        **options: "Unpack[RequestOptions]",
    ) -> AgentAnalytics:
        return await self._call(_analytics(bot_id, start_date, end_date), options)

    analytics.__doc__ = _ANALYTICS_DOC
