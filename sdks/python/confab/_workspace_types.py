"""Result types of the workspace endpoints (slug, branding, organization, ad analytics).
Re-exported by ``confab.types``."""

from __future__ import annotations

from typing import List, Literal, Optional, TypedDict

__all__ = [
    "SlugCheck",
    "SlugUpdated",
    "ActiveLoginMedia",
    "Organization",
    "PublicBrandingDetails",
    "PublicBranding",
    "BrandingDisplay",
    "BrandingDetails",
    "WorkspaceBranding",
    "AdAnalyticsDay",
    "AdAnalyticsDevice",
    "AdAnalyticsBrowser",
    "AdAnalytics",
]


class _SlugCheckRequired(TypedDict):
    available: bool
    slug: str


class SlugCheck(_SlugCheckRequired, total=False):
    """``workspace.slug.check()``: ``reason`` says why when ``available`` is False."""

    reason: str


class SlugUpdated(TypedDict):
    message: str
    slug: str


class ActiveLoginMedia(TypedDict):
    mediaUrl: str
    mediaType: Literal["image", "video"]
    adUrl: Optional[str]
    adLabel: Optional[str]


class Organization(TypedDict, total=False):
    description: str
    website: Optional[str]
    industry: Optional[str]
    companySize: Optional[str]
    country: Optional[str]
    """ISO 3166-1 alpha-2."""
    timezone: Optional[str]


class PublicBrandingDetails(TypedDict):
    loginLogo: Optional[str]
    primaryColor: str
    secondaryColor: str
    tagline: str
    activeLoginMedia: Optional[ActiveLoginMedia]


class PublicBranding(TypedDict):
    """``workspace.branding.retrieve_public()``: what the login page shows (only the active media item)."""

    slug: str
    displayName: str
    workspaceId: str
    branding: PublicBrandingDetails
    organization: Organization


class BrandingDisplay(TypedDict, total=False):
    fit: Literal["cover", "contain", "fill", "original"]
    position: str
    cardPosition: str
    """"<x>,<y>", each a percentage 0–100."""


class BrandingDetails(TypedDict, total=False):
    loginLogo: Optional[str]
    companyLogo: Optional[str]
    primaryColor: str
    secondaryColor: str
    tagline: str
    display: BrandingDisplay


class WorkspaceBranding(TypedDict):
    """``workspace.branding.retrieve()`` and every branding or organization update."""

    slug: Optional[str]
    displayName: str
    workspaceId: str
    loginUrl: str
    branding: BrandingDetails
    organization: Organization


class AdAnalyticsDay(TypedDict):
    date: str
    clicks: int


class AdAnalyticsDevice(TypedDict):
    device: Literal["desktop", "mobile", "tablet"]
    count: int


class AdAnalyticsBrowser(TypedDict):
    browser: str
    count: int


class AdAnalytics(TypedDict):
    """``workspace.ad_analytics.retrieve()``: the last 30 days of ad clicks."""

    totalClicks: int
    uniqueVisitors: int
    daily: List[AdAnalyticsDay]
    devices: List[AdAnalyticsDevice]
    browsers: List[AdAnalyticsBrowser]
