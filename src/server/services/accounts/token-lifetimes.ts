/** How long tokens live: read by the token service, the sessions, the cut-offs and the housekeeping. */

/** An access token (a JWT) is accepted for 15 minutes after it is signed. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token works for 30 days, once (each use rotates it). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
