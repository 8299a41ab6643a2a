/** Options of the client and of each request. */
/** The External API's place below `baseURL` (`{base_url}/external/v1/…`). */
export const EXTERNAL_PREFIX = '/external/v1';
