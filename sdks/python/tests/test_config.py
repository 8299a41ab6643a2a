"""What the client does with its settings and arguments: the API key stays out of error messages,
logs and reprs; settings that can never work raise InvalidArgumentError at once (not an
APIConnectionError after three retries, nor a bare UnicodeEncodeError or ValueError from inside
httpx); header names are case-insensitive; ``events`` must be a list."""

from __future__ import annotations

import json
import logging
import traceback
from typing import Callable, List

import httpx
import pytest

import confab
from confab import AsyncConfab, Confab

KEY = "cfb_live_5d1c0ffee5ecret"
BASE = "http://api.test/api/v1"


def recording(sent: List[httpx.Request]) -> httpx.Client:
    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(201, json={"data": {"id": "b1"}})

    return httpx.Client(transport=httpx.MockTransport(handler))


def test_the_key_is_not_in_the_repr_of_the_client_or_its_options() -> None:
    c = Confab(api_key=KEY, base_url=BASE)
    for shown in (repr(c), repr(vars(c)), repr(c._options), repr(c.chatbots), repr(vars(c.chatbots))):
        assert KEY not in shown, shown
    assert c.api_key == KEY


@pytest.mark.parametrize("bad", [f"{KEY[:8]}\n{KEY[8:]}", f"{KEY} extra", f"{KEY}é", f"{KEY}\tx", f"{KEY}\x00"])
def test_a_key_that_cannot_travel_in_a_header_is_refused_at_once_without_quoting_it(bad: str) -> None:
    with pytest.raises(confab.InvalidArgumentError, match="API key has characters") as info:
        Confab(api_key=bad, base_url=BASE)
    assert KEY[8:] not in "".join(traceback.format_exception(info.value))


def test_a_key_with_a_trailing_newline_works_against_the_service(service, workspaces, monkeypatch, caplog) -> None:
    """A secrets mount or an env file leaves a newline after the key: it was sent as part of the
    header value, so every call failed with an APIConnectionError quoting the key (also logged
    at each retry)."""
    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("CONFAB_API_KEY", workspaces.sync.api_key + "\n")
    with Confab(base_url=service.base_url) as c:
        assert c.usage.retrieve()["plan"] == "pro"
    with Confab(api_key=f"  {workspaces.sync.api_key}\r\n", base_url=service.base_url) as c:
        assert c.usage.retrieve()["plan"] == "pro"
    assert workspaces.sync.api_key not in caplog.text


@pytest.mark.parametrize("given,expected", [
    ("http://h:3000/api/v1///", "http://h:3000/api/v1"),
    ("  https://h/api/v1/ ", "https://h/api/v1"),
    ("https://h", "https://h/api/v1"),
    ("https://gw.test/confab/api/v1", "https://gw.test/confab/api/v1"),
])
def test_base_url_forms(given: str, expected: str) -> None:
    assert Confab(api_key="k", base_url=given).base_url == expected


@pytest.mark.parametrize("bad", ["localhost:3000/api/v1", "confab.test/api/v1", "ftp://h/api/v1", "not a url", "http:///api/v1", "https://h/api/v1?x=1"])
def test_a_base_url_that_is_not_absolute_http_is_refused_at_once(bad: str) -> None:
    with pytest.raises(confab.InvalidArgumentError, match=r"base_url must be an absolute http\(s\) URL"):
        Confab(api_key="k", base_url=bad)


@pytest.mark.parametrize("timeout", [0, -5, float("nan"), float("inf"), "30", True])
def test_a_timeout_that_is_not_a_positive_number_is_refused(timeout: object) -> None:
    with pytest.raises(confab.InvalidArgumentError, match="timeout must be a positive number"):
        Confab(api_key="k", timeout=timeout)  # type: ignore[arg-type]
    sent: List[httpx.Request] = []
    with pytest.raises(confab.InvalidArgumentError, match="timeout"):
        Confab(api_key="k", base_url=BASE, http_client=recording(sent)).usage.retrieve(timeout=timeout)  # type: ignore[typeddict-item]
    assert sent == []


def test_timeout_none_and_httpx_timeout_stay_allowed() -> None:
    assert Confab(api_key="k", timeout=None).timeout is None
    assert Confab(api_key="k", timeout=httpx.Timeout(5, connect=1)).timeout == httpx.Timeout(5, connect=1)
    with pytest.raises(confab.InvalidArgumentError):
        Confab(api_key="k").with_options(max_retries=-1)


@pytest.mark.parametrize("key", ["", "x" * 256, "line\nbreak", "ключ"])
def test_an_idempotency_key_the_service_would_refuse_is_an_error_before_sending(key: str) -> None:
    sent: List[httpx.Request] = []
    c = Confab(api_key="k", base_url=BASE, http_client=recording(sent))
    with pytest.raises(confab.InvalidArgumentError, match="idempotency_key must be 1 to 255 printable ASCII"):
        c.chatbots.create(name="x", idempotency_key=key)
    assert sent == []
    c.chatbots.create(name="x", idempotency_key="x" * 255)
    assert sent[0].headers["idempotency-key"] == "x" * 255


async def test_the_async_client_checks_call_options_too() -> None:
    async with AsyncConfab(api_key="k", base_url=BASE) as c:
        with pytest.raises(confab.InvalidArgumentError):
            await c.chatbots.create(name="x", idempotency_key="")


def test_header_names_are_case_insensitive_and_x_api_key_is_always_the_clients() -> None:
    sent: List[httpx.Request] = []
    c = Confab(api_key=KEY, base_url=BASE, http_client=recording(sent), default_headers={"X-API-Key": "other", "X-Team": "a", "User-Agent": "my-app/2"})
    c.chatbots.create(name="x", extra_headers={"Idempotency-Key": "order-42", "x-team": "b", "x-api-key": "per-call"})
    headers = sent[0].headers
    assert [headers.get_list(n) for n in ("x-api-key", "idempotency-key", "x-team", "user-agent")] == [[KEY], ["order-42"], ["b"], ["my-app/2"]]


EVENT_CALLS: List[Callable[[Confab], object]] = [
    lambda c: c.webhooks.create(chatbot_id="b1", url="https://x.example", events="response.created"),  # type: ignore[arg-type]
    lambda c: c.webhooks.update("w1", events="conversation.completed"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("call", EVENT_CALLS)
def test_events_as_a_single_string_is_refused_not_split_into_letters(call: Callable[[Confab], object]) -> None:
    sent: List[httpx.Request] = []
    with pytest.raises(confab.InvalidArgumentError, match="events must be a list of event names"):
        call(Confab(api_key="k", base_url=BASE, http_client=recording(sent)))
    assert sent == []
    Confab(api_key="k", base_url=BASE, http_client=recording(sent)).webhooks.update("w1", events=("response.created",))
    assert json.loads(sent[0].content) == {"events": ["response.created"]}
