/** JSON schemas of the sign-in endpoints (/auth/*): validation and the OpenAPI document. */
const str = { type: 'string' } as const;
const email = { type: 'string', maxLength: 320 } as const;
const secret = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const passwordBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email, password: { type: 'string', maxLength: 200 } },
} as const;
export const emailBody = { type: 'object', required: ['email'], properties: { email } } as const;
export const codeVerifyBody = {
  type: 'object',
  required: ['email', 'code'],
  properties: { email, code: { type: 'string', maxLength: 20 } },
} as const;
export const tokenBody = { type: 'object', required: ['token'], properties: { token: secret } } as const;
export const codeBody = { type: 'object', required: ['code'], properties: { code: secret } } as const;
export const codeQuery = { type: 'object', properties: { code: { type: 'string', maxLength: 200 } } } as const;
export const switchBody = {
  type: 'object',
  required: ['workspaceId'],
  properties: { workspaceId: { type: 'string', maxLength: 100 } },
} as const;

export const redirectResult = {
  type: 'object',
  required: ['redirect'],
  properties: { redirect: { ...str, description: 'Where the browser goes next' } },
} as const;
export const acceptedResult = { type: 'object', required: ['message'], properties: { message: str } } as const;

const role = { type: 'string', enum: ['admin', 'member'] } as const;
const nullableStr = { type: 'string', nullable: true } as const;

export const sessionResult = {
  type: 'object',
  required: ['user', 'workspace', 'workspaces', 'csrfToken'],
  properties: {
    user: { type: 'object', required: ['id', 'email', 'name'], properties: { id: str, email: str, name: str } },
    workspace: {
      type: 'object',
      required: ['id', 'name', 'slug', 'plan', 'role', 'companyLogo', 'dashboardUrl'],
      properties: {
        id: str,
        name: str,
        slug: nullableStr,
        plan: str,
        role,
        companyLogo: nullableStr,
        dashboardUrl: str,
      },
    },
    workspaces: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'slug', 'role', 'dashboardUrl'],
        properties: { id: str, name: str, slug: nullableStr, role, dashboardUrl: str },
      },
    },
    csrfToken: { ...str, description: 'Send as X-CSRF-Token on every non-GET request of this session' },
  },
} as const;
