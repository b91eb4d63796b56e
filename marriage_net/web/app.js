// The phone page: join a table by its code and a name, take a seat, and play. The host keeps
// the match and sends this seat only its own view; this page draws that view, lets the person
// arrange their cards, and sends their moves as the engine's action words, as a laptop does
// (marriage_net/client.py and marriage_gui/table/net.py: the same messages, the same promises).

import { now, secondsLeft, statusLeft } from "./clock.js";
import { Fan } from "./hand.js";
import { seatMoves } from "./moves.js";
import { Table, keptSeat } from "./net.js";
import { tableNews } from "./news.js";
import {
  closedWords,
  finalFoot,
  joinScreen,
  keptWords,
  meldsBox,
  menuBox,
  noteBox,
  playedWords,
  refusalWords,
  refusedWords,
  seatsScreen,
  tableWords,
} from "./screens.js";
import { scoreSheet } from "./sheet.js";
import { bannerLine, drawTable, h, handLabel, kept, onTap, promptText } from "./table.js";
import { _, ngettext, phoneLanguage, said, say, shown, speech, useLanguage } from "./words.js";

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
  problem: "", // what went wrong with the person's last request (joining, sitting)
  line: "", // how the connection stands, when that is news (turned away, closed)
  quietSince: null, // since when the table is not heard: every countdown stands still there
  screen: "join",
  dialog: null, // a function that builds the box over the table (words follow the language)
  note: null, // what a computer played for this seat: {why, events}, until OK
  announce: "",
  pileHover: false,
  grouped: -1, // the hand number whose dealt cards were grouped
  seenMatch: false, // a match was dealt at this table (a lobby not started: a new one is called)
  final: null, // the finished match's last view and story: its sheet stays up until Play again
  invited: false, // the table called a new match while the final sheet was up
  again: false, // Play again was tapped: the finished match is not shown again
  resyncing: false, // a fresh snapshot was asked for (a gap in the updates)
};

// ------------------------------------------------------------------ the table's pieces
const parts = {
  screen: h("div", { class: "table-screen" }),
  top: h("div", { class: "top" }),
  plates: h("div", { class: "plates" }),
  middle: h("div", { class: "middle" }),
  bar: h("div", { class: "bar" }),
  hand: h("div", { class: "hand", "touch-action": "none" }),
  note: h("div", { class: "note-place" }),
  banner: h("div", { class: "banner" }),
  toast: h("div", { class: "toast" }),
  veil: h("div", { class: "over" }),
  pileEl: null,
};
// A computer playing this seat (its clock ran out): a tap on the news takes the seat back.
onTap(parts.banner, () => {
  if (S.table && S.statuses.get(S.seat)?.state === "computer") S.table.send({ type: "back", seat: S.seat });
});
parts.screen.append(
  parts.top,
  parts.plates,
  parts.middle,
  parts.bar,
  parts.hand,
  parts.note,
  parts.banner,
  parts.toast,
  parts.veil,
);

const fan = new Fan(parts.hand, {
  tapped: () => drawBar(),
  dropped: () => drawBar(),
  discard: (id) => moves.discard([id]),
  pileBox: () => (parts.pileEl ? parts.pileEl.getBoundingClientRect() : null),
  hover: (on) => {
    S.pileHover = on;
    if (parts.pileEl) parts.pileEl.classList.toggle("hover", on);
  },
});
const moves = seatMoves({ S, fan, toast, render, closeDialog });
const news = tableNews({ S, fan, toast, render, chooseSeat, resetMatch });

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
  Object.assign(S, { code, name, problem: "", line: "", lobby: null, seat: null, screen: "seats" });
  Object.assign(S, { final: null, invited: false, again: false, quietSince: null });
  resetMatch();
  S.table = new Table(code, news.hear, changed);
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

/** Let go of the match on screen (a new one at the same table, or another table). */
function resetMatch() {
  Object.assign(S, { view: null, v: -1, story: [], clock: null, grouped: -1, note: null, dialog: null });
  Object.assign(S, { statuses: new Map(), announce: "", seenMatch: false, resyncing: false });
}

/** Take a free seat (the page's person chose it, or it was the only one). */
function chooseSeat(seat) {
  S.problem = "";
  S.table.sit(S.name, seat);
  render();
}

function changed(state, detail = {}) {
  S.conn = state;
  if (state === "open") {
    S.quietSince = null;
    S.line = "";
  } else if (S.quietSince === null) {
    S.quietSince = detail.since ?? now();
  }
  if (state === "kept") S.line = keptWords(detail.code);
  else if (state === "closed") S.line = closedWords(detail, !!S.table.kept);
  else if (state === "resting") S.line = "";
  else if (state === "refused") refusedForGood(detail);
  render();
}

/** The table will not have this page back: say why, and how to put it right. */
function refusedForGood(detail) {
  const words = refusedWords(detail, S.view ? S.view.names : []);
  if (detail.code === "seat_moved") {
    S.line = words; // another page (this phone's other tab) holds the seat now
    return;
  }
  S.problem = words;
  S.line = "";
  S.screen = "join";
  S.table = null;
}

/** Play again: back to the table's lobby with the same seat, for the next match (at a table
 * without a host screen, this page calls it; otherwise the host deals when they are ready). */
function playAgain() {
  const over = !!S.view && S.view.phase === "match_over";
  if (over && S.lobby && S.lobby.host_screen === false) S.table.send({ type: "again" });
  // Dealt in while still on the standings: a computer keeps the seat until its person is back.
  if (S.view && !over && S.table && S.seat !== null) S.table.send({ type: "ready", seat: S.seat });
  Object.assign(S, { final: null, invited: false, again: over, announce: "" });
  S.screen = S.view && !over ? "table" : "seats";
  news.backForNext(); // a host-screen table waits for this person: they are back now
  render();
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
      joinScreen({ code: S.code, name: S.name || (kept ? kept.name : ""), problem: S.problem, join }),
    );
    return;
  }
  const v = S.final ? S.final.view : S.view;
  if (S.screen === "seats" || !v) {
    if (!S.lobby) {
      root.replaceChildren(h("div", { class: "seats" }, h("p", { class: "hint" }, S.problem || S.line || _("Connecting to the table…"))));
      return;
    }
    const choosing = S.seat === null && !S.table.kept;
    const screen = seatsScreen({ lobby: S.lobby, mine: S.seat, problem: S.problem, hint: seatsHint(choosing), choose: choosing ? chooseSeat : null });
    root.replaceChildren(screen);
    return;
  }
  if (root.firstChild !== parts.screen) root.replaceChildren(parts.screen);
  drawAll(v);
}

function seatsHint(choosing) {
  if (S.line) return S.line;
  if (choosing && !news.freeSeats().length) return refusalWords("no_free_seat");
  if (choosing) return _("Choose a free seat.");
  if (S.again) return _("Waiting for the host to start a new match at this table…");
  return _("Waiting for the first deal…");
}

/** The moment every countdown is drawn at: now, or when the table was last heard. */
function clockTime() {
  return S.quietSince ?? now();
}

function drawAll(v) {
  const roles = new Map((v.wild_roles || []).map(([code, role]) => [code, role]));
  parts.top.replaceChildren(
    kept("menu", "button", { "aria-label": "≡", ontap: openMenu }, "menu", "≡"),
    h("span", { class: "hand-no" }, handLabel(v)),
    h("span", { class: "news" }, said(S.announce, v.names)),
  );
  drawPlates(v, roles);
  fan.mark(roles);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const cardW = Math.min((parts.hand.clientHeight - 1.5 * rem) * 0.7, rem * 7);
  fan.lay(cardW || 60);
  drawBar();
  drawBanner();
  drawNote();
  drawOver();
}

function drawPlates(v, roles) {
  drawTable(parts, v, {
    statuses: statusesNow(),
    clock: S.clock,
    at: clockTime(),
    paused: S.quietSince !== null,
    kinds: new Map((S.lobby ? S.lobby.seats : []).map((s) => [s.seat, s.kind])),
    roles: roles || new Map((v.wild_roles || []).map(([code, role]) => [code, role])),
    showMelds,
    pile: moves.pile,
    hover: S.pileHover,
  });
}

function statusesNow() {
  const out = new Map();
  const at = clockTime();
  for (const [seat, s] of S.statuses) out.set(seat, { ...s, left: statusLeft(s, at) });
  return out;
}

function drawBar() {
  const v = S.final ? S.final.view : S.view;
  if (!v) return;
  let prompt = promptText(v, v.names);
  if (S.clock && S.clock.seat === S.seat && prompt) {
    const left = secondsLeft(S.clock, clockTime());
    prompt =
      S.quietSince === null
        ? say("{prompt}  ·  {seconds} s", { prompt, seconds: Math.ceil(left) })
        : // Translators: the prompt and the seconds left of a turn clock that stands still on
          // this screen (the table cannot be heard now).
          say("{prompt}  ·  {seconds} s, paused", { prompt, seconds: Math.round(left) });
  }
  const buttons = moves.buttons().map(([key, text, act, on, primary]) =>
    kept(key, "button", { ontap: act, "data-key": key }, `${primary ? "primary" : ""}${on ? "" : " off"}`, text),
  );
  const mine = v.current_player === S.seat ? " mine" : "";
  parts.bar.replaceChildren(h("span", { class: `prompt${mine}` }, shown(prompt)), h("span", { class: "buttons" }, buttons));
}

function drawBanner() {
  const lines = [];
  if (S.line) {
    lines.push(S.line);
  } else if (S.conn === "reconnecting" || S.conn === "connecting") {
    lines.push(
      S.table && S.table.away() > 60
        ? _("The host cannot be reached. Still trying: you will be back in your seat when it answers.")
        : _("Reconnecting…"),
    );
  } else if (!S.final) {
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
  parts.banner.classList.toggle("on", said.length > 0);
  // Only the news that a computer plays this seat takes a tap; other news lets taps through.
  parts.banner.classList.toggle("act", !S.line && S.statuses.get(S.seat)?.state === "computer");
}

/** The note of what was played for the person: built again only when what it says changed
 * (a note built anew under a finger would lose its tap). */
let noteKey = "";
function drawNote() {
  const n = S.final ? null : S.note;
  const key = n ? `${speech.lang}${speech.digits} ${n.why} ${n.events.length}` : "";
  if (key === noteKey) return;
  noteKey = key;
  const put = () => {
    S.note = null;
    render();
  };
  const words = n ? playedWords(n.events, S.view ? S.view.names : [], S.seat) : "";
  parts.note.replaceChildren(...(n ? [noteBox(n.why, words, put)] : []));
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
  } else if (S.final) {
    const f = S.final;
    key = `final ${words} ${S.invited} ${S.line} ${f.story.length}`;
    make = () => h("div", { class: "veil sheet-veil" }, scoreSheet(f.view, { story: f.story, foot: finalFootNow(f) }));
  } else if (v && v.phase === "hand_over" && v.result) {
    key = `sheet ${S.v} ${v.phase} ${words}`;
    make = () => h("div", { class: "veil sheet-veil" }, scoreSheet(v, { story: S.story, foot: nextHandFoot() }));
  }
  if (key !== overKey || (make && S.dialog && overEl && overEl.dialogOf !== S.dialog)) {
    overKey = key;
    overEl = make ? make() : null;
    if (overEl) overEl.dialogOf = S.dialog;
    parts.veil.replaceChildren(...(overEl ? [overEl] : []));
  }
}

function finalFootNow(final) {
  const names = final.view.names;
  const end = final.story.filter((e) => e.kind === "match_end").pop();
  const gone = S.conn === "refused" || (S.conn === "closed" && !S.table.saved);
  let words = end ? said(end.text, names) : _("Final standings");
  if (S.line) words = S.line;
  else if (S.invited && S.lobby) {
    words = say("A new match at {table}: Play again to sit back down.", { table: tableWords(S.lobby.table) });
  }
  return finalFoot({ words, again: gone ? null : playAgain });
}

function nextHandFoot() {
  // Any person at the table may deal the next hand (the engine's match waits for one).
  return h("div", { class: "buttons" }, h("button", { class: "primary", ontap: () => moves.act("next hand") }, _("Next hand")));
}

function showMelds(seat) {
  const v = S.final ? S.final.view : S.view;
  S.dialog = () => meldsBox(v, seat, closeDialog);
  render();
}

function openMenu() {
  S.dialog = () =>
    menuBox({
      table: S.lobby ? S.lobby.table : "",
      code: S.code,
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
  if (S.screen !== "table" || !(S.view || S.final)) return;
  const counting = !!S.clock || [...S.statuses.values()].some((s) => s.state === "reconnecting");
  // Something counts down: a table quiet for a while is asked whether it is there.
  if (counting && S.table && S.seat !== null && S.conn === "open") S.table.check(S.seat);
  if (!counting || fan.drag) return;
  drawPlates(S.final ? S.final.view : S.view);
  drawBar();
  drawBanner();
}

// For the tests and the bench: the state, read-only in spirit.
window.marriage = { S, fan, ngettext, secondsLeft: () => secondsLeft(S.clock, clockTime()) };

start();
