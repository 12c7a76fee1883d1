// Friends in the lobby: each friend with where they are (the room's own sentence), the requests waiting (Accept and
// Decline), a field to ask a friend by name, and Block or Unblock by name (a block is private: the other is not
// told). The list is asked for when the lobby is shown, on a friend's notice, and every 15 seconds while the lobby
// is shown, never faster. Shift+F reads it. Each change made here is said once, politely; names are text.

import { $, el } from "./dom.js";
import { alertText, answer, reason } from "./speak.js";
import { onNotices } from "./notices.js";
import { _ } from "./i18n.js";

const EVERY_MS = 15000;
const state = { link: null, me: null, friends: null, blocked: [], asked: 0, listeners: [], drawn: null };

const registered = () => Boolean(state.me && !state.me.guest);
const list = (names) => names.join(", ");

/** The friends' list as last sent ({friends, asked_by, asking}), or null. */
export function friendsNow() { return state.friends; }

/** Another module redraws with each list (the table's invitation form). */
export function onFriendsList(listener) { state.listeners.push(listener); }

/** Ask the room for the list (a registered player's only): at most once in ``EVERY_MS`` unless ``now``. */
export function askFriends(now = false) {
  if (!registered() || !state.link) return;
  if (!now && Date.now() - state.asked < EVERY_MS) return;
  state.asked = Date.now();
  state.link.send({ type: "friends" }, { kind: "social-friends" });
}

/** A sign-in: the lists start again for this player. */
export function friendsSignedIn(me) {
  state.me = me;
  state.friends = null;
  state.drawn = null;
  state.asked = 0;
  render();
  askFriends(true);
  state.link.send({ type: "block" }, { kind: "social-blocked" });
}

export function friend(name, act) {
  state.link.send({ type: "friend", name, act }, { kind: "social-friend", act, name });
}

export function block(name, blocked) {
  state.link.send({ type: "block", name, blocked }, { kind: "social-block", name, blocked });
}

/** Wire the lobby's friends section. */
export function connectFriends(link) {
  state.link = link;
  $("friend-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("friend-name").value.trim();
    if (!name) return alertText(_("Type the name of the player to ask."));
    friend(name, "ask");
  });
  $("block-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("block-name").value.trim();
    if (!name) return alertText(_("Type the name of the player to block or unblock."));
    block(name, !(event.submitter && event.submitter.value === "unblock"));
  });
  for (const id of ["friends-list", "friends-asked"]) {
    $(id).addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-act]") : null;
      if (button) friend(button.dataset.name, button.dataset.act);
    });
  }
  onNotices((message) => {
    if (message.kind === "friend_asked" || message.kind === "friend_accepted") askFriends(true);
  });
  setInterval(() => {
    if (!$("view-lobby").hidden && link.connected && !document.hidden) askFriends();
  }, EVERY_MS);
}

/** A ``friends`` frame: drawn, and what the player just did said once. */
export function onFriends(message, context) {
  state.friends = message;
  render();
  for (const listener of state.listeners) listener(message);
  if (context && context.kind === "social-friend") answer(doneWords(message, context));
  if (context && context.kind === "social-friends-read") answer(friendsWords(message));
  if (context && context.kind === "social-friend" && context.act === "ask") $("friend-name").value = "";
}

function doneWords(message, { act, name }) {
  const key = name.toLowerCase();
  const found = message.friends.find((f) => f.name.toLowerCase() === key);
  if (act === "remove") return _("{name} is no longer your friend.", { name });
  if (act === "decline") return _("You declined {name}'s request.", { name });
  if (found) return _("{name} and you are friends now.", { name: found.name });
  const asked = message.asking.find((n) => n.toLowerCase() === key) ?? name;
  return _("You asked {name} to be your friend; they are told, and you will be when they accept.", { name: asked });
}

/** The list in words, as Shift+F says it. */
export function friendsWords(message) {
  const parts = [];
  if (message.friends.length) {
    parts.push(_("Your friends: {friends}", { friends: message.friends.map((f) => f.text).join(" ") }));
  } else parts.push(_("You have no friends in your list yet; ask someone by name in the lobby's Friends section."));
  if (message.asked_by.length) parts.push(_("Asking to be your friend: {names}.", { names: list(message.asked_by) }));
  if (message.asking.length) parts.push(asking(message));
  return parts.join(" ");
}

/** Shift+F: the friends list, asked for now and said as it comes. */
export function readFriends() {
  if (!registered()) {
    answer(_("Friends are kept between registered players: sign in with a name and a password to have friends."));
    return;
  }
  state.asked = Date.now();
  state.link.send({ type: "friends" }, { kind: "social-friends-read" });
}

/** A ``blocked`` frame: the names shown, and a change said. */
export function onBlocked(message, context) {
  state.blocked = message.names;
  $("blocked-names").textContent = message.names.length ? _("You block: {names}.", { names: list(message.names) })
    : _("You block no one.");
  if (context && context.kind === "social-block") {
    const key = context.name.toLowerCase();
    const name = message.names.find((n) => n.toLowerCase() === key) ?? context.name;
    answer(context.blocked ? _("You block {name}. They are not told.", { name }) : _("You no longer block {name}.", { name }));
    $("block-name").value = "";
  }
}

/** A friends or blocks message refused: said at once with the room's reason. */
export function friendsRefused(message, kind) {
  const fields = { reason: reason(message.message) };
  alertText(kind === "social-friend" ? _("Not done: {reason}.", fields)
    : kind === "social-block" ? _("Not changed: {reason}.", fields) : _("No list of friends: {reason}.", fields));
}

function asking(message) {
  return _("You asked, waiting for an answer: {names}.", { names: list(message.asking) });
}

function button(text, act, name) {
  return el("button", { type: "button", text, "data-act": act, "data-name": name });
}

function render() {
  const mine = registered();
  $("friends-guest").hidden = mine;
  $("friends-box").hidden = !mine;
  const message = state.friends;
  if (!mine || !message) return;
  // drawn again only when it changed: a button rebuilt under the focus would be said again every 15 seconds
  const key = JSON.stringify(message, ["friends", "name", "online", "table", "text", "asked_by", "asking"]);
  if (key === state.drawn) return;
  state.drawn = key;
  const focused = $("friends").contains(document.activeElement) ? document.activeElement.textContent : null;
  $("friends-none").hidden = message.friends.length > 0;
  $("friends-list").replaceChildren(...message.friends.map((f) => el("li", { class: f.online ? "online" : "away" },
    el("span", { text: f.text }),
    f.table && f.online ? el("a", { href: `/tables/${f.table}`, text: _("Go to table {table}", { table: f.table }) }) : "",
    button(_("Unfriend {name}", { name: f.name }), "remove", f.name))));
  $("friends-asked-box").hidden = message.asked_by.length === 0;
  $("friends-asked").replaceChildren(...message.asked_by.map((name) => el("li", {}, el("span", { text: name }),
    button(_("Accept {name}", { name }), "accept", name), button(_("Decline {name}", { name }), "decline", name))));
  $("friends-asking").hidden = message.asking.length === 0;
  $("friends-asking").textContent = asking(message);
  if (focused !== null && !$("friends").contains(document.activeElement)) {
    // a button the list drew again keeps the focus, found by its words; else the section's title
    const again = [...$("friends").querySelectorAll("button, a")].find((b) => b.textContent === focused);
    (again || $("friends-title")).focus();
  }
}
