/** Options of the client and of each request (CONTRACT.md §9). */
/** The External API's place below `baseURL` (`{base_url}/external/v1/…`). */
export const EXTERNAL_PREFIX = '/external/v1';
