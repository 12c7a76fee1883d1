// At a table, for its people (seated, or its owner): a private table's invitation link, shown and copied, and the
// form that invites a friend to a seat (or any seat). The room's reply is a notice, said as every notice is; a
// refusal is said at once. Names are text.

import { $, el } from "./dom.js";
import { alertText, answer, reason } from "./speak.js";
import { askFriends, friendsNow, onFriendsList } from "./friends.js";
import { _ } from "./i18n.js";

const state = { room: null, drawn: null };

/** Whether the player is one of the table's people: seated at it, or its owner. */
function oneOfItsPeople(table) {
  const me = table.me ? table.me.name : null;
  const info = table.info;
  return Boolean(me && info && (info.owner === me || info.seats.some((s) => s.player === me)));
}

export function connectTableSocial(room) {
  state.room = room;
  $("invite-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const table = state.room.table;
    const name = $("invite-name").value;
    if (!name) return alertText(_("Choose a friend to invite."));
    const seat = $("invite-seat").value;
    const message = { type: "invite", table: table.id, name };
    if (seat !== "") message.seat = Number(seat);
    state.room.link.send(message, { kind: "social-invite" });
  });
  $("copy-private").addEventListener("click", () => {
    const link = $("private-link").value;
    const done = () => answer(_("The invitation link is copied: {link}", { link }));
    const shown = () => answer(_("The invitation link: {link}", { link }));
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, shown);
    else shown();
  });
  onFriendsList(() => tableSocial(state.room.table));
}

/** The table changed (or the friends list did): the private link and the invitation form drawn again. */
export function tableSocial(table) {
  const info = table.info;
  const open = Boolean(info && (info.state === "waiting" || info.state === "playing"));
  const people = open && oneOfItsPeople(table);
  const isPrivate = people && Boolean(info.private);
  $("private-box").hidden = !isPrivate;
  if (isPrivate) $("private-link").value = new URL(info.invite, location.href).href;
  const registered = Boolean(table.me && !table.me.guest);
  $("invite-form").hidden = !(people && registered);
  if ($("invite-form").hidden) return;
  const friends = friendsNow();
  if (friends === null) askFriends(true);
  const names = friends ? friends.friends : [];
  const seats = info.state === "waiting" ? info.seats.filter((s) => !s.player) : [];
  const key = JSON.stringify([info.table, names.map((f) => [f.name, f.online]), seats.map((s) => s.seat)]);
  if (key === state.drawn) return;
  state.drawn = key;
  $("invite-none").hidden = names.length > 0;
  $("invite-fields").hidden = names.length === 0;
  const chosen = [$("invite-name").value, $("invite-seat").value];
  $("invite-name").replaceChildren(...names.map((f) => el("option", { value: f.name,
    text: f.online ? f.name : _("{name} (not in the room)", { name: f.name }) })));
  $("invite-seat").replaceChildren(el("option", { value: "", text: info.state === "waiting" ? _("Any seat")
    : _("To watch (the game is under way)") }),
  ...seats.map((s) => el("option", { value: String(s.seat), text: s.level
    ? _("{seat}, instead of the computer ({level})", { seat: table.seatName(s.seat), level: s.level })
    : table.seatName(s.seat) })));
  if (names.some((f) => f.name === chosen[0])) $("invite-name").value = chosen[0];
  if ([...$("invite-seat").options].some((o) => o.value === chosen[1])) $("invite-seat").value = chosen[1];
}

/** An invitation refused: said at once. */
export function inviteRefused(message) {
  alertText(_("Not invited: {reason}.", { reason: reason(message.message) }));
}
