// The page's words: the game's own catalogs, exported for the page by the build
// (build/page_words.py), and the engine's sentences worded from their codes, as a laptop
// words them (engine/words.py, marriage_gui/language.py). English needs no catalog. The cards a
// sentence names are a field of their own in its code ({"cards": ["5H", "|", "…"]}): named as a
// player reads them (10♠), never found again in the words.

import { label } from "./cards.js";

/** @type {{lang: string, words: Record<string, string|string[]>, plural: string, digits: boolean}} */
export const speech = { lang: "en", words: {}, plural: "one_other", digits: false };

/** The languages the page offers, each named in itself. */
export const LANGUAGES = { en: "English", ne: "नेपाली" };

/** Speak `code` from now on (its catalog is fetched from the host once). */
export async function useLanguage(code) {
  if (!(code in LANGUAGES)) code = "en";
  if (code === "en") {
    speech.words = {};
    speech.plural = "one_other";
  } else {
    const answer = await fetch(`words-${code}.json`, { cache: "no-cache" });
    if (!answer.ok) throw new Error(`no ${code} catalog`);
    const data = await answer.json();
    speech.words = data && typeof data.words === "object" ? data.words : {};
    speech.plural = typeof data.plural === "string" ? data.plural : "one_other";
  }
  speech.lang = code;
  document.documentElement.lang = code;
}

/** The language a phone asks for, among ours (English otherwise). */
export function phoneLanguage() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in LANGUAGES) return code;
  }
  return "en";
}

/** `msgid` in the language in use. */
export function _(msgid) {
  const found = speech.words[msgid];
  return typeof found === "string" ? found : msgid;
}

/** The form of a message that fits the count `n`. */
export function ngettext(singular, plural, n) {
  const found = speech.words[singular];
  const index = speech.plural === "none" ? 0 : n === 1 ? 0 : 1;
  if (Array.isArray(found) && found.length) return found[Math.min(index, found.length - 1)];
  return n === 1 ? singular : plural;
}

/** Marks a message for the catalog where it is written; worded where it is shown. */
export function N_(msgid) {
  return msgid;
}

const FIELD = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** `template` with its `{fields}` filled in (as Python's str.format by name); null when the
 * template names a field it was not given. */
function filled(template, fields) {
  let missing = false;
  const out = template.replace(FIELD, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!Object.prototype.hasOwnProperty.call(fields, name)) {
      missing = true;
      return whole;
    }
    return String(fields[name]);
  });
  return missing ? null : out;
}

/** `template` (already in the language in use) filled with `fields`. */
export function format(template, fields = {}) {
  const out = filled(template, fields);
  return out === null ? template : out;
}

/** `_(msgid)` filled with `fields`: the English if a translation names a field it lacks. */
export function say(msgid, fields = {}) {
  return filled(_(msgid), fields) ?? format(msgid, fields);
}

/** `ngettext` filled with `fields` and `{n}`. */
export function say_n(singular, plural, n, fields = {}) {
  const all = { n, ...fields };
  return filled(ngettext(singular, plural, n), all) ?? format(n === 1 ? singular : plural, all);
}

const MARK = "§";
const RANKS = "23456789TJQKA";
const SUITS = "SHDC";
/** Each card kind by the text the engine writes it in ("7C", "TS", "JK"). */
const BY_TEXT = new Map(
  [...Array(52).keys()].map((code) => [RANKS[code % 13] + SUITS[Math.floor(code / 13)], code]),
).set("JK", 52);
/** Between melds, and after a list cut short. */
const APART = "|";
const MORE = "…";

/** Words from the host: an engine sentence's code (§[template, fields, plural?, count?]),
 * worded in the language in use; plain words as they are; a damaged code as "?". */
export function word(text) {
  if (typeof text !== "string" || !text.startsWith(MARK)) return typeof text === "string" ? text : "";
  if (text.length > 2000) return "?";
  try {
    return built(JSON.parse(text.slice(MARK.length)), 0);
  } catch {
    return "?";
  }
}

function built(data, depth) {
  if (depth > 8 || !Array.isArray(data) || (data.length !== 2 && data.length !== 4)) {
    throw new Error("not a sentence");
  }
  const [template, fields] = data;
  if (typeof template !== "string" || !fields || typeof fields !== "object") {
    throw new Error("not a sentence");
  }
  const made = {};
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) made[key] = built(value, depth + 1);
    else if (value && typeof value === "object") made[key] = cardsField(value);
    else if (typeof value === "string" || Number.isInteger(value)) made[key] = value;
    else throw new Error("not a field");
  }
  if (data.length === 4) {
    const [, , plural, count] = data;
    if (typeof plural !== "string" || !Number.isInteger(count)) throw new Error("not a plural");
    return say_n(template, plural, count, made);
  }
  return say(template, made);
}

/** A sentence's card field ({"cards": ["5H", "6H", "|", "9C", "…"]}) as a player reads it
 * ("5♥ 6♥ | 9♣ …"); an error for anything else (a card's text not as the engine writes it). */
function cardsField(value) {
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== "cards" || !Array.isArray(value.cards)) {
    throw new Error("not cards");
  }
  return value.cards
    .map((item) => {
      if (item === APART || item === MORE) return item;
      if (typeof item !== "string" || !BY_TEXT.has(item)) throw new Error("not a card");
      return label(BY_TEXT.get(item));
    })
    .join(" ");
}

/** Cards the engine sends as data, in its notation ("7H 7H 7H", a discard "9C"), as a player
 * reads them; what is not a card's text stays as it is. */
export function cardsOf(text) {
  if (typeof text !== "string") return "";
  return text
    .split(" ")
    .map((t) => (BY_TEXT.has(t) ? label(BY_TEXT.get(t)) : t))
    .join(" ");
}

const DEVANAGARI = "०१२३४५६७८९";
// A number standing alone (not the 1 of F1, which names a key as the keyboard prints it).
const NUMBER = /(?<![A-Za-z0-9])[0-9]+/g;

/** `text` as shown: with Devanagari digits when the person chose them. */
export function shown(text) {
  if (!speech.digits || !/[0-9]/.test(text)) return text;
  return text.replace(NUMBER, (digits) => digits.replace(/[0-9]/g, (d) => DEVANAGARI[+d]));
}

// Old words only: a card in the notation, standing alone among Latin letters and digits.
const OLD_CODE = /(?<![A-Za-z0-9_♠♥♦♣])(?:[23456789TJQKA][SHDC]|JK)(?![A-Za-z0-9_♠♥♦♣])/g;

/** Plain words an older release wrote, with cards in the notation ("AS discarded 9C"), each
 * card named as a player reads it: each clause ("…; …") begins with the seat that acted, whose
 * name stays as it is. Never used for an engine sentence's code, whose cards are a field. */
export function oldWords(line, names = []) {
  const kept = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  return line
    .split("; ")
    .map((clause) => {
      const name = kept.find((n) => clause.startsWith(n + " ")) || "";
      return name + clause.slice(name.length).replace(OLD_CODE, (t) => label(BY_TEXT.get(t)));
    })
    .join("; ");
}

/** Words from the host, in the digits chosen: an engine sentence's code worded (its cards from
 * its card fields, its names as they are); plain words from an older file read as ``oldWords``. */
export function said(text, names = []) {
  if (typeof text === "string" && text.startsWith(MARK)) return shown(word(text));
  return shown(oldWords(typeof text === "string" ? text : "", names));
}

/** A signed number as the score sheet writes it: +16, −3, 0. */
export function signed(n) {
  return shown(n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
}
