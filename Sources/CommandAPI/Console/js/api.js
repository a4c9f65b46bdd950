// The command API, with the token in the Authorization header (never in a URL or cookie).
// A 401 means the token was revoked (or never valid): every listener of `signedOut` is told.

/** An answer other than 2xx: `status` and the server's `{"error": …}` text. */
export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

let token;
const signedOutListeners = new Set();

/** Sets the token the requests carry (undefined: none). */
export function useToken(value) {
  token = value;
}

/** The current token, for the stream's own fetch. */
export function currentToken() {
  return token;
}

/** Calls `listener` when the server refuses the token (401). */
export function onSignedOut(listener) {
  signedOutListeners.add(listener);
}

/** Tells the listeners the token is no longer valid. */
export function reportUnauthorized() {
  for (const listener of signedOutListeners) listener();
}

/** The headers of an authenticated request. */
export function authHeaders(extra = {}) {
  return { Authorization: `Bearer ${token}`, ...extra };
}

/**
 * `method` on `path` with a JSON `body` (optional); resolves to the parsed JSON answer (or null
 * for an empty one), rejects with an APIError for any other status than 2xx.
 */
export async function request(path, { method = 'GET', body, signal } = {}) {
  const headers = authHeaders(body === undefined ? {} : { 'Content-Type': 'application/json' });
  const response = await fetch(path, {
    method, headers, signal, cache: 'no-store', credentials: 'omit',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? parseJSON(text) : null;
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) {
    throw new APIError(response.status, json?.error ?? `${response.status} ${response.statusText}`);
  }
  return json;
}

function parseJSON(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { error: text.slice(0, 200) };
  }
}
