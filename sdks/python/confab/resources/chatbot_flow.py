"""A chatbot's flow: the draft, its published versions, what-if runs, and the secret its http steps sign with.
Conversations run published versions only: saving the draft changes none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from ..types import (
    FlowDiff,
    FlowDocument,
    FlowPublication,
    FlowSaved,
    FlowSigningSecret,
    FlowSimulation,
    FlowVersion,
    RequestOptions,
)
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from .._client import AsyncConfab, Confab
    from typing_extensions import Unpack

__all__ = ["ChatbotFlow", "AsyncChatbotFlow", "ChatbotFlowVersions", "AsyncChatbotFlowVersions"]


def _flow_path(bot_id: str) -> str:
    return f"/chatbots/{path_id('bot_id', bot_id)}/flow"


def _version_path(bot_id: str, version: int) -> str:
    return f"{_flow_path(bot_id)}/versions/{path_id('version', str(version))}"


def _get(bot_id: str) -> APICall:
    return APICall("GET", _flow_path(bot_id))


def _update(bot_id: str, flow: FlowDocument) -> APICall:
    # The answer carries the saved draft beside its warnings, so it is returned whole.
    return APICall("PUT", _flow_path(bot_id), body=dict(flow), envelope="object")


def _publish(bot_id: str, version: int) -> APICall:
    return APICall("POST", f"{_flow_path(bot_id)}/publish", body=body_of(version=version))


def _simulate(bot_id: str, limit: int, start_date: str, end_date: str) -> APICall:
    return APICall(
        "POST", f"{_flow_path(bot_id)}/simulate", body=body_of(limit=limit, startDate=start_date, endDate=end_date)
    )


def _signing_secret(bot_id: str) -> APICall:
    return APICall("GET", f"{_flow_path(bot_id)}/signing-secret")


def _list_versions(bot_id: str) -> APICall:
    return APICall("GET", f"{_flow_path(bot_id)}/versions")


def _retrieve_version(bot_id: str, version: int) -> APICall:
    return APICall("GET", _version_path(bot_id, version))


def _diff(bot_id: str, version: int, against: int) -> APICall:
    return APICall("GET", f"{_version_path(bot_id, version)}/diff", query={"against": against})


class ChatbotFlowVersions(SyncAPIResource):
    def list(self, bot_id: str, **options: "Unpack[RequestOptions]") -> List[FlowPublication]:
        """The published versions, newest first."""
        return self._call(_list_versions(bot_id), options)

    def retrieve(self, bot_id: str, version: int, **options: "Unpack[RequestOptions]") -> FlowVersion:
        """One published version with its flow."""
        return self._call(_retrieve_version(bot_id, version), options)

    def diff(self, bot_id: str, version: int, *, against: int, **options: "Unpack[RequestOptions]") -> FlowDiff:
        """The step ids added, removed and changed in ``version`` since ``against``."""
        return self._call(_diff(bot_id, version, against), options)


class AsyncChatbotFlowVersions(AsyncAPIResource):
    async def list(self, bot_id: str, **options: "Unpack[RequestOptions]") -> List[FlowPublication]:
        """The published versions, newest first."""
        return await self._call(_list_versions(bot_id), options)

    async def retrieve(self, bot_id: str, version: int, **options: "Unpack[RequestOptions]") -> FlowVersion:
        """One published version with its flow."""
        return await self._call(_retrieve_version(bot_id, version), options)

    async def diff(self, bot_id: str, version: int, *, against: int, **options: "Unpack[RequestOptions]") -> FlowDiff:
        """The step ids added, removed and changed in ``version`` since ``against``."""
        return await self._call(_diff(bot_id, version, against), options)


class ChatbotFlow(SyncAPIResource):
    versions: ChatbotFlowVersions

    def __init__(self, client: "Confab") -> None:
        super().__init__(client)
        self.versions = ChatbotFlowVersions(client)

    def get(self, bot_id: str, **options: "Unpack[RequestOptions]") -> FlowDocument:
        """The draft."""
        return self._call(_get(bot_id), options)

    def update(self, bot_id: str, flow: FlowDocument, **options: "Unpack[RequestOptions]") -> FlowSaved:
        """Saves the draft (BadRequestError, code INVALID_FLOW, names the step and field of a broken
        one); returns ``{data, warnings}``: the draft as saved and e.g. its unreachable steps."""
        return self._call(_update(bot_id, flow), options)

    def publish(self, bot_id: str, *, version: int = NOT_GIVEN, **options: "Unpack[RequestOptions]") -> FlowPublication:
        """Publishes the draft as a new version, or with ``version`` an earlier version again (a rollback)."""
        return self._call(_publish(bot_id, version), options)

    def simulate(
        self,
        bot_id: str,
        *,
        limit: int = NOT_GIVEN,
        start_date: str = NOT_GIVEN,
        end_date: str = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> FlowSimulation:
        """A what-if run: the latest recorded conversations (``limit``, default 100, at most 1,000;
        ``start_date``..``end_date``, UTC days as YYYY-MM-DD) replayed against the draft. Nothing is
        sent, stored or called: http steps take the answers the conversations got."""
        return self._call(_simulate(bot_id, limit, start_date, end_date), options)

    def signing_secret(self, bot_id: str, **options: "Unpack[RequestOptions]") -> FlowSigningSecret:
        """The key the flow's http steps sign their calls with, verified like a webhook signature."""
        return self._call(_signing_secret(bot_id), options)


class AsyncChatbotFlow(AsyncAPIResource):
    versions: AsyncChatbotFlowVersions

    def __init__(self, client: "AsyncConfab") -> None:
        super().__init__(client)
        self.versions = AsyncChatbotFlowVersions(client)

    async def get(self, bot_id: str, **options: "Unpack[RequestOptions]") -> FlowDocument:
        """The draft."""
        return await self._call(_get(bot_id), options)

    async def update(self, bot_id: str, flow: FlowDocument, **options: "Unpack[RequestOptions]") -> FlowSaved:
        """Saves the draft (BadRequestError, code INVALID_FLOW, names the step and field of a broken
        one); returns ``{data, warnings}``: the draft as saved and e.g. its unreachable steps."""
        return await self._call(_update(bot_id, flow), options)

    async def publish(self, bot_id: str, *, version: int = NOT_GIVEN, **options: "Unpack[RequestOptions]") -> FlowPublication:
        """Publishes the draft as a new version, or with ``version`` an earlier version again (a rollback)."""
        return await self._call(_publish(bot_id, version), options)

    async def simulate(
        self,
        bot_id: str,
        *,
        limit: int = NOT_GIVEN,
        start_date: str = NOT_GIVEN,
        end_date: str = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> FlowSimulation:
        """A what-if run: the latest recorded conversations (``limit``, default 100, at most 1,000;
        ``start_date``..``end_date``, UTC days as YYYY-MM-DD) replayed against the draft. Nothing is
        sent, stored or called: http steps take the answers the conversations got."""
        return await self._call(_simulate(bot_id, limit, start_date, end_date), options)

    async def signing_secret(self, bot_id: str, **options: "Unpack[RequestOptions]") -> FlowSigningSecret:
        """The key the flow's http steps sign their calls with, verified like a webhook signature."""
        return await self._call(_signing_secret(bot_id), options)
