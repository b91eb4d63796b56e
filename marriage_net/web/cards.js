// Cards: physical ids as the engine numbers them, their codes, names, and their faces from the
// sheet the build draws with the desktop's own card art (build/page_art.py).

import { _ } from "./words.js";

export const JOKER = 52;
export const BACK = 53;
export const WILD = 54;
export const WILD_JOKER = 55;
export const TIPLU = 56;
const COLUMNS = 10;
const ROWS = 6;
const RANKS = "23456789TJQKA";
const SUITS = "SHDC";
const SIGNS = "♠♥♦♣";

/** The kind of the physical card `id` (0-51, 52 for a printed joker). */
export function codeOf(id) {
  return id < 156 ? id % 52 : JOKER;
}

/** A card kind in the engine's notation, for an action ("QS", "TH", "JK"). */
export function notation(code) {
  return code === JOKER ? "JK" : RANKS[code % 13] + SUITS[Math.floor(code / 13)];
}

/** A card kind as a player reads it: 10♠, Q♥, Joker. */
export function label(code) {
  if (code === JOKER) return _("Joker");
  const rank = RANKS[code % 13];
  return (rank === "T" ? "10" : rank) + SIGNS[Math.floor(code / 13)];
}

/** Hearts and diamonds. */
export function isRed(code) {
  const suit = Math.floor(code / 13);
  return code !== JOKER && (suit === 1 || suit === 2);
}

/** Shows sheet cell `cell` (a face 0-52, the back, a badge) on element `el`. */
export function paint(el, cell) {
  const col = cell % COLUMNS;
  const row = Math.floor(cell / COLUMNS);
  el.style.backgroundPosition = `${(col * 100) / (COLUMNS - 1)}% ${(row * 100) / (ROWS - 1)}%`;
}

/** A card element: the face of `id` (null: the back), with the classes given. */
export function cardElement(id, classes = "") {
  const el = document.createElement("div");
  el.className = `card ${classes}`.trim();
  if (id === null || id === undefined) {
    paint(el, BACK);
  } else {
    el.dataset.id = String(id);
    paint(el, codeOf(id));
    el.setAttribute("aria-label", label(codeOf(id)));
  }
  return el;
}

/** Puts the wild star, or the tiplu's crown, on a card element (roles: code -> role). */
export function badge(el, code, roles) {
  const role = roles.get(code);
  el.querySelector(".badge")?.remove();
  if (!role) return;
  const mark = document.createElement("div");
  mark.className = "badge";
  paint(mark, role === "tiplu" ? TIPLU : code === JOKER ? WILD_JOKER : WILD);
  el.append(mark);
}

/** Sort keys: by suit (alternating colours: spades, hearts, clubs, diamonds), or by rank. */
const SUIT_ORDER = [0, 1, 3, 2];
export function suitKey(code) {
  return code < 52 ? SUIT_ORDER[Math.floor(code / 13)] * 13 + (code % 13) : 4 * 13;
}
export function rankKey(code) {
  return code < 52 ? (code % 13) * 5 + SUIT_ORDER[Math.floor(code / 13)] : 13 * 5 + 4;
}
