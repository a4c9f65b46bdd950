// What the live view shows, built from the stream: the server's status document (partitions,
// open zones, troubles, panel link) refined by the events — the exit and entry delays, zones
// that are closed, in alarm or bypassed, and each zone's last change.

const ENDS_DELAY = new Set(['601', '652', '654', '655', '659', '672']);

/** The zones marked in a `616` bypass bitfield (`raw` "616 0100…": byte n bit b is zone 8n+b+1). */
export function bypassedZones(raw) {
  const hex = raw.split(' ')[1] ?? '';
  const zones = [];
  for (let byte = 0; byte * 2 + 2 <= hex.length; byte += 1) {
    const bits = parseInt(hex.slice(byte * 2, byte * 2 + 2), 16);
    for (let bit = 0; bit < 8; bit += 1) if (bits & (1 << bit)) zones.push(byte * 8 + bit + 1);
  }
  return zones;
}

/** The live state; `subscribe(listener)` is called after every change. */
export class ConsoleModel {
  constructor() {
    this.status = undefined;
    this.zones = new Map();
    this.phases = new Map();
    this.readiness = new Map();
    this.listeners = new Set();
  }

  subscribe(listener) {
    this.listeners.add(listener);
  }

  changed() {
    for (const listener of this.listeners) listener(this);
  }

  zone(number) {
    if (!this.zones.has(number)) {
      this.zones.set(number, { zone: number, name: undefined, open: false, alarm: false, bypassed: false, since: undefined });
    }
    return this.zones.get(number);
  }

  /** Takes a `GET /v1/status` document (the server's word on partitions, open zones, troubles). */
  applyStatus(status) {
    this.status = status;
    const open = new Map(status.open_zones.map((zone) => [zone.zone, zone]));
    for (const zone of this.zones.values()) if (!open.has(zone.zone)) zone.open = false;
    for (const entry of open.values()) {
      const zone = this.zone(entry.zone);
      zone.open = true;
      zone.name = entry.name ?? zone.name;
      zone.since = Math.max(zone.since ?? 0, entry.since);
    }
    this.changed();
  }

  /** Takes a `daemons` frame's list: which daemons run now. */
  applyDaemons(daemons) {
    if (!this.status) return;
    this.status = { ...this.status, daemons };
    this.changed();
  }

  /** Takes one stored event `{cursor, event}`; `quiet` skips notifying (a batch). */
  applyEvent({ event }, quiet = false) {
    const partition = event.partition ?? 1;
    if (event.code === '656') this.phases.set(partition, 'exit_delay');
    else if (event.code === '657') this.phases.set(partition, 'entry_delay');
    else if (ENDS_DELAY.has(event.code)) this.phases.delete(partition);
    if (event.code === '650' || event.code === '653') this.readiness.set(partition, true);
    if (event.code === '651') this.readiness.set(partition, false);
    if (event.zone !== undefined) this.applyZoneEvent(event);
    if (event.code === '616') {
      const bypassed = new Set(bypassedZones(event.raw));
      for (const zone of this.zones.values()) zone.bypassed = bypassed.has(zone.zone);
      for (const number of bypassed) this.zone(number).bypassed = true;
    }
    if (!quiet) this.changed();
  }

  applyZoneEvent(event) {
    const zone = this.zone(event.zone);
    zone.name = event.zone_name ?? zone.name;
    const effects = { 609: { open: true }, 610: { open: false }, 601: { alarm: true }, 602: { alarm: false } }[event.code];
    if (!effects) return;
    Object.assign(zone, effects);
    zone.since = event.timestamp;
  }

  /** The partition's state as shown: `alarm`, `exit_delay`, `entry_delay`, `armed_stay`, `armed_away`, `armed`, `ready`, `not_ready`, `disarmed` or `unknown`. */
  partitionState(partition) {
    if (partition.state === 'alarm') return 'alarm';
    const phase = this.phases.get(partition.partition);
    if (phase) return phase;
    if (partition.state === 'armed') {
      if (partition.message.includes('(stay)') || partition.message.includes('zero-entry stay')) return 'armed_stay';
      if (partition.message.includes('away')) return 'armed_away';
      return 'armed';
    }
    if (partition.state === 'disarmed') {
      const ready = this.readiness.get(partition.partition);
      if (ready === true) return 'ready';
      if (ready === false) return 'not_ready';
      return 'disarmed';
    }
    return 'unknown';
  }
}
