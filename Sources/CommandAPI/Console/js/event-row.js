// One event of the history as a list item: time, type, message, partition and zone.

import { el, timeElement } from './dom.js';

/** The list item of a stored event `{cursor, event}`. */
export function eventRow({ cursor, event }) {
  const where = [event.partition && `partition ${event.partition}`, event.zone && (event.zone_name ?? `zone ${event.zone}`)]
    .filter(Boolean).join(' · ');
  return el('li', { class: 'event', 'data-type': event.type, 'data-cursor': cursor, 'data-event-id': event.id, tabindex: '-1' },
    timeElement(event.timestamp),
    el('span', { class: 'event-type', text: event.type }),
    el('span', { class: 'event-message', text: event.message || event.code }),
    where ? el('span', { class: 'muted', text: where }) : null);
}
