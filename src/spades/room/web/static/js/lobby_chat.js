// The lobby's chat in the browser: everyone signed in at no table. The lobby is a page of links and buttons, where
// Space presses a button, so Space does not open the chat here: the chat line is reached by Tab, under its visible
// label, and Enter sends. Shift+M, pressed anywhere in the lobby but in a field, reads back the last ten messages;
// "/mute NAME" and "/unmute NAME" in the line, or a person's Mute button, mute a player. Messages go to the lobby
// chat's own polite log, said with their sender as the table's are; every text is set with textContent.

import { addToLog, chatElement, keepLine, muteButton } from "./chat.js";
import { chatCommand } from "./social.js";
import { alertText, lineOf, reason } from "./speak.js";
import { LANG, _ } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export class LobbyChat {
  constructor(link) {
    this.link = link;
    this.muted = new Set();
    this.speakers = [];  // who spoke in the lobby, in order: each gets a Mute button
    this.heard = [];  // the lobby's last lines, with their numbers (a report names one)
    this.me = null;
    $("lobby-chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.send($("lobby-chat-input").value);
    });
    $("lobby-chat-people").addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-name]") : null;
      if (button) this.mute(button.dataset.name, button.getAttribute("aria-pressed") !== "true");
    });
    document.addEventListener("keydown", (event) => {
      if ($("view-lobby").hidden || event.key !== "M" || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && target.closest("input, select, textarea, [contenteditable='true'], dialog")) return;
      event.preventDefault();
      this.link.send({ type: "chat_history", table: null }, { kind: "lobby-chat" });
    });
  }

  send(text) {
    const words = text.trim();
    $("lobby-chat-input").value = "";
    if (!words || chatCommand(words, null)) return;  // /friend NAME, /block NAME, a moderator's /ban 4 ...
    const command = /^\/(mute|unmute)\s+(.+)$/i.exec(words);
    if (command) this.mute(command[2].trim(), command[1].toLowerCase() === "mute");
    else this.link.send({ type: "chat", table: null, text: words, lang: LANG }, { kind: "lobby-chat" });
  }

  mute(name, muted) {
    this.link.send({ type: "mute", name, muted }, { kind: "lobby-mute" });
  }

  /** The room's frames for the lobby: chat and chat_log with table null; muted, whoever asked. */
  onMessage(message, context) {
    if (message.type === "muted") {
      this.muted = new Set(message.names);
      this.renderPeople();
      if (context && context.kind === "lobby-mute") {
        this.answer(message.names.length ? _("You mute {names}.", { names: message.names.join(", ") }) : _("You mute no one."));
      }
    } else if (message.type === "chat") {
      this.add(message);
      this.heardFrom(message.name);
      keepLine(this.heard, message);
    } else if (message.type === "chat_log" && message.earlier) {
      for (const said of message.messages) this.add(said, true);
      for (const said of message.messages) this.heardFrom(said.name);
      for (const said of message.messages) keepLine(this.heard, said);
    } else if (message.type === "chat_log") {
      this.answer(message.messages.length ? message.messages.map((said) => chatElement(said, true))
        : _("No chat messages in the lobby yet."));
    }
  }

  onError(message, kind) {
    const fields = { reason: reason(message.message) };
    alertText(kind === "lobby-mute" ? _("Not changed: {reason}.", fields) : _("Not sent: {reason}.", fields));
  }

  /** An answer to a key or a command: the lobby's status line, said at once as a whole (a sentence, or the chat's
   * lines). */
  answer(lines) {
    const list = Array.isArray(lines) ? lines : [lines];
    $("lobby-chat-status").replaceChildren(...list.map((line) => (typeof line === "string" ? lineOf(line) : line)));
  }

  add(message, earlier = false) {
    addToLog($("lobby-chat-log"), message, earlier);
  }

  heardFrom(name) {
    if (this.speakers.includes(name)) return;
    this.speakers.push(name);
    this.renderPeople();
  }

  renderPeople() {
    const names = this.speakers.filter((name) => name !== this.me);
    $("lobby-chat-people-box").hidden = names.length === 0;
    $("lobby-chat-people").replaceChildren(...names.map((name) => {
      const item = document.createElement("li");
      item.append(muteButton(name, this.muted.has(name)));
      return item;
    }));
  }
}
