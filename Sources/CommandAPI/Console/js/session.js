// The signed-in token: kept only in IndexedDB (database `howalarming`, store `session`, key
// `token`), where the service worker reads it too. Never in localStorage, cookies or URLs.

const DATABASE = 'howalarming';
const STORE = 'session';
const KEY = 'token';

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, operation) {
  const database = await openDatabase();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = operation(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

/** The stored token, or undefined. */
export function storedToken() {
  return transact('readonly', (store) => store.get(KEY));
}

/** Stores `token` for this device. */
export function storeToken(token) {
  return transact('readwrite', (store) => store.put(token, KEY));
}

/** Forgets the token. */
export function forgetToken() {
  return transact('readwrite', (store) => store.delete(KEY));
}

/**
 * A token from the QR link's fragment (`#token=hal_…`), removed from the address at once so that
 * it is in no history entry, bookmark or screenshot of the address bar; undefined without one.
 */
export function takeTokenFromFragment() {
  const match = /^#token=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!match) return undefined;
  history.replaceState(null, '', window.location.pathname + window.location.search);
  return match[1];
}

/** Whether `text` looks like an API token (`hal_` and 43 base64url characters). */
export function isTokenShaped(text) {
  return /^hal_[A-Za-z0-9_-]{43}$/.test(text);
}
