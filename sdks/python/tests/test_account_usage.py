"""account.* (profile and the three-step email change, codes read from the outbox) and usage."""

from __future__ import annotations

import re
import uuid

import pytest

import confab
from confab import AsyncConfab, Confab


def _change_email(service, current: str, new: str, step) -> None:  # type: ignore[no-untyped-def]
    """Runs the three steps with `step(name, **kwargs)`, reading each code from the right inbox."""
    before_old, before_new = len(service.mails(current)), len(service.mails(new))
    first = step("request_change", new_email=new)
    assert first["success"] is True and first["verified"] is False and "verify-identity" in first["nextStep"]
    second = step("verify_identity", new_email=new, otp=service.wait_for_code(current, before_old + 1))
    assert second["success"] is True and "confirm-change" in second["nextStep"]
    third = step("confirm_change", new_email=new, otp=service.wait_for_code(new, before_new + 1))
    assert third == {"success": True, "message": third["message"], "newEmail": new}


def test_account_profile_and_email_change(client: Confab, service, workspaces) -> None:
    profile = client.account.retrieve()
    assert profile["email"] == workspaces.sync.owner_email
    assert set(profile) == {"name", "email", "phone", "dateOfBirth", "address", "timezone"}

    updated = client.account.update(name="<b>Ada</b> Lovelace", phone="+44 20 7946 0958", date_of_birth="1990-01-02", timezone="Europe/Berlin", address="1 Main St")
    assert updated["name"] == "Ada Lovelace", "HTML is stripped"
    assert (updated["phone"], updated["dateOfBirth"], updated["timezone"]) == ("+44 20 7946 0958", "1990-01-02", "Europe/Berlin")
    cleared = client.account.update(phone=None, address=None)
    assert cleared["phone"] is None and cleared["address"] is None and cleared["name"] == "Ada Lovelace"
    with pytest.raises(confab.BadRequestError, match="(?i)time ?zone"):
        client.account.update(timezone="Mars/Olympus")

    with Confab(api_key=workspaces.no_account_key, base_url=service.base_url) as limited:
        with pytest.raises(confab.PermissionDeniedError) as denied:
            limited.account.email.request_change(new_email="x@example.com")
    assert denied.value.code == "INSUFFICIENT_SCOPE"

    new = f"moved-{uuid.uuid4().hex[:8]}@example.com"
    _change_email(service, profile["email"], new, lambda name, **kw: getattr(client.account.email, name)(**kw))
    assert client.account.retrieve()["email"] == new


async def test_account_async(aclient: AsyncConfab, service, workspaces) -> None:
    profile = await aclient.account.retrieve()
    assert profile["email"] == workspaces.async_.owner_email
    updated = await aclient.account.update(name="Grace", timezone="America/New_York")
    assert (updated["name"], updated["timezone"]) == ("Grace", "America/New_York")

    # The workspace's first key holds account:write.
    current, new = profile["email"], f"async-{uuid.uuid4().hex[:8]}@example.com"
    before_old, before_new = len(service.mails(current)), len(service.mails(new))
    first = await aclient.account.email.request_change(new_email=new)
    assert first["verified"] is False
    await aclient.account.email.verify_identity(new_email=new, otp=service.wait_for_code(current, before_old + 1))
    done = await aclient.account.email.confirm_change(new_email=new, otp=service.wait_for_code(new, before_new + 1))
    assert done["newEmail"] == new and (await aclient.account.retrieve())["email"] == new
    with pytest.raises(confab.BadRequestError):
        await aclient.account.email.confirm_change(new_email=new, otp="12345")


def test_usage(client: Confab) -> None:
    usage = client.usage.retrieve()
    assert re.fullmatch(r"\d{4}-\d{2}", usage["month"]) and usage["plan"] == "pro"
    assert usage["limit"] == 50000 and usage["remaining"] == usage["limit"] - usage["used"]
    assert client.usage.retrieve()["used"] > usage["used"], "each call counts"


async def test_usage_async(aclient: AsyncConfab) -> None:
    usage = await aclient.usage.retrieve()
    assert usage["plan"] == "pro" and isinstance(usage["used"], int)


def test_usage_ai(client: Confab) -> None:
    ai = client.usage.ai()
    assert re.fullmatch(r"\d{4}-\d{2}", ai["month"])
    assert ai["tokenLimit"] == 5_000_000 and ai["remaining"] == ai["tokenLimit"] - ai["tokensUsed"]
    assert set(ai) == {"month", "tokensUsed", "tokenLimit", "remaining"}, "the API usage object stays apart"


async def test_usage_ai_async(aclient: AsyncConfab) -> None:
    ai = await aclient.usage.ai()
    assert ai["tokenLimit"] == 5_000_000 and isinstance(ai["tokensUsed"], int)
