// The live view: partitions, panel link, troubles, daemons and the zone grid, drawn from the model; when
// the stream is lost, everything is marked as out of date at once.

import { byId, el, replaceChildren, timeElement } from './dom.js';

const PARTITION_LABELS = {
  alarm: 'In alarm', exit_delay: 'Exit delay', entry_delay: 'Entry delay', armed_stay: 'Armed stay',
  armed_away: 'Armed away', armed: 'Armed', ready: 'Disarmed, ready', not_ready: 'Disarmed, not ready',
  disarmed: 'Disarmed', unknown: 'Unknown',
};

const SOUNDING_LABELS = { exit_delay: 'exit delay beeps', entry_delay: 'entry delay tone', alarm: 'alarm', trouble: 'trouble beeps' };

/** `Keypad: ready, backlight (flashing: trouble) · exit delay beeps`, with `(derived)` when the panel does not report the LEDs. */
function keypadText(keypad) {
  const leds = keypad.leds.length ? keypad.leds.join(', ') : 'no LED lit';
  const flashing = keypad.flashing.length ? ` (flashing: ${keypad.flashing.join(', ')})` : '';
  const source = keypad.leds_source === 'derived' ? ' (derived)' : '';
  const sounding = SOUNDING_LABELS[keypad.sounding];
  return `Keypad: ${leds}${flashing}${source}${sounding ? ` · ${sounding}` : ''}`;
}

const LINK_LABELS = { up: 'Connected to the panel', down: 'No connection to the panel', unknown: 'Unknown' };

const DAEMON_LABELS = { running: 'Running', stopped: 'Stopped', unknown: 'Unknown (no answer from the queue)' };

/** Draws `model` into the live view; `setLive(false, …)` marks it out of date. */
export class LiveView {
  constructor(model) {
    this.model = model;
    this.section = byId('view-live');
    model.subscribe(() => this.render());
  }

  /** `live`: a status of the current connection is shown; `lost`: the stream dropped since. */
  setLive(live, lost) {
    byId('live-stale').hidden = !lost;
    this.section.classList.toggle('stale', !live);
    this.section.setAttribute('aria-busy', String(!live));
  }

  render() {
    const { status } = this.model;
    if (!status) return;
    replaceChildren(byId('partitions'), status.partitions.map((partition) => this.partitionItem(partition)));
    const link = status.panel_link;
    const linkText = byId('panel-link');
    linkText.dataset.state = link.state;
    replaceChildren(linkText, [LINK_LABELS[link.state] ?? link.state, link.since ? ' since ' : '', link.since ? timeElement(link.since) : '']);
    const troubles = status.troubles.map((trouble) => el('li', { class: 'trouble', 'data-name': trouble.name },
      el('strong', { text: trouble.title }), ' ', el('span', { class: 'muted', text: trouble.message }), ' ', timeElement(trouble.since)));
    replaceChildren(byId('troubles'), troubles.length ? troubles : [el('li', { class: 'muted', text: 'None' })]);
    const daemons = (status.daemons ?? []).map((daemon) => el('li', { class: 'daemon', 'data-state': daemon.state, 'data-tube': daemon.tube },
      el('span', { class: 'daemon-name', text: daemon.name }), ' ',
      el('strong', { class: 'daemon-state', text: DAEMON_LABELS[daemon.state] ?? daemon.state }), ' ',
      el('span', { class: 'muted' }, 'since ', timeElement(daemon.since))));
    replaceChildren(byId('daemons'), daemons.length ? daemons : [el('li', { class: 'muted', text: 'None configured' })]);
    const zones = [...this.model.zones.values()].sort((a, b) => a.zone - b.zone).map((zone) => this.zoneItem(zone));
    replaceChildren(byId('zones'), zones.length ? zones : [el('li', { class: 'muted', text: 'No zone reported yet' })]);
  }

  partitionItem(partition) {
    const state = this.model.partitionState(partition);
    return el('li', { class: 'partition', 'data-state': state, 'data-partition': partition.partition },
      el('span', { class: 'partition-name', text: `Partition ${partition.partition}` }),
      el('strong', { class: 'partition-state', text: PARTITION_LABELS[state] }),
      el('span', { class: 'muted' }, partition.message, ' · ', timeElement(partition.since)),
      ...this.activity(partition));
  }

  /** Who armed or disarmed the partition last, its alarm memory (the zones that alarmed since it was last armed), its door chime and keypad. */
  activity(partition) {
    const parts = [];
    if (partition.chime) parts.push(el('span', { class: 'partition-chime muted', text: `Chime ${partition.chime.on ? 'on' : 'off'}` }));
    const keypad = partition.keypad;
    if (keypad) parts.push(el('span', { class: 'partition-keypad muted', text: keypadText(keypad) }));
    const by = partition.changed_by;
    if (by) {
      const who = by.name ? `${by.name} (user ${by.user})` : `user ${by.user}`;
      parts.push(el('span', { class: 'partition-changed-by muted' }, `${by.action === 'armed' ? 'Armed' : 'Disarmed'} by ${who} · `, timeElement(by.since)));
    }
    const memory = partition.alarm_memory ?? [];
    if (memory.length) {
      const zones = memory.map((zone) => zone.name ?? `zone ${zone.zone}`).join(', ');
      parts.push(el('span', { class: 'partition-alarm-memory', text: `Alarm memory: ${zones}` }));
    }
    return parts;
  }

  zoneItem(zone) {
    const flags = [zone.alarm && 'in alarm', zone.bypassed && 'bypassed'].filter(Boolean);
    const state = zone.alarm ? 'alarm' : zone.open ? 'open' : 'closed';
    return el('li', { class: 'zone', 'data-state': state, 'data-zone': zone.zone },
      el('span', { class: 'zone-name', text: zone.name ?? `Zone ${zone.zone}` }),
      el('span', { class: 'zone-state', text: [zone.open ? 'Open' : 'Closed', ...flags].join(', ') }),
      el('span', { class: 'muted' }, zone.since ? timeElement(zone.since) : 'no change seen'));
  }
}
