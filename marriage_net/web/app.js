// The phone page: join a table by its code and a name, take a seat, and play. The host keeps
// the match and sends this seat only its own view; this page draws that view, lets the person
// arrange their cards, and sends their moves as the engine's action words, as a laptop does.

import { codeOf, label, notation } from "./cards.js";
import { Fan } from "./hand.js";
import { Table, keptSeat } from "./net.js";
import { box, joinScreen, menuBox, refusalWords, seatsScreen } from "./screens.js";
import { scoreSheet } from "./sheet.js";
import { bannerLine, drawTable, h, handLabel, kept, nameOf, onTap, promptText } from "./table.js";
import { _, ngettext, phoneLanguage, said, say, say_n, shown, speech, useLanguage } from "./words.js";

const root = document.getElementById("app");
const S = {
  code: "",
  name: "",
  table: null,
  lobby: null,
  seat: null,
  view: null,
  v: -1,
  story: [],
  statuses: new Map(),
  clock: null,
  conn: "connecting",
  problem: "",
  screen: "join",
  dialog: null, // a function that builds the box over the table (words follow the language)
  announce: "",
  pileHover: false,
  grouped: -1, // the hand number whose dealt cards were grouped
};

// ------------------------------------------------------------------ the table's pieces
const parts = {
  screen: h("div", { class: "table-screen" }),
  top: h("div", { class: "top" }),
  plates: h("div", { class: "plates" }),
  middle: h("div", { class: "middle" }),
  bar: h("div", { class: "bar" }),
  hand: h("div", { class: "hand", "touch-action": "none" }),
  banner: h("div", { class: "banner" }),
  toast: h("div", { class: "toast" }),
  veil: h("div", { class: "over" }),
  pileEl: null,
};
// A computer playing this seat (its clock ran out): a tap on the news takes the seat back.
onTap(parts.banner, () => {
  if (S.table && S.statuses.get(S.seat)?.state === "computer") S.table.send({ type: "back", seat: S.seat });
});
parts.screen.append(parts.top, parts.plates, parts.middle, parts.bar, parts.hand, parts.banner, parts.toast, parts.veil);

const fan = new Fan(parts.hand, {
  tapped: () => drawBar(),
  dropped: () => drawBar(),
  discard: (id) => discard([id]),
  pileBox: () => (parts.pileEl ? parts.pileEl.getBoundingClientRect() : null),
  hover: (on) => {
    S.pileHover = on;
    if (parts.pileEl) parts.pileEl.classList.toggle("hover", on);
  },
});

// ------------------------------------------------------------------ starting
async function start() {
  const params = new URLSearchParams(location.search);
  S.code = (params.get("code") || "").replace(/\D/g, "").slice(0, 6);
  S.name = localStorage.getItem("marriage:name") || "";
  speech.digits = localStorage.getItem("marriage:digits") === "1";
  const lang = localStorage.getItem("marriage:lang") || phoneLanguage();
  try {
    await useLanguage(lang);
  } catch {
    await useLanguage("en");
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && S.table) S.table.wake();
  });
  window.addEventListener("pageshow", () => S.table && S.table.wake());
  window.addEventListener("online", () => S.table && S.table.wake());
  window.addEventListener("resize", () => render());
  setInterval(tick, 250);
  if (S.code && keptSeat(S.code)) connect(S.code, keptSeat(S.code).name || S.name);
  render();
}

function connect(code, name) {
  if (S.table) S.table.leave();
  S.code = code;
  S.name = name;
  S.problem = "";
  S.lobby = null;
  S.seat = null;
  S.view = null;
  S.v = -1;
  S.screen = "seats";
  S.table = new Table(code, hear, changed);
  S.table.name = name;
  S.table.open();
  history.replaceState(null, "", `?code=${code}`);
  render();
}

function join(code, name) {
  if (!/^\d{6}$/.test(code)) {
    S.problem = _("Type the six digits of the table code.");
    return render();
  }
  if (!name) {
    S.problem = _("type a name");
    return render();
  }
  localStorage.setItem("marriage:name", name);
  connect(code, name);
}

function changed(state, detail) {
  S.conn = state;
  if (state === "refused") {
    const words = refusalWords(detail.code, detail.reason, S.view ? S.view.names : []);
    if (S.screen === "table" && detail.code !== "gone") S.announce = words;  // already worded
    S.problem = words;
    if (detail.code !== "seat_moved") {
      S.screen = S.seat !== null && S.view && detail.code !== "seat_given" ? "table" : "join";
      if (S.screen === "join") S.table = null;
    }
  } else if (state === "closed") {
    S.problem = said(detail.why);
  } else if (state === "open" && S.problem && S.screen === "table") {
    S.problem = "";
  }
  render();
}

// ------------------------------------------------------------------ what the host says
function hear(msg) {
  try {
    take(msg);
  } catch (err) {
    console.warn("a message this page could not take", err); // never a broken page
  }
}

function take(msg) {
  switch (msg.type) {
    case "welcome":
      S.seat = msg.seat;
      S.name = msg.name;
      S.problem = "";
      if (!S.lobby || !S.lobby.started) S.screen = "seats";
      break;
    case "lobby":
      S.lobby = msg;
      if (!msg.started) {
        S.screen = "seats";
        // This page shows the seats now, not a match's standings: its person is back for the
        // next match (Play again: the table waits for the people still reading the standings).
        const mine = msg.seats.find((s) => s.seat === S.seat);
        if (mine && !mine.ready && S.table) S.table.send({ type: "ready", seat: S.seat });
      }
      break;
    case "snapshot":
      if (msg.seat !== S.seat || !msg.view) return;
      S.v = msg.v;
      S.story = [...msg.view.history];
      takeView(msg.view);
      break;
    case "update": {
      if (msg.seat !== S.seat || !S.view) return;
      if (msg.v !== S.v + 1) {
        S.table.send({ type: "resync", seat: S.seat });
        return;
      }
      S.v = msg.v;
      if (msg.view.hand_no !== S.view.hand_no) {
        S.story = [...msg.events];
        S.table.send({ type: "resync", seat: S.seat });
      } else {
        S.story.push(...msg.events);
      }
      const last = msg.events.filter((e) => e.text).pop();
      if (last) S.announce = last.text; // worded when drawn, in the language of the moment
      takeView(msg.view);
      break;
    }
    case "refused":
      if (msg.code === "stale") S.table.send({ type: "resync", seat: S.seat });
      if (msg.seat === S.seat || msg.seat === null || msg.seat === undefined) {
        toast(refusalWords(msg.code, msg.reason, S.view ? S.view.names : []));
      }
      break;
    case "seat_status":
      S.statuses.set(msg.seat, {
        state: msg.state,
        name: msg.name,
        why: msg.why,
        left: msg.seconds,
        at: performance.now(),
      });
      break;
    case "clock":
      S.clock =
        msg.seat === null
          ? null
          : { seat: msg.seat, deadline: performance.now() + msg.seconds * 1000, total: msg.total };
      break;
    case "covered":
      if (msg.seat === S.seat) welcomeBack(msg.events);
      break;
    default:
      return;
  }
  render();
}

function takeView(view) {
  S.view = view;
  S.screen = "table";
  fan.sync(view.hand);
  if (S.grouped !== view.hand_no && view.groups && view.groups.length && view.phase !== "hand_over") {
    S.grouped = view.hand_no; // a fresh deal arrives arranged, as Group would lay it out
    fan.group(view.groups);
  }
  if (view.phase === "hand_over" || view.phase === "match_over") {
    fan.selected.clear();
  }
}

/** What a computer played for this seat while its person was away. */
function welcomeBack(events) {
  const names = S.view ? S.view.names : [];
  const own = `${nameOf(names, S.seat)} `;
  const lines = events
    .filter((e) => e.text)
    .map((e) => said(e.text, names))
    .map((w) => (w.startsWith(own) ? w.slice(own.length) : w));
  const most = 6;
  const listed = lines.slice(0, most).join("; ");
  const more = lines.length - Math.min(most, lines.length);
  const moves = more > 0 ? say_n("{moves}; and {n} more", "{moves}; and {n} more", more, { moves: listed }) : listed;
  S.dialog = () =>
    box(_("Welcome back"), h("p", {}, shown(say("The computer played for you: {moves}", { moves }))), [
      [_("OK"), closeDialog, true],
    ]);
}

// ------------------------------------------------------------------ acting
function legal() {
  return S.view && S.view.current_player === S.seat ? S.view.legal : [];
}

function act(action) {
  if (!S.table || !S.view) return;
  if (!S.table.send({ type: "act", seat: S.seat, v: S.v, action })) {
    toast(_("Reconnecting…"));
  }
}

function why(kind, otherwise) {
  const reason = S.view && S.view.why_not ? S.view.why_not[kind] : "";
  return reason ? said(reason, S.view.names) : otherwise;
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

function notYourTurn() {
  const v = S.view;
  if (v.current_player !== S.seat) return say("it is {name}'s turn", { name: nameOf(v.names, v.current_player) });
  return _("not now");
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

/** Card codes of an action's cards ("see 3S 4S 5S | …"), sorted. */
function codesOf(words) {
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
  const words = groups.map((m) => said(m));
  S.dialog = () =>
    box(
      _("Go out?"),
      [
        h("div", { class: "melds-words" }, words.map((w) => h("p", {}, w))),
        h("p", {}, shown(say("and throw {card} last", { card: said(last || "") }))),
      ],
      [
        [_("Cancel"), closeDialog],
        [_("Go out"), () => (closeDialog(), fan.selected.clear(), act(action)), true],
      ],
    );
  render();
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

function closeDialog() {
  S.dialog = null;
  render();
}

let toastTimer = 0;
function toast(words) {
  parts.toast.textContent = shown(words);
  parts.toast.classList.add("on");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => parts.toast.classList.remove("on"), 3200);
}

// ------------------------------------------------------------------ drawing
function render() {
  document.title = _("Marriage");
  const turn = document.getElementById("turn");
  if (turn) turn.textContent = _("Turn your phone on its side to play.");
  if (S.screen === "join" || !S.table) {
    const kept = S.code ? keptSeat(S.code) : null;
    root.replaceChildren(
      joinScreen({
        code: S.code,
        name: S.name || (kept ? kept.name : ""),
        problem: S.problem,
        join,
      }),
    );
    return;
  }
  if (S.screen === "seats" || !S.view) {
    if (!S.lobby) {
      root.replaceChildren(h("div", { class: "seats" }, h("p", { class: "hint" }, S.problem || _("Connecting to the table…"))));
      return;
    }
    root.replaceChildren(seatsScreen({ lobby: S.lobby, mine: S.seat, problem: S.problem }));
    return;
  }
  if (root.firstChild !== parts.screen) root.replaceChildren(parts.screen);
  drawAll();
}

function drawAll() {
  const v = S.view;
  const roles = new Map((v.wild_roles || []).map(([code, role]) => [code, role]));
  const kinds = new Map((S.lobby ? S.lobby.seats : []).map((s) => [s.seat, s.kind]));
  parts.top.replaceChildren(
    kept("menu", "button", { "aria-label": "≡", ontap: openMenu }, "menu", "≡"),
    h("span", { class: "hand-no" }, handLabel(v)),
    h("span", { class: "news" }, said(S.announce, v.names)),
  );
  drawTable(parts, v, {
    statuses: statusesNow(),
    clock: S.clock,
    kinds,
    roles,
    showMelds,
    pile,
    hover: S.pileHover,
  });
  fan.mark(roles);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const cardW = Math.min((parts.hand.clientHeight - 1.5 * rem) * 0.7, rem * 7);
  fan.lay(cardW || 60);
  drawBar();
  drawBanner();
  drawOver();
}

function statusesNow() {
  const out = new Map();
  const now = performance.now();
  for (const [seat, s] of S.statuses) {
    const left = s.left === null || s.left === undefined ? null : Math.max(0, s.left - (now - s.at) / 1000);
    out.set(seat, { ...s, left });
  }
  return out;
}

function drawBar() {
  const v = S.view;
  if (!v) return;
  const can = legal();
  let prompt = promptText(v, v.names);
  if (S.clock && S.clock.seat === S.seat && prompt) {
    const left = Math.max(0, Math.ceil((S.clock.deadline - performance.now()) / 1000));
    prompt = say("{prompt}  ·  {seconds} s", { prompt, seconds: left });
  }
  const seeOk = !!seeAction();
  const outOk = can.some((a) => a.startsWith("go out"));
  const tunnela = can.find((a) => a.startsWith("expose tunnela"));
  const button = (key, text, act, on = true, cls = "") =>
    kept(key, "button", { ontap: act, "data-key": key }, `${cls}${on ? "" : " off"}`, text);
  const buttons = [
    button("sort", _("Sort"), sortHand),
    button("group", _("Group"), groupHand),
    tunnela
      ? button(
          "expose",
          say("Expose {cards}", { cards: codesOf(tunnela.slice(15)).map(label).join(" ") }),
          expose,
          true,
          "primary",
        )
      : null,
    button("see", _("See"), see, seeOk, seeOk ? "primary" : ""),
    button("out", _("Go out"), goOut, outOk, outOk ? "primary" : ""),
  ];
  parts.bar.replaceChildren(h("span", { class: `prompt${v.current_player === S.seat ? " mine" : ""}` }, shown(prompt)), h("span", { class: "buttons" }, buttons));
}

function drawBanner() {
  const lines = [];
  if (S.conn === "reconnecting" || S.conn === "connecting") {
    lines.push(
      S.table && S.table.away() > 60
        ? _("The host cannot be reached. Still trying: you will be back in your seat when it answers.")
        : _("Reconnecting…"),
    );
  } else if (S.conn === "closed" || S.conn === "refused") {
    lines.push(S.problem);
  } else {
    for (const [seat, s] of statusesNow()) {
      const line = bannerLine(s, seat === S.seat);
      if (line) lines.push(shown(line));
    }
  }
  const said = lines.filter(Boolean);
  if (said.join("\n") !== parts.banner.dataset.said) {
    parts.banner.dataset.said = said.join("\n");
    parts.banner.replaceChildren(...said.map((l) => h("p", {}, l)));
  }
  parts.banner.classList.toggle("on", lines.some(Boolean));
  // Only the news that a computer plays this seat takes a tap; other news lets taps through.
  parts.banner.classList.toggle("act", S.statuses.get(S.seat)?.state === "computer");
}

/** The box over the table, or the score sheet: built again only when what it shows changed
 * (a box built anew under a finger would lose its tap). */
let overKey = "";
let overEl = null;
function drawOver() {
  const v = S.view;
  const words = `${speech.lang}${speech.digits}`;
  let key = "";
  let make = null;
  if (S.dialog) {
    key = `dialog ${words}`;
    make = S.dialog;
  } else if ((v.phase === "hand_over" || v.phase === "match_over") && v.result) {
    key = `sheet ${S.v} ${v.phase} ${words}`;
    make = () => h("div", { class: "veil sheet-veil" }, scoreSheet(v, { story: S.story, foot: sheetFoot(v) }));
  }
  if (key !== overKey || (make && S.dialog && overEl && overEl.dialogOf !== S.dialog)) {
    overKey = key;
    overEl = make ? make() : null;
    if (overEl) overEl.dialogOf = S.dialog;
    parts.veil.replaceChildren(...(overEl ? [overEl] : []));
  }
}

function sheetFoot(v) {
  if (v.phase === "match_over") {
    const end = S.story.filter((e) => e.kind === "match_end").pop();
    return h("div", { class: "buttons" }, h("p", { class: "hint" }, end ? said(end.text, v.names) : _("Final standings")));
  }
  // Any person at the table may deal the next hand (the engine's match waits for one).
  return h("div", { class: "buttons" }, h("button", { class: "primary", ontap: () => act("next hand") }, _("Next hand")));
}

function showMelds(seat) {
  const v = S.view;
  const melds = v.shown[seat] || [];
  S.dialog = () =>
    box(
      nameOf(v.names, seat),
      [
        h("p", {}, shown(say_n("{n} card in hand", "{n} cards in hand", v.hand_counts[seat]))),
        melds.length
          ? h("div", { class: "melds-words" }, melds.map(([, ids]) => h("p", {}, ids.map((id) => label(codeOf(id))).join(" "))))
          : h("p", { class: "hint" }, _("No melds shown yet.")),
      ],
      [[_("Close"), closeDialog, true]],
    );
  render();
}

function openMenu() {
  S.dialog = () =>
    menuBox({
      log: S.story.filter((e) => e.text).map((e) => said(e.text, S.view ? S.view.names : [])),
      close: closeDialog,
      language: async (code) => {
        await useLanguage(code);
        localStorage.setItem("marriage:lang", code);
        render();
      },
      digits: (on) => {
        speech.digits = on;
        localStorage.setItem("marriage:digits", on ? "1" : "0");
        render();
      },
      leave: () => {
        S.dialog = null;
        S.table.leave();
        S.table = null;
        S.screen = "join";
        S.problem = _("You left the table: a computer plays your seat. Join again to sit back down.");
        render();
      },
    });
  render();
}

function tick() {
  if (S.screen !== "table" || !S.view) return;
  const counting = S.clock || [...S.statuses.values()].some((s) => s.state === "reconnecting");
  if (!counting || fan.drag) return;
  drawTable(parts, S.view, {
    statuses: statusesNow(),
    clock: S.clock,
    kinds: new Map((S.lobby ? S.lobby.seats : []).map((s) => [s.seat, s.kind])),
    roles: new Map((S.view.wild_roles || []).map(([code, role]) => [code, role])),
    showMelds,
    pile,
    hover: S.pileHover,
  });
  drawBar();
  drawBanner();
}

// For the tests and the bench: the state, read-only in spirit.
window.marriage = { S, fan, ngettext };

start();
