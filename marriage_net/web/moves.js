// The seat's moves, as a person makes them on a phone: the stock and the pile, a discard by tap
// or drag, See, Go out (asked first), exposing a dealt tunnela, Sort and Group. Every move sent
// is one of the view's legal actions (the engine's action words); a move that cannot be made
// now is answered with the engine's own words for why not.

import { codeOf, label, notation } from "./cards.js";
import { box } from "./screens.js";
import { h, nameOf } from "./table.js";
import { _, cardsOf, said, say, say_n, shown } from "./words.js";

/** Card codes of an action's cards ("see 3S 4S 5S | …"), sorted. */
export function codesOf(words) {
  const out = [];
  for (const token of words.split(/[\s|]+/)) {
    if (token === "JK") out.push(52);
    else if (/^[2-9TJQKA][SHDC]$/.test(token)) {
      out.push("SHDC".indexOf(token[1]) * 13 + "23456789TJQKA".indexOf(token[0]));
    }
  }
  return out.sort((a, b) => a - b);
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The moves of the page's seat. `app`: {S, fan, toast(words), render(), closeDialog()}. */
export function seatMoves(app) {
  const { S, fan, toast } = app;

  function legal() {
    // Nothing is played from under the final score sheet (a new match may be dealt under it).
    return S.view && !S.final && S.view.current_player === S.seat ? S.view.legal : [];
  }

  function act(action) {
    if (!S.table || !S.view) return;
    if (!S.table.send({ type: "act", seat: S.seat, v: S.v, action })) toast(_("Reconnecting…"));
  }

  function why(kind, otherwise) {
    const reason = S.view && S.view.why_not ? S.view.why_not[kind] : "";
    return reason ? said(reason, S.view.names) : otherwise;
  }

  function notYourTurn() {
    const v = S.view;
    if (v.current_player !== S.seat) return say("it is {name}'s turn", { name: nameOf(v.names, v.current_player) });
    return _("not now");
  }

  function pile(which) {
    const v = S.view;
    if (!v) return;
    const can = legal();
    if (which === "stock") {
      if (can.includes("draw stock")) return act("draw stock");
      return toast(why("draw", notYourTurn()));
    }
    if (v.phase === "draw" || !can.length) {
      if (can.includes("take discard")) return act("take discard");
      return toast(why("take_discard", notYourTurn()));
    }
    discard(fan.chosen());
  }

  function discard(ids) {
    const can = legal();
    if (ids.length !== 1) {
      return toast(can.length ? _("Select one card to discard, or drag it onto the pile.") : why("discard", notYourTurn()));
    }
    const action = `discard ${notation(codeOf(ids[0]))}`;
    if (can.includes(action)) {
      fan.selected.clear();
      return act(action);
    }
    toast(why("discard", can.length ? _("not now") : notYourTurn()));
  }

  function seeAction() {
    const sees = legal().filter((a) => a === "see" || a.startsWith("see "));
    if (!sees.length) return null;
    if (sees.includes("see")) return "see";
    const chosen = fan.chosen().map(codeOf).sort((a, b) => a - b);
    if (!chosen.length) return sees.includes(S.view.best_see) ? S.view.best_see : sees[0];
    return sees.find((a) => same(codesOf(a.replace(/^see( dublees)?/, "")), chosen)) || false;
  }

  function goOutAction() {
    const outs = legal().filter((a) => a.startsWith("go out"));
    if (!outs.length) return null;
    const chosen = fan.chosen();
    if (chosen.length === 1) {
      const end = ` discard ${notation(codeOf(chosen[0]))}`;
      const found = outs.find((a) => a.endsWith(end));
      if (found) return found;
    }
    return outs.includes(S.view.best_go_out) ? S.view.best_go_out : outs[0];
  }

  function see() {
    const action = seeAction();
    if (action === null) return toast(why("see", _("not now")));
    if (action === false) {
      return toast(_("These cards are not a See the table allows: select the melds to show, or nothing."));
    }
    fan.selected.clear();
    act(action);
  }

  function goOut() {
    const action = goOutAction();
    if (action === null) return toast(why("go_out", _("you cannot go out with these cards yet")));
    const [, melds, last] = action.match(/^go out\s*(.*?)\s*discard (\S+)$/) || [];
    const groups = (melds || "").split("|").map((m) => m.trim()).filter(Boolean);
    const words = groups.map((m) => shown(cardsOf(m)));
    S.dialog = () =>
      box(
        _("Go out?"),
        [
          h("div", { class: "melds-words" }, words.map((w) => h("p", {}, w))),
          h("p", {}, shown(say("and throw {card} last", { card: cardsOf(last || "") }))),
        ],
        [
          [_("Cancel"), app.closeDialog],
          [_("Go out"), () => (app.closeDialog(), fan.selected.clear(), act(action)), true],
        ],
      );
    app.render();
  }

  function expose() {
    const action = legal().find((a) => a.startsWith("expose tunnela"));
    if (action) act(action);
    else toast(why("expose", _("not now")));
  }

  function sortHand() {
    const mode = fan.sort();
    toast(mode === "rank" ? _("sorted by rank") : _("sorted by suit"));
  }

  function groupHand() {
    const v = S.view;
    if (!v || !v.groups || !v.groups.length) return toast(_("no melds yet"));
    const found = fan.group(v.groups);
    toast(found ? say_n("{n} group found", "{n} groups found", found) : _("no melds yet"));
  }

  /** The buttons over the hand: [key, words, what it does, may be pressed, primary]. */
  function buttons() {
    const can = legal();
    const seeOk = !!seeAction();
    const outOk = can.some((a) => a.startsWith("go out"));
    const tunnela = can.find((a) => a.startsWith("expose tunnela"));
    return [
      ["sort", _("Sort"), sortHand, true, false],
      ["group", _("Group"), groupHand, true, false],
      tunnela
        ? ["expose", say("Expose {cards}", { cards: codesOf(tunnela.slice(15)).map(label).join(" ") }), expose, true, true]
        : null,
      ["see", _("See"), see, seeOk, seeOk],
      ["out", _("Go out"), goOut, outOk, outOk],
    ].filter(Boolean);
  }

  return { legal, act, pile, discard, buttons };
}
