// The player's settings, kept in this browser.

const KEY = "spades.settings";
const DEFAULTS = { speech: false, urgent: false, sound: false, verbosity: "all" };  // verbosity: "all" or "tricks"
DEFAULTS.volume = 0.5;  // the earcons' loudness, 0 to 1, once sound is on (off by default: no audio at all)

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export const settings = load();

export function saveSettings() {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // private browsing: the settings last for this page only
  }
}
