/**
 * Typed domain errors. The HTTP layer maps each class to a status in one place
 * (api/http/errorHandler.ts); domain and command code only ever throws these.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input: 400. `field` names the offending field when there is one. */
export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
    code = 'VALIDATION_ERROR',
  ) {
    super(message, code);
  }
}

/** 401 */
export class AuthenticationError extends DomainError {
  constructor(message = 'Invalid API key', code?: string) {
    super(message, code);
  }
}

/** 403: missing scope, role or plan feature. */
export class ForbiddenError extends DomainError {
  constructor(message: string, code = 'FORBIDDEN') {
    super(message, code);
  }
}

/** 403 with code PLAN_LIMIT: a plan cap (chatbots, webhooks) is reached. */
export class PlanLimitError extends ForbiddenError {
  constructor(message: string) {
    super(message, 'PLAN_LIMIT');
  }
}

/** 404: absent, or belongs to another workspace (never say which). */
export class NotFoundError extends DomainError {
  constructor(message: string, code = 'NOT_FOUND') {
    super(message, code);
  }
}

/** 409: duplicate or state conflict. */
export class ConflictError extends DomainError {
  constructor(message: string, code = 'CONFLICT') {
    super(message, code);
  }
}

/** 413: an upload is larger than the limit for its kind (the message names the limit). */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string, code = 'PAYLOAD_TOO_LARGE') {
    super(message, code);
  }
}

/** 415: the content is of a type this endpoint does not take (the message names what was found). */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string, code = 'UNSUPPORTED_MEDIA_TYPE') {
    super(message, code);
  }
}

/** 429 */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'RATE_LIMIT_ERROR',
  ) {
    super(message, code);
  }
}

/** 502: a service we depend on (the mail server) failed; the caller may try again later. */
export class UpstreamError extends DomainError {
  constructor(message: string, code = 'UPSTREAM_ERROR') {
    super(message, code);
  }
}
