"""Client configuration: environment defaults, base URL forms, options, the public surface."""

from __future__ import annotations

import inspect

import pytest

import confab
from confab import AsyncConfab, Confab


def test_api_key_and_base_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONFAB_API_KEY", "cfb_env")
    monkeypatch.setenv("CONFAB_BASE_URL", "https://confab.example.com/api/v1/")
    c = Confab()
    assert (c.api_key, c.base_url, c.max_retries) == ("cfb_env", "https://confab.example.com/api/v1", 3)
    assert Confab(api_key="given", base_url="http://h:3000").base_url == "http://h:3000/api/v1"
    monkeypatch.delenv("CONFAB_API_KEY")
    with pytest.raises(confab.ConfabError, match="CONFAB_API_KEY"):
        AsyncConfab()
    monkeypatch.delenv("CONFAB_BASE_URL")
    assert Confab(api_key="k").base_url == "http://localhost:3000/api/v1"
    with pytest.raises(ValueError):
        Confab(api_key="k", max_retries=-1)


def test_with_options_copies_and_shares_the_pool() -> None:
    c = Confab(api_key="k", timeout=5)
    d = c.with_options(max_retries=0, timeout=1.5)
    assert (d.max_retries, d.timeout, d.api_key) == (0, 1.5, "k") and (c.max_retries, c.timeout) == (3, 5)
    assert d._http is c._http and d.chatbots._client is d
    d.close()  # a copy never closes the shared pool
    assert not c._http.is_closed
    c.close()
    assert c._http.is_closed


def test_sync_and_async_have_the_same_surface() -> None:
    def methods(resource: object) -> dict:
        # Parameters (names, kinds, defaults) must match; return types differ by design.
        found = {m: getattr(resource, m) for m in dir(resource) if not m.startswith("_")}
        return {m: [str(p) for p in inspect.signature(f).parameters.values()] for m, f in found.items() if callable(f)}

    def surface(client: object) -> dict:
        out = {name: methods(getattr(client, name)) for name in ("chatbots", "responses", "analytics", "webhooks", "model_connections", "account", "usage")}
        out["account.email"] = methods(client.account.email)  # type: ignore[attr-defined]
        out["chatbots.flow"] = methods(client.chatbots.flow)  # type: ignore[attr-defined]
        out["chatbots.flow.versions"] = methods(client.chatbots.flow.versions)  # type: ignore[attr-defined]
        return out

    sync, async_ = surface(Confab(api_key="k")), surface(AsyncConfab(api_key="k"))
    assert sync == async_
    assert set(sync["chatbots"]) == {"list", "retrieve", "create", "update", "delete", "duplicate", "funnel"}
    assert set(sync["chatbots.flow"]) == {"get", "update", "publish", "simulate", "signing_secret"}
    assert set(sync["chatbots.flow.versions"]) == {"list", "retrieve", "diff"}
    assert set(sync["webhooks"]) == {"list", "create", "update", "delete", "verify"}
    assert set(sync["model_connections"]) == {"list", "create", "retrieve", "update", "delete", "test"}
    assert set(sync["account.email"]) == {"request_change", "verify_identity", "confirm_change"}
    assert inspect.iscoroutinefunction(AsyncConfab(api_key="k").chatbots.create)


def test_errors_are_importable_from_the_package() -> None:
    for name in (
        "ConfabError", "APIError", "BadRequestError", "AuthenticationError", "PermissionDeniedError", "NotFoundError",
        "ConflictError", "UnprocessableEntityError", "RateLimitError", "InternalServerError", "APIConnectionError",
        "APITimeoutError", "WebhookVerificationError",
    ):
        assert issubclass(getattr(confab, name), confab.ConfabError)
    assert issubclass(confab.APITimeoutError, confab.APIConnectionError)
    assert issubclass(confab.RateLimitError, confab.APIError)
