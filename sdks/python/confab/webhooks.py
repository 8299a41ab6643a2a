"""Verifying Confab webhook deliveries: ``confab.webhooks.verify(raw_body, headers, secret)``.

Confab signs every delivery twice with the webhook's secret (the 64-hex string ``webhooks.create``
returned):

* the original ``x-webhook-signature``: lowercase hex HMAC-SHA256 of the raw body, no prefix;
* Standard Webhooks: ``webhook-id``, ``webhook-timestamp`` (Unix seconds) and
  ``webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">``, whose signed
  timestamp also refuses stale deliveries (replays).

Every scheme whose header is present must check out and at least one must be present, so a
forged ``x-webhook-signature`` cannot ride along with a valid Standard Webhooks signature. These
are the Node SDK's rules (sdks/node/src/webhookVerification.ts), kept identical so a delivery
verifies in one SDK exactly when it verifies in the other.

The HMAC key is the UTF-8 bytes of the secret string; a ``whsec_<base64>`` secret (the Standard
Webhooks spelling) means the bytes it encodes. Comparisons are timing-safe.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import re
import time
import uuid
from typing import Any, Iterable, Mapping, Optional, Tuple, Union

from ._exceptions import WebhookVerificationError

__all__ = ["verify", "sign", "WebhookVerificationError", "DEFAULT_TOLERANCE"]

DEFAULT_TOLERANCE = 300
"""Seconds a Standard Webhooks timestamp may differ from now (the reference libraries' value)."""

HeaderText = Union[str, bytes]
HeadersLike = Union[Mapping[Any, Any], Iterable[Tuple[HeaderText, HeaderText]]]
_HEX_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
_TIMESTAMP = re.compile(r"[0-9]{1,12}")
_NOT_BASE64 = re.compile(r"[^A-Za-z0-9+/]")


def _b64(text: str) -> bytes:
    # As Node's Buffer.from(text, "base64"), which the Node SDK uses: URL-safe letters are
    # accepted, anything else is skipped, padding is optional and ends the data.
    cleaned = _NOT_BASE64.sub("", text.split("=", 1)[0].replace("-", "+").replace("_", "/"))
    cleaned = cleaned[: len(cleaned) - len(cleaned) % 4 if len(cleaned) % 4 == 1 else len(cleaned)]
    return base64.b64decode(cleaned + "=" * (-len(cleaned) % 4))


def _key(secret: str) -> bytes:
    if not isinstance(secret, str) or not secret:
        raise WebhookVerificationError("No webhook secret given")
    return _b64(secret[len("whsec_"):]) if secret.startswith("whsec_") else secret.encode("utf-8")


def _body_bytes(raw_body: Any) -> bytes:
    if isinstance(raw_body, str):
        return raw_body.encode("utf-8")
    if isinstance(raw_body, (bytes, bytearray, memoryview)):
        return bytes(raw_body)
    raise WebhookVerificationError(
        "The raw request body (bytes or str) is needed to check the signature; a parsed JSON object cannot be verified. "
        "Pass request.get_data() (Flask), await request.body() (Starlette) or request.body (Django)."
    )


def _text(value: Any) -> Optional[str]:
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("latin-1")  # HTTP header bytes, as ASGI servers hand them over
    if isinstance(value, (list, tuple)):
        return " ".join(t for t in map(_text, value) if t is not None)  # Node joins array values so
    return str(value)


def _lower_headers(headers: Any) -> dict[str, str]:
    """Header names lowercased. Accepts any mapping (dict, httpx/Starlette/Werkzeug headers) or
    pairs of str or bytes (an ASGI scope's ``headers``). A header sent twice is combined with
    ", ", as HTTP (and Node) combine it, so a second copy can never be silently ignored."""
    if headers is None or isinstance(headers, (str, bytes, bytearray)):
        raise WebhookVerificationError("No headers given")
    try:
        items = list(headers.items() if hasattr(headers, "items") else headers)
        out: dict[str, str] = {}
        for name, value in items:
            key, text = _text(name), _text(value)
            if key is None or text is None:
                continue
            key = key.lower()
            out[key] = f"{out[key]}, {text}" if key in out else text
    except (TypeError, ValueError) as err:
        raise WebhookVerificationError("No headers given: expected a mapping or (name, value) pairs") from err
    return out


def sign(raw_body: Union[bytes, str], secret: str, *, msg_id: Optional[str] = None, timestamp: Optional[int] = None) -> dict[str, str]:
    """The signature headers Confab would send for this body (for your own tests): both schemes,
    as every delivery carries them; ``msg_id`` defaults to a fresh ``msg_<uuid>``."""
    body = _body_bytes(raw_body)
    key = _key(secret)
    msg_id = f"msg_{uuid.uuid4()}" if msg_id is None else msg_id
    ts = int(time.time()) if timestamp is None else timestamp
    digest = hmac.new(key, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()
    return {
        "x-webhook-signature": hmac.new(key, body, hashlib.sha256).hexdigest(),
        "webhook-id": msg_id,
        "webhook-timestamp": str(ts),
        "webhook-signature": f"v1,{base64.b64encode(digest).decode()}",
    }


def _verify_standard(body: bytes, h: dict[str, str], key: bytes, signatures: str, tolerance: float, now: float) -> None:
    msg_id, raw_ts = h.get("webhook-id"), h.get("webhook-timestamp")
    if not msg_id or not raw_ts:
        raise WebhookVerificationError("webhook-signature needs webhook-id and webhook-timestamp headers")
    if not _TIMESTAMP.fullmatch(raw_ts):
        raise WebhookVerificationError("webhook-timestamp is not a Unix time in seconds")
    age = math.floor(now) - int(raw_ts)
    if age > tolerance:
        raise WebhookVerificationError(f"webhook-timestamp is {age} s old, more than the {tolerance} s tolerance")
    if age < -tolerance:
        raise WebhookVerificationError(f"webhook-timestamp is {-age} s in the future, more than the {tolerance} s tolerance")
    expected = hmac.new(key, f"{msg_id}.{raw_ts}.".encode() + body, hashlib.sha256).digest()
    matched = False
    # Several space-separated signatures during a key rotation; no early exit, so timing does
    # not tell which one matched.
    for entry in signatures.split(" "):
        version, _, rest = entry.partition(",")
        value = rest.split(",", 1)[0]
        if version == "v1" and value and hmac.compare_digest(expected, _b64(value)):
            matched = True
    if not matched:
        raise WebhookVerificationError("webhook-signature does not match: wrong secret or altered body, id or timestamp")


def _verify_body_only(body: bytes, key: bytes, signature: str) -> None:
    signature = signature.strip()
    if not _HEX_SHA256.fullmatch(signature):
        raise WebhookVerificationError("x-webhook-signature is not a hex SHA-256 digest")
    if not hmac.compare_digest(hmac.new(key, body, hashlib.sha256).digest(), bytes.fromhex(signature)):
        raise WebhookVerificationError("x-webhook-signature does not match the body: wrong secret or altered body")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # NaN and Infinity, which JSON.parse refuses too


def verify(
    raw_body: Union[bytes, str],
    headers: HeadersLike,
    secret: str,
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    now: Optional[float] = None,
    allow_body_only_signature: bool = False,
) -> Any:
    """Checks a delivery's signatures and returns its parsed JSON payload.

    Raises WebhookVerificationError when a signature is missing or wrong, the timestamp is more
    than ``tolerance`` seconds from ``now`` (Unix seconds; default: the clock), the body is not
    JSON, or the arguments are not a raw body, headers and a secret. Pass the body exactly as
    received (before JSON parsing); header names are matched case-insensitively.

    The Standard Webhooks signature is required unless ``allow_body_only_signature``: the
    ``x-webhook-signature`` covers the body alone (its timestamp is not signed), so a captured
    delivery stripped down to it would verify at any age. Confab always sends both.
    """
    body = _body_bytes(raw_body)
    key = _key(secret)
    h = _lower_headers(headers)
    body_only, standard = h.get("x-webhook-signature"), h.get("webhook-signature")
    if body_only is None and standard is None:
        raise WebhookVerificationError("No signature: expected an x-webhook-signature or webhook-signature header")
    if standard is None and not allow_body_only_signature:
        raise WebhookVerificationError(
            "No webhook-signature header: x-webhook-signature alone signs only the body, so a replayed request cannot be told apart "
            "(Confab always sends both; allow a body-only signature in the options to accept it anyway)"
        )
    if standard is not None:
        _verify_standard(body, h, key, standard, tolerance, time.time() if now is None else now)
    if body_only is not None:
        _verify_body_only(body, key, body_only)
    try:
        return json.loads(body.decode("utf-8", errors="replace"), parse_constant=_no_constant)
    except ValueError as err:
        raise WebhookVerificationError("The signed body is not valid JSON") from err
