// The history's filters (type, partition, zone, time range), read from its form.

/** A filter from the form's fields; `matches(event)` says whether an event passes it. */
export class HistoryFilter {
  constructor(form) {
    const data = new FormData(form);
    const number = (name) => (data.get(name) ? Number(data.get(name)) : undefined);
    const seconds = (name) => (data.get(name) ? Math.floor(new Date(data.get(name)).getTime() / 1000) : undefined);
    this.type = data.get('type') || undefined;
    this.partition = number('partition');
    this.zone = number('zone');
    this.from = seconds('from');
    this.to = seconds('to');
  }

  matches(event) {
    return (this.type === undefined || event.type === this.type)
      && (this.partition === undefined || event.partition === this.partition)
      && (this.zone === undefined || event.zone === this.zone)
      && (this.from === undefined || event.timestamp >= this.from)
      && (this.to === undefined || event.timestamp <= this.to);
  }

  /** Whether `event` and everything older is before the time range: no need to read further back. */
  isBeforeRange(event) {
    return this.from !== undefined && event.timestamp < this.from;
  }
}
