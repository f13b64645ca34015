/* i18n.js — the page's words in the reader's language.  Every text of the
 * page is written here in English and read through the C core's catalog
 * (po/LANG.po, compiled into the WebAssembly: the same catalogs as the
 * program's), and so are game titles, seats, options, rules and the lines
 * under the board, which come from the core itself:
 *
 *   t('{who} to move.', { who })         a text; {names} are filled in
 *                                        after the translation
 *   tn('{n} player', '{n} players', n)   a number of things, in the
 *                                        language's plural forms; {n} is
 *                                        the number as the language
 *                                        writes it
 *
 * scripts/po.sh extracts them (keywords t and tn:1,2), so their first
 * arguments are string literals. */

const KEY = 'ludoteka-lang';
let core = null;
let current = 'en';

/* The two-letter code of a language tag ("pl-PL" -> "pl"). */
const codeOf = (tag) => String(tag || '').toLowerCase().split(/[-_]/)[0];

/* Chooses the language at the start: the one chosen on this page before,
 * else the browser's first that has a catalog, else English. */
export function startLanguage(theCore) {
  core = theCore;
  const offered = core.languages();
  const asked = [localStorage.getItem(KEY), ...(navigator.languages || []), navigator.language];
  const code = asked.map(codeOf).find((c) => offered.includes(c)) || 'en';
  current = core.setLanguage(code);
}

/* The languages the page can speak: their codes, English first. */
export function languages() {
  return core.languages();
}

export function lang() {
  return current;
}

/* The reader's choice, kept for the next visit. */
export function setLang(code) {
  current = core.setLanguage(code);
  localStorage.setItem(KEY, current);
}

/* A language's name in that language ("polski" -> "Polski"); those of
 * the catalogs there are from a table (the first Intl.DisplayNames takes
 * long, on the way to the first page). */
const LANGUAGE_NAMES = { en: 'English', pl: 'Polski' };
export function languageName(code) {
  if (LANGUAGE_NAMES[code]) return LANGUAGE_NAMES[code];
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/* The parts of a text with its {names} filled in: strings, and the values
 * as they are (DOM nodes stay nodes). */
export function parts(text, vars = {}) {
  const out = [];
  let at = 0;
  text.replace(/\{(\w+)\}/g, (m, name, where) => {
    if (!(name in vars)) return m;
    out.push(text.slice(at, where), vars[name]);
    at = where + m.length;
    return m;
  });
  out.push(text.slice(at));
  return out.filter((p) => p !== '');
}

const fill = (text, vars) => parts(text, vars).join('');

/* A text of the page, translated; vars fill its {names}. */
export function t(msgid, vars) {
  return fill(core.gettext(msgid), vars);
}

/* The same with nodes among the values (an identifier in <code>): the
 * parts to append to an element. */
export function tParts(msgid, vars) {
  return parts(core.gettext(msgid), vars);
}

/* A number of things: the form the language gives to n. */
export function tn(one, many, n, vars = {}) {
  return fill(core.ngettext(one, many, n), { n: number(n), ...vars });
}

/* A number as the language writes it: "0,75" in Polish, "0.75" in
 * English; thousands grouped. */
export function number(x, decimals = 0) {
  return core.formatNumber(x, decimals);
}
