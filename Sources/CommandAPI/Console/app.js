// The console's entry point: sign-in, the live stream feeding every view, and navigation
// between the views by the address's fragment (#live, #history, …, #event=<id> from a
// notification).

import { onSignedOut, request, useToken, APIError } from './js/api.js';
import { byId } from './js/dom.js';
import { ConsoleModel } from './js/model.js';
import { LiveStream } from './js/stream.js';
import { LiveView } from './js/live-view.js';
import { HistoryView } from './js/history-view.js';
import { ControlView } from './js/control-view.js';
import { DeliveryView } from './js/delivery-view.js';
import { DevicesView } from './js/devices-view.js';
import { ConnectionIndicator } from './js/connection-indicator.js';
import { forgetToken, isTokenShaped, storedToken, storeToken, takeTokenFromFragment } from './js/session.js';

/** How many recent events seed the zone grid and the delays before the stream takes over. */
const SEED_EVENTS = 1000;
const VIEWS = ['live', 'history', 'control', 'delivery', 'devices'];

// Events that change an alarm's record in the delivery view: its acknowledgements and escalation steps.
const ALARM_RECORD_CODES = new Set(['acknowledged', 'escalation']);

const model = new ConsoleModel();
const liveView = new LiveView(model);
const historyView = new HistoryView();
const controlView = new ControlView();
const deliveryView = new DeliveryView();
const devicesView = new DevicesView();
const indicator = new ConnectionIndicator(liveView);
let scope;

const stream = new LiveStream({
  onConnection: (state) => indicator.set(state),
  onFrame: ({ event, data }) => {
    if (event === 'status') {
      model.applyStatus(data);
      controlView.setPartitions(data.partitions);
    } else if (event === 'event') {
      model.applyEvent(data);
      historyView.addLive(data);
      controlView.applyEvent(data);
      if (ALARM_RECORD_CODES.has(data.event.code) || data.event.type === 'alarm') deliveryView.deliveryChanged();
    } else if (event === 'delivery') {
      deliveryView.deliveryChanged();
    } else if (event === 'daemons') {
      model.applyDaemons(data.daemons);
    }
  },
});

// Every 401 (a request, the stream) ends here: a revoked token signs the device out.
onSignedOut(() => signOut('This device was signed out: its token is not valid (mistyped, or revoked).'));

function showView(name) {
  const view = VIEWS.includes(name) && (name !== 'control' || scope === 'control') ? name : 'live';
  for (const candidate of VIEWS) byId(`view-${candidate}`).hidden = candidate !== view;
  for (const link of byId('nav').querySelectorAll('a[data-view]')) {
    if (link.dataset.view === view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (view === 'history') historyView.show();
  if (view === 'delivery') deliveryView.show();
  else deliveryView.hide();
  if (view === 'devices') devicesView.show();
}

async function route() {
  if (!scope) return;
  const eventMatch = /^#event=([0-9a-fA-F-]{36})$/.exec(window.location.hash);
  if (!eventMatch) {
    showView(window.location.hash.slice(1));
    return;
  }
  showView('history');
  const focus = byId('event-focus');
  const found = await historyView.reveal(eventMatch[1].toLowerCase());
  focus.hidden = found;
  focus.textContent = found ? '' : 'That event is no longer in the history.';
}

function showSignIn(message = '') {
  scope = undefined;
  for (const candidate of VIEWS) byId(`view-${candidate}`).hidden = true;
  byId('nav').hidden = true;
  byId('footer').hidden = true;
  byId('view-signin').hidden = false;
  byId('signin-error').textContent = message;
  indicator.set('idle');
}

async function signIn(token) {
  useToken(token);
  let whoami;
  try {
    whoami = await request('/v1/whoami');
  } catch (error) {
    // A 401 has signed the device out already (onSignedOut).
    if (!(error instanceof APIError && error.status === 401)) {
      useToken(undefined);
      showSignIn(`Cannot reach the server: ${error.message}`);
    }
    return;
  }
  await storeToken(token);
  scope = whoami.scope;
  for (const element of document.querySelectorAll('[data-needs="control"]')) element.hidden = scope !== 'control';
  devicesView.setScope(scope);
  deliveryView.setScope(scope);
  byId('whoami').textContent = `Signed in as ${whoami.name}${scope === 'control' ? '' : ' (read only)'}`;
  byId('view-signin').hidden = true;
  byId('nav').hidden = false;
  byId('footer').hidden = false;
  await seedModel();
  stream.start();
  await route();
}

/** Reads the recent events into the model, so the zone grid has names, and the stream resumes after them. */
async function seedModel() {
  try {
    const page = await request(`/v1/events?limit=${SEED_EVENTS}`);
    for (const stored of page.events) model.applyEvent(stored, true);
    if (page.events.length) stream.lastEventId = String(page.next_after);
  } catch {
    // The stream's status frame still fills the view; only closed zones' names are missing.
  }
}

async function signOut(message) {
  stream.stop();
  stream.lastEventId = undefined;
  useToken(undefined);
  await forgetToken();
  showSignIn(message);
}

byId('signin-form').addEventListener('submit', async (submit) => {
  submit.preventDefault();
  const input = byId('signin-token');
  const token = input.value.trim();
  input.value = '';
  if (!isTokenShaped(token)) {
    byId('signin-error').textContent = 'An API token starts with hal_ and has 47 characters.';
    return;
  }
  await signIn(token);
});
byId('signout').addEventListener('click', () => signOut('Signed out.'));
window.addEventListener('hashchange', route);
// A phone waking up asks who it is: a token revoked meanwhile signs it out (401) at once.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && scope) request('/v1/whoami').catch(() => {});
});

async function boot() {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the console works; only push notifications are unavailable.
    });
  }
  const fromLink = takeTokenFromFragment();
  const token = fromLink ?? await storedToken();
  if (token) await signIn(token);
  else showSignIn();
}

boot();
