/**
 * The operationId of each operation whose spec names none: stable camelCase names the SDKs
 * generate their methods from. Keyed by "METHOD /full/path" as the document writes the path.
 * A new route may instead set `operationId` in its spec; one with neither gets a name derived
 * from its path (and the OpenAPI live test flags it in the External, chat and workspace APIs).
 */
const EXTERNAL = '/api/v1/external/v1';
const CHAT = '/api/v1/chat/{botId}/sessions';
const WORKSPACE = '/api/v1/workspace';

export const OPERATION_IDS: Record<string, string> = {
  [`GET ${EXTERNAL}/chatbots`]: 'listChatbots',
  [`POST ${EXTERNAL}/chatbots`]: 'createChatbot',
  [`GET ${EXTERNAL}/chatbots/{id}`]: 'getChatbot',
  [`PUT ${EXTERNAL}/chatbots/{id}`]: 'updateChatbot',
  [`DELETE ${EXTERNAL}/chatbots/{id}`]: 'deleteChatbot',
  [`POST ${EXTERNAL}/chatbots/{id}/duplicate`]: 'duplicateChatbot',
  [`GET ${EXTERNAL}/chatbots/{id}/flow`]: 'getChatbotFlow',
  [`PUT ${EXTERNAL}/chatbots/{id}/flow`]: 'saveChatbotFlow',
  [`GET ${EXTERNAL}/chatbots/{id}/flow/signing-secret`]: 'getChatbotFlowSigningSecret',
  [`POST ${EXTERNAL}/chatbots/{id}/flow/publish`]: 'publishChatbotFlow',
  [`GET ${EXTERNAL}/chatbots/{id}/flow/versions`]: 'listChatbotFlowVersions',
  [`GET ${EXTERNAL}/chatbots/{id}/flow/versions/{version}`]: 'getChatbotFlowVersion',
  [`GET ${EXTERNAL}/chatbots/{id}/flow/versions/{version}/diff`]: 'diffChatbotFlowVersions',
  [`GET ${EXTERNAL}/chatbots/{id}/funnel`]: 'getChatbotFunnel',
  [`POST ${EXTERNAL}/chatbots/{id}/flow/simulate`]: 'simulateChatbotFlow',
  [`GET ${EXTERNAL}/usage`]: 'getUsage',
  [`GET ${EXTERNAL}/chatbots/{id}/responses`]: 'listResponses',
  [`GET ${EXTERNAL}/chatbots/{id}/responses/{responseId}`]: 'getResponse',
  [`GET ${EXTERNAL}/chatbots/{id}/analytics`]: 'getAnalytics',
  [`GET ${EXTERNAL}/account`]: 'getAccount',
  [`PATCH ${EXTERNAL}/account`]: 'updateAccount',
  [`POST ${EXTERNAL}/account/email/request-change`]: 'requestEmailChange',
  [`POST ${EXTERNAL}/account/email/verify-identity`]: 'verifyEmailIdentity',
  [`POST ${EXTERNAL}/account/email/confirm-change`]: 'confirmEmailChange',
  [`GET ${EXTERNAL}/webhooks`]: 'listWebhooks',
  [`POST ${EXTERNAL}/webhooks`]: 'createWebhook',
  [`PATCH ${EXTERNAL}/webhooks/{id}`]: 'updateWebhook',
  [`DELETE ${EXTERNAL}/webhooks/{id}`]: 'deleteWebhook',
  [`POST ${CHAT}`]: 'startChatSession',
  [`POST ${CHAT}/{sessionId}/messages`]: 'sendChatMessage',
  [`POST ${CHAT}/{sessionId}/escalate`]: 'escalateChatSession',
  [`POST ${CHAT}/{sessionId}/end`]: 'endChatSession',
  [`GET ${WORKSPACE}/check-slug/{slug}`]: 'checkSlug',
  [`PUT ${WORKSPACE}/slug`]: 'claimSlug',
  [`GET ${WORKSPACE}/public/branding/{slug}`]: 'getPublicBranding',
  [`GET ${WORKSPACE}/branding`]: 'getBranding',
  [`PATCH ${WORKSPACE}/branding`]: 'updateBranding',
  [`PATCH ${WORKSPACE}/organization`]: 'updateOrganization',
  [`GET ${WORKSPACE}/countries`]: 'listCountries',
  [`GET ${WORKSPACE}/ad-analytics`]: 'getAdAnalytics',
  [`GET ${WORKSPACE}/public/ad-click/{slug}/{mediaId}`]: 'followAdLink',
  [`GET ${WORKSPACE}/media`]: 'listMedia',
  [`POST ${WORKSPACE}/media`]: 'uploadMedia',
  [`PUT ${WORKSPACE}/media/order`]: 'reorderMedia',
  [`PATCH ${WORKSPACE}/media/{id}`]: 'updateMedia',
  [`DELETE ${WORKSPACE}/media/{id}`]: 'deleteMedia',
  [`GET ${WORKSPACE}/public/media/{mediaId}`]: 'getPublicMedia',
  'GET /healthz': 'getHealth',
  'GET /api/v1/openapi.json': 'getOpenApiDocument',
};
