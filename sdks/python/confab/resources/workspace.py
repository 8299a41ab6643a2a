"""The workspace's subdomain slug, branding and ad analytics: the workspace
branding endpoints. These live beside the External API, at ``{base_url}/workspace/…``,
and answer bare JSON rather than ``{data}``; their error answers are the usual typed errors.
The media gallery is left out: its upload is multipart, which this JSON client does not send."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from ..types import AdAnalytics, BrandingDisplay, PublicBranding, RequestOptions, SlugCheck, SlugUpdated, WorkspaceBranding
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from .._client import AsyncConfab, Confab
    from typing_extensions import Unpack

__all__ = ["Workspace", "AsyncWorkspace"]

PREFIX = "/workspace"


def _call(method: str, path: str, body: Optional[Mapping[str, Any]] = None) -> APICall:
    return APICall(method, path, body=body, envelope="object", prefix=PREFIX)


def _check_slug(slug: str) -> APICall:
    return _call("GET", f"/check-slug/{path_id('slug', slug)}")


def _public_branding(slug: str) -> APICall:
    return _call("GET", f"/public/branding/{path_id('slug', slug)}")


_BRANDING = _call("GET", "/branding")
_AD_ANALYTICS = _call("GET", "/ad-analytics")


def _update_branding(**fields: Any) -> APICall:
    return _call("PATCH", "/branding", body_of(**fields))


def _update_organization(**fields: Any) -> APICall:
    return _call("PATCH", "/organization", body_of(**fields))


class Slug(SyncAPIResource):
    def check(self, slug: str, **options: "Unpack[RequestOptions]") -> SlugCheck:
        """Whether ``slug`` can be claimed (public: the service needs no key for it). A slug that
        is taken, reserved or breaks a rule is ``{"available": False, "reason": …}``, not an error."""
        return self._call(_check_slug(slug), options)

    def update(self, *, slug: str, **options: "Unpack[RequestOptions]") -> SlugUpdated:
        """Claims ``slug`` and releases the old one (admin key; Starter plan or above). Another
        workspace's slug raises ConflictError (code SLUG_TAKEN), a broken rule BadRequestError."""
        return self._call(_call("PUT", "/slug", {"slug": slug}), options)


class AsyncSlug(AsyncAPIResource):
    async def check(self, slug: str, **options: "Unpack[RequestOptions]") -> SlugCheck:
        """Whether ``slug`` can be claimed (public); an unavailable slug carries a ``reason``."""
        return await self._call(_check_slug(slug), options)

    async def update(self, *, slug: str, **options: "Unpack[RequestOptions]") -> SlugUpdated:
        """Claims ``slug`` and releases the old one (admin key; Starter plan or above)."""
        return await self._call(_call("PUT", "/slug", {"slug": slug}), options)


class Branding(SyncAPIResource):
    def retrieve(self, **options: "Unpack[RequestOptions]") -> WorkspaceBranding:
        """The workspace's whole branding and organization, with its login URL (admin key)."""
        return self._call(_BRANDING, options)

    def update(
        self, *, display_name: str = NOT_GIVEN, login_logo: Optional[str] = NOT_GIVEN, company_logo: Optional[str] = NOT_GIVEN,
        primary_color: str = NOT_GIVEN, secondary_color: str = NOT_GIVEN, tagline: str = NOT_GIVEN,
        display: BrandingDisplay = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> WorkspaceBranding:
        """Changes only the given fields (admin key); colors are #RRGGBB; None clears a logo."""
        call = _update_branding(displayName=display_name, loginLogo=login_logo, companyLogo=company_logo, primaryColor=primary_color,
                                secondaryColor=secondary_color, tagline=tagline, display=display)
        return self._call(call, options)

    def retrieve_public(self, slug: str, **options: "Unpack[RequestOptions]") -> PublicBranding:
        """What the login page of the workspace with ``slug`` shows, with only the active login
        media item (public). An unknown slug raises NotFoundError."""
        return self._call(_public_branding(slug), options)


class AsyncBranding(AsyncAPIResource):
    async def retrieve(self, **options: "Unpack[RequestOptions]") -> WorkspaceBranding:
        """The workspace's whole branding and organization, with its login URL (admin key)."""
        return await self._call(_BRANDING, options)

    async def update(
        self, *, display_name: str = NOT_GIVEN, login_logo: Optional[str] = NOT_GIVEN, company_logo: Optional[str] = NOT_GIVEN,
        primary_color: str = NOT_GIVEN, secondary_color: str = NOT_GIVEN, tagline: str = NOT_GIVEN,
        display: BrandingDisplay = NOT_GIVEN, **options: "Unpack[RequestOptions]",
    ) -> WorkspaceBranding:
        """Changes only the given fields (admin key); colors are #RRGGBB; None clears a logo."""
        call = _update_branding(displayName=display_name, loginLogo=login_logo, companyLogo=company_logo, primaryColor=primary_color,
                                secondaryColor=secondary_color, tagline=tagline, display=display)
        return await self._call(call, options)

    async def retrieve_public(self, slug: str, **options: "Unpack[RequestOptions]") -> PublicBranding:
        """What the login page of the workspace with ``slug`` shows (public)."""
        return await self._call(_public_branding(slug), options)


class OrganizationResource(SyncAPIResource):
    def update(
        self, *, description: str = NOT_GIVEN, website: Optional[str] = NOT_GIVEN, industry: Optional[str] = NOT_GIVEN,
        company_size: Optional[str] = NOT_GIVEN, country: Optional[str] = NOT_GIVEN, timezone: Optional[str] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> WorkspaceBranding:
        """Changes only the given fields (admin key); country ISO 3166-1 alpha-2, timezone IANA."""
        call = _update_organization(description=description, website=website, industry=industry, companySize=company_size,
                                    country=country, timezone=timezone)
        return self._call(call, options)


class AsyncOrganizationResource(AsyncAPIResource):
    async def update(
        self, *, description: str = NOT_GIVEN, website: Optional[str] = NOT_GIVEN, industry: Optional[str] = NOT_GIVEN,
        company_size: Optional[str] = NOT_GIVEN, country: Optional[str] = NOT_GIVEN, timezone: Optional[str] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> WorkspaceBranding:
        """Changes only the given fields (admin key); country ISO 3166-1 alpha-2, timezone IANA."""
        call = _update_organization(description=description, website=website, industry=industry, companySize=company_size,
                                    country=country, timezone=timezone)
        return await self._call(call, options)


class AdAnalyticsResource(SyncAPIResource):
    def retrieve(self, **options: "Unpack[RequestOptions]") -> AdAnalytics:
        """Ad clicks of the last 30 days: totals, unique visitors, per day, devices, top 10 browsers (Pro plan or above)."""
        return self._call(_AD_ANALYTICS, options)


class AsyncAdAnalyticsResource(AsyncAPIResource):
    async def retrieve(self, **options: "Unpack[RequestOptions]") -> AdAnalytics:
        """Ad clicks of the last 30 days (Pro plan or above)."""
        return await self._call(_AD_ANALYTICS, options)


class Workspace(SyncAPIResource):
    """``client.workspace``: ``slug``, ``branding``, ``organization``, ``ad_analytics``."""

    def __init__(self, client: "Confab") -> None:
        super().__init__(client)
        self.slug = Slug(client)
        self.branding = Branding(client)
        self.organization = OrganizationResource(client)
        self.ad_analytics = AdAnalyticsResource(client)


class AsyncWorkspace(AsyncAPIResource):
    """``client.workspace`` of AsyncConfab: the same, awaited."""

    def __init__(self, client: "AsyncConfab") -> None:
        super().__init__(client)
        self.slug = AsyncSlug(client)
        self.branding = AsyncBranding(client)
        self.organization = AsyncOrganizationResource(client)
        self.ad_analytics = AsyncAdAnalyticsResource(client)
