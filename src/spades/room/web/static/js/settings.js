// The player's settings, kept in this browser.

const KEY = "spades.settings";
// verbosity: "all" or "tricks"; skip: the moves through the hand pass over the cards that may not be played
const DEFAULTS = { speech: false, urgent: false, sound: false, verbosity: "all", skip: false };
DEFAULTS.volume = 0.5;  // the earcons' loudness, 0 to 1, once sound is on (off by default: no audio at all)

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

DEFAULTS.quickWait = 30;  // Play with people: seconds to wait for people before the computer is offered
DEFAULTS.moreTime = false;  // ask for more time at a table with a turn clock (the bank doubled where it allows)

export const settings = load();

export function saveSettings() {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // private browsing: the settings last for this page only
  }
}

/** The invitation code of a private table's link (/tables/N?invite=CODE) when the page's address is that table's. */
export function inviteCode(table) {
  const match = /^\/(?:tables?|invite)\/(\d+)$/.exec(location.pathname);
  const code = new URLSearchParams(location.search).get("invite");
  return match && Number(match[1]) === table && code && /^[A-Za-z0-9_-]{8,64}$/.test(code) ? code : null;
}

/** A join (to sit at a seat or to watch): at a seat it asks for more time on a turn clock when the player chose
 * so in the settings; the room doubles the bank only where the table's clock allows it, and ignores it elsewhere.
 * At a private table's link, it carries the link's code, which lets its holder in. */
export function joinMessage(table, seat = null) {
  const message = { type: "join", table };
  const code = inviteCode(table);
  if (code) message.invite = code;
  if (seat !== null && seat !== undefined) {
    message.seat = seat;
    if (settings.moreTime) message.more_time = true;
  }
  return message;
}
