"""Account: the workspace owner's profile and the three-step
email change. The email endpoints need a key with the account:write scope."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .._base_client import NOT_GIVEN, APICall, body_of
from ..types import AccountProfile, EmailChanged, EmailChangeRequested, IdentityVerified, RequestOptions
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from .._client import AsyncConfab, Confab
    from typing_extensions import Unpack

__all__ = ["Account", "AsyncAccount", "Email", "AsyncEmail"]

_RETRIEVE = APICall("GET", "/account")


def _update(name: str, phone: Optional[str], date_of_birth: Optional[str], address: Optional[str], timezone: str) -> APICall:
    body = body_of(name=name, phone=phone, dateOfBirth=date_of_birth, address=address, timezone=timezone)
    return APICall("PATCH", "/account", body=body)


def _request_change(new_email: str) -> APICall:
    return APICall("POST", "/account/email/request-change", body={"newEmail": new_email})


def _verify_identity(new_email: str, otp: str) -> APICall:
    return APICall("POST", "/account/email/verify-identity", body={"newEmail": new_email, "otp": otp})


def _confirm_change(new_email: str, otp: str) -> APICall:
    return APICall("POST", "/account/email/confirm-change", body={"newEmail": new_email, "otp": otp})


class Email(SyncAPIResource):
    def request_change(self, *, new_email: str, **options: "Unpack[RequestOptions]") -> EmailChangeRequested:
        """Step 1: mails a 6-digit code to the current address (5 per hour per key)."""
        return self._call(_request_change(new_email), options)

    def verify_identity(self, *, new_email: str, otp: str, **options: "Unpack[RequestOptions]") -> IdentityVerified:
        """Step 2: the code from the current inbox; mails a code to the new address."""
        return self._call(_verify_identity(new_email, otp), options)

    def confirm_change(self, *, new_email: str, otp: str, **options: "Unpack[RequestOptions]") -> EmailChanged:
        """Step 3: the code from the new inbox; the email changes and the old address is told."""
        return self._call(_confirm_change(new_email, otp), options)


class AsyncEmail(AsyncAPIResource):
    async def request_change(self, *, new_email: str, **options: "Unpack[RequestOptions]") -> EmailChangeRequested:
        """Step 1: mails a 6-digit code to the current address (5 per hour per key)."""
        return await self._call(_request_change(new_email), options)

    async def verify_identity(self, *, new_email: str, otp: str, **options: "Unpack[RequestOptions]") -> IdentityVerified:
        """Step 2: the code from the current inbox; mails a code to the new address."""
        return await self._call(_verify_identity(new_email, otp), options)

    async def confirm_change(self, *, new_email: str, otp: str, **options: "Unpack[RequestOptions]") -> EmailChanged:
        """Step 3: the code from the new inbox; the email changes and the old address is told."""
        return await self._call(_confirm_change(new_email, otp), options)


class Account(SyncAPIResource):
    email: Email

    def __init__(self, client: "Confab") -> None:
        super().__init__(client)
        self.email = Email(client)

    def retrieve(self, **options: "Unpack[RequestOptions]") -> AccountProfile:
        return self._call(_RETRIEVE, options)

    def update(
        self, *, name: str = NOT_GIVEN, phone: Optional[str] = NOT_GIVEN, date_of_birth: Optional[str] = NOT_GIVEN,
        address: Optional[str] = NOT_GIVEN, timezone: str = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> AccountProfile:
        """Changes only the given fields; None clears phone, date_of_birth and address."""
        return self._call(_update(name, phone, date_of_birth, address, timezone), options)


class AsyncAccount(AsyncAPIResource):
    email: AsyncEmail

    def __init__(self, client: "AsyncConfab") -> None:
        super().__init__(client)
        self.email = AsyncEmail(client)

    async def retrieve(self, **options: "Unpack[RequestOptions]") -> AccountProfile:
        return await self._call(_RETRIEVE, options)

    async def update(
        self, *, name: str = NOT_GIVEN, phone: Optional[str] = NOT_GIVEN, date_of_birth: Optional[str] = NOT_GIVEN,
        address: Optional[str] = NOT_GIVEN, timezone: str = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> AccountProfile:
        """Changes only the given fields; None clears phone, date_of_birth and address."""
        return await self._call(_update(name, phone, date_of_birth, address, timezone), options)
