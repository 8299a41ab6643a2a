/** The workspace owner's profile and the three-step email change. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { APIClient } from '../core/apiClient.js';
import type { RequestOptions } from '../core/options.js';
import type {
  AccountProfile,
  AccountUpdateParams,
  EmailChanged,
  EmailChangeRequested,
  EmailChangeRequestParams,
  EmailCodeParams,
  IdentityVerified,
} from '../types.js';

/** The email change: each step needs the account:write scope; steps 1 and 2 allow 5 calls per hour per key. */
export class AccountEmail extends APIResource {
  /** Step 1: mails a 6-digit code to the current address. */
  requestChange(params: EmailChangeRequestParams, options?: RequestOptions): APIPromise<EmailChangeRequested> {
    return this._client
      .post<{ data: EmailChangeRequested }>('/account/email/request-change', params, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Step 2: the code from the current inbox; mails a second code to the new address. */
  verifyIdentity(params: EmailCodeParams, options?: RequestOptions): APIPromise<IdentityVerified> {
    return this._client
      .post<{ data: IdentityVerified }>('/account/email/verify-identity', params, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Step 3: the code from the new inbox; changes the email and notifies the old address. */
  confirmChange(params: EmailCodeParams, options?: RequestOptions): APIPromise<EmailChanged> {
    return this._client
      .post<{ data: EmailChanged }>('/account/email/confirm-change', params, options)
      ._thenUnwrap((r) => r.data);
  }
}

export class Account extends APIResource {
  readonly email: AccountEmail;

  constructor(client: APIClient) {
    super(client);
    this.email = new AccountEmail(client);
  }

  retrieve(options?: RequestOptions): APIPromise<AccountProfile> {
    return this._client.get<{ data: AccountProfile }>('/account', undefined, options)._thenUnwrap((r) => r.data);
  }

  /** Only the given fields change; null clears phone, dateOfBirth and address. */
  update(params: AccountUpdateParams, options?: RequestOptions): APIPromise<AccountProfile> {
    return this._client.patch<{ data: AccountProfile }>('/account', params, options)._thenUnwrap((r) => r.data);
  }
}
