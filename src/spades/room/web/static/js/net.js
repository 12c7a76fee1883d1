// One websocket to the room that comes back by itself: a dropped connection is retried with a growing pause,
// the player is told, and on return the room is asked to resume the session (the token) so the seats, views and
// missed events come back.

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
    return `${scheme}//${location.host}/ws`;
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
    socket.addEventListener("open", () => {
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
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closing) return;
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
