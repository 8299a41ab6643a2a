"""knowledge.sources end to end: pasted text, and files uploaded as multipart/form-data (bytes
with a filename, a binary file, a path), sync and async, indexed until ready; the service's 415
for a format it does not read; an upload without a name refused before sending."""

from __future__ import annotations

import asyncio
import io
import time

import pytest

from confab import APIError, AsyncConfab, Confab, InvalidArgumentError


def wait_ready(client: Confab, source_id: str) -> dict:
    deadline = time.monotonic() + 30
    while True:
        source = client.knowledge.sources.retrieve(source_id)
        if source["status"] not in ("queued", "processing") or time.monotonic() > deadline:
            return source
        time.sleep(0.1)


def test_text_and_files_become_ready(client: Confab, tmp_path) -> None:
    text = client.knowledge.sources.create(type="text", title="Returns", text="Returns are accepted within 30 days.")
    assert (text["type"], text["status"]) == ("text", "queued")

    from_bytes = client.knowledge.sources.create(file=b"# Shipping\n\nWe ship worldwide.", filename="shipping.md")
    assert (from_bytes["type"], from_bytes["title"], from_bytes["fileName"], from_bytes["format"]) == (
        "file", "shipping.md", "shipping.md", "markdown",
    )

    stream = io.BytesIO(b"<html><body><p>Open 9 to 5.</p></body></html>")
    from_stream = client.knowledge.sources.create(file=stream, filename="hours.html", title="Opening hours")
    assert (from_stream["title"], from_stream["format"]) == ("Opening hours", "html")

    path = tmp_path / "gift-cards.txt"
    path.write_bytes(b"Gift cards never expire.")
    from_path = client.knowledge.sources.create(file=path)
    assert (from_path["fileName"], from_path["format"], from_path["sizeBytes"]) == ("gift-cards.txt", "text", 24)

    for source in (text, from_bytes, from_stream, from_path):
        done = wait_ready(client, source["id"])
        assert (done["status"], done["error"]) == ("ready", None)
        assert done["chunks"] >= 1


def test_a_format_not_read_is_the_services_415(client: Confab) -> None:
    with pytest.raises(APIError) as caught:
        client.knowledge.sources.create(file=b"\x01\x02\x03", filename="photo.bmp")
    assert caught.value.status_code == 415
    assert ".bmp" in str(caught.value)


def test_bad_arguments_are_refused_before_sending(client: Confab) -> None:
    with pytest.raises(InvalidArgumentError, match="filename"):
        client.knowledge.sources.create(file=b"hello")
    with pytest.raises(InvalidArgumentError, match="file, filename and title only"):
        client.knowledge.sources.create(type="text", file=b"hello", filename="a.txt")
    with pytest.raises(InvalidArgumentError, match="type"):
        client.knowledge.sources.create(title="Nothing")


@pytest.mark.asyncio
async def test_async_upload(aclient: AsyncConfab) -> None:
    created = await aclient.knowledge.sources.create(file=b"Delivery takes three days.", filename="delivery.txt")
    assert (created["format"], created["status"]) == ("text", "queued")
    for _ in range(300):
        source = await aclient.knowledge.sources.retrieve(created["id"])
        if source["status"] == "ready":
            break
        await asyncio.sleep(0.1)
    assert source["status"] == "ready"
