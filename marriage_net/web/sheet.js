// The score sheet at the end of a hand: every seat's cards, whether they saw, their maal, what
// the hand gave or cost them, the match totals, and who pays whom. Everything comes from the
// hand's result as the host sent it; the payments settle its nets as the engine's ledger
// settles them (engine/ledger.py: the biggest debtor pays the biggest creditor first), which
// tests/web/test_page_sheet.py checks against the engine for many tables.

import { codeOf, suitKey } from "./cards.js";
import { cardRow, h, nameOf } from "./table.js";
import { _, cardsOf, said, say, shown, signed } from "./words.js";

/** The fewest payments that settle `nets` (summing to zero): [payer, payee, amount]. */
export function payments(nets) {
  const owe = new Map();
  const due = new Map();
  nets.forEach((v, s) => {
    if (v < 0) owe.set(s, -v);
    else if (v > 0) due.set(s, v);
  });
  const biggest = (book) => {
    let best = null;
    for (const [s, v] of book) if (best === null || v > book.get(best) || (v === book.get(best) && s < best)) best = s;
    return best;
  };
  const out = [];
  while (owe.size && due.size) {
    const payer = biggest(owe);
    const payee = biggest(due);
    const amount = Math.min(owe.get(payer), due.get(payee));
    out.push([payer, payee, amount]);
    for (const [book, seat] of [[owe, payer], [due, payee]]) {
      book.set(seat, book.get(seat) - amount);
      if (!book.get(seat)) book.delete(seat);
    }
  }
  return out;
}

/** One line for the table: who pays whom (or how a points race moved), as the desktop's score
 * sheet says it (engine/ledger.py describe_payments). */
export function paymentWords(result, scoring, names) {
  const nets = result.nets;
  if (scoring === "settlement") {
    const paid = payments(nets);
    if (!paid.length) return say("Nobody pays anybody this hand.");
    const byPayer = new Map();
    for (const [payer, payee, amount] of paid) {
      if (!byPayer.has(payer)) byPayer.set(payer, []);
      byPayer.get(payer).push(say("{name} {amount}", { name: nameOf(names, payee), amount }));
    }
    return [...byPayer].map(([payer, list]) =>
      say("{name} pays {payees}", { name: nameOf(names, payer), payees: commas(list) }),
    ).reduce((a, b) => say("{first}; {then}", { first: a, then: b }));
  }
  if (scoring === "contract") {
    return nets
      .map((points, s) => say("{name} scores {points}", { name: nameOf(names, s), points }))
      .reduce((a, b) => say("{first}; {then}", { first: a, then: b }));
  }
  const charged = nets.map((points, s) => [s, points]).filter(([, points]) => points);
  if (!charged.length) return say("Nobody is charged this hand.");
  return charged
    .map(([s, points]) => say("{name} is charged {points}", { name: nameOf(names, s), points }))
    .reduce((a, b) => say("{first}; {then}", { first: a, then: b }));
}

function commas(parts) {
  return parts.reduce((a, b) => say("{first}, {then}", { first: a, then: b }));
}

/** The sheet's rows and its foot, for the view of a finished hand. */
export function scoreSheet(view, t) {
  const r = view.result;
  const names = view.names;
  const scoring = view.rules.scoring;
  const roles = new Map((view.wild_roles || []).map(([code, role]) => [code, role]));
  const heading = say("Hand {hand} of {hands} — {result}", {
    hand: r.hand_no + 1,
    hands: view.hands_total,
    result: said(lastWords(t.story, "hand_end"), names),
  });
  const rows = names.map((_name, seat) => {
    const breakdown = r.breakdowns[seat];
    const finish = seat === r.winner ? r.finish : [];
    const used = new Set(finish.flat());
    const left = [...r.hands[seat]]
      .filter((id) => !used.has(id))
      .sort((a, b) => suitKey(codeOf(a)) - suitKey(codeOf(b)));
    const maal = breakdown.items.map(([item, cards, points]) =>
      h("span", { class: "maal-bit" }, `${said(item, names)} ${shown(cardsOf(cards))} ${shown(String(points))}`),
    );
    return h(
      "div",
      { class: `row${seat === view.seat ? " me" : ""}${seat === r.winner ? " winner" : ""}` },
      h("span", { class: "who" }, nameOf(names, seat)),
      h(
        "span",
        { class: "seen" },
        r.seen[seat] ? _("seen") : _("not seen"),
        h("br"),
        shown(say("maal {points}", { points: r.points[seat] })),
      ),
      h(
        "div",
        { class: "row-cards" },
        (r.shown[seat] || []).map(([, ids]) => cardRow(ids, "tiny shown-meld", roles)),
        finish.map((ids) => cardRow(ids, "tiny", roles)),
        left.length ? cardRow(left, "tiny loose", roles) : null,
        maal.length ? h("div", { class: "row-maal" }, maal) : null,
      ),
      h("span", { class: "net" }, signed(r.nets[seat])),
      h("span", { class: "total" }, signed(r.totals[seat]).replace(/^\+/, "")),
    );
  });
  const pay = shown(paymentWords(r, scoring, names));
  return h(
    "div",
    { class: "sheet" },
    h(
      "div",
      { class: "sheet-head" },
      h("h2", {}, shown(heading)),
      h("span", { class: "net" }, _("this hand")),
      h("span", { class: "total" }, _("total")),
    ),
    h("div", { class: "sheet-rows" }, rows),
    h("div", { class: "sheet-foot" }, h("p", { class: "pay" }, pay), t.foot),
  );
}

/** The words of the last event of `kind` in the seat's story (the hand's end). */
function lastWords(story, kind) {
  for (let i = story.length - 1; i >= 0; i--) {
    if (story[i].kind === kind) return story[i].text;
  }
  return "";
}
