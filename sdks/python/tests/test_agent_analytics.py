"""chatbots.agent.analytics and knowledge.unanswered.list against the service (the period's
defaults, bad dates, an empty list), and the cursor pages walked to the end, sync and async."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from typing import Any, Dict, List, Optional

import httpx
import pytest

from confab import AsyncConfab, BadRequestError, Confab, NotFoundError
from confab.cursor_pagination import SyncCursorPage


def test_a_chatbot_without_an_agent_answers_zeros_over_the_last_30_days(client: Confab) -> None:
    bot_id = client.chatbots.create(name="No agent")["id"]
    report = client.chatbots.agent.analytics(bot_id)
    today = datetime.now(timezone.utc).date()
    assert (report["startDate"], report["endDate"]) == ((today - timedelta(days=29)).isoformat(), today.isoformat())
    assert (report["conversations"], report["answers"], report["sourcedShare"]) == (0, 0, None)
    assert report["tokens"] == {"in": 0, "out": 0}
    assert len(report["days"]) == 30
    one_day = client.chatbots.agent.analytics(bot_id, start_date=date(2026, 1, 1), end_date="2026-01-01")
    assert [d["date"] for d in one_day["days"]] == ["2026-01-01"]


def test_bad_dates_and_unknown_chatbots_raise(client: Confab) -> None:
    bot_id = client.chatbots.create(name="Dates")["id"]
    with pytest.raises(BadRequestError, match="startDate"):
        client.chatbots.agent.analytics(bot_id, start_date="2026-02-30")
    with pytest.raises(BadRequestError, match="366"):
        client.chatbots.agent.analytics(bot_id, start_date="2024-01-01", end_date="2025-12-31")
    with pytest.raises(NotFoundError):
        client.chatbots.agent.analytics("no-such-bot")
    with pytest.raises(NotFoundError):
        client.knowledge.unanswered.list(chatbot_id="no-such-bot")
    with pytest.raises(BadRequestError, match="cursor"):
        client.knowledge.unanswered.list(cursor="nope")


def test_a_workspace_without_unanswered_questions_lists_none(client: Confab) -> None:
    page = client.knowledge.unanswered.list(limit=5)
    assert isinstance(page, SyncCursorPage)
    assert (page.data, page.next_cursor, page.has_next_page()) == ([], None, False)
    assert list(page) == []


def _pages(total: int, sent: List[httpx.Request]):
    """Answers ``total`` questions ``limit`` a page, the cursor being the last id given."""

    def answer(req: httpx.Request) -> httpx.Response:
        sent.append(req)
        limit = int(req.url.params.get("limit", 25))
        after: Optional[str] = req.url.params.get("cursor")
        start = int(after[1:]) if after else 0
        data: List[Dict[str, Any]] = [{"id": f"q{i + 1}"} for i in range(start, min(total, start + limit))]
        more = start + len(data) < total
        return httpx.Response(200, json={"data": data, "nextCursor": f"q{start + len(data)}" if more else None})

    return answer


def test_iterating_walks_every_cursor_page_with_the_filters_on_each() -> None:
    sent: List[httpx.Request] = []
    transport = httpx.MockTransport(_pages(5, sent))
    client = Confab(api_key="k", base_url="http://api.test/api/v1", http_client=httpx.Client(transport=transport))
    ids = [q["id"] for q in client.knowledge.unanswered.list(chatbot_id="b1", limit=2, start_date="2026-01-01")]
    assert ids == ["q1", "q2", "q3", "q4", "q5"]
    assert [r.url.params.get("cursor") for r in sent] == [None, "q2", "q4"]
    assert all(r.url.params.get("chatbotId") == "b1" and r.url.params.get("limit") == "2" for r in sent)
    first = client.knowledge.unanswered.list(limit=5)
    assert first.has_next_page() is False


async def test_async_walks_every_cursor_page() -> None:
    sent: List[httpx.Request] = []
    transport = httpx.MockTransport(_pages(3, sent))
    async with AsyncConfab(
        api_key="k", base_url="http://api.test/api/v1", http_client=httpx.AsyncClient(transport=transport)
    ) as client:
        first = await client.knowledge.unanswered.list(limit=2)
        assert [q["id"] for q in first.data] == ["q1", "q2"]
        second = await first.get_next_page()
        assert ([q["id"] for q in second.data], second.next_cursor) == (["q3"], None)
        assert [q["id"] async for q in client.knowledge.unanswered.list(limit=2)] == ["q1", "q2", "q3"]
