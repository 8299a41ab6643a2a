"""The two SDKs verify webhook deliveries by the same rules: one matrix of signed, forged and
malformed deliveries goes through this package's ``verify`` and through the Node SDK's
(sdks/node/src/webhookVerification.ts, run with node and tsx); every case must be accepted by
both with the same event, or refused by both for the same reason, and the expected verdict is
written down here."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Dict, List

import pytest

import confab
from conftest import NODE, ROOT

SECRET = "ab" * 32
TS = 1_700_000_000
BODY = json.dumps({"event": "conversation.started", "botId": "b1", "chatSessionId": "s1"}).encode()
SIGNED = confab.webhooks.sign(BODY, SECRET, msg_id="msg_1", timestamp=TS)
STANDARD = {k: v for k, v in SIGNED.items() if k.startswith("webhook-")}
SEED = {"x-webhook-signature": SIGNED["x-webhook-signature"]}


def _standard(body: bytes, msg_id: str, raw_ts: str, secret: str = SECRET) -> Dict[str, str]:
    digest = hmac.new(secret.encode(), f"{msg_id}.{raw_ts}.".encode() + body, hashlib.sha256).digest()
    return {"webhook-id": msg_id, "webhook-timestamp": raw_ts, "webhook-signature": f"v1,{base64.b64encode(digest).decode()}"}


def _case(name: str, accept: bool, headers: Dict[str, str], body: bytes = BODY, secret: str = SECRET, now: float = TS + 10, tolerance: float = 300, body_only: bool = False) -> Dict[str, Any]:
    return {"name": name, "accept": accept, "headers": headers, "body": base64.b64encode(body).decode(), "secret": secret, "now": now, "tolerance": tolerance, "bodyOnly": body_only}


NAN_BODY = b'{"event": NaN}'
CASES: List[Dict[str, Any]] = [
    _case("both schemes", True, SIGNED),
    _case("Standard Webhooks alone", True, STANDARD),
    _case("x-webhook-signature alone: no replay protection, refused by default", False, SEED),
    _case("x-webhook-signature alone, an hour old, refused by default", False, SEED, now=TS + 3600),
    _case("x-webhook-signature alone, allowed", True, SEED, body_only=True),
    _case("valid Standard, garbage x-webhook-signature", False, {**SIGNED, "x-webhook-signature": "garbage"}),
    _case("valid Standard, empty x-webhook-signature", False, {**SIGNED, "x-webhook-signature": ""}),
    _case("valid Standard, x-webhook-signature of another body", False, {**SIGNED, "x-webhook-signature": hmac.new(SECRET.encode(), b"{}", hashlib.sha256).hexdigest()}),
    _case("valid x-webhook-signature, garbage Standard", False, {**SIGNED, "webhook-signature": "v1,Z2FyYmFnZQ=="}),
    _case("x-webhook-signature in capitals", True, {"x-webhook-signature": SEED["x-webhook-signature"].upper()}, body_only=True),
    _case("x-webhook-signature with spaces around", True, {"x-webhook-signature": f"  {SEED['x-webhook-signature']} "}, body_only=True),
    _case("x-webhook-signature with a prefix", False, {"x-webhook-signature": f"sha256={SEED['x-webhook-signature']}"}, body_only=True),
    _case("header names in any case", True, {k.upper(): v for k, v in SIGNED.items()}),
    _case("300 s old: inside the tolerance", True, SIGNED, now=TS + 300),
    _case("301 s old: a replay", False, SIGNED, now=TS + 301),
    _case("301 s in the future", False, SIGNED, now=TS - 301),
    _case("a wider tolerance", True, SIGNED, now=TS + 3000, tolerance=3600),
    _case("timestamp with a plus sign", False, _standard(BODY, "msg_1", f"+{TS}")),
    _case("timestamp with a space", False, _standard(BODY, "msg_1", f" {TS}")),
    _case("timestamp with a leading zero, signed as sent", True, _standard(BODY, "msg_1", f"0{TS}")),
    _case("timestamp in milliseconds", False, _standard(BODY, "msg_1", str(TS * 1000))),
    _case("no webhook-id", False, {k: v for k, v in STANDARD.items() if k != "webhook-id"}),
    _case("empty webhook-id", False, {**STANDARD, "webhook-id": ""}),
    _case("another webhook-id", False, {**STANDARD, "webhook-id": "msg_2"}),
    _case("key rotation list", True, {**STANDARD, "webhook-signature": f"v1,{base64.b64encode(b'x' * 32).decode()} {STANDARD['webhook-signature']}"}),
    _case("signature without base64 padding", True, {**STANDARD, "webhook-signature": STANDARD["webhook-signature"].rstrip("=")}),
    _case("only a v2 signature", False, {**STANDARD, "webhook-signature": STANDARD["webhook-signature"].replace("v1,", "v2,")}),
    _case("no signature at all", False, {"content-type": "application/json"}),
    _case("wrong secret", False, SIGNED, secret="cd" * 32),
    _case("whsec_ form of the secret", True, SIGNED, secret="whsec_" + base64.b64encode(SECRET.encode()).decode()),
    _case("whsec_ form without padding", True, STANDARD, secret="whsec_" + base64.b64encode(SECRET.encode()).decode().rstrip("=")),
    _case("tampered body", False, SIGNED, body=BODY.replace(b"b1", b"b2")),
    _case("signed body that is not JSON", False, confab.webhooks.sign(b"not json", SECRET), body=b"not json"),
    _case("signed body with NaN", False, confab.webhooks.sign(NAN_BODY, SECRET), body=NAN_BODY),
]

NODE_VERIFY = """
import { readFileSync } from 'node:fs';
import { verify } from %s;
const cases = JSON.parse(readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map((c) => {
  try {
    return { ok: true, value: verify(Buffer.from(c.body, 'base64'), c.headers, c.secret, { now: c.now * 1000, tolerance: c.tolerance, allowBodyOnlySignature: c.bodyOnly }) };
  } catch (err) {
    return { ok: false, error: err.name, message: err.message };
  }
})));
"""


def _python(case: Dict[str, Any]) -> Dict[str, Any]:
    try:
        value = confab.webhooks.verify(base64.b64decode(case["body"]), case["headers"], case["secret"], now=case["now"], tolerance=case["tolerance"], allow_body_only_signature=case["bodyOnly"])
        return {"ok": True, "value": value}
    except confab.WebhookVerificationError as err:
        return {"ok": False, "error": "WebhookVerificationError", "message": str(err)}


@pytest.fixture(scope="module")
def node_verdicts() -> List[Dict[str, Any]]:
    module = json.dumps(str(ROOT / "sdks" / "node" / "src" / "webhookVerification.ts"))
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "verify.mts"
        script.write_text(NODE_VERIFY % module)
        out = subprocess.run([NODE, "--import", "tsx", str(script)], cwd=ROOT, input=json.dumps(CASES), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c["name"] for c in CASES])
def test_python_and_node_agree(index: int, node_verdicts: List[Dict[str, Any]]) -> None:
    case, node = CASES[index], node_verdicts[index]
    python = _python(case)
    assert python["ok"] == case["accept"], f"Python: {python}"
    assert node["ok"] == case["accept"], f"Node: {node}"
    if case["accept"]:
        assert python["value"] == node["value"] == json.loads(base64.b64decode(case["body"]))
    else:
        assert node["error"] == python["error"] == "WebhookVerificationError"
        assert node["message"] == python["message"], "the same reason in both SDKs"
