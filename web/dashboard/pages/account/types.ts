/** The account profile as GET/PATCH /api/v1/dashboard/account answer it, from the OpenAPI types. */
import type { Answer } from '../../apiTypes.js';

export type Profile = Answer<'/api/v1/dashboard/account', 'get'>['data'];
