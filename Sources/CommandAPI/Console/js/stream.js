// The live stream, `GET /v1/stream`, read with fetch() and a stream reader: EventSource cannot
// send the Authorization header. On every reconnection it sends `Last-Event-ID` itself, so the
// server replays what was missed (a phone that slept) and nothing is shown twice.

import { authHeaders, reportUnauthorized } from './api.js';
import { EventStreamParser } from './sse.js';

/** No byte for this long (the server sends a keepalive every 15 s) means the stream is dead. */
const SILENCE_LIMIT_MS = 40_000;
const DEFAULT_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * Keeps one stream open while started. `onFrame(frame)` gets every frame; `onConnection(state)`
 * gets `connecting`, `live` (the first status frame of a connection arrived) or `lost`, as soon as
 * it happens.
 */
export class LiveStream {
  constructor({ onFrame, onConnection }) {
    this.onFrame = onFrame;
    this.onConnection = onConnection;
    this.lastEventId = undefined;
    this.retryMs = DEFAULT_RETRY_MS;
    this.running = false;
    this.controller = undefined;
    this.wake = undefined;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.wake?.();
    });
    window.addEventListener('online', () => this.wake?.());
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.loop();
  }

  stop() {
    this.running = false;
    this.controller?.abort();
    this.wake?.();
  }

  async loop() {
    let failures = 0;
    while (this.running) {
      this.onConnection('connecting');
      const delivered = await this.connectOnce();
      if (!this.running) break;
      this.onConnection('lost');
      failures = delivered ? 0 : failures + 1;
      await this.pause(Math.min(this.retryMs * 2 ** Math.min(failures, 4), LONGEST_RETRY_MS));
    }
  }

  /** One connection, until it ends; resolves to whether any frame arrived. */
  async connectOnce() {
    const controller = new AbortController();
    this.controller = controller;
    let watchdog;
    const feedWatchdog = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => controller.abort(), SILENCE_LIMIT_MS);
    };
    let delivered = false;
    try {
      feedWatchdog();
      const headers = authHeaders({ Accept: 'text/event-stream' });
      if (this.lastEventId !== undefined) headers['Last-Event-ID'] = this.lastEventId;
      const response = await fetch('/v1/stream', {
        headers, signal: controller.signal, cache: 'no-store', credentials: 'omit',
      });
      if (response.status === 401) {
        this.running = false;
        reportUnauthorized();
        return false;
      }
      if (!response.ok || !response.body) return false;
      const parser = new EventStreamParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feedWatchdog();
        for (const frame of parser.feed(value)) {
          delivered = true;
          this.handle(frame);
        }
      }
    } catch {
      // A network error or the watchdog's abort: the stream is lost either way.
    } finally {
      clearTimeout(watchdog);
    }
    return delivered;
  }

  handle(frame) {
    if (frame.retry !== undefined) this.retryMs = frame.retry;
    if (frame.id !== undefined) this.lastEventId = frame.id;
    if (frame.data === '') return;
    let data;
    try {
      data = JSON.parse(frame.data);
    } catch {
      return;
    }
    this.onFrame({ event: frame.event, data });
    if (frame.event === 'status') this.onConnection('live');
  }

  pause(milliseconds) {
    return new Promise((resolve) => {
      const timer = setTimeout(done, milliseconds);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => { this.wake = undefined; });
  }
}
