// Devices: register this browser for Web Push, and list, rename and remove the devices the push
// consumer knows (its last report, `GET /v1/devices`). Changes go through the queue, so the list
// is read again a few times after one.

import { request } from './api.js';
import { byId, el, replaceChildren, timeElement } from './dom.js';
import { confirmAction } from './confirm.js';
import { pushUnsupportedReason, subscribe } from './push-subscription.js';

const REFRESHES_AFTER_CHANGE = 5;
const REFRESH_INTERVAL_MS = 1_000;

export class DevicesView {
  constructor() {
    this.list = byId('devices-list');
    this.state = byId('devices-push-state');
    this.registerButton = byId('devices-register');
    this.registerButton.addEventListener('click', () => this.register());
    this.canControl = false;
  }

  setScope(scope) {
    this.canControl = scope === 'control';
  }

  async show() {
    await this.load();
  }

  async load() {
    try {
      this.document = await request('/v1/devices');
    } catch (error) {
      // Without the server's VAPID key this browser cannot subscribe.
      this.registerButton.disabled = true;
      this.state.textContent = '';
      replaceChildren(this.list, [el('li', { class: 'error', text: `Could not load devices: ${error.message}` })]);
      return;
    }
    const unsupported = pushUnsupportedReason();
    const key = this.document.web_push?.vapid_public_key;
    this.state.textContent = unsupported
      ?? (key ? 'This browser can get alarm notifications.' : 'Web Push is not set up on the server (howalarming-push vapid generate).');
    this.registerButton.disabled = Boolean(unsupported) || !key;
    const items = this.document.devices.map((device) => this.deviceItem(device));
    replaceChildren(this.list, items.length ? items : [el('li', { class: 'muted', text: 'No device registered.' })]);
  }

  deviceItem(device) {
    const label = device.name ?? `${device.platform} device`;
    const registered = device.owner ? `registered by ${device.owner} ` : 'registered ';
    const details = el('p', { class: 'muted' }, `${device.platform} · ${registered}`, timeElement(device.registered_at, 'ms'),
      device.last_success_at ? ' · last delivered ' : '', device.last_success_at ? timeElement(device.last_success_at, 'ms') : '',
      device.last_error ? ` · last error: ${device.last_error}` : '');
    const item = el('li', { class: 'card device', 'data-device': device.device }, el('h3', { text: label }), details);
    if (this.canControl) item.append(this.controls(device, label));
    return item;
  }

  controls(device, label) {
    const inputId = `rename-${device.device}`;
    const input = el('input', { id: inputId, value: device.name ?? '', maxlength: 100, autocomplete: 'off' });
    const rename = el('button', { type: 'submit', text: 'Rename' });
    const form = el('form', { class: 'inline' }, el('label', { for: inputId, text: `New name for ${label}` }), input, rename);
    form.addEventListener('submit', (submit) => {
      submit.preventDefault();
      this.change(`/v1/devices/${encodeURIComponent(device.device)}`, 'PATCH', { name: input.value.trim() });
    });
    const remove = el('button', { type: 'button', class: 'danger', text: `Remove ${label}` });
    remove.addEventListener('click', async () => {
      const answer = await confirmAction({ title: `Remove ${label}?`, text: 'It will get no more alarm notifications.', confirmLabel: 'Remove' });
      if (answer) this.change(`/v1/devices/${encodeURIComponent(device.device)}`, 'DELETE');
    });
    return el('div', { class: 'device-controls' }, form, remove);
  }

  async register() {
    try {
      const subscription = await subscribe(this.document.web_push.vapid_public_key);
      const name = `${navigator.platform || 'Browser'} (${new Date().toLocaleDateString()})`;
      await this.change('/v1/devices', 'POST', { platform: 'web', subscription, name });
      this.state.textContent = 'This browser is registered: it will get alarm notifications.';
    } catch (error) {
      this.state.textContent = `Could not register this browser: ${error.message}`;
    }
  }

  async change(path, method, body) {
    try {
      await request(path, { method, body });
    } catch (error) {
      this.state.textContent = `Not done: ${error.message}`;
      return;
    }
    for (let refresh = 0; refresh < REFRESHES_AFTER_CHANGE; refresh += 1) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_INTERVAL_MS));
      await this.load();
    }
  }
}
