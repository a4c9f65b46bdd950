// Control: arm stay, arm away, disarm (with the access code typed each time), bypass and un-bypass
// of the zones typed, the partition's door chime on or off, and the panic keys (each behind a confirmation). The outcome shown for a
// command is what the integrator reported for its id — the echo (`command`), then the panel's
// `response`, or a `fault` saying why not (also after the response, when an arming the panel took
// fails: not ready, no `652` in time) —
// never a guess.

import { APIError, request } from './api.js';
import { byId, el, replaceChildren, timeElement } from './dom.js';
import { confirmAction } from './confirm.js';

const COMMANDS = {
  arm_stay: { label: 'Arm stay' },
  arm_away: { label: 'Arm away' },
  bypass: { label: 'Bypass', takesZones: true },
  unbypass: { label: 'Un-bypass', takesZones: true },
  chime_on: { label: 'Chime on' },
  chime_off: { label: 'Chime off' },
  disarm: { label: 'Disarm', confirm: { title: 'Disarm', text: 'Type the access code to disarm.', confirmLabel: 'Disarm', askCode: true } },
  fire: { label: 'Fire panic', confirm: { title: 'Fire panic?', text: 'This raises a fire alarm at the panel.', confirmLabel: 'Raise fire alarm' } },
  medical: { label: 'Medical panic', confirm: { title: 'Medical panic?', text: 'This raises a medical alarm at the panel.', confirmLabel: 'Raise medical alarm' } },
  police: { label: 'Police panic', confirm: { title: 'Police panic?', text: 'This raises a police alarm at the panel.', confirmLabel: 'Raise police alarm' } },
};

export class ControlView {
  constructor() {
    this.outcomes = new Map();
    this.early = new Map();
    this.partitionSelect = byId('control-partition');
    this.zonesInput = byId('control-zones');
    for (const button of byId('control-form').querySelectorAll('button[data-command]')) {
      button.addEventListener('click', () => this.run(button.dataset.command));
    }
  }

  /** Offers the partitions of the status document (partition 1 when none is known yet). */
  setPartitions(partitions) {
    const numbers = partitions.length ? partitions.map((partition) => partition.partition) : [1];
    const selected = this.partitionSelect.value;
    replaceChildren(this.partitionSelect, numbers.map((number) => el('option', { value: number, text: `Partition ${number}` })));
    if (numbers.map(String).includes(selected)) this.partitionSelect.value = selected;
  }

  async run(command) {
    const spec = COMMANDS[command];
    let code;
    if (spec.confirm) {
      const answer = await confirmAction(spec.confirm);
      if (!answer) return;
      code = answer.code;
    }
    const partition = Number(this.partitionSelect.value) || 1;
    const zones = spec.takesZones ? zoneNumbers(this.zonesInput.value) : undefined;
    const title = `${spec.label}${zones ? ` ${zones.join(', ')}` : ''}, partition ${partition}`;
    const item = el('li', { class: 'outcome', 'data-state': 'sending' },
      el('strong', { text: title }), ' ', el('span', { class: 'outcome-text', text: 'Sending…' }));
    byId('control-outcomes').prepend(item);
    if (zones && zones.length === 0) {
      this.show(item, 'failed', 'Not sent: type the numbers of the zones, such as 5 6');
      return;
    }
    try {
      const body = { command, partition, ...(code ? { access_code: code } : {}), ...(zones ? { zones } : {}) };
      const { id } = await request('/v1/commands', { method: 'POST', body });
      item.dataset.commandId = id;
      this.outcomes.set(id, item);
      this.show(item, 'queued', 'Queued; waiting for the panel…');
      for (const stored of this.early.get(id) ?? []) this.applyEvent(stored);
      this.early.delete(id);
    } catch (error) {
      this.show(item, 'failed', error instanceof APIError ? `Not sent: ${error.message}` : 'Not sent: no connection to the server');
    }
  }

  /** A stored event from the stream: updates the outcome of the command it answers. */
  applyEvent(stored) {
    const { event } = stored;
    if (!event.command_id) return;
    const item = this.outcomes.get(event.command_id);
    if (!item) {
      // The answer may arrive before the POST's reply: keep it for a moment.
      const waiting = this.early.get(event.command_id) ?? [];
      this.early.set(event.command_id, [...waiting, stored].slice(-5));
      if (this.early.size > 50) this.early.delete(this.early.keys().next().value);
      return;
    }
    if (event.type === 'command') this.show(item, 'sent', `Sent to the panel: ${event.message}`, event.timestamp);
    else if (event.type === 'response') this.show(item, 'done', `Panel: ${event.message}`, event.timestamp);
    else this.show(item, 'refused', `Refused: ${event.message}`, event.timestamp);
  }

  show(item, state, text, timestamp) {
    // A later step never goes back to an earlier one (the echo may be replayed after the answer);
    // only a fault may follow the panel's answer (an arming that failed after the panel took it).
    if (item.dataset.state === 'refused') return;
    if (item.dataset.state === 'done' && state !== 'refused') return;
    item.dataset.state = state;
    replaceChildren(item.querySelector('.outcome-text'), [text, timestamp ? ' · ' : '', timestamp ? timeElement(timestamp) : '']);
  }
}

/** The zone numbers typed (separated by spaces or commas); empty when there are none or one is not a number. */
function zoneNumbers(text) {
  const words = text.split(/[\s,]+/).filter(Boolean);
  return words.every((word) => /^[0-9]{1,2}$/.test(word)) ? words.map(Number) : [];
}
