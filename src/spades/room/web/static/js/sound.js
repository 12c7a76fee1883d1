// Earcons: a short sound for each thing that happens at the table, made by the page with Web Audio (no files), so
// that a player who listens hears a card played, a trick won by their side or the other, spades broken, their
// turn, a Nil set, the end of a hand and the turn clock's warning as well as the words. Off until the player turns
// sounds on in Settings, at the volume chosen there. Each earcon is a few tones, told apart by pitch, direction and
// timbre:
//   card   a soft snap (filtered noise and a low click)
//   us     two notes up, bright          them   two notes down, dull
//   spades a falling growl with a crack  turn   two quick high pings
//   nil    a low "wah-wah" down          hand   a rising major chord, broken
//   time   a clock's tick-tock-tick, hollow and hurried (ten seconds left)

import { saveSettings, settings } from "./settings.js";

const note = (semitones) => 440 * 2 ** (semitones / 12);  // from A4

// Each tone: start and length in seconds, frequency (gliding to `to`), wave, loudness; `noise` for a filtered burst.
export const EARCONS = {
  card: [{ at: 0, length: 0.05, noise: 2400, gain: 0.6 }, { at: 0, length: 0.05, freq: 180, to: 90, wave: "triangle", gain: 0.5 }],
  us: [{ at: 0, length: 0.1, freq: note(7), wave: "sine", gain: 0.5 }, { at: 0.1, length: 0.16, freq: note(12), wave: "sine", gain: 0.5 }],
  them: [{ at: 0, length: 0.1, freq: note(0), wave: "triangle", gain: 0.55 }, { at: 0.1, length: 0.16, freq: note(-5), wave: "triangle", gain: 0.55 }],
  spades: [{ at: 0, length: 0.04, noise: 900, gain: 0.7 }, { at: 0.02, length: 0.32, freq: 520, to: 110, wave: "sawtooth", gain: 0.3 }],
  turn: [{ at: 0, length: 0.07, freq: note(22), wave: "sine", gain: 0.45 }, { at: 0.12, length: 0.07, freq: note(22), wave: "sine", gain: 0.45 }],
  nil: [{ at: 0, length: 0.16, freq: 330, to: 262, wave: "square", gain: 0.22 }, { at: 0.18, length: 0.24, freq: 262, to: 196, wave: "square", gain: 0.22 }],
  hand: [{ at: 0, length: 0.12, freq: note(3), wave: "triangle", gain: 0.4 }, { at: 0.09, length: 0.12, freq: note(7), wave: "triangle", gain: 0.4 },
    { at: 0.18, length: 0.12, freq: note(10), wave: "triangle", gain: 0.4 }, { at: 0.27, length: 0.3, freq: note(15), wave: "triangle", gain: 0.4 }],
  time: [{ at: 0, length: 0.03, freq: note(17), wave: "square", gain: 0.3 }, { at: 0.12, length: 0.03, freq: note(12), wave: "square", gain: 0.3 },
    { at: 0.24, length: 0.03, freq: note(17), wave: "square", gain: 0.3 }],
};

/** How long an earcon lasts, in seconds. */
export function duration(name) {
  return Math.max(...EARCONS[name].map((tone) => tone.at + tone.length));
}

/** Put an earcon on any audio context (the page's own, or an offline one that renders it to a buffer). */
export function schedule(name, context, destination, when = context.currentTime) {
  for (const tone of EARCONS[name]) {
    const start = when + tone.at;
    const end = start + tone.length;
    const level = context.createGain();
    level.gain.setValueAtTime(0.0001, start);
    level.gain.exponentialRampToValueAtTime(tone.gain, start + 0.005);
    level.gain.exponentialRampToValueAtTime(0.0001, end);
    level.connect(destination);
    let source;
    if (tone.noise) {
      const samples = Math.ceil(context.sampleRate * tone.length);
      const buffer = context.createBuffer(1, samples, context.sampleRate);
      const data = buffer.getChannelData(0);
      let seed = 12345;  // the same noise every time: an earcon always sounds the same
      for (let i = 0; i < samples; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        data[i] = seed / 1073741824 - 1;
      }
      source = context.createBufferSource();
      source.buffer = buffer;
      const band = context.createBiquadFilter();
      band.type = "bandpass";
      band.frequency.value = tone.noise;
      band.Q.value = 1.2;
      source.connect(band).connect(level);
    } else {
      source = context.createOscillator();
      source.type = tone.wave;
      source.frequency.setValueAtTime(tone.freq, start);
      if (tone.to) source.frequency.exponentialRampToValueAtTime(tone.to, end);
      source.connect(level);
    }
    source.start(start);
    source.stop(end + 0.01);
  }
  return duration(name);
}

/** The earcon as samples, rendered offline (mono): what the page would play, at full volume. */
export async function renderEarcon(name, sampleRate = 22050) {
  const context = new OfflineAudioContext(1, Math.ceil(sampleRate * (duration(name) + 0.05)), sampleRate);
  schedule(name, context, context.destination, 0);
  const buffer = await context.startRendering();
  return buffer.getChannelData(0);
}

let live = null;
let master = null;
let free = 0;  // when (in seconds of the page's clock) the earcons queued have mostly played: heard one by one
export const played = [];  // the earcons this page has played, newest last (the last 50)

/** Play an earcon, if the player has turned sounds on; nothing (no audio at all) otherwise. */
export function playEarcon(name) {
  if (!settings.sound || !(name in EARCONS)) return false;
  try {
    if (live === null) {
      live = new AudioContext();
      master = live.createGain();
      master.connect(live.destination);
    }
    if (live.state === "suspended") live.resume().catch(() => {});
    master.gain.value = Math.max(0, Math.min(1, Number(settings.volume ?? 0.5)));
    // One after another, by the page's clock (an audio clock may stall with no device to play on), but never
    // more than a moment late: a burst of events overlaps rather than trailing seconds behind the table.
    const now = performance.now() / 1000;
    const wait = Math.min(Math.max(0, free - now), 0.6);
    free = now + wait + duration(name) * 0.8 + 0.04;
    schedule(name, live, master, live.currentTime + 0.01 + wait);
    played.push(name);
    if (played.length > 50) played.shift();
    return true;
  } catch {
    return false;  // no audio in this browser: the words say it all
  }
}

/** The earcons of one event of the table, given the seat that hears it (null for a spectator). ``sides`` is the
 * table's number of sides (a side's seats are that many apart round the table); true stands for two partnerships
 * of four players, false for each player alone. */
export function earconsFor(event, seat, players, sides) {
  const apart = typeof sides === "number" ? sides : sides ? 2 : players;
  switch (event.type) {
    case "card": return ["card"];
    case "spades_broken": return ["spades"];
    case "trick": {
      if (seat === null) return ["us"];
      const ours = (event.seat - seat + players) % apart === 0;
      return [ours ? "us" : "them"];
    }
    case "hand_scored": {
      const set = event.result.sides.some((side) => side.nils.some((nil) => nil.points < 0));
      return set ? ["nil", "hand"] : ["hand"];
    }
    default: return [];
  }
}

/** The sounds for the events a table just said: one call where the table says them. */
export function soundEvent(table, event) {
  if (!settings.sound) return;
  const players = table.players();
  const sides = table.view ? table.view.scores.length : players;
  for (const name of earconsFor(event, table.seat, players, sides)) playEarcon(name);
}

/** The settings' sound switch and volume: each change is heard at once (the pings of your turn). */
export function connectSoundSettings() {
  const box = document.getElementById("set-sound");
  const volume = document.getElementById("set-volume");
  if (!box || !volume) return;
  volume.value = String(Math.round(100 * Number(settings.volume ?? 0.5)));
  box.addEventListener("change", () => playEarcon("turn"));
  volume.addEventListener("change", () => {
    settings.volume = Number(volume.value) / 100;
    saveSettings();
    playEarcon("turn");
  });
}
