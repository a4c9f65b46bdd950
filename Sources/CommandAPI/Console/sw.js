// The console's service worker: shows the alarm notifications that arrive by Web Push, and
// handles their "Open" and "Acknowledge" actions. Payload (contract: the push consumer's Web Push
// message): {"title","body","event_id"?,"type","alarm","partition"?,"zone"?,"time","tag"}, and for
// alarms and escalations "ack_path" and "ack_token": the notification's own acknowledgement token,
// which acknowledges the alarm as this browser without an API token (POST /v1/alarms/{id}/ack;
// an escalation's ack_path names the alarm it escalates).
// Without one (or when it is refused) the token the page keeps in IndexedDB (database
// `howalarming`, store `session`, key `token`) is used; it is only read here.

// The notifications' icon, kept by the worker: a notification is shown only once its icon is
// loaded (Chromium waits up to 90 s), and a phone away from home may not reach this server.
const ICON = '/icons/icon-192.png';
const ICON_CACHE = 'howalarming-notification-icon';

self.addEventListener('install', (event) => {
  event.waitUntil(keepIcon().finally(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  event.waitUntil(showAlarm(event.data));
});

self.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  notification.close();
  const eventId = notification.data?.event_id;
  const alarmId = notification.data?.ack_alarm_id;
  if (event.action === 'ack' && alarmId) {
    event.waitUntil(acknowledge(alarmId, notification.data.ack_token));
  } else {
    event.waitUntil(openConsole(eventId));
  }
});

async function showAlarm(data) {
  let message;
  try {
    message = data ? data.json() : {};
  } catch {
    message = { title: 'HowAlarming', body: data.text() };
  }
  const actions = [{ action: 'open', title: 'Open' }];
  const alarmId = acknowledgedAlarm(message);
  if (alarmId) actions.push({ action: 'ack', title: 'Acknowledge' });
  const icon = await keptIcon();
  return self.registration.showNotification(message.title || 'HowAlarming', {
    body: message.body ?? '',
    tag: message.tag,
    renotify: Boolean(message.tag && message.alarm),
    requireInteraction: Boolean(message.alarm),
    timestamp: message.time,
    icon,
    badge: icon,
    data: { ...message, ack_alarm_id: alarmId },
    actions,
  });
}

// Fetches the icon into the worker's cache; a failure leaves the notifications without one.
function keepIcon() {
  return caches.open(ICON_CACHE).then((cache) => cache.add(ICON)).catch(() => undefined);
}

// The kept icon as a data: URL, which shows without the network. Without one that can be read,
// no icon (never no notification), and it is fetched for the next, which does not wait for it.
async function keptIcon() {
  try {
    const kept = await caches.match(ICON, { cacheName: ICON_CACHE });
    if (kept) {
      const bytes = new Uint8Array(await kept.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return `data:image/png;base64,${btoa(binary)}`;
    }
  } catch {
    // A damaged cache: as if none were kept.
  }
  keepIcon();
  return undefined;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ACK_PATH = new RegExp(`^/v1/alarms/(${UUID})/ack$`);

// The alarm the Acknowledge action acknowledges: the one ack_path names when it is exactly
// /v1/alarms/<uuid>/ack (an escalation names the alarm it escalates), else an alarm's own id.
function acknowledgedAlarm(message) {
  const named = typeof message.ack_path === 'string' ? ACK_PATH.exec(message.ack_path) : null;
  if (named) return named[1];
  return message.type === 'alarm' && typeof message.event_id === 'string' ? message.event_id : undefined;
}

async function openConsole(eventId) {
  const url = new URL(eventId ? `/#event=${eventId}` : '/', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (existing) {
    // Navigate first: the event is shown even where the browser refuses the focus.
    const navigated = await existing.navigate(url);
    return (navigated ?? existing).focus();
  }
  return self.clients.openWindow(url);
}

// How long an acknowledgement waits for the box: a phone away from home may not reach it, and the
// person must learn soon that the alarm is not acknowledged.
const ACK_TIMEOUT_MS = 10_000;

// The path is made here from the alarm's id, never taken whole from the message: a token goes to
// this origin's acknowledgement endpoint only.
async function acknowledge(eventId, ackToken) {
  const path = `/v1/alarms/${encodeURIComponent(eventId)}/ack`;
  let response = ackToken ? await postWith(path, ackToken) : undefined;
  // Refused, or no token of its own: the page's token. Unanswered: the page's would be too.
  if (response === undefined || (response && !response.ok)) {
    const token = await storedToken();
    if (token) response = await postWith(path, token);
  }
  if (response === undefined) return openConsole(eventId);
  if (!response?.ok) {
    await self.registration.showNotification('Not acknowledged', {
      body: notAcknowledgedBecause(response),
      tag: `ack-${eventId}`,
      data: { event_id: eventId },
    });
  }
  return undefined;
}

function notAcknowledgedBecause(response) {
  if (response === null) return 'HowAlarming did not answer. Acknowledge from the console once you can reach it.';
  if (response.status === 403) return 'This device may only read: acknowledge from a device with a control token.';
  return `The server answered ${response.status}. Open the console to acknowledge.`;
}

// The response, or null when the box did not answer (unreachable, or not within ACK_TIMEOUT_MS).
function postWith(path, token) {
  return fetch(path, {
    method: 'POST', headers: { Authorization: `Bearer ${token}` }, credentials: 'omit', cache: 'no-store',
    signal: AbortSignal.timeout(ACK_TIMEOUT_MS),
  }).catch(() => null);
}

function storedToken() {
  return new Promise((resolve) => {
    const open = indexedDB.open('howalarming', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('session');
    open.onerror = () => resolve(undefined);
    open.onsuccess = () => {
      const database = open.result;
      const read = database.transaction('session', 'readonly').objectStore('session').get('token');
      read.onsuccess = () => resolve(read.result);
      read.onerror = () => resolve(undefined);
      read.transaction.oncomplete = () => database.close();
    };
  });
}
