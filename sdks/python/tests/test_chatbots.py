"""chatbots.* end to end against the real service, sync and async."""

from __future__ import annotations

import pytest

import confab
from confab import AsyncConfab, Confab

FLOW = {"steps": [{"type": "question", "text": "Your name?", "variable": "name"}, {"type": "message", "text": "Thanks"}]}


def test_chatbots_crud_and_duplicate(client: Confab) -> None:
    created = client.chatbots.create(name="Support", description="Answers questions", flow=FLOW)
    assert set(created) == {"id", "name", "description", "createdAt"}
    assert created["name"] == "Support" and created["description"] == "Answers questions"

    got = client.chatbots.retrieve(created["id"])
    assert got["id"] == created["id"] and got["disabled"] is False and got["responseCount"] == 0

    listed = client.chatbots.list()
    assert created["id"] in [b["id"] for b in listed]
    assert set(listed[0]) == {"id", "name", "disabled", "responseCount", "createdAt", "updatedAt"}

    updated = client.chatbots.update(created["id"], disabled=True, name="Support 2")
    assert updated["disabled"] is True and updated["name"] == "Support 2"
    assert updated["description"] == "Answers questions", "only given fields change"

    copy = client.chatbots.duplicate(created["id"])
    assert copy["name"] == "Support 2 (copy)" and copy["id"] != created["id"]

    for bot_id in (created["id"], copy["id"]):
        assert client.chatbots.delete(bot_id) == {"message": "Chatbot deleted successfully"}
    with pytest.raises(confab.NotFoundError):
        client.chatbots.retrieve(created["id"])


async def test_chatbots_crud_and_duplicate_async(aclient: AsyncConfab) -> None:
    created = await aclient.chatbots.create(name="Async bot")
    assert created["description"] == ""
    assert (await aclient.chatbots.retrieve(created["id"]))["name"] == "Async bot"
    assert created["id"] in [b["id"] for b in await aclient.chatbots.list()]
    updated = await aclient.chatbots.update(created["id"], description="now described")
    assert updated["description"] == "now described" and updated["name"] == "Async bot"
    copy = await aclient.chatbots.duplicate(created["id"])
    assert copy["name"] == "Async bot (copy)"
    assert (await aclient.chatbots.delete(copy["id"]))["message"]
    assert (await aclient.chatbots.delete(created["id"]))["message"]
    with pytest.raises(confab.NotFoundError) as info:
        await aclient.chatbots.delete(created["id"])
    assert info.value.status == 404 and info.value.request_id


def test_path_ids_are_escaped(client: Confab) -> None:
    # "../usage" must stay one path segment, never reach another endpoint.
    with pytest.raises(confab.NotFoundError):
        client.chatbots.retrieve("../usage")
    with pytest.raises(ValueError):
        client.chatbots.retrieve("")
