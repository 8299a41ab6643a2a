/**
 * The public names of the request and response types of the External API and the workspace
 * endpoints, all derived from the generated OpenAPI types (src/generated/openapi.ts), so they
 * follow the service's schemas.
 */
import type { components, paths } from './generated/openapi.js';
type Prefix = '/api/v1/external/v1';
type ExternalPath = keyof paths extends infer K ? (K extends `${Prefix}${infer Rest}` ? Rest : never) : never;
type Operation<P extends ExternalPath, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> = NonNullable<paths[`${Prefix}${P}`][M]>;
type JsonContent<R> = R extends {
    content: {
        'application/json': infer B;
    };
} ? B : never;
/** The JSON body of the operation's success answer (200 or 201). */
type Success<O> = O extends {
    responses: infer R;
} ? JsonContent<R[Extract<keyof R, 200 | 201>]> : never;
/** The `data` member of a `{data: …}` success answer. */
type Data<P extends ExternalPath, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> = Success<Operation<P, M>> extends {
    data: infer D;
} ? D : never;
type Body<P extends ExternalPath, M extends 'post' | 'put' | 'patch'> = Operation<P, M> extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
type Query<P extends ExternalPath, M extends 'get'> = Operation<P, M> extends {
    parameters: {
        query?: infer Q;
    };
} ? NonNullable<Q> : never;
/** An item of `chatbots.list()`. */
export type ChatbotSummary = Data<'/chatbots', 'get'>[number];
/** `chatbots.retrieve()`. */
export type Chatbot = Data<'/chatbots/{id}', 'get'>;
/** `chatbots.create()` and `chatbots.duplicate()`. */
export type ChatbotCreated = Data<'/chatbots', 'post'>;
/** `chatbots.update()`. */
export type ChatbotUpdated = Data<'/chatbots/{id}', 'put'>;
/**
 * The schema types a branching flow's steps as bare objects, which the generated types cannot
 * fill in; `flow` takes a Flow instead (either form).
 */
export type ChatbotCreateParams = Omit<Body<'/chatbots', 'post'>, 'flow'> & {
    flow?: Flow;
};
export type ChatbotUpdateParams = Omit<Body<'/chatbots/{id}', 'put'>, 'flow'> & {
    flow?: Flow;
};
/** The answer of a delete: `{message}`. */
export type Deleted = Success<Operation<'/chatbots/{id}', 'delete'>>;
/**
 * One step of a flow: its `type` (message, question, choice, branch, http, handoff, end, …) and
 * the fields that type takes (docs/flows.md). The service checks a flow as a whole, so the step
 * is typed loosely.
 */
export interface FlowStep {
    id?: string;
    type: string;
    [field: string]: unknown;
}
/** A flow as its author writes it: a branching flow (`start`, `steps` with ids) or the list form (`steps`). */
export interface Flow {
    start?: string;
    steps: FlowStep[];
}
/** A step the service warns about when the draft is saved (for example an unreachable step). */
export type FlowWarning = Success<Operation<'/chatbots/{id}/flow', 'put'>>['warnings'][number];
/** `chatbots.flow.update()`: the draft as saved, with warnings. */
export interface FlowSaved {
    data: Flow;
    warnings: FlowWarning[];
}
/** `chatbots.flow.publish()` and each item of `chatbots.flow.versions.list()`. */
export type FlowPublication = Data<'/chatbots/{id}/flow/publish', 'post'>;
export type FlowPublishParams = Body<'/chatbots/{id}/flow/publish', 'post'>;
/** `chatbots.flow.versions.retrieve()`: a published version with its flow. */
export type FlowVersion = Omit<Data<'/chatbots/{id}/flow/versions/{version}', 'get'>, 'flow'> & {
    flow: Flow;
};
/** `chatbots.flow.versions.diff()`: step ids added, removed and changed since `against`. */
export type FlowDiff = Data<'/chatbots/{id}/flow/versions/{version}/diff', 'get'>;
export type FlowDiffParams = Query<'/chatbots/{id}/flow/versions/{version}/diff', 'get'>;
/** `chatbots.flow.signingSecret()`: `{secret}`, the HMAC key of the flow's http steps. */
export type FlowSigningSecret = Data<'/chatbots/{id}/flow/signing-secret', 'get'>;
/**
 * `chatbots.flow.simulate()`: the latest recorded conversations replayed against the draft, each
 * `same` or with where it diverges and how it would end, and the totals.
 */
export type FlowSimulation = Data<'/chatbots/{id}/flow/simulate', 'post'>;
/** One conversation of a what-if run. */
export type FlowSimulationConversation = FlowSimulation['conversations'][number];
export type FlowSimulateParams = Body<'/chatbots/{id}/flow/simulate', 'post'>;
/** `chatbots.funnel()`: per step reached and stopped-here counts, and the outcomes, of one version. */
export type Funnel = Data<'/chatbots/{id}/funnel', 'get'>;
export type FunnelParams = Query<'/chatbots/{id}/funnel', 'get'>;
/** `chatbots.agent`: the chatbot's AI agent as stored, defaults filled in. */
export type ChatbotAgent = Data<'/chatbots/{id}/agent', 'get'>;
export type ChatbotAgentParams = Body<'/chatbots/{id}/agent', 'put'>;
/** `chatbots.agent.preview()`: one answer of the agent, with the model, tokens and latency; no conversation recorded. */
export type AgentPreview = Data<'/chatbots/{id}/agent/preview', 'post'>;
export type AgentPreviewParams = Body<'/chatbots/{id}/agent/preview', 'post'>;
/** `chatbots.agent.analytics()`: what the agent did over a period of UTC days. */
export type AgentAnalytics = Data<'/chatbots/{id}/agent/analytics', 'get'>;
export type AgentAnalyticsParams = Query<'/chatbots/{id}/agent/analytics', 'get'>;
export type ResponseRecord = Data<'/chatbots/{id}/responses/{responseId}', 'get'>;
/** `responses.export()`: the file's format (csv by default) and the UTC days of chatDate to include. */
export type ResponseExportParams = Query<'/chatbots/{id}/responses/export', 'get'>;
/** `responses.provenance()`: where each AI answer of a response came from, in record order. */
export type AnswerProvenance = Data<'/chatbots/{id}/responses/{responseId}/provenance', 'get'>[number];
export type ResponseListParams = Query<'/chatbots/{id}/responses', 'get'>;
/** One page as the API answers it: `{data, total, page, totalPages}`. */
export type ResponsesPageBody = Success<Operation<'/chatbots/{id}/responses', 'get'>>;
export type Analytics = Data<'/chatbots/{id}/analytics', 'get'>;
export type AnalyticsParams = Query<'/chatbots/{id}/analytics', 'get'>;
export type Webhook = Data<'/webhooks/{id}', 'patch'>;
/** `webhooks.create()`: the subscription with its signing secret (returned only then). */
export type WebhookCreated = Data<'/webhooks', 'post'>;
export type WebhookCreateParams = Body<'/webhooks', 'post'>;
export type WebhookUpdateParams = Body<'/webhooks/{id}', 'patch'>;
/** One of the four event names: the document's WebhookEventName schema. */
export type WebhookEventName = components['schemas']['WebhookEventName'];
export type ModelConnection = Data<'/model-connections/{id}', 'get'>;
export type ModelConnectionCreateParams = Body<'/model-connections', 'post'>;
export type ModelConnectionUpdateParams = Body<'/model-connections/{id}', 'patch'>;
/** `modelConnections.test()`: `ok`, or what the provider said in plain words. */
export type ModelConnectionTestResult = Data<'/model-connections/{id}/test', 'post'>;
export type KnowledgeSource = Data<'/knowledge/sources/{id}', 'get'>;
export type KnowledgeSourceCreateParams = Body<'/knowledge/sources', 'post'>;
/** An item of `knowledge.unanswered.list()`: a visitor question the knowledge had nothing for. */
export type UnansweredQuestion = Data<'/knowledge/unanswered', 'get'>[number];
export type UnansweredQuestionListParams = Query<'/knowledge/unanswered', 'get'>;
/**
 * A file to upload as a knowledge source (Markdown, text, HTML, PDF or DOCX): a `File` (its name
 * is used) or a `Blob`, `Buffer` or `Uint8Array` with `filename`, whose extension tells the format.
 */
export interface KnowledgeSourceUploadParams {
    file: Blob | Uint8Array | ArrayBuffer;
    /** Required unless `file` is a `File`; overrides its name. */
    filename?: string;
    /** Default: the file name. */
    title?: string;
}
/** A test question: `knowledge.evaluation.questions`. */
export type EvaluationQuestion = Data<'/knowledge/evaluation/questions', 'post'>;
export type EvaluationQuestionCreateParams = Body<'/knowledge/evaluation/questions', 'post'>;
/** A run with its result per question: `knowledge.evaluation.runs.create()` and `retrieve()`. */
export type EvaluationRun = Data<'/knowledge/evaluation/runs/{id}', 'get'>;
/** An item of `knowledge.evaluation.runs.list()`: a run without its results. */
export type EvaluationRunSummary = Data<'/knowledge/evaluation/runs', 'get'>[number];
export type EvaluationRunCreateParams = Body<'/knowledge/evaluation/runs', 'post'>;
export type AccountProfile = Data<'/account', 'get'>;
export type AccountUpdateParams = Body<'/account', 'patch'>;
export type EmailChangeRequestParams = Body<'/account/email/request-change', 'post'>;
export type EmailChangeRequested = Data<'/account/email/request-change', 'post'>;
export type EmailCodeParams = Body<'/account/email/verify-identity', 'post'>;
export type IdentityVerified = Data<'/account/email/verify-identity', 'post'>;
export type EmailChanged = Data<'/account/email/confirm-change', 'post'>;
export type Usage = Data<'/usage', 'get'>;
/** `usage.ai()`: AI tokens this month; `tokenLimit` and `remaining` are null when unlimited. */
export type AiUsage = Data<'/usage/ai', 'get'>;
type WorkspacePrefix = '/api/v1/workspace';
type WorkspacePath = keyof paths extends infer K ? (K extends `${WorkspacePrefix}${infer Rest}` ? Rest : never) : never;
type WorkspaceOperation<P extends WorkspacePath, M extends 'get' | 'put' | 'patch'> = NonNullable<paths[`${WorkspacePrefix}${P}`][M]>;
type WorkspaceBody<P extends WorkspacePath, M extends 'put' | 'patch'> = WorkspaceOperation<P, M> extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
/** `workspace.slug.check()`: `{available: true, slug}` or `{available: false, reason, slug}`. */
export type SlugCheck = Success<WorkspaceOperation<'/check-slug/{slug}', 'get'>>;
export type SlugUpdateParams = WorkspaceBody<'/slug', 'put'>;
/** `workspace.slug.update()`: `{message, slug}`. */
export type SlugUpdated = Success<WorkspaceOperation<'/slug', 'put'>>;
/** `workspace.branding.retrievePublic()`: what the login page shows; only the active login media item. */
export type PublicBranding = Success<WorkspaceOperation<'/public/branding/{slug}', 'get'>>;
/** `workspace.adAnalytics.retrieve()`: the last 30 days of ad clicks. */
export type AdAnalytics = Success<WorkspaceOperation<'/ad-analytics', 'get'>>;
/** `workspace.branding.retrieve()` and every branding or organization update. */
export type WorkspaceBranding = Success<WorkspaceOperation<'/branding', 'get'>>;
export type BrandingDisplay = NonNullable<WorkspaceBranding['branding']['display']>;
/** The route's schema leaves `display` untyped (an empty object type); it takes the fields GET answers. */
export type BrandingUpdateParams = Omit<WorkspaceBody<'/branding', 'patch'>, 'display'> & {
    display?: BrandingDisplay;
};
export type OrganizationUpdateParams = WorkspaceBody<'/organization', 'patch'>;
export type ResponseCreatedEvent = components['schemas']['ResponseCreatedEvent'];
export type ResponseUpdatedEvent = components['schemas']['ResponseUpdatedEvent'];
/** `chatbotName`, or `aiAgent` in its place for AI-agent conversations. */
export type ConversationStartedEvent = components['schemas']['ConversationStartedEvent'];
/** `escalationReason` only with resolution `escalated`; `duration` in whole seconds. */
export type ConversationCompletedEvent = components['schemas']['ConversationCompletedEvent'];
/** The parsed body of a webhook delivery, discriminated by `event`. */
export type WebhookEvent = ResponseCreatedEvent | ResponseUpdatedEvent | ConversationStartedEvent | ConversationCompletedEvent;
/** How a bot's question may be answered (buttons, a rating, a date…), on the message that asks it. */
export interface ChatQuestionInput {
    type: 'text' | 'email' | 'phone' | 'number' | 'date' | 'url' | 'choice' | 'rating' | 'yesno';
    min?: number;
    max?: number;
    multiple?: boolean;
    options?: Array<{
        label: string;
        value: string;
    }>;
}
export interface ChatBotMessage {
    type: 'bot';
    message: string;
    input?: ChatQuestionInput;
}
/** The bot's answer to a visitor message; `done`: the conversation is over. */
export interface ChatTurn {
    messages: ChatBotMessage[];
    done: boolean;
}
/** `chat.sessions.create()`: the session, the bot's first messages, its name and workspace colors. */
export interface ChatSession extends ChatTurn {
    sessionId: string;
    visitorId: string;
    chatbot: {
        name: string;
    };
    branding: {
        primaryColor: string;
        secondaryColor: string;
    };
}
export interface ChatSessionCreateParams {
    /** The visitor's id (1–100 of A-Z a-z 0-9 . _ : @ + -); a new one is made when absent. */
    visitorId?: string;
    /** Default `web`. */
    channel?: string;
    /** Stored with the response record: up to 20 string values. */
    customData?: Record<string, string>;
    /** The logged-in customer, when your site knows one. */
    user?: {
        id?: string;
        email?: string;
        name?: string;
    };
}
export interface ChatMessageParams {
    message: string;
}
export interface ChatEscalateParams {
    /** Why the visitor asks for a person; `visitor_request` when absent. */
    reason?: string;
}
/** `chat.sessions.escalate()` and `end()`. */
export interface ChatCompleted {
    done: true;
}
/** An event of `chat.messages.stream()`: each piece of an agent's answer, then the whole answer. */
export type ChatStreamEvent = {
    type: 'token';
    text: string;
} | ({
    type: 'done';
} & ChatTurn);
export {};
