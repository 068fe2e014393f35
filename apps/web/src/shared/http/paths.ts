/** API root `{origin}/v0` (DECISIONS.md §1); the console is served from the same origin. */
export const API_ROOT = '/v0';
export const AUTH_API = `${API_ROOT}/web/auth/admin`;
export const SECURE_API = `${API_ROOT}/web/secure`;
/** GET /infoz sits on the API root minus its last three characters ('/v0'). */
export const INFOZ_PATH = `${API_ROOT.slice(0, -3)}/infoz`;
