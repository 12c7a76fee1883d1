// The settings dialog: its switches (brief words, the browser's own speech, "your turn" at once, the sounds, moves
// that pass over the cards that may not be played, more time on a turn clock) kept with the other settings as soon
// as they change; and the language, which the room serves the page in: the choice is kept in a cookie the room
// reads (spades_lang) and the page comes again in it, its connection to the room with it.

import { settings, saveSettings } from "./settings.js";
import { connectSoundSettings } from "./sound.js";
import { $ } from "./dom.js";
import { LANG, _ } from "./i18n.js";

const LANGUAGE_COOKIE = "spades_lang";
const YEAR = 365 * 24 * 60 * 60;

function keepLanguage(lang) {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=${YEAR}; samesite=lax`;
}

/** Keep ``lang`` as the page's language and load the page again in it (at the same address, without a ?lang= of
 * its own, which would outweigh the choice). */
function useLanguage(lang) {
  keepLanguage(lang);
  const address = new URL(location.href);
  address.searchParams.delete("lang");
  if (address.href === location.href) location.reload();
  else location.replace(address.href);
}

export function connectSettingsDialog() {
  $("open-settings").addEventListener("click", () => {
    $("settings-said").textContent = "";
    $("set-brief").checked = settings.verbosity === "tricks";  // v may have changed it at the table
    $("settings-dialog").showModal();
  });
  $("set-brief").addEventListener("change", () => {
    settings.verbosity = $("set-brief").checked ? "tricks" : "all";
    saveSettings();
  });
  for (const [id, key] of [["set-speech", "speech"], ["set-urgent-turn", "urgent"], ["set-sound", "sound"],
    ["set-skip", "skip"], ["set-more-time", "moreTime"]]) {
    const box = $(id);
    box.checked = settings[key];
    box.addEventListener("change", () => {
      settings[key] = box.checked;
      saveSettings();
      if (key === "speech" && box.checked && !("speechSynthesis" in window)) {
        $("settings-said").textContent = _("This browser has no speech; use a screen reader.");
      }
    });
  }
  connectSoundSettings();  // after the switch above: the sound is heard once it is on
  $("set-language").value = LANG;
  $("language-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = $("set-language").value;
    if (chosen === LANG) {
      keepLanguage(chosen);  // the page may be in it by its address alone (?lang=): the choice is kept all the same
      $("settings-said").textContent = _("The page is in this language already.");
      return;
    }
    useLanguage(chosen);
  });
}
