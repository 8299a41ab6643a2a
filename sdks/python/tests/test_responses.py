"""responses.* and analytics.retrieve against conversations made through the visitor chat API;
pagination walks every page, sync and async."""

from __future__ import annotations

import os
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import pytest

import confab
from confab import AsyncConfab, Confab

CONVERSATIONS = 5


def _seed(service: Any, make: Callable[[], str], total: Callable[[str], int]) -> str:
    bot_id = make()
    for _ in range(CONVERSATIONS):
        service.chat(bot_id)
    deadline = time.monotonic() + 15
    while total(bot_id) < CONVERSATIONS:  # the views follow the events within moments
        assert time.monotonic() < deadline, "responses did not show up"
        time.sleep(0.1)
    return bot_id


@pytest.fixture(scope="module")
def sync_bot(service, workspaces) -> str:
    with Confab(api_key=workspaces.sync.api_key, base_url=service.base_url) as c:
        return _seed(service, lambda: c.chatbots.create(name="Paged")["id"], lambda b: c.responses.list(b).total)


@pytest.fixture(scope="module")
def async_bot(service, workspaces) -> str:
    # Seeded with the sync client; the tests below read it with the async one.
    with Confab(api_key=workspaces.async_.api_key, base_url=service.base_url) as c:
        return _seed(service, lambda: c.chatbots.create(name="Paged async")["id"], lambda b: c.responses.list(b).total)


def today() -> datetime:
    return datetime.now(timezone.utc)


def test_iterating_a_page_walks_every_page(client: Confab, sync_bot: str) -> None:
    first = client.responses.list(sync_bot, limit=2)
    assert isinstance(first, confab.SyncPage)
    assert (first.total, first.page, first.total_pages, len(first.data)) == (CONVERSATIONS, 1, 3, 2)
    ids = [r["_id"] for r in client.responses.list(sync_bot, limit=2)]
    assert len(ids) == CONVERSATIONS == len(set(ids))
    assert [len(p.data) for p in first.iter_pages()] == [2, 2, 1]


def test_page_at_a_time(client: Confab, sync_bot: str) -> None:
    page = client.responses.list(sync_bot, limit=2)
    seen = list(page.data)
    while page.has_next_page():
        page = page.get_next_page()
        seen += page.data
    assert page.page == 3 and not page.has_next_page()
    assert len({r["_id"] for r in seen}) == CONVERSATIONS
    with pytest.raises(confab.ConfabError):
        page.get_next_page()
    assert client.responses.list(sync_bot, page=9, limit=2).data == []


def test_retrieve_and_date_filters(client: Confab, sync_bot: str) -> None:
    newest = client.responses.list(sync_bot, limit=1).data[0]
    record = client.responses.retrieve(sync_bot, newest["_id"])
    assert record["_id"] == newest["_id"] and record["chatSessionId"] == newest["chatSessionId"]
    assert any(e["type"] == "user" and e["message"] == "Ann 0" for e in record["record"])
    day = today().date()
    assert client.responses.list(sync_bot, start_date=day, end_date=day.isoformat()).total == CONVERSATIONS
    assert client.responses.list(sync_bot, end_date=day - timedelta(days=1)).total == 0
    with pytest.raises(confab.BadRequestError):
        client.responses.list(sync_bot, limit=101)
    with pytest.raises(confab.NotFoundError):
        client.responses.retrieve(sync_bot, "nope")


def test_analytics(client: Confab, sync_bot: str) -> None:
    stats = client.analytics.retrieve(sync_bot, days=7)
    assert stats["totalResponses"] == CONVERSATIONS and stats["recentResponses"] == CONVERSATIONS
    assert stats["period"] == "7d" and len(stats["dailyCounts"]) == 7
    assert stats["dailyCounts"][-1] == {"date": today().date().isoformat(), "count": CONVERSATIONS}
    assert client.analytics.retrieve(sync_bot)["period"] == "30d"


async def test_async_iteration_walks_every_page(aclient: AsyncConfab, async_bot: str) -> None:
    ids = [r["_id"] async for r in aclient.responses.list(async_bot, limit=2)]
    assert len(ids) == CONVERSATIONS == len(set(ids))
    first = await aclient.responses.list(async_bot, limit=2)
    assert isinstance(first, confab.AsyncPage) and first.total_pages == 3
    assert [len(p.data) async for p in first.iter_pages()] == [2, 2, 1]
    second = await first.get_next_page()
    assert second.page == 2 and second.has_next_page()
    assert len([r async for r in second]) == 3, "iterating a later page walks from there on"


async def test_async_retrieve_and_analytics(aclient: AsyncConfab, async_bot: str) -> None:
    page = await aclient.responses.list(async_bot, limit=1, start_date=today().date())
    record = await aclient.responses.retrieve(async_bot, page.data[0]["_id"])
    assert record["answerVariables"] is not None and record["visitorId"]
    stats = await aclient.analytics.retrieve(async_bot, days=1)
    assert stats["dailyCounts"] == [{"date": today().date().isoformat(), "count": CONVERSATIONS}]


def test_export_lines_and_file(client: Confab, sync_bot: str, tmp_path: Any) -> None:
    import csv
    import json

    lines = [json.loads(line) for line in client.responses.export(sync_bot, format="ndjson")]
    assert len(lines) == CONVERSATIONS == len({r["id"] for r in lines})
    assert [r["started"] for r in lines] == sorted(r["started"] for r in lines)  # oldest first
    assert all(r["answerVariables"]["name"].startswith("Ann ") for r in lines)
    target = tmp_path / "responses.csv"
    written = client.responses.export(sync_bot, start_date=today().date()).write_to(target)
    assert written == target.stat().st_size > 0
    with open(target, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["id"] for r in rows] == [r["id"] for r in lines]
    assert rows[0]["answer.name"].startswith("Ann ")
    assert list(client.responses.export(sync_bot, end_date=today().date() - timedelta(days=1))) == [
        "id,visitorId,chatSessionId,started,ended,status,resolution,escalationReason,flowVersion,aiAgent,turnCount,answer.name,answer.email,otherAnswers"
    ]
    with pytest.raises(confab.BadRequestError):
        list(client.responses.export(sync_bot, format="xlsx"))  # type: ignore[arg-type]
    with pytest.raises(confab.NotFoundError):
        list(client.responses.export("nope"))


async def test_async_export(aclient: AsyncConfab, async_bot: str) -> None:
    lines = [line async for line in aclient.responses.export(async_bot, format="ndjson")]
    assert len(lines) == CONVERSATIONS
    assert (await aclient.responses.export(async_bot).write_to(os.devnull)) > 0
