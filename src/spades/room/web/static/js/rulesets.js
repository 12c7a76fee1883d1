// The rule sets as the room states them (spades/rules.py and spades/seats.py, carried in the page as JSON): the
// seats' names at each table size (as data, and as said in the page's language), and each variant's players,
// options and hand length. The page asks these rather than knowing a variant by its name.

const DATA = JSON.parse(document.getElementById("rule-sets")?.textContent || "{}");
const SEAT_NAMES = DATA.seat_names || { 4: ["North", "East", "South", "West"] };
const SEAT_SAID = DATA.seat_said || SEAT_NAMES;
const SEAT_LETTERS = DATA.seat_letters || { 4: ["N", "E", "S", "W"] };
const SEAT_INITIALS = DATA.seat_initials || SEAT_LETTERS;
const VARIANTS = DATA.variants || {};

/** The seats' names of a table of ``players``, in seat order, as the page's language says them. */
export function seatNames(players) { return SEAT_SAID[String(players)] || SEAT_SAID["4"]; }

/** The seats' names of a table of ``players`` as data, in English whatever the page's language: "north", "south",
 * for the style sheet's classes. */
export function seatKeys(players) { return (SEAT_NAMES[String(players)] || SEAT_NAMES["4"]).map((name) => name.toLowerCase()); }

/** The seats' short forms (N, E, S, W; at five and six NW, NE, SW, SE as well), one for each seat's badge. */
export function seatLetters(players) { return SEAT_LETTERS[String(players)] || SEAT_LETTERS["4"]; }

/** The seats' short forms as each seat's badge shows them, in the page's language (West is O in French). */
export function seatInitials(players) { return SEAT_INITIALS[String(players)] || SEAT_INITIALS["4"]; }

/** A variant's name as the page's language says it ("six en équipes"), from its id ("six_partners"). */
export function variantWords(variant) {
  return (VARIANTS[variant] || {}).words || String(variant || "").replace("_", "-");
}

export function playersOf(variant) { return (VARIANTS[variant] || { players: 4 }).players; }

/** The options a table of the variant may be created with. */
export function optionsOf(variant) { return (VARIANTS[variant] || { options: [] }).options; }

/** Tricks of a hand of these rules (their wire form: variant and options). */
export function handSize(rules) {
  const sizes = (VARIANTS[rules.variant] || {}).hand_size || {};
  return sizes[(rules.options && rules.options.jokers) || "none"] || 13;
}

/** The seat a person usually takes at a table of this size: South. */
export function homeSeat(players) { return Math.max(0, seatKeys(players).indexOf("south")); }

/** Each side's seats, from the table's players and its number of sides (the length of its scores): a side is
 * one seat, or seats spaced round the table (partners opposite; teams of three at every other seat). */
export function sideSeats(players, sides) {
  const size = players / sides;
  return Array.from({ length: sides }, (_, side) => Array.from({ length: size }, (_, k) => side + k * sides));
}

/** The sides' names as the room says them: a seat's name, or its seats' names joined ("North-South"). */
export function sideNames(players, sides) {
  const names = seatNames(players);
  return sideSeats(players, sides).map((seats) => seats.map((seat) => names[seat]).join("-"));
}

// Where each seat is drawn round the felt, by how many seats to the viewer's left it sits: the viewer at the
// bottom, the others clockwise from the left.
const POSITIONS = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"],
};
export const ALL_POSITIONS = ["top", "top-left", "top-right", "left", "right", "bottom-left", "bottom-right", "bottom"];

export function positionOf(offset, players) { return (POSITIONS[players] || POSITIONS[4])[offset]; }
