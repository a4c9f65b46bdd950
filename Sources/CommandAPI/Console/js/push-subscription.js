// Registering this browser for Web Push: the permission, the service worker's subscription with
// the server's VAPID public key, and its JSON (`PushSubscription.toJSON()`) for `POST /v1/devices`.

/** The bytes of a base64url string (the VAPID public key). */
export function base64urlBytes(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** Why this browser cannot get push messages, or undefined when it can. */
export function pushUnsupportedReason() {
  if (!window.isSecureContext) return 'Push needs HTTPS (or localhost): open the console over HTTPS.';
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'This browser has no Web Push. On an iPhone or iPad, add the console to the home screen first (Share → Add to Home Screen) and open it from there.';
  }
  return undefined;
}

/** Asks for permission and subscribes with `vapidPublicKey`; resolves to the subscription's JSON. */
export async function subscribe(vapidPublicKey) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are not allowed for this site: allow them in the browser settings.');
  const registration = await navigator.serviceWorker.ready;
  const key = base64urlBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

function sameKey(buffer, key) {
  if (!buffer) return false;
  const bytes = new Uint8Array(buffer);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}
