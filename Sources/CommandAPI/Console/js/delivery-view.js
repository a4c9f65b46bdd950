// Delivery: for every alarm, each phone and what became of its notification (delivered,
// retrying, failed and why, pruned, or pending), from the push consumer's reports
// (`GET /v1/deliveries`), newest first; a delivery report on the stream reloads it. Beside them,
// who acknowledged the alarm and when: a token's holder, or a device from its notification's
// Acknowledge action. Then its escalation (docs/escalation.md): each step made while nobody
// acknowledged, and when and why it stopped. A control token can acknowledge an alarm here
// (`POST /v1/events/{cursor}/acknowledge`), which stops its escalation.

import { request } from './api.js';
import { byId, el, replaceChildren, timeElement } from './dom.js';

const PAGE = 20;
const STATUS_LABELS = { delivered: 'Delivered', retrying: 'Retrying', failed: 'Failed', pruned: 'Removed (no longer valid)', pending: 'Pending' };

export class DeliveryView {
  constructor() {
    this.list = byId('delivery-list');
    this.more = byId('delivery-more');
    this.more.addEventListener('click', () => this.load(this.oldest));
    this.shown = false;
    this.canControl = false;
  }

  setScope(scope) {
    this.canControl = scope === 'control';
  }

  show() {
    this.shown = true;
    this.load();
  }

  hide() {
    this.shown = false;
  }

  /** A delivery report arrived on the stream: the open view reloads. */
  deliveryChanged() {
    if (this.shown) this.load();
  }

  async load(before) {
    const query = before === undefined ? `?limit=${PAGE}` : `?limit=${PAGE}&before=${before}`;
    let page;
    try {
      page = await request(`/v1/deliveries${query}`);
    } catch (error) {
      replaceChildren(this.list, [el('li', { class: 'error', text: `Could not load deliveries: ${error.message}` })]);
      return;
    }
    const items = page.alarms.map((alarm) => this.alarmItem(alarm));
    if (before === undefined) replaceChildren(this.list, items.length ? items : [el('li', { class: 'muted', text: 'No alarm yet.' })]);
    else this.list.append(...items);
    this.oldest = page.alarms.at(-1)?.cursor ?? this.oldest;
    this.more.hidden = page.alarms.length < PAGE;
  }

  alarmItem(alarm) {
    const { event } = alarm;
    const acknowledgements = alarm.acknowledgements.map((ack) => el('li', { class: 'ack', 'data-device': ack.device },
      `Acknowledged by ${ack.by}${ack.device ? ' from its notification' : ''} `, timeElement(ack.time, 'ms')));
    const devices = alarm.devices.map((device) => el('li', { class: 'delivery', 'data-status': device.status },
      el('span', { class: 'delivery-device', text: device.name ?? `${device.platform} device ${device.device.slice(0, 6)}` }),
      el('strong', { text: STATUS_LABELS[device.status] ?? device.status }),
      device.reason ? el('span', { class: 'muted', text: device.reason }) : null,
      el('span', { class: 'muted' }, `${device.attempts} attempt${device.attempts === 1 ? '' : 's'}`, device.time ? ' · ' : '', device.time ? timeElement(device.time, 'ms') : '')));
    return el('li', { class: 'card alarm', 'data-cursor': alarm.cursor },
      el('h3', {}, event.message || event.type, ' · ', timeElement(event.timestamp)),
      devices.length ? el('ul', { class: 'delivery-devices' }, devices) : el('p', { class: 'muted', text: 'No device was registered.' }),
      acknowledgements.length ? el('ul', { class: 'acks' }, acknowledgements) : el('p', { class: 'muted', text: 'Not acknowledged yet.' }),
      alarm.escalation ? this.escalationList(alarm.escalation) : null,
      this.canControl ? this.acknowledgeButton(alarm) : null);
  }

  escalationList(escalation) {
    const steps = escalation.steps.map((step) => el('li', { class: 'escalation-step', 'data-step': step.step },
      `Escalation ${step.step}: sent again to every device `, timeElement(step.time, 'ms')));
    const end = escalation.stopped_at === null
      ? el('li', { class: 'escalation-state muted', text: steps.length ? 'Escalating until acknowledged' : 'Escalates unless acknowledged' })
      : el('li', { class: 'escalation-state', 'data-stopped': 'true' }, `Escalation stopped: ${escalation.stop_reason} `, timeElement(escalation.stopped_at, 'ms'));
    return el('ul', { class: 'escalation' }, [...steps, end]);
  }

  acknowledgeButton(alarm) {
    const button = el('button', { type: 'button', text: 'Acknowledge' });
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        await request(`/v1/events/${alarm.cursor}/acknowledge`, { method: 'POST' });
        await this.load();
      } catch (error) {
        button.disabled = false;
        button.textContent = `Acknowledge (failed: ${error.message})`;
      }
    });
    return button;
  }
}
