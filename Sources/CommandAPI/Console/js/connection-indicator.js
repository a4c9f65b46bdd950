// The header's connection line: live, connecting, or lost — said at once, and the live view is
// marked out of date from the moment the stream drops until a status arrives on a new connection.

import { byId } from './dom.js';

const TEXTS = { connecting: 'Connecting…', live: 'Live', lost: 'Connection lost — reconnecting…', idle: '' };

export class ConnectionIndicator {
  constructor(liveView) {
    this.liveView = liveView;
    this.element = byId('connection');
    this.lost = false;
  }

  set(state) {
    if (state === 'live' || state === 'idle') this.lost = false;
    else if (state === 'lost') this.lost = true;
    const shown = this.lost ? 'lost' : state;
    this.element.hidden = shown === 'idle';
    this.element.dataset.state = shown;
    this.element.textContent = TEXTS[shown];
    this.liveView.setLive(state === 'live', this.lost);
  }
}
