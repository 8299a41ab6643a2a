/**
 * The two JWTs BigCommerce signs with the app's client secret (HS256), verified with jose:
 *  - `signed_payload_jwt` of the load, uninstall and remove_user callbacks: iss "bc", aud the
 *    client id, sub "stores/<hash>", user and owner ("Handling callbacks");
 *  - the Current Customer API's token (`/customer/current.jwt?app_client_id=…`): iss "bc/apps",
 *    aud the client id, sub and store_hash the store, customer {id, email, group_id}.
 * Anything else (another algorithm, alg none, a wrong claim, expired, not yet valid) is refused
 * with AuthenticationError, which the callers turn into 401.
 */
import { jwtVerify, type JWTPayload } from 'jose';
import { AuthenticationError } from '../../domain/errors.js';

export interface SignedPayload {
  storeHash: string;
  user: { id: string; email: string };
  owner: { id: string; email: string } | null;
}

export interface CurrentCustomer {
  id: string;
  email: string;
}

const STORE_SUB = /^stores\/([a-z0-9]{1,64})$/;
/** BigCommerce's and our clocks may differ a little; a token stays short-lived anyway. */
const CLOCK_TOLERANCE_S = 30;

function idOf(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'string' && /^[0-9A-Za-z_-]{1,64}$/.test(v)) return v;
  return null;
}

function person(v: unknown): { id: string; email: string } | null {
  if (!v || typeof v !== 'object') return null;
  const id = idOf((v as { id?: unknown }).id);
  const email = (v as { email?: unknown }).email;
  return id ? { id, email: typeof email === 'string' ? email.slice(0, 320) : '' } : null;
}

async function verified(
  token: unknown,
  secret: string,
  clientId: string,
  issuer: string,
  what: string,
): Promise<JWTPayload> {
  if (typeof token !== 'string' || !token || token.length > 8192)
    throw new AuthenticationError(`Missing or malformed ${what}`, 'INVALID_SIGNED_PAYLOAD');
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      audience: clientId,
      issuer,
      requiredClaims: ['exp', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_S,
    });
    return payload;
  } catch {
    // Which check failed is of no use to a caller and of some use to a forger.
    throw new AuthenticationError(`The ${what} is not valid`, 'INVALID_SIGNED_PAYLOAD');
  }
}

export async function verifySignedPayload(
  token: unknown,
  opts: { clientId: string; clientSecret: string },
): Promise<SignedPayload> {
  const payload = await verified(token, opts.clientSecret, opts.clientId, 'bc', 'signed payload');
  const storeHash = STORE_SUB.exec(String(payload.sub))?.[1];
  const user = person(payload.user);
  if (!storeHash || !user) throw new AuthenticationError('The signed payload is not valid', 'INVALID_SIGNED_PAYLOAD');
  return { storeHash, user, owner: person(payload.owner) };
}

export async function verifyCurrentCustomer(
  token: unknown,
  opts: { clientId: string; clientSecret: string; storeHash: string },
): Promise<CurrentCustomer> {
  const payload = await verified(token, opts.clientSecret, opts.clientId, 'bc/apps', 'customer token');
  const customer = person(payload.customer);
  const storeMatches =
    payload.sub === opts.storeHash && (payload.store_hash === undefined || payload.store_hash === opts.storeHash);
  if (!customer || !storeMatches)
    throw new AuthenticationError('The customer token is not valid', 'INVALID_SIGNED_PAYLOAD');
  return customer;
}
