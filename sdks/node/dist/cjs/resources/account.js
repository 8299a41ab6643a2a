"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Account = exports.AccountEmail = void 0;
/** The workspace owner's profile and the three-step email change. */
const resource_js_1 = require("../core/resource.js");
/** The email change: each step needs the account:write scope; steps 1 and 2 allow 5 calls per hour per key. */
class AccountEmail extends resource_js_1.APIResource {
    /** Step 1: mails a 6-digit code to the current address. */
    requestChange(params, options) {
        return this._client
            .post('/account/email/request-change', params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Step 2: the code from the current inbox; mails a second code to the new address. */
    verifyIdentity(params, options) {
        return this._client
            .post('/account/email/verify-identity', params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Step 3: the code from the new inbox; changes the email and notifies the old address. */
    confirmChange(params, options) {
        return this._client
            .post('/account/email/confirm-change', params, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.AccountEmail = AccountEmail;
class Account extends resource_js_1.APIResource {
    email;
    constructor(client) {
        super(client);
        this.email = new AccountEmail(client);
    }
    retrieve(options) {
        return this._client.get('/account', undefined, options)._thenUnwrap((r) => r.data);
    }
    /** Only the given fields change; null clears phone, dateOfBirth and address. */
    update(params, options) {
        return this._client.patch('/account', params, options)._thenUnwrap((r) => r.data);
    }
}
exports.Account = Account;
