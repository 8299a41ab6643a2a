"""webhooks.* end to end, a real signed delivery to a local HTTPS receiver, and verify()."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time

import pytest

import confab
from confab import AsyncConfab, Confab, WebhookVerificationError
from local_servers import HttpsReceiver


def hmac_hex(secret: str, body: bytes) -> str:
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@pytest.fixture(scope="module")
def receiver(service):
    r = HttpsReceiver(service.cert_file, service.key_file)
    yield r
    r.close()


def test_webhooks_crud_and_a_verified_delivery(client: Confab, service, receiver: HttpsReceiver) -> None:
    bot = client.chatbots.create(name="Hooked")
    url = f"{receiver.url}/hooks/{bot['id']}"
    hook = client.webhooks.create(chatbot_id=bot["id"], url=url, events=["conversation.started"], description="CRM")
    assert len(hook["secret"]) == 64 and hook["status"] == "active"
    assert hook["chatbot"] == {"id": bot["id"], "name": None} and hook["events"] == ["conversation.started"]

    listed = [h for h in client.webhooks.list() if h["id"] == hook["id"]]
    assert len(listed) == 1 and "secret" not in listed[0] and listed[0]["chatbot"]["name"] == "Hooked"

    paused = client.webhooks.update(hook["id"], status="paused", description="paused for now")
    assert paused["status"] == "paused" and paused["description"] == "paused for now" and "secret" not in paused
    active = client.webhooks.update(hook["id"], status="active", events=["conversation.started", "response.created"])
    assert active["status"] == "active" and sorted(active["events"]) == ["conversation.started", "response.created"]

    with pytest.raises(confab.ConflictError) as conflict:
        client.webhooks.create(chatbot_id=bot["id"], url=url, events=["response.created"], max_retries=0)
    assert conflict.value.status == 409

    session = service.chat(bot["id"])
    delivery = receiver.wait_for(lambda s: s.path == f"/hooks/{bot['id']}" and s.headers.get("x-webhook-event") == "conversation.started")
    event = confab.webhooks.verify(delivery.body, delivery.headers, hook["secret"])
    assert event["event"] == "conversation.started" and event["botId"] == bot["id"] and event["chatSessionId"] == session["sessionId"]
    assert client.webhooks.verify(delivery.body, delivery.headers, hook["secret"]) == event

    _check_tampering(delivery.body, delivery.headers, hook["secret"])

    assert client.webhooks.delete(hook["id"]) == {"message": "Webhook deleted successfully"}
    assert hook["id"] not in [h["id"] for h in client.webhooks.list()]
    client.chatbots.delete(bot["id"])


def _check_tampering(body: bytes, headers: dict, secret: str) -> None:
    seed_only = {k: v for k, v in headers.items() if not k.startswith("webhook-")}
    standard_only = {k: v for k, v in headers.items() if k != "x-webhook-signature"}
    assert "webhook-signature" in headers and "x-webhook-signature" in headers, "real deliveries carry both"
    # x-webhook-signature is checked whenever present, even beside a valid Standard Webhooks one.
    for garbage in ("garbage", "", "0" * 64, hmac_hex(secret, body + b" ")):
        with pytest.raises(WebhookVerificationError, match="x-webhook-signature"):
            confab.webhooks.verify(body, {**headers, "x-webhook-signature": garbage}, secret)
    # An ASGI scope's headers: (bytes, bytes) pairs.
    asgi = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
    assert confab.webhooks.verify(body, asgi, secret)["event"] == "conversation.started"
    forged = [(k, b"garbage" if k == b"x-webhook-signature" else v) for k, v in asgi]
    with pytest.raises(WebhookVerificationError):
        confab.webhooks.verify(body, forged, secret)
    tampered = body.replace(b"conversation.started", b"conversation.complete")
    # The body-only signature alone has no replay protection: refused unless allowed.
    with pytest.raises(WebhookVerificationError, match="No webhook-signature header"):
        confab.webhooks.verify(body, seed_only, secret)
    for hdrs in (headers, seed_only, standard_only):
        allow = {"allow_body_only_signature": hdrs is seed_only}
        assert confab.webhooks.verify(body, hdrs, secret, **allow)["event"] == "conversation.started"
        with pytest.raises(WebhookVerificationError):
            confab.webhooks.verify(tampered, hdrs, secret, **allow)
        with pytest.raises(WebhookVerificationError):
            confab.webhooks.verify(body, hdrs, "0" * 64, **allow)
    # Standard Webhooks signs the timestamp: an old delivery replayed later is refused.
    with pytest.raises(WebhookVerificationError, match="s old, more than the 300 s tolerance"):
        confab.webhooks.verify(body, headers, secret, now=time.time() + 600)
    assert confab.webhooks.verify(body, headers, secret, now=time.time() + 600, tolerance=900)
    # The Standard Webhooks spelling of the same key.
    whsec = "whsec_" + base64.b64encode(secret.encode()).decode()
    assert confab.webhooks.verify(body, standard_only, whsec)["event"] == "conversation.started"
    # Header names are case-insensitive; a list of pairs works as well as a dict.
    assert confab.webhooks.verify(body.decode(), [(k.upper(), v) for k, v in headers.items()], secret)


async def test_webhooks_crud_async(aclient: AsyncConfab, receiver: HttpsReceiver) -> None:
    bot = await aclient.chatbots.create(name="Async hooked")
    hook = await aclient.webhooks.create(chatbot_id=bot["id"], url=f"{receiver.url}/async", events=["response.created"])
    assert hook["secret"] and hook["description"] == ""
    assert hook["id"] in [h["id"] for h in await aclient.webhooks.list()]
    updated = await aclient.webhooks.update(hook["id"], url=f"{receiver.url}/async2")
    assert updated["url"] == f"{receiver.url}/async2" and updated["events"] == ["response.created"]
    with pytest.raises(confab.BadRequestError, match="Valid events"):
        await aclient.webhooks.update(hook["id"], events=["nope"])
    assert (await aclient.webhooks.delete(hook["id"]))["message"]
    with pytest.raises(confab.NotFoundError):
        await aclient.webhooks.delete(hook["id"])
    await aclient.chatbots.delete(bot["id"])


def test_verify_rules() -> None:
    secret = "ab" * 32
    body = json.dumps({"event": "response.created"}).encode()
    signed = confab.webhooks.sign(body, secret, msg_id="msg_1")
    assert confab.webhooks.verify(body, signed, secret) == {"event": "response.created"}
    # Several signatures (key rotation): any v1 match is enough.
    rotated = {**signed, "webhook-signature": f"v1,{base64.b64encode(b'x' * 32).decode()} {signed['webhook-signature']}"}
    assert confab.webhooks.verify(body, rotated, secret)
    bad_cases = [
        {},
        {"x-webhook-signature": "not-hex"},
        {"x-webhook-signature": "A" * 63},
        {**signed, "webhook-id": ""},
        {**signed, "webhook-timestamp": "soon"},
        {**signed, "webhook-signature": "v2,abc"},
        {**signed, "webhook-signature": "v1,!!!"},
        {**signed, "webhook-id": "msg_2"},
    ]
    for headers in bad_cases:
        with pytest.raises(WebhookVerificationError):
            confab.webhooks.verify(body, headers, secret)
    with pytest.raises(WebhookVerificationError):
        confab.webhooks.verify(body, signed, "")
    seed = confab.webhooks.sign(body, secret)
    assert confab.webhooks.verify(body, {"X-Webhook-Signature": seed["x-webhook-signature"].upper()}, secret, allow_body_only_signature=True)
    # Stripped down to the body-only signature, an old delivery verifies at any age unless refused.
    with pytest.raises(WebhookVerificationError, match="No webhook-signature header"):
        confab.webhooks.verify(body, {"x-webhook-signature": seed["x-webhook-signature"]}, secret, now=time.time() + 3600)
    assert issubclass(WebhookVerificationError, confab.ConfabError)


def test_wrong_argument_types_raise_webhook_verification_error() -> None:
    """A receiver catches WebhookVerificationError to answer 400: a parsed body or missing headers
    must land there too, never as a TypeError that turns into a 500."""
    secret = "ab" * 32
    body = b'{"event":"response.created"}'
    signed = confab.webhooks.sign(body, secret, msg_id="msg_1")
    for wrong_body in ({"event": "parsed already"}, None, 42, ["x"]):
        with pytest.raises(WebhookVerificationError, match="raw request body"):
            confab.webhooks.verify(wrong_body, signed, secret)  # type: ignore[arg-type]
    for wrong_headers in (None, 42, "x-webhook-signature: abc", b"raw", [("only-a-name",)], [1, 2]):
        with pytest.raises(WebhookVerificationError, match="No headers"):
            confab.webhooks.verify(body, wrong_headers, secret)  # type: ignore[arg-type]
    for wrong_secret in (None, b"ab" * 32, ""):
        with pytest.raises(WebhookVerificationError, match="secret"):
            confab.webhooks.verify(body, signed, wrong_secret)  # type: ignore[arg-type]


def test_header_forms() -> None:
    secret = "ab" * 32
    body = b'{"event":"response.created"}'
    signed = confab.webhooks.sign(body, secret, msg_id="msg_1")
    forms = [
        signed,
        {k.title(): v for k, v in signed.items()},
        [(k.encode(), v.encode()) for k, v in signed.items()],  # ASGI
        [(k, v.encode()) for k, v in signed.items()],
        {k.encode(): v.encode() for k, v in signed.items()},
        {k: [v] for k, v in signed.items()},
        httpx_headers(signed),
    ]
    for headers in forms:
        assert confab.webhooks.verify(body, headers, secret) == {"event": "response.created"}, headers
    # A header sent twice is combined (as HTTP and Node do), so the second copy is never ignored.
    twice = [*signed.items(), ("X-Webhook-Signature", "garbage")]
    with pytest.raises(WebhookVerificationError, match="x-webhook-signature"):
        confab.webhooks.verify(body, twice, secret)
    # Absent values (None) are absent headers, as Node's undefined.
    assert confab.webhooks.verify(body, {**signed, "x-webhook-signature": None}, secret)


def httpx_headers(values: dict) -> object:
    import httpx

    return httpx.Headers(values)
