"""What the sync and async clients share: configuration, request building, the retry policy
and answer parsing. Only the sending loop differs between them (see _client.py)."""

from __future__ import annotations

import json
import logging
import platform
import uuid
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Generic, Mapping, Optional, TypeVar, Union
from urllib.parse import quote

import httpx

from ._answers import Envelope, parse_success
from ._config import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, ClientOptions, check_request_options, lowercase_names, resolve_options
from ._exceptions import APIConnectionError, APITimeoutError, InvalidArgumentError, make_status_error
from ._redaction import redacted_transport_error
from ._retry_policy import retry_delay, should_retry
from ._version import __version__
from .types import RequestOptions, Timeout

if TYPE_CHECKING:
    from typing_extensions import Self

log = logging.getLogger("confab")
HttpT = TypeVar("HttpT", httpx.Client, httpx.AsyncClient)
_UNSET: Any = object()

EXTERNAL_PREFIX = "/external/v1"
RETRY_COUNT_HEADER = "x-confab-retry-count"


class _NotGiven:
    """Marks an argument that was not passed, as opposed to an explicit None (which clears)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Any = _NotGiven()


def body_of(**fields: Any) -> dict[str, Any]:
    """A JSON body of the fields that were given (None is kept: it clears a field)."""
    return {name: value for name, value in fields.items() if value is not NOT_GIVEN}


def path_id(name: str, value: str) -> str:
    """One path segment, escaped, so an id can never reach another endpoint. An id that cannot
    name anything is refused before sending: an empty one would turn ``retrieve`` into the list
    request, and "." or ".." are resolved away by the URL (to the parent resource)."""
    if not isinstance(value, str) or value in ("", ".", ".."):
        raise InvalidArgumentError(f'{name} must be a non-empty string other than "." and "..", got {value!r}')
    return quote(value, safe="")


@dataclass(frozen=True)
class APICall:
    """One endpoint call as a resource describes it; the client does the rest."""

    method: str
    path: str
    query: Optional[Mapping[str, Any]] = None
    body: Optional[Mapping[str, Any]] = None
    # Most answers are {data: …}: the inside is returned. Pages ("page") and {message} or bare
    # JSON answers ("object") are returned whole. Any other body is an UnexpectedResponseError.
    envelope: Envelope = "data"
    # Where `path` starts below base_url: the External API, or "/workspace" for those endpoints.
    prefix: str = EXTERNAL_PREFIX
    # The endpoint takes no Idempotency-Key (the visitor chat API): a retry could do the work
    # twice, so the call is retried only when it surely did nothing — no connection was made, or
    # a 429 refused it — never after a timeout, a cut connection or a 5xx.
    retry_unsent_only: bool = False
    # A multipart/form-data body instead of JSON (a file upload): text fields, then the files as
    # httpx takes them, their bytes read once so that every attempt sends them whole.
    form: Optional[Mapping[str, str]] = None
    files: Optional[Mapping[str, Any]] = None


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


class BaseClient(Generic[HttpT]):
    """Configuration and the pure parts of a request (no I/O here)."""

    _options: ClientOptions
    _http: HttpT
    _owns_http: bool

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: Timeout = DEFAULT_TIMEOUT,
        default_headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[HttpT] = None,
    ) -> None:
        self._options = resolve_options(api_key, base_url, max_retries, timeout, default_headers)
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else self._new_http_client(timeout)
        self._attach_resources()

    def _new_http_client(self, timeout: Timeout) -> HttpT:
        raise NotImplementedError

    def _attach_resources(self) -> None:
        raise NotImplementedError

    def with_options(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: Optional[int] = None,
        timeout: Timeout = _UNSET,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> "Self":
        """The same client with other defaults, e.g. ``client.with_options(max_retries=0)``.
        The copy shares the connection pool; closing it leaves the pool open."""
        current = self._options
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy._options = resolve_options(
            api_key or current.api_key,
            base_url or current.base_url,
            current.max_retries if max_retries is None else max_retries,
            current.timeout if timeout is _UNSET else timeout,
            {**current.default_headers, **(default_headers or {})},
        )
        copy._owns_http = False
        copy._attach_resources()
        return copy

    @property
    def api_key(self) -> str:
        return self._options.api_key

    @property
    def base_url(self) -> str:
        return self._options.base_url

    @property
    def max_retries(self) -> int:
        return self._options.max_retries

    @property
    def timeout(self) -> Timeout:
        return self._options.timeout

    def _headers(self, call: APICall, options: RequestOptions, idempotency_key: Optional[str], retries_done: int) -> dict[str, str]:
        # Lowercase names throughout, so a caller's header replaces the SDK's of the same name
        # (two spellings would go out as two values); x-api-key is always the client's.
        headers = {
            "accept": "application/json",
            "user-agent": f"confab-python/{__version__} python/{platform.python_version()} httpx/{httpx.__version__}",
        }
        if call.body is not None:
            headers["content-type"] = "application/json"
        if idempotency_key:
            headers["idempotency-key"] = idempotency_key
        # Which retry of the call this is (none on the first attempt), as the Node SDK sends it:
        # the service's logs tell a retried request from a new one.
        if retries_done > 0:
            headers[RETRY_COUNT_HEADER] = str(retries_done)
        headers.update(self._options.default_headers)
        headers.update(lowercase_names(options.get("extra_headers")))
        headers["x-api-key"] = self._options.api_key
        return headers

    def _start(self, call: APICall, options: RequestOptions) -> tuple[Optional[str], int]:
        """Checks the call's options before anything is sent; returns its Idempotency-Key (one
        per POST call, reused by every retry of it, so the service does the work once) and its retry budget."""
        check_request_options(options)
        key = options.get("idempotency_key") or (f"confab-py-{uuid.uuid4()}" if call.method == "POST" else None)
        return key, self._max_retries(options)

    def _build_request(
        self, http: Union[httpx.Client, httpx.AsyncClient], call: APICall, options: RequestOptions, idempotency_key: Optional[str], retries_done: int
    ) -> httpx.Request:
        params = {k: _query_value(v) for k, v in (call.query or {}).items() if v is not None and v is not NOT_GIVEN}
        content = json.dumps(call.body, separators=(",", ":")).encode() if call.body is not None else None
        timeout = options["timeout"] if "timeout" in options else self._options.timeout
        return http.build_request(
            call.method,
            f"{self._options.base_url}{call.prefix}{call.path}",
            params=params or None,
            content=content,
            data=call.form,
            files=call.files,
            headers=self._headers(call, options, idempotency_key, retries_done),
            timeout=timeout,
        )

    def _deadline(self, options: RequestOptions) -> Optional[float]:
        """Seconds one attempt may take as a whole (_deadline.py); None for an httpx.Timeout,
        whose per-phase limits then apply alone, or for no timeout at all."""
        timeout = options["timeout"] if "timeout" in options else self._options.timeout
        return float(timeout) if isinstance(timeout, (int, float)) else None

    def _max_retries(self, options: RequestOptions) -> int:
        return options["max_retries"] if "max_retries" in options else self._options.max_retries

    # The policy itself lives in _retry_policy.py.
    _should_retry = staticmethod(should_retry)
    _retry_delay = staticmethod(retry_delay)

    def _retry_plan(self, call: APICall, retries_done: int, max_retries: int, response: Optional[httpx.Response], reason: str) -> Optional[float]:
        """Seconds to wait before the next attempt, or None when this outcome is final."""
        if retries_done >= max_retries or (response is not None and not self._should_retry(response)):
            return None
        if call.retry_unsent_only and response is not None and response.status_code != 429:
            return None
        delay = self._retry_delay(retries_done, response)
        log.info("Retrying %s %s in %.2f s (%s; %d retries left)", call.method, call.path, delay, reason, max_retries - retries_done)
        return delay

    def _delay_after_error(
        self, call: APICall, request: httpx.Request, err: httpx.RequestError, retries_done: int, max_retries: int, may_have_run: bool = False
    ) -> float:
        """No (readable) answer came: the wait before the next attempt, or the error when none is
        left. A body that cannot be decoded (a proxy's broken Content-Encoding) counts as a
        broken connection, as in the Node SDK, rather than escaping as a bare httpx error.
        Called outside any ``except`` block, so the error raised here chains only the redacted
        copy of ``err`` (_redaction.py), never ``err`` itself, whose request holds the API key."""
        timed_out = isinstance(err, httpx.TimeoutException)
        cause = redacted_transport_error(err, self._options.api_key)
        if call.retry_unsent_only and may_have_run:
            max_retries = retries_done
        delay = self._retry_plan(call, retries_done, max_retries, None, "timeout" if timed_out else f"connection error: {cause!r}")
        if delay is not None:
            return delay
        if timed_out:
            raise APITimeoutError(request=request) from cause
        raise APIConnectionError(f"Connection error: {cause}", request=request) from cause

    @staticmethod
    def _parse(call: APICall, response: httpx.Response) -> Any:
        if not 200 <= response.status_code < 300:
            raise make_status_error(response)
        return parse_success(call.envelope, response, (call.query or {}).get("page"))
