"""The visitor chat API (what the website widget uses), beside the External API at
``{base_url}/chat/…``: start a session, send the visitor's messages (whole or streamed), hand the
conversation to a person or end it. It is public: the service checks no API key here. Its
answers are bare JSON, and it takes no Idempotency-Key, so these calls are retried only when
they surely did nothing (no connection, or a 429); a stream is sent once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from .._chat_stream import AsyncChatAnswerStream, ChatAnswerStream
from ..types import ChatCompleted, ChatSession, ChatTurn, RequestOptions
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .._client import AsyncConfab, Confab

__all__ = ["Chat", "AsyncChat", "ChatSessions", "AsyncChatSessions", "ChatMessages", "AsyncChatMessages"]


def _post(path: str, body: Optional[Dict[str, Any]]) -> APICall:
    return APICall("POST", path, body=body, envelope="object", prefix="/chat", retry_unsent_only=True)


def _session(bot_id: str, session_id: str, action: str) -> str:
    return f"/{path_id('bot_id', bot_id)}/sessions/{path_id('session_id', session_id)}/{action}"


def _create(bot_id: str, visitor_id: Any, channel: Any, custom_data: Any, user: Any) -> APICall:
    body = body_of(visitorId=visitor_id, channel=channel, customData=custom_data, user=user)
    return _post(f"/{path_id('bot_id', bot_id)}/sessions", body)


def _message(bot_id: str, session_id: str, message: str) -> APICall:
    return _post(_session(bot_id, session_id, "messages"), {"message": message})


def _escalate(bot_id: str, session_id: str, reason: Optional[str]) -> APICall:
    return _post(_session(bot_id, session_id, "escalate"), body_of(reason=reason))


class ChatSessions(SyncAPIResource):
    def create(
        self, bot_id: str, *, visitor_id: Optional[str] = NOT_GIVEN, channel: Optional[str] = NOT_GIVEN,
        custom_data: Optional[Dict[str, str]] = NOT_GIVEN, user: Optional[Dict[str, str]] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> ChatSession:
        """Starts a conversation (it emits ``conversation.started``); answers the bot's first messages."""
        return self._call(_create(bot_id, visitor_id, channel, custom_data, user), options)

    def escalate(
        self, bot_id: str, session_id: str, *, reason: Optional[str] = NOT_GIVEN, **options: "Unpack[RequestOptions]"
    ) -> ChatCompleted:
        """Hands the conversation to a person: it completes with resolution ``escalated``."""
        return self._call(_escalate(bot_id, session_id, reason), options)

    def end(self, bot_id: str, session_id: str, **options: "Unpack[RequestOptions]") -> ChatCompleted:
        """Ends the conversation: it completes with resolution ``ended``."""
        return self._call(_post(_session(bot_id, session_id, "end"), None), options)


class ChatMessages(SyncAPIResource):
    def send(self, bot_id: str, session_id: str, *, message: str, **options: "Unpack[RequestOptions]") -> ChatTurn:
        """Sends the visitor's message; answers the bot's replies whole. A completed conversation is a ConflictError."""
        return self._call(_message(bot_id, session_id, message), options)

    def stream(self, bot_id: str, session_id: str, *, message: str, **options: "Unpack[RequestOptions]") -> ChatAnswerStream:
        """Sends the visitor's message and streams the answer: ``for event in stream`` gives
        ``{"type": "token", "text"}`` for each piece of an agent's answer, then ``{"type": "done",
        "messages", "done"}``; ``stream.final_answer()`` gives just the whole answer. The request
        is sent when reading starts; ``timeout`` bounds each wait for the next piece."""
        return ChatAnswerStream(self._client, _message(bot_id, session_id, message), options)


class Chat(SyncAPIResource):
    sessions: ChatSessions
    messages: ChatMessages

    def __init__(self, client: "Confab") -> None:
        super().__init__(client)
        self.sessions = ChatSessions(client)
        self.messages = ChatMessages(client)


class AsyncChatSessions(AsyncAPIResource):
    async def create(
        self, bot_id: str, *, visitor_id: Optional[str] = NOT_GIVEN, channel: Optional[str] = NOT_GIVEN,
        custom_data: Optional[Dict[str, str]] = NOT_GIVEN, user: Optional[Dict[str, str]] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> ChatSession:
        """Starts a conversation (it emits ``conversation.started``); answers the bot's first messages."""
        return await self._call(_create(bot_id, visitor_id, channel, custom_data, user), options)

    async def escalate(
        self, bot_id: str, session_id: str, *, reason: Optional[str] = NOT_GIVEN, **options: "Unpack[RequestOptions]"
    ) -> ChatCompleted:
        """Hands the conversation to a person: it completes with resolution ``escalated``."""
        return await self._call(_escalate(bot_id, session_id, reason), options)

    async def end(self, bot_id: str, session_id: str, **options: "Unpack[RequestOptions]") -> ChatCompleted:
        """Ends the conversation: it completes with resolution ``ended``."""
        return await self._call(_post(_session(bot_id, session_id, "end"), None), options)


class AsyncChatMessages(AsyncAPIResource):
    async def send(self, bot_id: str, session_id: str, *, message: str, **options: "Unpack[RequestOptions]") -> ChatTurn:
        """Sends the visitor's message; answers the bot's replies whole. A completed conversation is a ConflictError."""
        return await self._call(_message(bot_id, session_id, message), options)

    def stream(
        self, bot_id: str, session_id: str, *, message: str, **options: "Unpack[RequestOptions]"
    ) -> AsyncChatAnswerStream:
        """As ``Confab.chat.messages.stream``, read with ``async for``; ``await stream.final_answer()``."""
        return AsyncChatAnswerStream(self._client, _message(bot_id, session_id, message), options)


class AsyncChat(AsyncAPIResource):
    sessions: AsyncChatSessions
    messages: AsyncChatMessages

    def __init__(self, client: "AsyncConfab") -> None:
        super().__init__(client)
        self.sessions = AsyncChatSessions(client)
        self.messages = AsyncChatMessages(client)
