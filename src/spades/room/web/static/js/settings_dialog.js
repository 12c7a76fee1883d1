// The settings dialog: its switches (brief words, the browser's own speech, "your turn" at once, the sounds, moves
// that pass over the cards that may not be played, more time on a turn clock) kept with the other settings as soon
// as they change.

import { settings, saveSettings } from "./settings.js";
import { connectSoundSettings } from "./sound.js";
import { $ } from "./dom.js";

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
        $("settings-said").textContent = "This browser has no speech; use a screen reader.";
      }
    });
  }
  connectSoundSettings();  // after the switch above: the sound is heard once it is on
}
