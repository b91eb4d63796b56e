// The table on a phone, drawn from the seat's view alone: the other seats' plates (status,
// clock, cards left, their shown melds), the stock and the discard pile, the tiplu once seen,
// the seat's own shown melds and its maal, the prompt and the buttons. Nothing here decides a
// rule: what may be done comes from the view's legal actions and its words for why not.

import { badge, cardElement, codeOf, label } from "./cards.js";
import { secondsLeft } from "./clock.js";
import { N_, _, cardsOf, format, ngettext, said, say, shown, word } from "./words.js";

/** An element: `h("div", {class: "plate"}, child, "text", …)`. Text is always text (names
 * come from other people's phones: never markup). */
export function h(tag, props = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "ontap") onTap(el, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

/** `act` when a finger (or the mouse) is lifted on `el` where it went down, or when a key
 * presses it. A phone's browser may hold back the click that follows a tap (just after a
 * drag, for one): the press itself is the tap here. */
export function onTap(el, act) {
  let down = null;
  el.addEventListener("pointerdown", (e) => {
    down = e.pointerId;
  });
  el.addEventListener("pointercancel", () => {
    down = null;
  });
  el.addEventListener("pointerup", (e) => {
    if (down !== e.pointerId) return;
    down = null;
    const r = el.getBoundingClientRect();
    if (e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom) act(e);
  });
  el.addEventListener("click", (e) => {
    if (e.detail === 0) act(e); // a key pressed it (a pointer's click was handled above)
  });
}

const KEPT = new Map();

/** An element made once and kept (a button a finger may be on while the table is drawn
 * again: a new element there would lose the tap); its class and contents are set anew. */
export function kept(key, tag, props, cls, ...kids) {
  let el = KEPT.get(key);
  if (!el) {
    el = h(tag, props);
    KEPT.set(key, el);
  }
  el.className = cls;
  el.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
  return el;
}

/** What a player is called on this phone: their name, or "Player 3". */
export function nameOf(names, seat) {
  return (names[seat] || "").trim() || say("Player {number}", { number: seat + 1 });
}

/** The seats in the order play passes round after `me`. */
export function othersAfter(view, me) {
  const step = view.rules.direction === "anticlockwise" ? -1 : 1;
  const n = view.names.length;
  const out = [];
  for (let k = 1; k < n; k++) out.push((((me + k * step) % n) + n) % n);
  return out;
}

/** The computer players' levels, as a plate names them. */
const LEVELS = { easy: N_("easy"), medium: N_("medium"), hard: N_("hard") };

const PLATE_NOTES = {
  reconnecting: N_("Away · {time}"),
  computer: N_("Computer plays"),
  left: N_("Left"),
};

/** A seat's plate line while it is news (what marriage_gui/table/seat_news.py says). */
export function plateNote(status) {
  if (!status) return null;
  if (status.state === "reconnecting") return say(PLATE_NOTES.reconnecting, { time: seconds(status) });
  if (status.state === "computer" && status.why) return _(PLATE_NOTES.computer);
  if (status.state === "left") return _(PLATE_NOTES.left);
  return null;
}

function seconds(status) {
  if (status.left === null || status.left === undefined) return _("soon");
  return say("{seconds} s", { seconds: Math.max(0, Math.ceil(status.left)) });
}

const WHY = {
  away: N_("A computer plays for {name} until {name} is back"),
  clock: N_("A computer plays for {name}: the turn clock ran out"),
  host: N_("A computer plays for {name}, as the host asked"),
  late: N_("A computer plays for {name} until {name} says Play again"),
};

/** The banner's line for a missing seat (`mine`: this phone's own seat). */
export function bannerLine(status, mine) {
  if (status.state === "reconnecting" && !mine) {
    return say("{name}'s connection dropped: a computer plays for {name} in {time}", {
      name: status.name,
      time: seconds(status),
    });
  }
  if (status.state === "computer" && status.why) {
    if (mine) return _("A computer is playing for you: tap here, or make any move, to play again");
    return say(WHY[status.why] || N_("A computer plays for {name}"), { name: status.name });
  }
  if (status.state === "left" && !mine) {
    return say("{name} left the table: a computer plays for {name}", { name: status.name });
  }
  return null;
}

/** The one line that tells the person what to do now (marriage_gui/table/picture.py). */
export function promptText(view, names) {
  if (view.phase === "hand_over" || view.phase === "match_over") return "";
  if (view.current_player !== view.seat) {
    return say("{name} is playing…", { name: nameOf(names, view.current_player) });
  }
  if (view.phase === "draw") return _("Your turn: draw a card");
  if (view.must_go_out) return _("Go out now");
  return _("Discard a card");
}

/** A row of small cards: a meld, the tiplu, a hand on the score sheet. */
export function cardRow(ids, classes, roles) {
  return h(
    "div",
    { class: `meld ${classes}` },
    ids.map((id) => {
      const el = cardElement(id, "small");
      if (roles) badge(el, codeOf(id), roles);
      return el;
    }),
  );
}

/** The plate of another seat. */
function plate(view, seat, t) {
  const names = view.names;
  const status = t.statuses.get(seat);
  const note = plateNote(status);
  const clock = t.clock && t.clock.seat === seat ? t.clock : null;
  const kind = t.kinds.get(seat);
  const level = LEVELS[kind];
  const sub =
    note || (view.seen[seat] ? _("seen") : level ? say("Bot · {level}", { level: _(level) }) : "");
  const el = kept(
    `plate-${seat}`,
    "button",
    { "data-seat": seat, ontap: () => t.showMelds(seat) },
    ["plate", view.current_player === seat && !overPhase(view) ? "acting" : "", note ? "news" : ""].join(" "),
    h("span", { class: "who" }, nameOf(names, seat)),
    h("span", { class: "sub" }, shown(sub)),
    h("span", { class: "count", title: _("cards in hand") }, shown(String(view.hand_counts[seat]))),
    view.dealer === seat ? h("span", { class: "dealer" }, _("D")) : null,
    clock ? h("span", { class: `ring${t.paused ? " paused" : ""}`, style: ringStyle(clock, t.at) }) : null,
  );
  const melds = view.shown[seat] || [];
  return h(
    "div",
    { class: "seat" },
    el,
    melds.length
      ? h("div", { class: "shown" }, melds.map(([, ids]) => cardRow(ids, "tiny", t.roles)))
      : null,
  );
}

function ringStyle(clock, at) {
  const left = secondsLeft(clock, at);
  const part = clock.total ? Math.min(1, left / clock.total) : 0;
  return `--left:${(part * 360).toFixed(1)}deg`;
}

function overPhase(view) {
  return view.phase === "hand_over" || view.phase === "match_over";
}

/** The maal panel: the seat's maal so far, item by item, once it has seen. */
function maalPanel(view) {
  const count = view.maal;
  if (!count) return null;
  const items = count.items.length
    ? count.items.map(([item, cards, points]) =>
        h(
          "div",
          { class: "maal-item" },
          h("span", {}, said(item, view.names)),
          h("span", { class: "cards" }, shown(cardsOf(cards))),
          h("b", {}, shown(String(points))),
        ),
      )
    : [h("div", { class: "maal-item muted" }, _("no maal yet"))];
  return h(
    "div",
    { class: "maal" },
    h("div", { class: "maal-head" }, shown(say("Your maal  {total}", { total: count.total }))),
    items,
  );
}

/** The middle of the table and the seats' plates. */
export function drawTable(parts, view, t) {
  const me = view.seat;
  parts.plates.replaceChildren(...othersAfter(view, me).map((seat) => plate(view, seat, t)));
  // The stock and the discard pile.
  const stock = kept(
    "stock",
    "button",
    { "data-pile": "stock", ontap: () => t.pile("stock") },
    "pile stock",
    view.stock_count ? cardElement(null, "pile-card") : h("div", { class: "card empty" }),
    h("span", { class: "pile-count" }, shown(String(view.stock_count))),
  );
  const top = view.discards.length ? view.discards[view.discards.length - 1] : null;
  const topEl = top === null ? h("div", { class: "card empty" }) : cardElement(top, "pile-card");
  if (top !== null) badge(topEl, codeOf(top), t.roles);
  const pile = kept(
    "discards",
    "button",
    { "data-pile": "discards", ontap: () => t.pile("discards") },
    `pile discards${t.hover ? " hover" : ""}`,
    topEl,
    h("span", { class: "pile-count" }, shown(String(view.discards.length))),
  );
  const tiplu =
    view.tiplu_id !== null && view.tiplu_id !== undefined
      ? h(
          "div",
          { class: "tiplu" },
          cardElement(view.tiplu_id, "pile-card"),
          h("span", { class: "pile-count" }, _("tiplu")),
        )
      : null;
  const mine = view.shown[me] || [];
  parts.middle.replaceChildren(
    stock,
    pile,
    tiplu || "",
    h("div", { class: "mine" }, mine.map(([, ids]) => cardRow(ids, "small", t.roles))),
    maalPanel(view) || "",
  );
  parts.pileEl = pile;
}

/** The hand's heading: "Hand 2 of 4". */
export function handLabel(view) {
  return shown(say("Hand {number} of {total}", { number: view.hand_no + 1, total: view.hands_total }));
}

/** Words for the cards of a shown meld list (a dialog of one seat's melds). */
export function meldWords(ids) {
  return ids.map((id) => label(codeOf(id))).join(" ");
}

export { format, ngettext, word };
