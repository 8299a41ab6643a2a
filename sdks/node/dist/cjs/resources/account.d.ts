/** The workspace owner's profile and the three-step email change. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { APIClient } from '../core/apiClient.js';
import type { RequestOptions } from '../core/options.js';
import type { AccountProfile, AccountUpdateParams, EmailChanged, EmailChangeRequested, EmailChangeRequestParams, EmailCodeParams, IdentityVerified } from '../types.js';
/** The email change: each step needs the account:write scope; steps 1 and 2 allow 5 calls per hour per key. */
export declare class AccountEmail extends APIResource {
    /** Step 1: mails a 6-digit code to the current address. */
    requestChange(params: EmailChangeRequestParams, options?: RequestOptions): APIPromise<EmailChangeRequested>;
    /** Step 2: the code from the current inbox; mails a second code to the new address. */
    verifyIdentity(params: EmailCodeParams, options?: RequestOptions): APIPromise<IdentityVerified>;
    /** Step 3: the code from the new inbox; changes the email and notifies the old address. */
    confirmChange(params: EmailCodeParams, options?: RequestOptions): APIPromise<EmailChanged>;
}
export declare class Account extends APIResource {
    readonly email: AccountEmail;
    constructor(client: APIClient);
    retrieve(options?: RequestOptions): APIPromise<AccountProfile>;
    /** Only the given fields change; null clears phone, dateOfBirth and address. */
    update(params: AccountUpdateParams, options?: RequestOptions): APIPromise<AccountProfile>;
}
