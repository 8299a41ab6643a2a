"""chat.* end to end against the real service and a stand-in model: a flow conversation sent
whole, an agent's answer streamed as a generator (sync) and an async generator (AsyncConfab),
final_answer(), a completed conversation as a ConflictError before any token, leaving a stream
early, and a stream cut in transit as an APIConnectionError after the tokens it brought."""

from __future__ import annotations

from typing import Iterator, List

import httpx
import pytest

from confab import APIConnectionError, AsyncConfab, Confab, ConflictError, InternalServerError, NotFoundError
from confab._server_sent_events import ServerSentEventParser

from model_stand_in import API_KEY, ModelStandIn

ANSWER = "We ship worldwide in 3 days."


@pytest.fixture(scope="module")
def stand_in() -> Iterator[ModelStandIn]:
    server = ModelStandIn(piece_length=3)
    yield server
    server.close()


@pytest.fixture(scope="module")
def agent_bot(service, stand_in: ModelStandIn) -> str:  # type: ignore[no-untyped-def]
    # A workspace of its own: the other suites count the shared workspaces' model connections.
    with Confab(api_key=service.workspace("pro").api_key, base_url=service.base_url, timeout=30) as c:
        connection = c.model_connections.create(name="Py stand-in", base_url=stand_in.base_url, api_key=API_KEY, chat_model="gpt-4o-mini")
        bot = c.chatbots.create(name="Py agent")["id"]
        c.chatbots.agent.update(bot, name="Ava", instructions="Help shoppers.", connection_id=connection["id"])
        return bot


def test_flow_conversation_whole_answers(client: Confab) -> None:
    bot = client.chatbots.create(name="Py flow bot")["id"]
    session = client.chat.sessions.create(bot, visitor_id="py-visitor", channel="web")
    assert session["visitorId"] == "py-visitor" and session["chatbot"]["name"] == "Py flow bot"
    assert session["messages"] and all(m["type"] == "bot" for m in session["messages"])
    turn = client.chat.messages.send(bot, session["sessionId"], message="Ann")
    assert turn["done"] is False and turn["messages"]
    assert client.chat.sessions.end(bot, session["sessionId"]) == {"done": True}
    with pytest.raises(ConflictError):
        client.chat.messages.send(bot, session["sessionId"], message="Still there?")
    other = client.chat.sessions.create(bot)
    assert client.chat.sessions.escalate(bot, other["sessionId"], reason="Wants a person") == {"done": True}


def test_stream_tokens_then_done(client: Confab, agent_bot: str, stand_in: ModelStandIn) -> None:
    session = client.chat.sessions.create(agent_bot)
    stand_in.script(ANSWER)
    events = list(client.chat.messages.stream(agent_bot, session["sessionId"], message="Do you ship abroad?"))
    tokens = [e["text"] for e in events if e["type"] == "token"]
    assert len(tokens) > 3, tokens
    assert "".join(tokens) == ANSWER
    assert events[-1] == {"type": "done", "messages": [{"type": "bot", "message": ANSWER}], "done": False}
    assert stand_in.requests[-1]["stream"] is True

    stand_in.script("Returns within 30 days.")
    answer = client.chat.messages.stream(agent_bot, session["sessionId"], message="Returns?").final_answer()
    assert answer == {"messages": [{"type": "bot", "message": "Returns within 30 days."}], "done": False}


def test_completed_conversation_is_a_conflict_before_any_token(client: Confab, agent_bot: str) -> None:
    session = client.chat.sessions.create(agent_bot)
    client.chat.sessions.end(agent_bot, session["sessionId"])
    seen: List[object] = []
    with pytest.raises(ConflictError) as raised:
        for event in client.chat.messages.stream(agent_bot, session["sessionId"], message="Hello?"):
            seen.append(event)
    assert raised.value.status == 409 and seen == []
    with pytest.raises(NotFoundError):
        client.chat.messages.stream(agent_bot, "no-such-session", message="x").final_answer()


def test_leaving_early_closes_the_stream(client: Confab, agent_bot: str, stand_in: ModelStandIn) -> None:
    session = client.chat.sessions.create(agent_bot)
    stand_in.script(ANSWER)
    stream = client.chat.messages.stream(agent_bot, session["sessionId"], message="Hi")
    first = next(stream)
    assert first["type"] == "token"
    stream.close()
    with pytest.raises(StopIteration):
        next(stream)


class _CuttingTransport(httpx.BaseTransport):
    """The real service, but a streamed answer stops after ``limit`` bytes as if the connection dropped."""

    def __init__(self, limit: int) -> None:
        self._inner = httpx.HTTPTransport()
        self._limit = limit

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self._inner.handle_request(request)
        if not response.headers.get("content-type", "").startswith("text/event-stream"):
            return response
        inner, limit = response.stream, self._limit

        class Cut(httpx.SyncByteStream):
            def __iter__(self) -> Iterator[bytes]:
                sent = 0
                for chunk in inner:  # type: ignore[union-attr]
                    piece = chunk[: limit - sent]
                    sent += len(piece)
                    if piece:
                        yield piece
                    if sent >= limit:
                        raise httpx.RemoteProtocolError("peer closed connection without sending complete message body")

            def close(self) -> None:
                inner.close()  # type: ignore[union-attr]

        return httpx.Response(response.status_code, headers=response.headers, stream=Cut(), request=request)


def test_a_cut_stream_is_a_connection_error_after_its_tokens(service, workspaces, agent_bot: str, stand_in: ModelStandIn) -> None:  # type: ignore[no-untyped-def]
    http = httpx.Client(transport=_CuttingTransport(60))
    with Confab(api_key=workspaces.sync.api_key, base_url=service.base_url, http_client=http) as cut:
        session = cut.chat.sessions.create(agent_bot)
        stand_in.script("This answer is longer than what gets through to the visitor.")
        seen: List[dict] = []
        with pytest.raises(APIConnectionError):
            for event in cut.chat.messages.stream(agent_bot, session["sessionId"], message="Hi"):
                seen.append(dict(event))
        assert seen and all(e["type"] == "token" for e in seen)
    http.close()


@pytest.mark.asyncio
async def test_async_stream(aclient: AsyncConfab, agent_bot: str, stand_in: ModelStandIn) -> None:
    # The agent bot is in a workspace of its own; the chat API is public, so any client may talk to it.
    session = await aclient.chat.sessions.create(agent_bot)
    stand_in.script(ANSWER)
    tokens: List[str] = []
    async for event in aclient.chat.messages.stream(agent_bot, session["sessionId"], message="Ship?"):
        if event["type"] == "token":
            tokens.append(event["text"])
        else:
            assert event["messages"] == [{"type": "bot", "message": ANSWER}]
    assert len(tokens) > 3 and "".join(tokens) == ANSWER
    stand_in.script("Async whole.")
    answer = await aclient.chat.messages.stream(agent_bot, session["sessionId"], message="Again").final_answer()
    assert answer["messages"][0]["message"] == "Async whole."
    await aclient.chat.sessions.end(agent_bot, session["sessionId"])
    with pytest.raises(ConflictError):
        await aclient.chat.messages.send(agent_bot, session["sessionId"], message="x")


def test_parser_rules() -> None:
    def parse(text: str, size: int) -> list:
        parser = ServerSentEventParser()
        return [e for i in range(0, len(text), size) for e in parser.push(text[i : i + size])]

    stream = "\ufeff: keep-alive\r\nevent: token\r\ndata: {\"a\":\r\ndata:  1}\r\n\r\nevent: done\rdata: x\r\rdata: cut"
    for size in (1, 2, 3, len(stream)):
        events = parse(stream, size)
        assert [(e.event, e.data) for e in events] == [("token", '{"a":\n 1}'), ("done", "x")], size


def test_chat_calls_are_retried_only_when_they_surely_did_nothing() -> None:
    # The chat API takes no Idempotency-Key: a 5xx may have recorded the message, a 429 did not.
    answers = [httpx.Response(503, json={"error": "busy"}), httpx.Response(429, json={"error": "slow"}, headers={"retry-after": "0"})]
    sent: List[httpx.Request] = []

    def answer(req: httpx.Request) -> httpx.Response:
        sent.append(req)
        return answers.pop(0) if answers else httpx.Response(200, json={"messages": [], "done": False})

    http = httpx.Client(transport=httpx.MockTransport(answer))
    with Confab(api_key="k", base_url="http://api.test/api/v1", max_retries=3, http_client=http) as c:
        with pytest.raises(InternalServerError):
            c.chat.messages.send("b", "s", message="x")
        assert len(sent) == 1
        assert c.chat.messages.send("b", "s", message="x") == {"messages": [], "done": False}
        assert len(sent) == 3 and sent[-1].url.path == "/api/v1/chat/b/sessions/s/messages"
