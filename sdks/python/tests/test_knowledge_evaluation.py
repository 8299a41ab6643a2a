"""knowledge.evaluation end to end, sync and async: a question over an indexed source, a run
reporting its hit at k, the runs listed and read, the question deleted (204: None), and the
service's 400 and 404 for bad input."""

from __future__ import annotations

import asyncio
import time

import pytest

from confab import APIError, AsyncConfab, Confab, NotFoundError


def indexed(client: Confab, title: str, text: str) -> str:
    source = client.knowledge.sources.create(type="text", title=title, text=text)
    deadline = time.monotonic() + 30
    while client.knowledge.sources.retrieve(source["id"])["status"] != "ready":
        assert time.monotonic() < deadline, "source not indexed in time"
        time.sleep(0.1)
    return source["id"]


def test_questions_and_runs(client: Confab) -> None:
    source_id = indexed(client, "Gift wrapping", "Gift wrapping costs two euros per parcel.")
    question = client.knowledge.evaluation.questions.create(
        question="How much is gift wrapping?", expected_source_ids=[source_id], expected_facts=["two euros"],
    )
    assert (question["question"], question["expectedSourceIds"], question["expectedFacts"]) == (
        "How much is gift wrapping?", [source_id], ["two euros"],
    )
    assert question["id"] in [q["id"] for q in client.knowledge.evaluation.questions.list()]

    run = client.knowledge.evaluation.runs.create(k=3)
    assert (run["k"], run["chatbotId"], run["answerChecks"]) == (3, None, None)
    mine = next(r for r in run["results"] if r["questionId"] == question["id"])
    assert (mine["hit"], mine["rank"], mine["foundSourceIds"][0]) == (True, 1, source_id)
    assert client.knowledge.evaluation.runs.retrieve(run["id"]) == run
    listed = client.knowledge.evaluation.runs.list()
    assert listed[0]["id"] == run["id"] and "results" not in listed[0]

    assert client.knowledge.evaluation.questions.delete(question["id"]) is None
    with pytest.raises(NotFoundError):
        client.knowledge.evaluation.questions.delete(question["id"])


def test_bad_input_is_the_services_4xx(client: Confab) -> None:
    with pytest.raises(APIError) as caught:
        client.knowledge.evaluation.questions.create(question="", expected_source_ids=["x"])
    assert caught.value.status_code == 400 and "question" in str(caught.value)
    with pytest.raises(NotFoundError) as missing:
        client.knowledge.evaluation.questions.create(question="Q?", expected_source_ids=["no-such-source"])
    assert "no-such-source" in str(missing.value)
    with pytest.raises(APIError) as bad_k:
        client.knowledge.evaluation.runs.create(k=99)
    assert bad_k.value.status_code == 400 and "k" in str(bad_k.value)
    with pytest.raises(NotFoundError):
        client.knowledge.evaluation.runs.create(chatbot_id="no-such-chatbot")
    with pytest.raises(NotFoundError):
        client.knowledge.evaluation.runs.retrieve("no-such-run")


@pytest.mark.asyncio
async def test_async_questions_and_runs(aclient: AsyncConfab) -> None:
    source = await aclient.knowledge.sources.create(type="text", title="Hours", text="We open at nine.")
    for _ in range(300):
        if (await aclient.knowledge.sources.retrieve(source["id"]))["status"] == "ready":
            break
        await asyncio.sleep(0.1)
    question = await aclient.knowledge.evaluation.questions.create(
        question="When do you open?", expected_source_ids=[source["id"]],
    )
    run = await aclient.knowledge.evaluation.runs.create()
    assert (run["questions"], run["hits"], run["hitRate"]) == (1, 1, 1)
    assert [r["id"] for r in await aclient.knowledge.evaluation.runs.list()] == [run["id"]]
    assert (await aclient.knowledge.evaluation.runs.retrieve(run["id"]))["results"][0]["questionId"] == question["id"]
    assert await aclient.knowledge.evaluation.questions.delete(question["id"]) is None
    assert await aclient.knowledge.evaluation.questions.list() == []
