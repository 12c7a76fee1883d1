// One websocket to the room that comes back by itself: a dropped connection, or one that never opens, is retried
// with a growing pause, the player is told, and on return the room is asked to resume the session (the token) so
// the seats, views and missed events come back; but not a connection the room closed for a suspension or a ban.
// The socket's address names the page's language, which the room then says everything to this page in.

import { LANG } from "./i18n.js";

// A socket still connecting after this long (a proxy that never answers the upgrade) would wait for the browser's
// own limit, minutes, in silence: it is given up and tried again.
export const OPEN_LIMIT_MS = 10000;
// The room closes a suspended or banned player's connections with this code, after the notice that says why.
export const CLOSE_SANCTIONED = 4009;

export class Link {
  constructor({ onMessage, onState }) {
    this.onMessage = onMessage;
    this.onState = onState;
    this.socket = null;
    this.nextId = 1;
    this.waiting = new Map();
    this.queue = [];
    this.retry = 0;
    this.everOpen = false;
    this.closing = false;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws?lang=${encodeURIComponent(LANG)}`;
  }

  open() {
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch (error) {
      this.onState("failed", String(error));
      this.later();
      return;
    }
    this.socket = socket;
    const limit = setTimeout(() => {
      if (this.socket !== socket || socket.readyState !== WebSocket.CONNECTING) return;
      this.socket = null;  // its close event, if one comes, is then not taken for a drop
      socket.close();
      if (this.closing) return;
      this.onState("unanswered");
      this.later();
    }, OPEN_LIMIT_MS);
    socket.addEventListener("open", () => {
      clearTimeout(limit);
      const again = this.everOpen;
      this.everOpen = true;
      this.retry = 0;
      this.onState(again ? "back" : "open");
      const queued = this.queue;
      this.queue = [];
      for (const frame of queued) socket.send(frame);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        this.onState("garbled");
        return;
      }
      const done = message.id !== undefined ? this.waiting.get(message.id) : undefined;
      if (done) this.waiting.delete(message.id);
      this.onMessage(message, done);
    });
    socket.addEventListener("close", (event) => {
      clearTimeout(limit);
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closing) return;
      if (event.code === CLOSE_SANCTIONED) {  // suspended or banned: the room would only refuse it again
        this.closing = true;
        this.onState("sanctioned", event.reason);
        return;
      }
      this.onState("lost");
      this.later();
    });
  }

  later() {
    const pause = Math.min(500 * 2 ** this.retry, 5000);
    this.retry += 1;
    setTimeout(() => this.open(), pause);
  }

  /** Send a message; ``context`` comes back with its reply (matched by id). */
  send(message, context = {}) {
    const id = this.nextId++;
    this.waiting.set(id, { ...context, type: message.type });
    const frame = JSON.stringify({ ...message, id });
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(frame);
    else this.queue.push(frame);
    return id;
  }

  get connected() { return this.socket !== null && this.socket.readyState === WebSocket.OPEN; }
}
