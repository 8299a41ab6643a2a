"""Result and parameter types of the External API (its resources and their fields) and of the
workspace endpoints (defined in _workspace_types.py).

Results are plain dicts typed with TypedDicts: ``bot["name"]``. Fields the API adds later
simply appear in the dict; nothing breaks.
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

import httpx

from ._workspace_types import (
    ActiveLoginMedia,
    AdAnalytics,
    AdAnalyticsBrowser,
    AdAnalyticsDay,
    AdAnalyticsDevice,
    BrandingDetails,
    BrandingDisplay,
    Organization,
    PublicBranding,
    PublicBrandingDetails,
    SlugCheck,
    SlugUpdated,
    WorkspaceBranding,
)

__all__ = [
    "ChatbotSummary",
    "Chatbot",
    "ChatbotCreated",
    "ChatbotUpdated",
    "Flow",
    "FlowStep",
    "FlowDocument",
    "FlowWarning",
    "FlowSaved",
    "FlowPublication",
    "FlowVersion",
    "FlowDiff",
    "FlowSigningSecret",
    "FunnelStep",
    "FunnelOutcomes",
    "Funnel",
    "FlowSimulationConversation",
    "FlowSimulationOutcomes",
    "FlowSimulation",
    "RecordEntry",
    "CitedSource",
    "ProvenanceChunk",
    "AnswerProvenance",
    "ResponseHandoff",
    "ResponseUser",
    "ResponseRecord",
    "AgentKnowledge",
    "AgentKnowledgeSettings",
    "AnswerProvenance",
    "CitedSource",
    "ProvenanceChunk",
    "DailyCount",
    "Analytics",
    "WebhookChatbot",
    "Webhook",
    "WebhookCreated",
    "WebhookEvent",
    "WebhookStatus",
    "AgentHandoff",
    "AgentKnowledge",
    "ChatbotAgent",
    "ChatbotAgentSettings",
    "AgentKnowledge",
    "AgentAnalytics",
    "AgentAnalyticsDay",
    "AgentAnalyticsLatency",
    "AgentAnalyticsTokens",
    "AgentPreviewMessage",
    "AgentPreviewAction",
    "AgentPreviewError",
    "AgentPreview",
    "ModelConnection",
    "KnowledgeSource",
    "EvaluationQuestion",
    "EvaluationAnswerChecks",
    "EvaluationResult",
    "EvaluationRunSummary",
    "EvaluationRun",
    "UnansweredQuestion",
    "ModelConnectionTestResult",
    "AccountProfile",
    "EmailChangeRequested",
    "IdentityVerified",
    "EmailChanged",
    "Usage",
    "AiUsage",
    "Deleted",
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
    "RequestOptions",
    "Timeout",
    "ChatBotMessage",
    "ChatTurn",
    "ChatSession",
    "ChatCompleted",
    "ChatTokenEvent",
    "ChatDoneEvent",
    "ChatStreamEvent",
]

Timeout = Union[float, httpx.Timeout, None]


class RequestOptions(TypedDict, total=False):
    """Per-call options every method takes as keyword arguments."""

    timeout: Timeout
    max_retries: int
    idempotency_key: str
    extra_headers: Dict[str, str]


# Chatbots ---------------------------------------------------------------------------------


class FlowStep(TypedDict, total=False):
    type: Literal["message", "question", "handoff"]
    text: str
    variable: str


class Flow(TypedDict):
    steps: List[FlowStep]


class ChatbotSummary(TypedDict):
    """An item of ``chatbots.list()``."""

    id: str
    name: str
    disabled: bool
    responseCount: int
    createdAt: str
    updatedAt: str


class Chatbot(TypedDict):
    """``chatbots.retrieve()``."""

    id: str
    name: str
    disabled: bool
    description: str
    responseCount: int
    createdAt: str
    updatedAt: str


class ChatbotCreated(TypedDict):
    """``chatbots.create()`` and ``chatbots.duplicate()``."""

    id: str
    name: str
    description: str
    createdAt: str


class ChatbotUpdated(TypedDict):
    """``chatbots.update()``."""

    id: str
    name: str
    description: str
    disabled: bool
    updatedAt: str


class _FlowDocumentRequired(TypedDict):
    steps: List[Dict[str, Any]]


class FlowDocument(_FlowDocumentRequired, total=False):
    """A flow as its author writes it: a branching flow (``start``, steps with ``id``) or the list
    form (``steps`` only). Each step is its ``type`` and the fields that type takes (docs/flows.md);
    the service checks a flow as a whole."""

    start: str


class FlowWarning(TypedDict):
    """A step the service warns about when the draft is saved (e.g. ``UNREACHABLE_STEP``)."""

    stepId: str
    code: str
    message: str


class FlowSaved(TypedDict):
    """``chatbots.flow.update()``: the draft as saved and its warnings."""

    data: FlowDocument
    warnings: List[FlowWarning]


class FlowPublication(TypedDict):
    """``chatbots.flow.publish()`` and each item of ``chatbots.flow.versions.list()``."""

    version: int
    publishedAt: str


class FlowVersion(FlowPublication):
    """``chatbots.flow.versions.retrieve()``: a published version with its flow."""

    flow: FlowDocument


class FlowDiff(TypedDict):
    """``chatbots.flow.versions.diff()``: step ids added, removed and changed since ``against``."""

    version: int
    against: int
    added: List[str]
    removed: List[str]
    changed: List[str]
    startChanged: bool


class FlowSigningSecret(TypedDict):
    """``chatbots.flow.signing_secret()``: the HMAC key of the flow's http steps, as text."""

    secret: str


class FunnelStep(TypedDict):
    id: str
    reached: int
    stoppedHere: int


class FunnelOutcomes(TypedDict):
    resolved: int
    escalated: int
    ended: int
    open: int


class Funnel(TypedDict):
    """``chatbots.funnel()``: how one published version's conversations went."""

    version: int
    steps: List[FunnelStep]
    outcomes: FunnelOutcomes


Outcome = Literal["resolved", "escalated", "ended", "open"]


class FlowSimulationConversation(TypedDict):
    """One conversation of a what-if run: ``same``, or the draft's step where it diverges
    (``divergedAt``) and how it would end (``after``); ``unknownAt`` is the http step the replay
    stopped at for want of a recorded answer; ``responseId`` the conversation's response record
    (None when the visitor never wrote)."""

    chatSessionId: str
    responseId: Optional[str]
    startedAt: str
    same: bool
    divergedAt: Optional[str]
    before: Outcome
    after: Outcome
    unknownAt: Optional[str]


class FlowSimulationOutcomes(TypedDict):
    before: FunnelOutcomes
    after: FunnelOutcomes


class FlowSimulation(TypedDict):
    """``chatbots.flow.simulate()``: the latest recorded conversations replayed against the draft."""

    total: int
    changed: int
    outcomeChanged: int
    unknown: int
    skipped: int
    outcomes: FlowSimulationOutcomes
    conversations: List[FlowSimulationConversation]


class Deleted(TypedDict):
    message: str


# Responses and analytics ------------------------------------------------------------------


class _RecordEntryRequired(TypedDict):
    type: Literal["bot", "user"]
    message: str


class CitedSource(TypedDict):
    """A document an AI answer cites: ``ref`` is its number in the answer's ``[n]``."""

    ref: int
    sourceId: str
    title: str
    url: Optional[str]


class RecordEntry(_RecordEntryRequired, total=False):
    """One entry of a conversation: ``type`` and ``message`` are always there; ``sources`` on
    the answers of an agent with knowledge sources."""

    timestamp: str
    sources: List[CitedSource]


class ProvenanceChunk(TypedDict):
    chunkId: str
    sourceId: str
    score: float


class AnswerProvenance(TypedDict):
    """Where one AI answer of a response came from."""

    messageIndex: int
    message: Optional[str]
    model: str
    tokens: int
    tokensIn: int
    tokensOut: int
    latencyMs: int
    instructionsVersion: Optional[str]
    searches: List[str]
    chunks: List[ProvenanceChunk]
    sources: List[CitedSource]


class ResponseHandoff(TypedDict):
    """An AI agent's handoff to a person: its reason and its summary for the person taking over."""

    reason: str
    summary: str


class ResponseUser(TypedDict, total=False):
    id: str
    email: str
    name: str


class _ResponseRecordRequired(TypedDict):
    _id: str
    chatSessionId: str
    visitorId: str
    chatDate: str
    record: List[RecordEntry]
    answerVariables: Dict[str, str]


class ResponseRecord(_ResponseRecordRequired, total=False):
    """A stored conversation."""

    customData: Dict[str, str]
    user: Optional[ResponseUser]
    channel: str
    turnCount: int
    status: Literal["active", "completed"]
    resolution: Optional[Literal["escalated", "resolved", "ended"]]
    escalationReason: Optional[str]
    completedAt: Optional[str]
    handoff: Optional[ResponseHandoff]


class DailyCount(TypedDict):
    date: str
    count: int


class Analytics(TypedDict):
    totalResponses: int
    recentResponses: int
    period: str
    dailyCounts: List[DailyCount]


# Webhooks ---------------------------------------------------------------------------------

WebhookEvent = Literal["response.created", "response.updated", "conversation.started", "conversation.completed"]
WebhookStatus = Literal["active", "paused", "failed"]


class WebhookChatbot(TypedDict):
    id: str
    name: Optional[str]


class Webhook(TypedDict):
    id: str
    chatbot: WebhookChatbot
    url: str
    events: List[WebhookEvent]
    description: str
    status: WebhookStatus
    failureCount: int
    lastDeliveryAt: Optional[str]
    lastFailureAt: Optional[str]
    createdAt: str
    updatedAt: str


class WebhookCreated(Webhook):
    """``webhooks.create()``: the only answer that carries the signing secret. Save it."""

    secret: str


# Model connections ------------------------------------------------------------------------


class AgentHandoff(TypedDict):
    """The limits of one conversation and what happens at one (docs/ai-agents.md, Budgets):
    ``maxTurns`` model answers (default 20), ``maxTokens`` (None: no limit of its own),
    ``onLimit`` ``"handoff"`` (escalated with turn_limit or budget) or ``"message"`` (the visitor
    reads ``limitMessage`` and the conversation ends). Sending it, give only the fields to set."""

    maxTurns: int
    maxTokens: Optional[int]
    onLimit: Literal["handoff", "message"]
    limitMessage: Optional[str]


class AgentKnowledge(TypedDict):
    """The knowledge sources an agent answers from (docs/knowledge.md): with
    ``answerOnlyFromKnowledge`` a question that finds nothing is never answered from the model's
    memory; ``onNoAnswer`` ``"clarify"`` (default) asks to rephrase, ``"handoff"`` escalates."""

    sourceIds: List[str]
    answerOnlyFromKnowledge: bool
    onNoAnswer: Literal["clarify", "handoff"]


class _AgentKnowledgeSettingsRequired(TypedDict):
    sourceIds: List[str]


class AgentKnowledgeSettings(_AgentKnowledgeSettingsRequired, total=False):
    """``knowledge`` as ``chatbots.agent.update`` takes it: only ``sourceIds`` is required."""

    answerOnlyFromKnowledge: bool
    onNoAnswer: Literal["clarify", "handoff"]


class ChatbotAgent(TypedDict):
    """``chatbots.agent``: the chatbot's AI agent as stored, defaults filled in."""

    name: str
    instructions: str
    connectionId: str
    model: Optional[str]
    temperature: Optional[float]
    maxOutputTokens: Optional[int]
    greeting: Optional[str]
    handoff: AgentHandoff
    knowledge: Optional[AgentKnowledge]


class _ChatbotAgentRequired(TypedDict):
    name: str
    instructions: str
    connectionId: str


class ChatbotAgentSettings(_ChatbotAgentRequired, total=False):
    """Agent settings to try in ``chatbots.agent.preview`` without saving them (the fields ``update`` takes)."""

    model: Optional[str]
    temperature: Optional[float]
    maxOutputTokens: Optional[int]
    greeting: Optional[str]
    handoff: Optional[AgentHandoff]
    knowledge: Optional[AgentKnowledgeSettings]


# Tokens in and out; "in" is a Python keyword, so the functional form names the fields.
AgentAnalyticsTokens = TypedDict("AgentAnalyticsTokens", {"in": int, "out": int})


class AgentAnalyticsLatency(TypedDict):
    """Percentiles of the model's answer time in ms, within 9.1%; None without answers."""

    p50: Optional[int]
    p95: Optional[int]


class AgentAnalyticsDay(TypedDict):
    date: str
    conversations: int
    answers: int
    tokens: int


class AgentAnalytics(TypedDict):
    """``chatbots.agent.analytics``: what the agent did over a period of UTC days (docs/ai-analytics.md)."""

    chatbotId: str
    startDate: str
    endDate: str
    conversations: int
    resolved: int
    escalated: int
    ended: int
    handoffReasons: Dict[str, int]
    answers: int
    answersWithSource: int
    sourcedShare: Optional[float]
    unansweredQuestions: int
    tokens: AgentAnalyticsTokens
    latencyMs: AgentAnalyticsLatency
    days: List[AgentAnalyticsDay]


class AgentPreviewMessage(TypedDict):
    """One line of a preview conversation: ``user`` is the visitor, ``bot`` the agent."""

    role: Literal["user", "bot"]
    text: str


class _AgentPreviewActionType(TypedDict):
    type: Literal["reply", "handoff", "end"]


class AgentPreviewAction(_AgentPreviewActionType, total=False):
    """What the agent did: ``reply``, ``handoff`` (with ``reason`` and ``summary``) or ``end`` (``resolution``)."""

    reason: str
    summary: str
    resolution: Literal["resolved", "ended"]


class AgentPreviewError(TypedDict):
    """Why the model gave no usable answer, in plain words."""

    type: str
    message: str


class AgentPreview(TypedDict):
    """``chatbots.agent.preview``: one answer of the agent with the call's facts; nothing is recorded."""

    text: str
    action: AgentPreviewAction
    toolCall: Optional[str]
    model: Optional[str]
    tokensIn: int
    tokensOut: int
    latencyMs: Optional[int]
    finishReason: Optional[str]
    sources: List[CitedSource]
    error: Optional[AgentPreviewError]
    sources: List[CitedSource]


class ModelConnection(TypedDict):
    """A connection to an OpenAI-compatible provider; its API key is write-only and never answered."""

    id: str
    name: str
    baseUrl: str
    chatModel: str
    embeddingModel: Optional[str]
    createdAt: str
    updatedAt: str


class KnowledgeSource(TypedDict):
    """A knowledge source and how far its indexing got (docs/knowledge.md)."""

    id: str
    type: str
    title: str
    status: str
    error: Optional[str]
    url: Optional[str]
    sitemap: bool
    fileName: Optional[str]
    format: Optional[str]
    sizeBytes: int
    characters: int
    chunks: int
    pages: int
    indexedAt: Optional[str]
    createdAt: str
    updatedAt: str


class EvaluationQuestion(TypedDict):
    """A knowledge evaluation test question (docs/knowledge-evaluation.md)."""

    id: str
    question: str
    expectedSourceIds: List[str]
    expectedFacts: List[str]
    createdAt: str


class EvaluationAnswerChecks(TypedDict):
    checked: int
    passed: int


class EvaluationResult(TypedDict):
    """One question's outcome in an evaluation run."""

    questionId: str
    question: str
    hit: bool
    rank: Optional[int]
    foundSourceIds: List[str]
    answer: Optional[str]
    factsFound: List[str]
    factsMissing: List[str]
    answerError: Optional[str]


class EvaluationRunSummary(TypedDict):
    """An item of ``knowledge.evaluation.runs.list()``: a run without its results."""

    id: str
    chatbotId: Optional[str]
    k: int
    createdAt: str
    questions: int
    hits: int
    hitRate: Optional[float]
    answerChecks: Optional[EvaluationAnswerChecks]


class EvaluationRun(EvaluationRunSummary):
    """An evaluation run with its result for each question."""

    results: List[EvaluationResult]
class UnansweredQuestion(TypedDict):
    """An item of ``knowledge.unanswered.list``: a visitor question the knowledge had nothing for."""

    id: str
    question: str
    chatbotId: str
    sessionId: str
    responseId: str
    action: Literal["clarified", "handed_off", "answered_without_source"]
    askedAt: str


class _ModelConnectionTestRequired(TypedDict):
    ok: bool


class ModelConnectionTestResult(_ModelConnectionTestRequired, total=False):
    """``model_connections.test()``: ``ok``, or what the provider said in plain words."""

    error: str


# Account and usage ------------------------------------------------------------------------


class AccountProfile(TypedDict):
    name: str
    email: str
    phone: Optional[str]
    dateOfBirth: Optional[str]
    address: Optional[str]
    timezone: str


class EmailChangeRequested(TypedDict):
    success: bool
    verified: bool
    message: str
    nextStep: str


class IdentityVerified(TypedDict):
    success: bool
    message: str
    nextStep: str


class EmailChanged(TypedDict):
    success: bool
    message: str
    newEmail: str


class Usage(TypedDict):
    month: str
    plan: str
    used: int
    limit: Optional[int]
    remaining: Optional[int]


# Visitor chat (the public chat API beside the External API: `{base_url}/chat/…`, no key needed) --


class _ChatBotMessageRequired(TypedDict):
    type: Literal["bot"]
    message: str


class ChatBotMessage(_ChatBotMessageRequired, total=False):
    # On a message that asks a question: how it may be answered (buttons, a rating, a date…).
    input: Dict[str, Any]


class ChatTurn(TypedDict):
    """The bot's answer to a visitor message; ``done``: the conversation is over."""

    messages: List[ChatBotMessage]
    done: bool


class ChatSession(ChatTurn):
    """``chat.sessions.create()``: the session, the bot's first messages, its name and colors."""

    sessionId: str
    visitorId: str
    chatbot: Dict[str, str]
    branding: Dict[str, str]


class ChatCompleted(TypedDict):
    done: bool


class ChatTokenEvent(TypedDict):
    type: Literal["token"]
    text: str


class ChatDoneEvent(ChatTurn):
    type: Literal["done"]


ChatStreamEvent = Union[ChatTokenEvent, ChatDoneEvent]


class AiUsage(TypedDict):
    """AI tokens (in and out) of the workspace's agents this UTC month; None limits are unlimited."""

    month: str
    tokensUsed: int
    tokenLimit: Optional[int]
    remaining: Optional[int]
