// A parser for the text/event-stream format (the HTML standard's rules), fed text as it
// arrives in chunks; it returns each complete frame once.

/** Reads server-sent event frames from text chunks. */
export class EventStreamParser {
  constructor() {
    this.buffer = '';
    this.reset();
  }

  reset() {
    this.event = '';
    this.data = [];
    this.id = undefined;
    this.retry = undefined;
  }

  /** Feeds `chunk`; returns the frames completed by it: `{event, data, id, retry}`. */
  feed(chunk) {
    this.buffer += chunk;
    const frames = [];
    let newline;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      // A lone \r at the very end may be the first half of \r\n: wait for more.
      if (width === 1 && this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(newline + width);
      const frame = this.line(line);
      if (frame) frames.push(frame);
    }
    return frames;
  }

  line(line) {
    if (line === '') {
      if (this.data.length === 0 && this.retry === undefined) {
        this.event = '';
        return undefined;
      }
      const frame = { event: this.event || 'message', data: this.data.join('\n'), id: this.id, retry: this.retry };
      this.reset();
      return frame;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }
}
