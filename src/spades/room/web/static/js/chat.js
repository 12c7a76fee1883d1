// The table's chat in the browser: the chat line (Space from the table focuses it, Enter sends, Escape goes back
// to the hand), the quick phrases (p, then a digit), the last ten messages read back (Shift+M), a mute button for
// each person at the table, and the owner's chat settings. Messages go to a polite live region of their own, the
// chat log, never the alert region nor the game's log, so they never cut off the game's lines. Every message is
// shown with textContent: markup typed by a player stays the characters typed. A message is never translated: it
// carries the language its sender wrote it in (the page sends its own with each), which its line says it is in.

import { alertText, answer, reason } from "./speak.js";
import { chatCommand } from "./social.js";
import { LANG, _ } from "./i18n.js";

const KEYMAP = JSON.parse(document.getElementById("keymap")?.textContent || "[]");
const KEYS = new Map(KEYMAP.flatMap((entry) => [entry.key, ...entry.also].map((key) => [key, entry])));
const PHRASES = KEYMAP.find((entry) => entry.does === "phrases")?.choices ?? [];
const LOG_KEEP = 200;
const HEARD_KEEP = 20;  // the chat's last lines kept with their numbers, for a report of one (report.js)
const $ = (id) => document.getElementById(id);

/** A chat message as it is said: "Bob: nice play" ("Bob, watching: …" for a spectator's), as spades join says it. */
export function chatLine(message, earlier = false) {
  const fields = { name: message.name, text: message.text };
  if (earlier) {
    return message.spectator ? _("Earlier: {name}, watching: {text}", fields) : _("Earlier: {name}: {text}", fields);
  }
  return message.spectator ? _("{name}, watching: {text}", fields) : _("{name}: {text}", fields);
}

/** A chat message's line as an element, in the language its sender wrote it in (``lang``, when they said one);
 * the page's own words around it (who said it, "Earlier") in the page's language. The message is text, never
 * markup. */
export function chatElement(message, earlier = false) {
  const mark = "\u0000";
  const line = document.createElement("p");
  line.lang = message.lang || LANG;
  const words = chatLine({ ...message, text: mark }, earlier).split(mark);
  line.append(...words.flatMap((part, i) => [i ? message.text : "", part ? ownWords(part, line.lang) : ""]));
  return line;
}

function ownWords(text, lang) {
  if (lang === LANG) return text;
  const span = document.createElement("span");
  span.lang = LANG;
  span.textContent = text;
  return span;
}

/** A chat message's line at the end of its log, the log kept to its last LOG_KEEP lines. */
export function addToLog(log, message, earlier = false) {
  log.append(chatElement(message, earlier));
  while (log.childElementCount > LOG_KEEP) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

/** A chat's line kept (name, seq, text) in ``heard``, in order and once, the last HEARD_KEEP of them. */
export function keepLine(heard, said) {
  if (heard.some((line) => line.seq === said.seq)) return;
  heard.push({ name: said.name, seq: said.seq, text: said.text });
  heard.sort((a, b) => a.seq - b.seq);
  if (heard.length > HEARD_KEEP) heard.splice(0, heard.length - HEARD_KEEP);
}

/** A person's mute toggle (the table's people list and the lobby's): pressed while they are muted. */
export function muteButton(name, muted) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.name = name;
  button.textContent = _("Mute {name}", { name });
  button.setAttribute("aria-pressed", String(muted));
  return button;
}

export class ChatBox {
  constructor(link, table) {
    this.link = link;
    this.table = table;
    this.phrasesOpen = false;
    this.muted = new Set();
    this.speakers = new Set();  // who spoke at this table: spectators too, whom the seats do not name
    this.heard = [];  // the table's last lines, with their numbers (a report names one)
    this.askedMutes = false;
    const input = $("chat-input");
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.send(input.value);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      input.value = "";
      this.table.backToHand();
    });
    // The phrases as buttons too, one tap each on a phone; what is typed in the chat line stays there.
    $("chat-phrases").replaceChildren(...PHRASES.map((phrase, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `${i + 1} ${phrase}`;
      button.setAttribute("aria-keyshortcuts", `p ${i + 1}`);
      button.addEventListener("click", () => this.say(phrase));
      return button;
    }));
    $("chat-people").addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-name]") : null;
      if (!button) return;
      if (button.dataset.remove) {
        this.link.send({ type: "remove_person", table: this.table.id, name: button.dataset.name }, { kind: "remove" });
        return;
      }
      this.link.send({ type: "mute", name: button.dataset.name, muted: button.getAttribute("aria-pressed") !== "true" },
        { kind: "mute" });
    });
    $("chat-mode").addEventListener("change", (event) => {
      this.link.send({ type: "chat_settings", table: this.table.id, chat: event.target.value }, { kind: "chat" });
    });
    $("chat-spectators").addEventListener("change", (event) => {
      this.link.send({ type: "chat_settings", table: this.table.id, spectator_chat: event.target.checked },
        { kind: "chat" });
    });
  }

  /** A new table (or none): its chat starts empty. */
  reset() {
    this.phrasesOpen = false;
    this.lastSeq = 0;  // the table's last message shown: lines given again on a return are not shown twice
    this.speakers = new Set();
    this.heard = [];
    $("chat-log").replaceChildren();
    $("chat-input").value = "";
  }

  /** A key of the table: the chat's (Space, p, Shift+M, or the digit after p) is handled here; true when it was. */
  key(key) {
    if (this.phrasesOpen) {
      this.phrasesOpen = false;
      const number = /^[1-9]$/.test(key) ? Number(key) : 0;
      if (number >= 1 && number <= PHRASES.length) this.say(PHRASES[number - 1]);
      else answer(_("Quick phrases closed."));
      return true;
    }
    const does = KEYS.get(key)?.does;
    if (does === "chat") {
      $("chat-input").focus();
    } else if (does === "phrases") {
      this.phrasesOpen = true;
      const phrases = PHRASES.map((phrase, i) => `${i + 1} ${phrase}`).join(", ");
      answer(_("Quick phrases: {phrases}. Press its number.", { phrases }));
    } else if (does === "chat log") {
      this.link.send({ type: "chat_history", table: this.table.id }, { kind: "chat" });
    } else {
      return false;
    }
    return true;
  }

  /** The chat line's text, sent (the line emptied); an empty line goes back to the hand. */
  send(text) {
    const words = text.trim();
    $("chat-input").value = "";
    if (!words) {
      this.table.backToHand();
      return;
    }
    if (chatCommand(words, this.table.id)) return;  // /friend NAME, /invite NAME, a moderator's /mute 4 ...
    this.say(words);
  }

  say(words) {
    this.link.send({ type: "chat", table: this.table.id, text: words, lang: LANG }, { kind: "chat" });
  }

  /** The room's chat frames (chat, chat_log, chat_settings, muted, removed). */
  onMessage(message, context) {
    if (message.type === "muted") {
      this.muted = new Set(message.names);
      this.renderPeople();
      if (context && context.kind === "mute") {
        answer(message.names.length ? _("You mute {names}.", { names: message.names.join(", ") }) : _("You mute no one."));
      }
      return;
    }
    if (message.table !== this.table.id) return;
    if (message.type === "chat") {
      this.add(message);
      this.heardFrom(message.name);
      keepLine(this.heard, message);
      this.lastSeq = Math.max(this.lastSeq, message.seq);
    } else if (message.type === "chat_log" && message.earlier) {
      // on coming to the table, and back after an absence what was said meanwhile: said as earlier lines
      const missed = message.messages.filter((said) => said.seq > this.lastSeq);
      for (const said of missed) this.add(said, true);
      for (const said of missed) this.heardFrom(said.name);
      for (const said of missed) this.lastSeq = Math.max(this.lastSeq, said.seq);
      for (const said of missed) keepLine(this.heard, said);
    } else if (message.type === "chat_log") {
      answer(message.messages.length ? message.messages.map((said) => chatElement(said, true)) : _("No chat messages yet."));
    } else if (message.type === "chat_settings") {
      $("chat-mode").value = message.chat;
      $("chat-spectators").checked = message.spectator_chat;
    } else if (message.type === "removed") {
      alertText(message.text);
      this.table.onLeave();
    }
  }

  /** A refusal of a chat message, a mute or a removal, said at once with the room's reason. */
  onError(message, kind) {
    const fields = { reason: reason(message.message) };
    alertText(kind === "mute" ? _("Not changed: {reason}.", fields)
      : kind === "remove" ? _("Not removed: {reason}.", fields) : _("Not sent: {reason}.", fields));
  }

  add(message, earlier = false) {
    addToLog($("chat-log"), message, earlier);
  }

  heardFrom(name) {
    if (this.speakers.has(name)) return;
    this.speakers.add(name);
    this.renderPeople();
  }

  /** The table's description changed: the people at it, each with a mute button, and the owner's settings. */
  onTable(info) {
    if (!this.askedMutes) {
      this.askedMutes = true;
      this.link.send({ type: "mute" });
    }
    this.info = info;
    this.renderPeople();
  }

  renderPeople() {
    const info = this.info;
    const me = this.table.me ? this.table.me.name : null;
    const owner = Boolean(info) && info.owner === me;
    $("chat-owner").hidden = !owner;
    const seated = info ? info.seats.map((seat) => seat.player) : [];
    const watching = info ? info.watching ?? [] : [];  // the spectators the room names, before they speak
    const names = [...new Set([...seated, ...watching, ...this.speakers])].filter((name) => name && name !== me);
    $("chat-people").replaceChildren(...(names.length ? names : [null]).map((name) => {
      const item = document.createElement("li");
      if (name === null) {
        item.textContent = _("No one else sits at the table.");
        return item;
      }
      const label = document.createElement("span");
      label.textContent = name;
      item.append(label, muteButton(name, this.muted.has(name)));
      if (owner) {  // the owner may remove anyone from the table: the computer takes a player's seat
        const remove = document.createElement("button");
        remove.type = "button";
        remove.dataset.name = name;
        remove.dataset.remove = "yes";
        remove.textContent = _("Remove {name} from the table", { name });
        item.append(remove);
      }
      return item;
    }));
  }
}
