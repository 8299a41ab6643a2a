"""Verifying Confab webhook deliveries: ``confab.webhooks.verify(raw_body, headers, secret)``.

Confab signs every delivery twice with the webhook's secret (the 64-hex string ``webhooks.create``
returned), and this module checks either:

* Standard Webhooks: ``webhook-id``, ``webhook-timestamp`` (Unix seconds) and
  ``webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`` — the
  timestamp is signed, so stale deliveries (replays) are refused. Used whenever present.
* the seed's ``x-webhook-signature``: lowercase hex HMAC-SHA256 of the raw body, no prefix.

The HMAC key is the UTF-8 bytes of the secret string. A ``whsec_<base64>`` secret (the Standard
Webhooks spelling) is accepted too and means the bytes it encodes. Comparisons are timing-safe.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, Iterable, Mapping, Optional, Tuple, Union

from ._exceptions import WebhookVerificationError

__all__ = ["verify", "sign", "WebhookVerificationError", "DEFAULT_TOLERANCE"]

DEFAULT_TOLERANCE = 300
"""Seconds a Standard Webhooks timestamp may differ from now (the reference libraries' value)."""

HeadersLike = Union[Mapping[str, str], Iterable[Tuple[str, str]]]
_HEX_SHA256 = re.compile(r"^[0-9a-fA-F]{64}$")


def _key(secret: str) -> bytes:
    if not isinstance(secret, str) or not secret:
        raise WebhookVerificationError("No webhook secret given")
    if secret.startswith("whsec_"):
        try:
            return base64.b64decode(secret[len("whsec_"):], validate=True)
        except (binascii.Error, ValueError) as err:
            raise WebhookVerificationError("The whsec_ secret is not valid base64") from err
    return secret.encode("utf-8")


def _body_bytes(raw_body: Union[bytes, bytearray, memoryview, str]) -> bytes:
    if isinstance(raw_body, str):
        return raw_body.encode("utf-8")
    if isinstance(raw_body, (bytes, bytearray, memoryview)):
        return bytes(raw_body)
    raise TypeError("raw_body must be the request body as received (bytes or str), before any JSON parsing")


def _lower_headers(headers: HeadersLike) -> dict[str, str]:
    items = headers.items() if hasattr(headers, "items") else headers
    return {str(name).lower(): str(value) for name, value in items}  # type: ignore[union-attr]


def sign(raw_body: Union[bytes, str], secret: str, *, msg_id: Optional[str] = None, timestamp: Optional[int] = None) -> dict[str, str]:
    """The signature headers Confab would send for this body (for your own tests)."""
    body = _body_bytes(raw_body)
    key = _key(secret)
    headers = {"x-webhook-signature": hmac.new(key, body, hashlib.sha256).hexdigest()}
    if msg_id is not None:
        ts = int(time.time()) if timestamp is None else timestamp
        digest = hmac.new(key, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()
        headers.update({"webhook-id": msg_id, "webhook-timestamp": str(ts), "webhook-signature": f"v1,{base64.b64encode(digest).decode()}"})
    return headers


def _verify_standard(body: bytes, h: dict[str, str], key: bytes, tolerance: int, now: float) -> None:
    msg_id, raw_ts, header = h.get("webhook-id"), h.get("webhook-timestamp"), h["webhook-signature"]
    if not msg_id or not raw_ts:
        raise WebhookVerificationError("webhook-signature without webhook-id and webhook-timestamp")
    try:
        timestamp = int(raw_ts)
    except ValueError as err:
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds") from err
    if abs(now - timestamp) > tolerance:
        raise WebhookVerificationError(f"webhook-timestamp is more than {tolerance} s from now (a replay or a wrong clock)")
    expected = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    matched = False
    # Several space-separated signatures during key rotation; no early exit, so timing
    # does not reveal which one matched.
    for entry in header.split():
        version, _, value = entry.partition(",")
        if version != "v1" or not value:
            continue
        try:
            candidate = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            continue
        matched = hmac.compare_digest(candidate, expected) or matched
    if not matched:
        raise WebhookVerificationError("webhook-signature does not match the body")


def _verify_seed(body: bytes, signature: str, key: bytes) -> None:
    if not _HEX_SHA256.match(signature):
        raise WebhookVerificationError("x-webhook-signature is not a hex SHA-256 digest")
    expected = hmac.new(key, body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, signature.lower()):
        raise WebhookVerificationError("x-webhook-signature does not match the body")


def verify(
    raw_body: Union[bytes, str],
    headers: HeadersLike,
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: Optional[float] = None,
) -> Any:
    """Checks a delivery and returns its parsed JSON payload; raises WebhookVerificationError.

    Pass the body exactly as received (before JSON parsing) and the request's headers (any
    mapping or list of pairs; names are matched case-insensitively).
    """
    body = _body_bytes(raw_body)
    h = _lower_headers(headers)
    key = _key(secret)
    if "webhook-signature" in h:
        _verify_standard(body, h, key, tolerance, time.time() if now is None else now)
    elif "x-webhook-signature" in h:
        _verify_seed(body, h["x-webhook-signature"], key)
    else:
        raise WebhookVerificationError("No webhook-signature or x-webhook-signature header")
    try:
        return json.loads(body)
    except ValueError as err:
        raise WebhookVerificationError("The signed body is not JSON") from err
