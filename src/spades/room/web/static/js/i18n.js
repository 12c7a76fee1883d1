// The page's own words in the player's language. The room serves the page in one language (its <html lang>) with
// that language's catalogue of the scripts' messages in it (<script type="application/json" id="catalogue">, the
// compiled locale/<lang>/LC_MESSAGES/web.json: each English message to its translation, or to its plural forms).
// Every sentence a module shows or says is written whole, in English, as a literal marked with _() or n_() (Babel
// extracts them: locale/web.cfg), with named {placeholders} filled in after it is translated, so that each language
// orders it its own way. A message the catalogue lacks (and every message in English) is said as written. The
// lines the room sends are in the player's language already, and go through none of this.

const PAGE = typeof document === "undefined" ? null : document;

/** The page's language: en, es or fr (English where there is no page, as when node reads cards.js). */
export const LANG = (PAGE && PAGE.documentElement.lang) || "en";

function read(id) {
  try {
    return JSON.parse((PAGE && PAGE.getElementById(id)?.textContent) || "{}");
  } catch {
    return {};
  }
}

const CATALOGUE = read("catalogue");
const MESSAGES = CATALOGUE.messages || {};
const PLURAL = new Intl.PluralRules(LANG);
// The catalogue's plural forms in its order, by CLDR category (Spanish and French: one, many, other).
const CATEGORIES = CATALOGUE.plural_categories || ["one", "other"];

/** ``text`` with each {name} filled from ``fields``; a name the fields lack stays as written. */
function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

/** ``message`` in the page's language, its {placeholders} filled from ``fields``. */
export function _(message, fields = {}) {
  const found = MESSAGES[message];
  return fill(typeof found === "string" && found ? found : message, fields);
}

/** The form of ``singular``/``plural`` for the count ``n`` in the page's language; {n} is the count. The form is
 * the one of the catalogue's categories that Intl.PluralRules gives the count (its last, "other", for any it lacks). */
export function n_(singular, plural, n, fields = {}) {
  const found = MESSAGES[singular];
  let index = CATEGORIES.indexOf(PLURAL.select(n));
  if (index < 0) index = CATEGORIES.length - 1;
  const form = Array.isArray(found) ? found[Math.min(index, found.length - 1)] : null;
  return fill(form || (n === 1 ? singular : plural), { n, ...fields });
}

/** What the page embeds of the room beside the catalogue (the cards' names in the page's language), or ``{}``. */
export function pageData(id) { return read(id); }

/** A number with ``digits`` decimals, as the page's language writes it: "1502.5" in English, "1502,5" in Spanish
 * and French (never grouped in thousands). */
export function decimal(value, digits = 1) {
  if (LANG === "en") return value.toFixed(digits);
  return new Intl.NumberFormat(LANG, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })
    .format(value);
}
