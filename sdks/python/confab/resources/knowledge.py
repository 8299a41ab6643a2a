"""Knowledge sources: pasted text, uploaded files and web pages an AI agent answers from, indexed
in the background (docs/knowledge.md). A file is sent as multipart/form-data.
"""

from __future__ import annotations

import os
from datetime import date
from typing import IO, TYPE_CHECKING, List, Optional, Union

from .._base_client import NOT_GIVEN, APICall, body_of, path_id
from .._exceptions import InvalidArgumentError
from ..cursor_pagination import AsyncCursorPage, AsyncCursorPaginator, SyncCursorPage
from ..types import (
    Deleted,
    EvaluationQuestion,
    EvaluationRun,
    EvaluationRunSummary,
    KnowledgeSource,
    RequestOptions,
    UnansweredQuestion,
)
from ._resource import AsyncAPIResource, SyncAPIResource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "Knowledge",
    "AsyncKnowledge",
    "KnowledgeSources",
    "AsyncKnowledgeSources",
    "KnowledgeEvaluation",
    "AsyncKnowledgeEvaluation",
    "EvaluationQuestions",
    "AsyncEvaluationQuestions",
    "EvaluationRuns",
    "AsyncEvaluationRuns",
    "UnansweredQuestions",
    "AsyncUnansweredQuestions",
]

Day = Union[str, date]

_LIST = APICall("GET", "/knowledge/sources")


def _one(source_id: str) -> str:
    return f"/knowledge/sources/{path_id('source_id', source_id)}"


FileContent = Union[bytes, IO[bytes], "os.PathLike[str]", str]


def _file_bytes(file: FileContent, filename: str) -> "tuple[str, bytes]":
    """The file's name and bytes, read once (a retry sends them again). A path names itself."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as f:
            return filename or os.path.basename(os.fspath(file)), f.read()
    if isinstance(file, (bytes, bytearray, memoryview)):
        data = bytes(file)
    elif hasattr(file, "read"):
        data = file.read()
        filename = filename or os.path.basename(str(getattr(file, "name", "") or ""))
    else:
        raise InvalidArgumentError(f"file must be bytes, a binary file or a path, got {type(file).__name__}")
    if not filename:
        raise InvalidArgumentError("filename is required with bytes or an unnamed stream (its extension tells the format)")
    return filename, data


def _create(type: str, title: str, text: str, url: str, sitemap: bool, file: FileContent, filename: str) -> APICall:
    if file is NOT_GIVEN:
        if type is NOT_GIVEN:
            raise InvalidArgumentError('type ("text" or "url") is required unless a file is uploaded')
        return APICall("POST", "/knowledge/sources", body=body_of(type=type, title=title, text=text, url=url, sitemap=sitemap))
    if type is not NOT_GIVEN or text is not NOT_GIVEN or url is not NOT_GIVEN or sitemap is not NOT_GIVEN:
        raise InvalidArgumentError("an upload takes file, filename and title only")
    name, data = _file_bytes(file, "" if filename is NOT_GIVEN else filename)
    form = {} if title is NOT_GIVEN else {"title": title}
    return APICall("POST", "/knowledge/sources", form=form, files={"file": (name, data, "application/octet-stream")})


class KnowledgeSources(SyncAPIResource):
    def list(self, **options: "Unpack[RequestOptions]") -> List[KnowledgeSource]:
        """The workspace's sources, oldest first, with their status and counts."""
        return self._call(_LIST, options)

    def create(
        self, *, type: str = NOT_GIVEN, title: str = NOT_GIVEN, text: str = NOT_GIVEN, url: str = NOT_GIVEN,
        sitemap: bool = NOT_GIVEN, file: FileContent = NOT_GIVEN, filename: str = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> KnowledgeSource:
        """Adds pasted text (``type="text"``), a web page or sitemap (``type="url"``), or a file
        (``file=`` bytes, a binary file or a path, with ``filename=`` when bytes have no name),
        sent as multipart/form-data; answered ``queued``."""
        return self._call(_create(type, title, text, url, sitemap, file, filename), options)

    def retrieve(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        return self._call(APICall("GET", _one(source_id)), options)

    def delete(self, source_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        return self._call(APICall("DELETE", _one(source_id), envelope="object"), options)

    def reindex(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        """Indexes the source again (a web page is fetched again); answered ``queued``."""
        return self._call(APICall("POST", f"{_one(source_id)}/reindex"), options)


class AsyncKnowledgeSources(AsyncAPIResource):
    async def list(self, **options: "Unpack[RequestOptions]") -> List[KnowledgeSource]:
        """The workspace's sources, oldest first, with their status and counts."""
        return await self._call(_LIST, options)

    async def create(
        self, *, type: str = NOT_GIVEN, title: str = NOT_GIVEN, text: str = NOT_GIVEN, url: str = NOT_GIVEN,
        sitemap: bool = NOT_GIVEN, file: FileContent = NOT_GIVEN, filename: str = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> KnowledgeSource:
        """Adds pasted text (``type="text"``), a web page or sitemap (``type="url"``), or a file
        (``file=`` bytes, a binary file or a path, with ``filename=`` when bytes have no name),
        sent as multipart/form-data; answered ``queued``."""
        return await self._call(_create(type, title, text, url, sitemap, file, filename), options)

    async def retrieve(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        return await self._call(APICall("GET", _one(source_id)), options)

    async def delete(self, source_id: str, **options: "Unpack[RequestOptions]") -> Deleted:
        return await self._call(APICall("DELETE", _one(source_id), envelope="object"), options)

    async def reindex(self, source_id: str, **options: "Unpack[RequestOptions]") -> KnowledgeSource:
        """Indexes the source again (a web page is fetched again); answered ``queued``."""
        return await self._call(APICall("POST", f"{_one(source_id)}/reindex"), options)


_QUESTIONS = "/knowledge/evaluation/questions"
_RUNS = "/knowledge/evaluation/runs"


def _add_question(question: str, expected_source_ids: List[str], expected_facts: List[str]) -> APICall:
    body = body_of(question=question, expectedSourceIds=expected_source_ids, expectedFacts=expected_facts)
    return APICall("POST", _QUESTIONS, body=body)


def _delete_question(question_id: str) -> APICall:
    return APICall("DELETE", f"{_QUESTIONS}/{path_id('question_id', question_id)}", envelope="none")


def _run(chatbot_id: Optional[str], k: int) -> APICall:
    return APICall("POST", _RUNS, body=body_of(chatbotId=chatbot_id, k=k))


def _one_run(run_id: str) -> APICall:
    return APICall("GET", f"{_RUNS}/{path_id('run_id', run_id)}")


class EvaluationQuestions(SyncAPIResource):
    """Test questions with the sources (and facts) that should answer them (docs/knowledge-evaluation.md)."""

    def list(self, **options: "Unpack[RequestOptions]") -> List[EvaluationQuestion]:
        """The workspace's questions, oldest first."""
        return self._call(APICall("GET", _QUESTIONS), options)

    def create(
        self, *, question: str, expected_source_ids: List[str], expected_facts: List[str] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> EvaluationQuestion:
        return self._call(_add_question(question, expected_source_ids, expected_facts), options)

    def delete(self, question_id: str, **options: "Unpack[RequestOptions]") -> None:
        """Answered with no body (204); runs already recorded keep the question."""
        return self._call(_delete_question(question_id), options)


class AsyncEvaluationQuestions(AsyncAPIResource):
    """Test questions with the sources (and facts) that should answer them (docs/knowledge-evaluation.md)."""

    async def list(self, **options: "Unpack[RequestOptions]") -> List[EvaluationQuestion]:
        """The workspace's questions, oldest first."""
        return await self._call(APICall("GET", _QUESTIONS), options)

    async def create(
        self, *, question: str, expected_source_ids: List[str], expected_facts: List[str] = NOT_GIVEN,
        **options: "Unpack[RequestOptions]",
    ) -> EvaluationQuestion:
        return await self._call(_add_question(question, expected_source_ids, expected_facts), options)

    async def delete(self, question_id: str, **options: "Unpack[RequestOptions]") -> None:
        """Answered with no body (204); runs already recorded keep the question."""
        return await self._call(_delete_question(question_id), options)


class EvaluationRuns(SyncAPIResource):
    """Runs of every test question: hit rate at k and, with a chatbot, its agent's answer checks."""

    def create(
        self, *, chatbot_id: Optional[str] = NOT_GIVEN, k: int = NOT_GIVEN, **options: "Unpack[RequestOptions]"
    ) -> EvaluationRun:
        """Runs the questions now (within the request) and answers the recorded run with its results."""
        return self._call(_run(chatbot_id, k), options)

    def list(self, **options: "Unpack[RequestOptions]") -> List[EvaluationRunSummary]:
        """The workspace's runs, newest first, without their per-question results."""
        return self._call(APICall("GET", _RUNS), options)

    def retrieve(self, run_id: str, **options: "Unpack[RequestOptions]") -> EvaluationRun:
        return self._call(_one_run(run_id), options)


class AsyncEvaluationRuns(AsyncAPIResource):
    """Runs of every test question: hit rate at k and, with a chatbot, its agent's answer checks."""

    async def create(
        self, *, chatbot_id: Optional[str] = NOT_GIVEN, k: int = NOT_GIVEN, **options: "Unpack[RequestOptions]"
    ) -> EvaluationRun:
        """Runs the questions now (within the request) and answers the recorded run with its results."""
        return await self._call(_run(chatbot_id, k), options)

    async def list(self, **options: "Unpack[RequestOptions]") -> List[EvaluationRunSummary]:
        """The workspace's runs, newest first, without their per-question results."""
        return await self._call(APICall("GET", _RUNS), options)

    async def retrieve(self, run_id: str, **options: "Unpack[RequestOptions]") -> EvaluationRun:
        return await self._call(_one_run(run_id), options)


class KnowledgeEvaluation(SyncAPIResource):
    questions: EvaluationQuestions
    runs: EvaluationRuns

    def __init__(self, client) -> None:
        super().__init__(client)
        self.questions = EvaluationQuestions(client)
        self.runs = EvaluationRuns(client)


class AsyncKnowledgeEvaluation(AsyncAPIResource):
    questions: AsyncEvaluationQuestions
    runs: AsyncEvaluationRuns

    def __init__(self, client) -> None:
        super().__init__(client)
        self.questions = AsyncEvaluationQuestions(client)
        self.runs = AsyncEvaluationRuns(client)


def _unanswered(
    chatbot_id: Optional[str], start_date: Optional[Day], end_date: Optional[Day], limit: Optional[int],
    cursor: Optional[str],
) -> APICall:
    query = {"chatbotId": chatbot_id, "startDate": start_date, "endDate": end_date, "limit": limit, "cursor": cursor}
    return APICall("GET", "/knowledge/unanswered", query=query, envelope="object")


_UNANSWERED_DOC = """Visitor questions the agents' knowledge had nothing for, newest first (docs/ai-analytics.md), for
        one chatbot (``chatbot_id``) or all, optionally within UTC days; ``limit`` 1–100 a page (default 25).
        Iterate the page for every question of every page."""


class UnansweredQuestions(SyncAPIResource):
    def list(
        self, *, chatbot_id: Optional[str] = None, start_date: Optional[Day] = None, end_date: Optional[Day] = None,
        limit: Optional[int] = None, cursor: Optional[str] = None, **options: "Unpack[RequestOptions]",
    ) -> SyncCursorPage[UnansweredQuestion]:
        def fetch(after: Optional[str]) -> SyncCursorPage[UnansweredQuestion]:
            return SyncCursorPage(self._call(_unanswered(chatbot_id, start_date, end_date, limit, after), options), fetch)

        return fetch(cursor)

    list.__doc__ = _UNANSWERED_DOC


class AsyncUnansweredQuestions(AsyncAPIResource):
    def list(
        self, *, chatbot_id: Optional[str] = None, start_date: Optional[Day] = None, end_date: Optional[Day] = None,
        limit: Optional[int] = None, cursor: Optional[str] = None, **options: "Unpack[RequestOptions]",
    ) -> AsyncCursorPaginator[UnansweredQuestion]:
        async def fetch(after: Optional[str]) -> AsyncCursorPage[UnansweredQuestion]:
            body = await self._call(_unanswered(chatbot_id, start_date, end_date, limit, after), options)
            return AsyncCursorPage(body, fetch)

        return AsyncCursorPaginator(lambda: fetch(cursor))

    list.__doc__ = _UNANSWERED_DOC


class Knowledge(SyncAPIResource):
    sources: KnowledgeSources
    evaluation: KnowledgeEvaluation
    unanswered: UnansweredQuestions

    def __init__(self, client) -> None:
        super().__init__(client)
        self.sources = KnowledgeSources(client)
        self.evaluation = KnowledgeEvaluation(client)
        self.unanswered = UnansweredQuestions(client)


class AsyncKnowledge(AsyncAPIResource):
    sources: AsyncKnowledgeSources
    evaluation: AsyncKnowledgeEvaluation
    unanswered: AsyncUnansweredQuestions

    def __init__(self, client) -> None:
        super().__init__(client)
        self.sources = AsyncKnowledgeSources(client)
        self.evaluation = AsyncKnowledgeEvaluation(client)
        self.unanswered = AsyncUnansweredQuestions(client)
