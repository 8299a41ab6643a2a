"""Official Python SDK of the Confab External API.

    from confab import Confab
    client = Confab()  # CONFAB_API_KEY, CONFAB_BASE_URL
    for bot in client.chatbots.list(): ...
"""

from . import types, webhooks
from ._base_client import NOT_GIVEN
from ._client import AsyncConfab, Confab
from ._exceptions import (
    APIConnectionError,
    APIError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConfabError,
    ConflictError,
    InternalServerError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    UnexpectedResponseError,
    UnprocessableEntityError,
    WebhookVerificationError,
)
from ._version import __version__
from .cursor_pagination import AsyncCursorPage, AsyncCursorPaginator, SyncCursorPage
from .pagination import AsyncPage, AsyncPaginator, SyncPage

__all__ = [
    "Confab",
    "AsyncConfab",
    "ConfabError",
    "InvalidArgumentError",
    "APIError",
    "APIStatusError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "InternalServerError",
    "UnexpectedResponseError",
    "APIConnectionError",
    "APITimeoutError",
    "WebhookVerificationError",
    "SyncPage",
    "AsyncPage",
    "SyncCursorPage",
    "AsyncCursorPage",
    "AsyncCursorPaginator",
    "AsyncPaginator",
    "NOT_GIVEN",
    "types",
    "webhooks",
    "__version__",
]
