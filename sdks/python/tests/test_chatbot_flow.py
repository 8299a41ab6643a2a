"""chatbots.flow.* and chatbots.funnel end to end against the real service, sync and async:
the draft saved and read back, publishing and rolling back, versions and their diff, the
signing secret, the funnel of a conversation, and a what-if run."""

from __future__ import annotations

import re
import time
from typing import Any, Callable, Dict

import pytest

import confab
from confab import AsyncConfab, Confab

V1 = {"start": "hi", "steps": [
    {"id": "hi", "type": "message", "text": "Hello", "next": "ask"},
    {"id": "ask", "type": "question", "text": "Your name?", "variable": "name", "input": {"type": "text"}, "next": "bye"},
    {"id": "bye", "type": "end", "text": "Thanks", "resolution": "resolved"},
]}
# "ask" is gone, "bye" says something else, "later" is new (and unreachable: a warning, not an error).
V2 = {"start": "hi", "steps": [
    {"id": "hi", "type": "message", "text": "Hello", "next": "bye"},
    {"id": "bye", "type": "end", "text": "Bye now", "resolution": "resolved"},
    {"id": "later", "type": "message", "text": "Never said"},
]}


def eventually(read: Callable[[], Dict[str, Any]], done: Callable[[Dict[str, Any]], bool], timeout: float = 10.0) -> Dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if done(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def test_draft_publish_versions_diff_and_rollback(client: Confab) -> None:
    bot = client.chatbots.create(name="Flow bot", flow=V1)
    assert client.chatbots.flow.get(bot["id"]) == V1

    saved = client.chatbots.flow.update(bot["id"], V2)
    assert saved["data"] == V2
    assert [(w["stepId"], w["code"]) for w in saved["warnings"]] == [("later", "UNREACHABLE_STEP")]
    assert client.chatbots.flow.get(bot["id"]) == V2
    assert [v["version"] for v in client.chatbots.flow.versions.list(bot["id"])] == [1], "saving publishes nothing"

    published = client.chatbots.flow.publish(bot["id"])
    assert published["version"] == 2 and re.match(r"\d{4}-\d\d-\d\dT", published["publishedAt"])
    assert [v["version"] for v in client.chatbots.flow.versions.list(bot["id"])] == [2, 1]
    assert client.chatbots.flow.versions.retrieve(bot["id"], 1)["flow"] == V1

    diff = client.chatbots.flow.versions.diff(bot["id"], 2, against=1)
    assert diff == {"version": 2, "against": 1, "added": ["later"], "removed": ["ask"], "changed": ["hi", "bye"], "startChanged": False}

    rollback = client.chatbots.flow.publish(bot["id"], version=1)
    assert rollback["version"] == 3
    assert client.chatbots.flow.versions.retrieve(bot["id"], 3)["flow"] == V1

    with pytest.raises(confab.NotFoundError):
        client.chatbots.flow.versions.retrieve(bot["id"], 9)
    with pytest.raises(confab.BadRequestError) as info:
        client.chatbots.flow.update(bot["id"], {"start": "nowhere", "steps": V1["steps"]})
    assert info.value.code == "INVALID_FLOW"


def test_signing_secret_and_funnel(client: Confab, service: Any) -> None:
    bot = client.chatbots.create(name="Funnel bot", flow=V1)
    secret = client.chatbots.flow.signing_secret(bot["id"])
    assert re.fullmatch(r"[0-9a-f]{64}", secret["secret"])
    assert client.chatbots.flow.signing_secret(bot["id"]) == secret, "the secret stays the same"

    service.chat(bot["id"], messages=0)
    funnel = eventually(lambda: client.chatbots.funnel(bot["id"], days=1), lambda f: f["steps"][0]["reached"] == 1)
    assert funnel == {
        "version": 1,
        "steps": [{"id": "hi", "reached": 1, "stoppedHere": 0}, {"id": "ask", "reached": 1, "stoppedHere": 1},
                  {"id": "bye", "reached": 0, "stoppedHere": 0}],
        "outcomes": {"resolved": 0, "escalated": 0, "ended": 0, "open": 1},
    }
    assert client.chatbots.funnel(bot["id"], version=1)["version"] == 1
    with pytest.raises(confab.NotFoundError):
        client.chatbots.funnel(bot["id"], version=2)


def test_simulate_replays_recorded_conversations_against_the_draft(client: Confab, service: Any) -> None:
    bot = client.chatbots.create(name="What-if bot", flow=V1)
    finished = service.chat(bot["id"], messages=1)
    waiting = service.chat(bot["id"], messages=0)
    client.chatbots.flow.update(bot["id"], V2)

    run = client.chatbots.flow.simulate(bot["id"], limit=10)
    # Only a conversation the visitor wrote in has a response record.
    rows = [{**{k: v for k, v in row.items() if k not in ("startedAt", "responseId")}, "hasRecord": row["responseId"] is not None} for row in run["conversations"]]
    # V2 no longer asks the name: the waiting conversation would now end, resolved.
    assert rows == [
        {"chatSessionId": waiting["sessionId"], "same": False, "divergedAt": "bye", "before": "open", "after": "resolved", "unknownAt": None, "hasRecord": False},
        {"chatSessionId": finished["sessionId"], "same": False, "divergedAt": "bye", "before": "resolved", "after": "resolved", "unknownAt": None, "hasRecord": True},
    ]
    assert (run["total"], run["changed"], run["outcomeChanged"], run["skipped"]) == (2, 2, 1, 0)
    assert run["outcomes"]["after"] == {"resolved": 2, "escalated": 0, "ended": 0, "open": 0}
    assert client.chatbots.flow.simulate(bot["id"], limit=1)["total"] == 1
    assert client.chatbots.flow.simulate(bot["id"], start_date="2999-01-01")["total"] == 0
    with pytest.raises(confab.BadRequestError):
        client.chatbots.flow.simulate(bot["id"], limit=5000)
    with pytest.raises(confab.NotFoundError):
        client.chatbots.flow.simulate("nope")


async def test_flow_async(aclient: AsyncConfab) -> None:
    bot = await aclient.chatbots.create(name="Async flow bot", flow=V1)
    assert (await aclient.chatbots.flow.update(bot["id"], V2))["data"] == V2
    assert await aclient.chatbots.flow.get(bot["id"]) == V2
    assert (await aclient.chatbots.flow.publish(bot["id"]))["version"] == 2
    assert [v["version"] for v in await aclient.chatbots.flow.versions.list(bot["id"])] == [2, 1]
    assert (await aclient.chatbots.flow.versions.retrieve(bot["id"], 2))["flow"] == V2
    assert (await aclient.chatbots.flow.versions.diff(bot["id"], 1, against=2))["added"] == ["ask"]
    assert (await aclient.chatbots.flow.publish(bot["id"], version=1))["version"] == 3
    assert len((await aclient.chatbots.flow.signing_secret(bot["id"]))["secret"]) == 64
    assert (await aclient.chatbots.funnel(bot["id"]))["version"] == 3
    assert (await aclient.chatbots.flow.simulate(bot["id"], end_date="2000-01-01"))["conversations"] == []
