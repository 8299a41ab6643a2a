"""The client's settings, resolved and checked once, when the client is made (and each call's
overrides when it is made). A value that can never work raises InvalidArgumentError at once,
instead of a vague APIConnectionError on every call after a round of retries: a key that cannot
travel in a header (h11's own error quotes the key, and the retry log line repeated it), a base
URL that is not http(s), a timeout that is not a positive number, an Idempotency-Key the
service refuses."""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

import httpx

from ._exceptions import ConfabError, InvalidArgumentError
from .types import RequestOptions, Timeout

DEFAULT_BASE_URL = "http://localhost:3000/api/v1"
DEFAULT_TIMEOUT = 60.0
DEFAULT_MAX_RETRIES = 3
# Visible ASCII: what an API key can be and stay intact in an HTTP header.
_HEADER_TOKEN = re.compile(r"[\x21-\x7e]+")
# The service's rule for Idempotency-Key: 1 to 255 printable ASCII characters.
_IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,255}")


@dataclass
class ClientOptions:
    # repr=False: printing the options (or vars(client)) never shows the key.
    api_key: str = field(repr=False)
    base_url: str
    max_retries: int
    timeout: Timeout
    default_headers: dict[str, str] = field(default_factory=dict)


def _api_key(given: Optional[str]) -> str:
    key = given if given is not None else os.environ.get("CONFAB_API_KEY")
    # A key read from a file or a secrets mount often ends in a newline; it is not part of the key.
    key = key.strip() if isinstance(key, str) else key
    if not key:
        raise ConfabError("No API key: pass api_key=… or set the CONFAB_API_KEY environment variable.")
    if not isinstance(key, str) or not _HEADER_TOKEN.fullmatch(key):
        # The key itself is never quoted: error messages end up in logs.
        raise InvalidArgumentError(
            "The API key has characters an HTTP header cannot carry (a space, tab, line break, control or "
            "non-ASCII character inside it); the key is not shown here."
        )
    return key


def _base_url(given: Optional[str]) -> str:
    raw: Any = given.strip() if isinstance(given, str) else given
    url = raw or (os.environ.get("CONFAB_BASE_URL") or "").strip() or DEFAULT_BASE_URL

    def refuse(why: str) -> InvalidArgumentError:
        return InvalidArgumentError(f"base_url must be an absolute http(s) URL such as https://confab.example.com/api/v1 ({why}), got {url!r}")

    if not isinstance(url, str):
        raise refuse("not a string")
    try:
        parsed = httpx.URL(url)
    except Exception as err:  # httpx.InvalidURL, or ValueError/TypeError in older httpx
        raise refuse("not a URL") from err
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise refuse(f"scheme {parsed.scheme or 'missing'}")
    if parsed.query or parsed.fragment:
        raise refuse("paths are appended to it, so it cannot have a query or fragment")
    url = url.rstrip("/")
    # "http://localhost:3000" alone means the service root; the API lives under /api/v1.
    return f"{url}/api/v1" if parsed.path in ("", "/") else url


def valid_max_retries(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidArgumentError(f"max_retries must be a non-negative integer, got {value!r}")
    return value


def valid_timeout(value: Any) -> Timeout:
    """Seconds (a positive number), an httpx.Timeout, or None for no timeout."""
    if value is None or isinstance(value, httpx.Timeout):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise InvalidArgumentError(f"timeout must be a positive number of seconds, an httpx.Timeout or None, got {value!r}")
    return float(value)


def lowercase_names(headers: Optional[Mapping[str, str]]) -> dict[str, str]:
    """Header names lowercased, so that a caller's ``X-API-Key`` or ``Idempotency-Key``
    replaces the SDK's header rather than being sent beside it as a second value."""
    return {name.lower(): value for name, value in (headers or {}).items()}


def resolve_options(
    api_key: Optional[str],
    base_url: Optional[str],
    max_retries: int,
    timeout: Timeout,
    default_headers: Optional[Mapping[str, str]],
) -> ClientOptions:
    return ClientOptions(_api_key(api_key), _base_url(base_url), valid_max_retries(max_retries), valid_timeout(timeout), lowercase_names(default_headers))


def check_request_options(options: RequestOptions) -> None:
    """A call's own overrides, checked before anything is sent."""
    if "max_retries" in options:
        valid_max_retries(options["max_retries"])
    if "timeout" in options:
        valid_timeout(options["timeout"])
    key = options.get("idempotency_key")
    if key is not None and (not isinstance(key, str) or not _IDEMPOTENCY_KEY.fullmatch(key)):
        # An empty key used to be replaced by a generated one without a word.
        size = f"{len(key)} characters" if isinstance(key, str) else type(key).__name__
        raise InvalidArgumentError(f"idempotency_key must be 1 to 255 printable ASCII characters, got {size}")
