"""Reading a success answer's body. It must have the JSON shape its endpoint answers (its
envelope), so that a gateway's empty 200 or login page raises a typed error carrying the status
and request id, rather than returning None or a dict the caller's code then trips over."""

from __future__ import annotations

import json
from typing import Any, Literal, Optional

import httpx

from ._exceptions import UnexpectedResponseError

Envelope = Literal["data", "page", "object", "none"]
"""``data``: ``{data: <object or list>, …}``, its ``data`` is returned (the External API);
``page``: ``{data: [...], total, page, totalPages}``, returned whole; ``object``: any JSON
object, returned whole (deletes' ``{message}``, the workspace endpoints' bare JSON); ``none``:
no body (a 204), returned as None."""


def _kind(value: Any) -> str:
    # The names JSON (and the Node SDK's messages) use.
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "an array" if isinstance(value, list) else "string" if isinstance(value, str) else type(value).__name__


def _problem(body: Any, envelope: Envelope, asked_page: Any) -> Optional[str]:
    if not isinstance(body, dict):
        return f"expected a JSON object, got {_kind(body)}"
    if envelope == "object":
        return None
    if envelope == "page":
        if not isinstance(body.get("data"), list):
            return "expected a page {data: [...], total, page, totalPages}"
        # A cache or proxy that drops the query string answers page 1 to every request: the
        # iterator, which asks for the answered page + 1, would then never end.
        if asked_page is not None and str(body.get("page")) != str(asked_page):
            return f"asked for page {asked_page}, got page {json.dumps(body.get('page'))}"
        return None
    return None if isinstance(body.get("data"), (dict, list)) else "expected {data: …}"


def parse_success(envelope: Envelope, response: httpx.Response, asked_page: Any = None) -> Any:
    """The result of a 2xx answer; UnexpectedResponseError when its body does not fit ``envelope``
    (for a page: or is not the page ``asked_page`` asked for)."""
    if envelope == "none":
        if response.content.strip():
            raise UnexpectedResponseError("expected no body", response=response, body=response.text[:500])
        return None
    if not response.content.strip():
        raise UnexpectedResponseError("the body is empty", response=response, body=None)
    try:
        body = response.json()
    except ValueError as err:
        raise UnexpectedResponseError("the body is not JSON", response=response, body=response.text[:500]) from err
    problem = _problem(body, envelope, asked_page if envelope == "page" else None)
    if problem:
        raise UnexpectedResponseError(problem, response=response, body=body)
    return body["data"] if envelope == "data" else body
