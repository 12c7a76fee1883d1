// A table's turn clock, for the eyes: the room sends it in each update (whose turn it runs for, the seconds left
// when the update was made, every clocked seat's bank), and the page counts down from the moment the update came,
// by its own monotonic clock: never from the deadline against the computer's clock, which may be off by seconds.
// Nothing here is said: the warning ten seconds before, the line when time runs out and the answer to Shift+T
// come from the room.

import { _, n_ } from "./i18n.js";

/** Keep the clock an update carries (none at a table without one), with when it came. */
export function noteClock(table, clock) {
  if (!clock) {
    table.clock = null;
    return;
  }
  const before = table.clock;
  const turn = { ...clock, at: performance.now() };
  // The whole of this turn, for the ring: as much as was left the first time the turn was seen.
  const same = before && before.turn === clock.turn && before.deadline === clock.deadline;
  turn.whole = same ? before.whole : clock.left ?? 0;
  table.clock = turn;
}

/** Seconds left on the turn now, or null when the clock does not run. */
export function secondsLeft(table) {
  const clock = table.clock;
  if (!clock || clock.turn === null || clock.left === null) return null;
  return Math.max(0, clock.left - (performance.now() - clock.at) / 1000);
}

/** A seat's bank now, or null for a seat the clock does not run for: the seat on turn draws on it once its own
 * seconds are spent, so its bank is never more than the time it has left. */
export function bankNow(table, seat) {
  const clock = table.clock;
  const bank = clock && clock.banks ? clock.banks[seat] : null;
  if (bank === null || bank === undefined) return null;
  const left = clock.turn === seat ? secondsLeft(table) : null;
  return left === null ? bank : Math.min(bank, left);
}

/** Seconds as a clock shows them: 0:23, 2:05; whole seconds rounded up, so 0:00 means the time is out. */
export function clockFace(seconds) {
  const whole = Math.ceil(Math.max(0, seconds) - 1e-6);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** Seconds in words, for the lobby and the forms: "30 seconds", "2 minutes", "1 minute 30 seconds". */
export function secondsWords(seconds) {
  const second = (n) => n_("{n} second", "{n} seconds", n);
  if (seconds < 120) return second(seconds);
  const minutes = n_("{n} minute", "{n} minutes", Math.floor(seconds / 60));
  const rest = seconds % 60;
  // Translators: a time of whole minutes and some seconds: "2 minutes 30 seconds".
  return rest ? _("{minutes} {seconds}", { minutes, seconds: second(rest) }) : minutes;
}

/** A table's clock as the lobby shows it, or "" for none. */
export function clockLine(form) {
  if (!form) return "";
  const times = { action: secondsWords(form.per_action), bank: secondsWords(form.bank) };
  return form.more_time
    ? _("Turn clock: {action} an action, a bank of {bank}, doubled for a player who asks for more time.", times)
    : _("Turn clock: {action} an action, a bank of {bank}.", times);
}
