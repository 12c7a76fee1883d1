// Signing in: the token that keeps a player signed in from visit to visit, this browser's device token (sent with
// every sign-in, so the room's moderators can link accounts used from one device), the guest's and the account's
// forms, signing out, "Play now" (a guest at a new table with the computer) and the sign-in page at an invitation's
// address. What the room's page shares (its state, its link, going to an address, sitting at a table) comes from
// app.js.

import { notice } from "./speak.js";
import { seatNames, variantWords } from "./rulesets.js";
import { $ } from "./dom.js";
import { inviteCode } from "./settings.js";
import { _, n_ } from "./i18n.js";

const TOKEN = "spades.token";
const DEVICE = "spades.device";
let device = null;

/** This browser's device token: 24 random bytes in base64url (32 characters), made once and kept. */
export function deviceToken() {
  if (device) return device;
  try { device = localStorage.getItem(DEVICE); } catch { device = null; }
  if (!device || !/^[A-Za-z0-9_-]{16,64}$/.test(device)) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    device = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    try { localStorage.setItem(DEVICE, device); } catch { /* private browsing: this page only */ }
  }
  return device;
}

/** A sign-in message (register, login, guest, resume) with the device token. */
export function signIn(message) {
  return { ...message, device: deviceToken() };
}

export function token() {
  try { return localStorage.getItem(TOKEN); } catch { return null; }
}
export function setToken(value) {
  try {
    if (value) localStorage.setItem(TOKEN, value);
    else localStorage.removeItem(TOKEN);
  } catch { /* private browsing: this page only */ }
}

/** The sign-in page at an invitation's address says which table it is and the seat it offers, and its first
 * button (which has the focus, so Enter) takes that seat as a guest; "Play now", which would start another
 * table, is not offered there. The table is looked up as the room's lobby lists it (GET /api/tables/N) before the
 * button takes the focus: it is then said once, with its final name, and the invitation as its description. */
export async function showInvitation(state, id) {
  $("invitation").hidden = id === null;
  $("play-now-box").hidden = id !== null;
  state.invitation = id === null ? null : { table: id, seat: null };
  if (id === null) return;
  const accept = $("accept-invitation");
  $("invitation-text").textContent = _("You are invited to table {table}.", { table: id });
  accept.textContent = _("Watch as a guest");
  const still = () => state.invitation && state.invitation.table === id && !$("view-signin").hidden;
  let info;
  try {
    const code = inviteCode(id);  // a private table is found only with its link's code
    const reply = await fetch(`/api/tables/${id}${code ? `?invite=${encodeURIComponent(code)}` : ""}`);
    info = reply.status === 404 ? null : await reply.json();
    if (!reply.ok && reply.status !== 404) throw new Error(`status ${reply.status}`);
  } catch {
    if (still()) accept.focus();  // the room will say at the table what there is
    return;
  }
  if (!still()) return;
  if (!info) {
    $("invitation-text").textContent = _("You are invited to table {table}, but it is not open: its game may be over.",
      { table: id });
    $("invitation").hidden = true;
    $("play-now-box").hidden = false;
    $("play-now").focus();
    notice($("invitation-text").textContent);
    return;
  }
  const names = seatNames(info.seats.length);
  const free = info.state === "waiting" ? info.seats.filter((s) => !s.player && !s.level) : [];
  const variant = variantWords(info.rules.variant);
  const seats = free.length ? free.map((s) => names[s.seat]).reduce((first, second) => _("{first} and {second}",
    { first, second })) : "";
  const what = free.length ? n_("seat {seats} free", "seats {seats} free", free.length, { seats })
    : info.state === "waiting" ? _("every seat taken: you may watch") : _("under way: you may watch");
  state.invitation.seat = free.length ? free[0].seat : null;
  const fields = { table: id, variant, what };
  $("invitation-text").textContent = info.private ? _("You are invited to private table {table} ({variant}, {what}).", fields)
    : _("You are invited to table {table} ({variant}, {what}).", fields);
  accept.textContent = free.length ? _("Sit at {seat} as a guest", { seat: names[free[0].seat] }) : _("Watch as a guest");
  if (!accept.contains(document.activeElement)) accept.focus();
}

/** The sign-in page's buttons and forms, and signing out. */
export function connectSignIn({ state, link, open, go, sitAndStart }) {
  $("accept-invitation").addEventListener("click", () => {
    const invited = state.invitation;
    if (!invited) return;
    const name = $("guest-name").value.trim();
    state.afterWelcome = () => {
      if (invited.seat !== null) sitAndStart(invited.table, invited.seat, false);
      else open();
    };
    link.send(signIn(name ? { type: "guest", name } : { type: "guest" }), { kind: "signin" });
  });

  function playNow() {
    const create = () => {
      link.send({ type: "create", rules: { variant: "standard", options: {} },
        levels: { 0: "normal", 1: "normal", 3: "normal" } }, {
        kind: "create",
        then: (info) => sitAndStart(info.table, 2, true),
      });
    };
    if (state.signedIn) create();
    else {
      state.afterWelcome = create;
      link.send(signIn({ type: "guest" }), { kind: "signin" });
    }
  }

  $("play-now").addEventListener("click", playNow);
  $("lobby-play-now").addEventListener("click", playNow);
  $("guest-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("guest-name").value.trim();
    state.afterWelcome = null;
    link.send(signIn(name ? { type: "guest", name } : { type: "guest" }), { kind: "signin" });
  });
  $("login-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const how = event.submitter && event.submitter.value === "register" ? "register" : "login";
    link.send(signIn({ type: how, name: $("login-name").value.trim(), password: $("login-password").value }),
      { kind: "signin" });
  });
  $("sign-out").addEventListener("click", () => {
    // the room ends the session too, so a guest's name is free for the next person at once
    const ended = token();
    if (ended) {
      fetch("/api/sign-out", { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: ended }), keepalive: true }).catch(() => {});
    }
    setToken(null);
    state.signedIn = false;
    state.me = null;
    $("who").textContent = "";
    $("sign-out").hidden = true;
    go("/");
  });
}
