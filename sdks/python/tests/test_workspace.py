"""workspace.* end to end against the real service, sync and async: the four workspace
branding endpoints (slug check, slug claim, public branding, ad analytics) and the branding and
organization endpoints (docs/branding.md), at ``{base_url}/workspace/…`` with bare JSON answers, and
their 4xx answers as the usual typed errors."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any, Callable

import pytest

import confab
from confab import AsyncConfab, Confab


def _slug(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:6]}"  # the prefix gives the 3 letters in a row a slug needs


def _eventually(fetch: Callable[[], Any], check: Callable[[Any], bool], timeout: float = 15.0) -> Any:
    """Polls until `check` passes: the public lookup reads a view updated after the write."""
    deadline = time.monotonic() + timeout
    while True:
        value = fetch()
        if check(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


def test_slug_check_and_claim(client: Confab, service, workspaces) -> None:
    slug = _slug("acme")
    assert client.workspace.slug.check(slug.upper()) == {"available": True, "slug": slug}
    reserved = client.workspace.slug.check("admin")
    assert reserved["available"] is False and "reserved" in reserved["reason"]
    assert client.workspace.slug.check("ab")["available"] is False

    claimed = client.workspace.slug.update(slug=slug)
    assert claimed["slug"] == slug and isinstance(claimed["message"], str)
    assert client.workspace.slug.update(slug=slug) == claimed, "claiming it again changes nothing"
    assert client.workspace.slug.check(slug)["available"] is False

    with Confab(api_key=workspaces.async_.api_key, base_url=service.base_url) as other:
        with pytest.raises(confab.ConflictError) as taken:
            other.workspace.slug.update(slug=slug)
        assert taken.value.code == "SLUG_TAKEN" and taken.value.request_id
        with pytest.raises(confab.BadRequestError) as invalid:
            other.workspace.slug.update(slug="a--b")
        assert invalid.value.code == "SLUG_INVALID"
    with Confab(api_key=workspaces.no_account_key, base_url=service.base_url) as member:
        with pytest.raises(confab.PermissionDeniedError):
            member.workspace.slug.update(slug=_slug("memb"))


def test_branding_organization_and_public_branding(client: Confab) -> None:
    slug = _slug("brand")
    client.workspace.slug.update(slug=slug)
    before = client.workspace.branding.retrieve()
    assert before["slug"] == slug and f"{slug}." in before["loginUrl"]
    updated = client.workspace.branding.update(primary_color="#123456", tagline="Welcome back", display={"fit": "contain"})
    assert updated["branding"]["primaryColor"] == "#123456" and updated["branding"]["display"]["fit"] == "contain"
    assert updated["displayName"] == before["displayName"], "only given fields change"
    org = client.workspace.organization.update(description="We sell shoes", industry="Retail", company_size="11-50", country="DE")
    assert org["organization"]["companySize"] == "11-50" and org["branding"]["tagline"] == "Welcome back"
    with pytest.raises(confab.BadRequestError):
        client.workspace.branding.update(primary_color="red")

    public = _eventually(lambda: client.workspace.branding.retrieve_public(slug), lambda b: b["branding"]["tagline"] == "Welcome back")
    assert public["slug"] == slug and public["workspaceId"] == before["workspaceId"]
    assert public["branding"]["primaryColor"] == "#123456" and public["branding"]["activeLoginMedia"] is None
    assert public["organization"]["description"] == "We sell shoes" and "companyLogo" not in public["branding"]
    with pytest.raises(confab.NotFoundError):
        client.workspace.branding.retrieve_public("nosuchslug")


def test_ad_analytics(client: Confab, service, workspaces) -> None:
    stats = client.workspace.ad_analytics.retrieve()
    assert stats["totalClicks"] == 0 and stats["uniqueVisitors"] == 0 and len(stats["daily"]) == 30
    assert sorted(d["device"] for d in stats["devices"]) == ["desktop", "mobile", "tablet"]
    with Confab(api_key=workspaces.free.api_key, base_url=service.base_url) as free:
        with pytest.raises(confab.PermissionDeniedError) as below_pro:
            free.workspace.ad_analytics.retrieve()
    assert below_pro.value.status == 403


async def test_workspace_async(aclient: AsyncConfab) -> None:
    slug = _slug("asyn")
    assert (await aclient.workspace.slug.check(slug))["available"] is True
    assert (await aclient.workspace.slug.update(slug=slug))["slug"] == slug
    branding = await aclient.workspace.branding.update(tagline="Async hello")
    assert branding["slug"] == slug and branding["branding"]["tagline"] == "Async hello"
    assert (await aclient.workspace.organization.update(website="https://shoes.example.com/"))["organization"]["website"] == "https://shoes.example.com/"
    assert (await aclient.workspace.branding.retrieve())["branding"]["tagline"] == "Async hello"
    assert len((await aclient.workspace.ad_analytics.retrieve())["daily"]) == 30
    deadline = time.monotonic() + 15
    while (public := await aclient.workspace.branding.retrieve_public(slug))["branding"]["tagline"] != "Async hello" and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert public["slug"] == slug and public["branding"]["tagline"] == "Async hello"
    with pytest.raises(confab.NotFoundError):
        await aclient.workspace.branding.retrieve_public("nosuchslug")
