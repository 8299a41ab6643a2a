/** The dashboard webhook endpoints' answers (api/dashboard/webhooksRoutes.ts). */
export type WebhookStatus = 'active' | 'paused' | 'failed';

export interface Webhook {
  id: string;
  chatbot: { id: string; name: string | null };
  url: string;
  events: string[];
  description: string;
  status: WebhookStatus;
  disabledReason: 'consecutive_failures' | 'gone' | null;
  failureCount: number;
  lastDeliveryAt: string | null;
  lastFailureAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookList {
  data: Webhook[];
  chatbots: { id: string; name: string }[];
  events: string[];
  limit: number | null;
}

export interface DeliveryEntry {
  id: string;
  deliveryId: string;
  attempt: number;
  event: string;
  success: boolean;
  statusCode: number | null;
  responseMs: number;
  error: string | null;
  createdAt: string;
  payload: string;
  response: string | null;
  requestUrl: string;
  requestHeaders: Record<string, string>;
  resentFrom: string | null;
}

export interface DeliveryPage {
  data: DeliveryEntry[];
  nextCursor: string | null;
}
