// Cards as the room sends them ("AS", "10H", and the jokers "LJ" and "BJ") and their spoken names: the room's own,
// in the page's language, which the page carries (spades.card_words: each card with its own article and gender in
// Spanish and French); without them (node reading this module) the same English words as spades.cards, which a
// test checks for all 54 against the engine's names.

import { _, pageData } from "./i18n.js";

export const RANK_TEXT = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const RANK_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "jack", "queen", "king", "ace"];
// In the engine's order: clubs, diamonds, hearts, spades.
export const SUITS = [
  { letter: "C", symbol: "\u2663", plural: "clubs", singular: "club" },
  { letter: "D", symbol: "\u2666", plural: "diamonds", singular: "diamond" },
  { letter: "H", symbol: "\u2665", plural: "hearts", singular: "heart" },
  { letter: "S", symbol: "\u2660", plural: "spades", singular: "spade" },
];

// The jokers, numbered after the ace of spades as the engine numbers them; in play they are spades.
export const JOKERS = { LJ: { number: 52, name: "Little Joker" }, BJ: { number: 53, name: "Big Joker" } };
// Each card's text to its name alone and with its article, as the room says them in the page's language.
const NAMES = pageData("card-names");

/** The card's number as the engine counts: suit * 13 + rank, clubs two first; then the Little and Big Joker. */
export function cardNumber(text) {
  if (JOKERS[text]) return JOKERS[text].number;
  const suit = SUITS.findIndex((s) => s.letter === text.slice(-1));
  const rank = RANK_TEXT.indexOf(text.slice(0, -1));
  if (suit < 0 || rank < 0) throw new Error(`not a card: ${text}`);
  return suit * 13 + rank;
}

export function suitOf(text) { return Math.min(3, Math.floor(cardNumber(text) / 13)); }
export function rankOf(text) { return JOKERS[text] ? JOKERS[text].number - 39 : cardNumber(text) % 13; }

/** "ace of spades"; a joker by its name, "Big Joker" */
export function cardName(text) {
  if (NAMES[text]) return NAMES[text][0];
  if (JOKERS[text]) return JOKERS[text].name;
  const n = cardNumber(text);
  return `${RANK_WORDS[n % 13]} of ${SUITS[Math.floor(n / 13)].plural}`;
}

/** The card with its article, as a sentence says it: "the ace of spades" ("el as de picas", "la dame de cœur"). */
export function theCard(text) {
  return NAMES[text] ? NAMES[text][1] : `the ${cardName(text)}`;
}

export function capitalize(text) { return text.slice(0, 1).toUpperCase() + text.slice(1); }

/** A hand (any order) in the engine's order: clubs low to spades high, as the keys move through it. */
export function inOrder(cards) {
  return [...cards].sort((a, b) => cardNumber(a) - cardNumber(b));
}

/** How a bid is said: "Nil", "Blind Nil", "4". */
export function bidSpoken(text) {
  return { "nil": _("Nil"), "blind nil": _("Blind Nil"), "bn": _("Blind Nil") }[text] ?? text;
}

// The card faces and backs: SVG files of a public-domain deck served by the room (static/cards/, see its README),
// one file per card named by its text; the deck has no jokers, so their two faces (BJ.svg, LJ.svg) are the room's
// own drawings. An image has no text of its own: the button or list item around it says
// the card, so the picture is hidden from screen readers.
export const CARD_IMAGES = "/static/cards/";

/** The card's face as a picture (a span of class "face", sized by the style sheet, holding the card's image). */
export function cardFaceElement(text, extraClass = "") {
  const suit = SUITS[suitOf(text)];
  const face = document.createElement("span");
  face.className = `face suit-${suit.letter}${extraClass ? ` ${extraClass}` : ""}`;
  face.setAttribute("aria-hidden", "true");
  face.dataset.card = text;
  face.append(cardImage(`${CARD_IMAGES}${text}.svg`));
  return face;
}

/** A card's back, as the others' hands are shown: face down. */
export function cardBackElement(extraClass = "") {
  const back = document.createElement("span");
  back.className = `face back${extraClass ? ` ${extraClass}` : ""}`;
  back.setAttribute("aria-hidden", "true");
  back.append(cardImage(`${CARD_IMAGES}back.svg`));
  return back;
}

function cardImage(src) {
  const image = document.createElement("img");
  image.src = src;
  image.alt = "";
  image.draggable = false;
  image.decoding = "async";
  return image;
}
