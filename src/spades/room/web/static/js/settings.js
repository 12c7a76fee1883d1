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

export const settings = load();

export function saveSettings() {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // private browsing: the settings last for this page only
  }
}
