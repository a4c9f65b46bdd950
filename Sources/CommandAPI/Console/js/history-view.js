// The history: the event log over `GET /v1/events`, newest first, read backwards a page at a
// time as the end of the list scrolls into view (the API pages forwards from a cursor, so an
// older page is the one after `oldest − 1 − page`). New events from the stream appear on top.

import { request } from './api.js';
import { byId, replaceChildren } from './dom.js';
import { eventRow } from './event-row.js';
import { HistoryFilter } from './history-filter.js';

const PAGE = 100;
/** How many pages one scroll may read looking for events that pass the filter. */
const PAGES_PER_LOAD = 10;

export class HistoryView {
  constructor() {
    this.form = byId('history-filters');
    this.list = byId('history-list');
    this.end = byId('history-end');
    this.form.addEventListener('submit', (submit) => {
      submit.preventDefault();
      this.restart();
    });
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) this.loadOlder();
    });
    this.generation = 0;
    this.started = false;
  }

  /** Starts reading when the view is first shown. */
  show() {
    if (this.started) return;
    this.started = true;
    this.observer.observe(byId('history-sentinel'));
    this.restart();
  }

  restart() {
    this.generation += 1;
    this.filter = new HistoryFilter(this.form);
    this.oldest = undefined;
    this.newest = 0;
    // Events from the stream wait here until the newest page is read, so none falls in between.
    this.pendingLive = [];
    this.atStart = false;
    this.loading = undefined;
    replaceChildren(this.list, []);
    this.end.textContent = '';
    this.loadOlder();
  }

  /** A stored event from the stream: shown on top when it passes the filter. */
  addLive(stored) {
    if (!this.started) return;
    if (this.pendingLive) {
      this.pendingLive.push(stored);
      return;
    }
    if (stored.cursor <= this.newest) return;
    this.newest = stored.cursor;
    if (this.filter.matches(stored.event)) this.list.prepend(eventRow(stored));
  }

  loadOlder() {
    if (this.loading || this.atStart) return this.loading;
    const generation = this.generation;
    this.loading = this.readPages(generation).catch((error) => {
      if (generation === this.generation) this.end.textContent = `Could not load the history: ${error.message}`;
    }).finally(() => {
      if (generation === this.generation) this.loading = undefined;
    });
    return this.loading;
  }

  async readPages(generation) {
    let shown = 0;
    for (let page = 0; page < PAGES_PER_LOAD && shown === 0 && !this.atStart; page += 1) {
      const events = await this.readPage();
      if (generation !== this.generation) return;
      for (const stored of events.reverse()) {
        if (this.filter.isBeforeRange(stored.event)) this.atStart = true;
        else if (this.filter.matches(stored.event)) {
          this.list.append(eventRow(stored));
          shown += 1;
        }
      }
    }
    if (this.atStart) this.end.textContent = this.list.childElementCount ? 'No older events.' : 'No events match.';
  }

  /** The next older page, oldest first; sets `atStart` when there is nothing before it. */
  async readPage() {
    if (this.oldest === undefined) {
      const page = await request(`/v1/events?limit=${PAGE}`);
      this.noteRange(page.events);
      if (page.events.length < PAGE) this.atStart = true;
      this.oldest ??= 0;
      const waiting = this.pendingLive;
      this.pendingLive = undefined;
      for (const stored of waiting) this.addLive(stored);
      return page.events;
    }
    const after = Math.max(0, this.oldest - 1 - PAGE);
    const page = await request(`/v1/events?after=${after}&limit=${PAGE}`);
    const older = page.events.filter((stored) => stored.cursor < this.oldest);
    this.noteRange(older);
    if (after === 0) this.atStart = true;
    else if (older.length === 0) this.oldest = after + 1;
    return older;
  }

  noteRange(events) {
    if (events.length === 0) return;
    this.oldest = Math.min(this.oldest ?? Infinity, events[0].cursor);
    this.newest = Math.max(this.newest, events[events.length - 1].cursor);
  }

  /** Reads back until the event with `eventId` is shown, then focuses it; false when not found. */
  async reveal(eventId) {
    const find = () => this.list.querySelector(`[data-event-id="${CSS.escape(eventId)}"]`);
    for (let load = 0; load < PAGES_PER_LOAD && !find() && !this.atStart; load += 1) await this.loadOlder();
    const row = find();
    row?.classList.add('focused');
    row?.scrollIntoView({ block: 'center' });
    row?.focus();
    return Boolean(row);
  }
}
