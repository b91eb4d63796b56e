// The page's screens besides the table: joining (code and name), choosing a seat, waiting for
// the deal, and the boxes over the table (a question, news, a seat's melds, the menu).

import { codeOf, label } from "./cards.js";
import { h, nameOf } from "./table.js";
import { LANGUAGES, N_, _, format, said, say, say_n, shown, speech } from "./words.js";

/** Why the host turned a request down, in this phone's language, from its code alone (the
 * words of marriage_net/protocol.py's refusal_words; the engine's own come as its sentence). */
export const REFUSAL_WORDS = {
  bad_message: N_("the table could not read this game's message"),
  hello_first: N_("say hello first"),
  already_hello: N_("you have already said hello"),
  other_version: N_("this table runs another version of Marriage: update both games"),
  locked_out: N_("too many wrong codes: try again later"),
  wrong_code: N_("wrong table code"),
  not_owner: N_("this is not your table"),
  unknown_token: N_("that seat token is not for this table: join as a new player"),
  no_free_seat: N_("there is no free seat at this table"),
  no_such_seat: N_("there is no such seat at this table"),
  seat_taken: N_("that seat is taken"),
  bad_name: N_("that name cannot be used: type a name of printable letters"),
  seat_moved: N_("this seat was taken up on another connection"),
  seat_given: N_("the host gave your seat to someone else"),
  stale: N_("the table has moved on: look again"),
  not_started: N_("the match has not started"),
  started: N_("the match has already started"),
  seat_open: N_("a seat is still open: wait for its player or make it a computer player"),
  not_your_seat: N_("that is not your seat"),
  host_only: N_("only the host's screen may do that"),
  no_such_emote: N_("no such emote"),
  bad_seats: N_("the table cannot make that change of seats"),
  bad_rules: N_("those rules cannot be played at this table"),
  flood: N_("too many messages"),
  not_over: N_("the match is not over yet"),
};

export function refusalWords(code, reason, names) {
  if (code === "illegal") return said(reason, names);
  if (code === "bad_action") return _("that is not an action of this game");
  if (code === "gone") return _("The table cannot be reached.");
  const words = REFUSAL_WORDS[code];
  return words ? _(words) : _("the table turned that down");
}

const TABLE_OF = "{name}'s table";
const ANY_TABLE = "Marriage table";

/** A table's name as this phone says it (marriage_gui/table/net.py table_words). */
export function tableWords(table) {
  if (table === ANY_TABLE) return _(ANY_TABLE);
  const suffix = TABLE_OF.slice("{name}".length);
  if (table.endsWith(suffix) && table.length > suffix.length) {
    return say("{name}'s table", { name: table.slice(0, -suffix.length) });
  }
  return table;
}

/** The table code as people read it out: 482 913. */
export function spaced(code) {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** The join screen: the table's code and the person's name. */
export function joinScreen({ code, name, problem, join }) {
  const codeBox = h("input", {
    id: "code",
    inputmode: "numeric",
    autocomplete: "off",
    maxlength: 7,
    value: code,
    placeholder: "482 913",
    "aria-label": _("Table code"),
  });
  const nameBox = h("input", {
    id: "name",
    autocomplete: "nickname",
    maxlength: 24,
    value: name,
    placeholder: _("Your name"),
    "aria-label": _("Your name"),
  });
  const go = () => join(codeBox.value.replace(/\s+/g, ""), nameBox.value.trim());
  nameBox.addEventListener("keydown", (e) => e.key === "Enter" && go());
  return h(
    "form",
    { class: "join", onsubmit: (e) => (e.preventDefault(), go()) },
    h("h1", {}, _("Marriage")),
    h(
      "div",
      { class: "fields" },
      h("label", {}, h("span", {}, _("Table code")), codeBox),
      h("label", {}, h("span", {}, _("Your name")), nameBox),
      h("button", { class: "primary", type: "submit" }, _("Join")),
    ),
    h("p", { class: problem ? "problem" : "hint" }, problem || _("The code is on the host's screen.")),
  );
}

/** The rule presets' names (marriage_gui/setup.py PRESET_LABELS). */
const PRESET_LABELS = {
  nepali: N_("Nepali (standard)"),
  house: N_("House rules"),
  contract: N_("Contract (points race)"),
  indian: N_("Indian (deadwood)"),
};

const KIND_WORDS = {
  easy: N_("Computer: easy"),
  medium: N_("Computer: medium"),
  hard: N_("Computer: hard"),
};

/** The table's seats while waiting for the deal. `choose(seat)`: the person has no seat yet
 * and may take any open one (null: they are seated, or no seat may be taken from here). */
export function seatsScreen({ lobby, mine, hint, problem, choose }) {
  const rows = lobby.seats.map((s) => {
    const open = s.kind === "open" && !s.connected && !s.name;
    const who = open
      ? choose
        ? say("Seat {number}: Sit here", { number: s.seat + 1 })
        : _("Open seat")
      : s.kind in KIND_WORDS
        ? `${s.name} · ${_(KIND_WORDS[s.kind])}`
        : s.name || nameOf([], s.seat);
    const cls = `seat-row${open ? " open" : ""}${s.seat === mine ? " mine" : ""}${s.connected ? " on" : ""}`;
    const sit = open && choose;
    return h(
      sit ? "button" : "div",
      { class: sit ? `${cls} free` : cls, "data-seat": s.seat, ontap: sit ? () => choose(s.seat) : null },
      h("span", { class: "dot" }),
      h("span", { class: "who" }, shown(who)),
      s.seat === mine ? h("span", { class: "take" }, _("you")) : null,
    );
  });
  const clock = lobby.clock
    ? say("{seconds} s a turn", { seconds: lobby.clock })
    : _("no turn clock");
  return h(
    "div",
    { class: "seats" },
    h("h1", {}, tableWords(lobby.table)),
    h(
      "p",
      { class: "hint" },
      shown(
        format("{rules} · {hands} · {clock}", {
          rules: lobby.rules in PRESET_LABELS ? _(PRESET_LABELS[lobby.rules]) : lobby.rules,
          hands: say_n("{n} hand", "{n} hands", lobby.hands),
          clock,
        }),
      ),
    ),
    h("div", { class: "seat-list" }, rows),
    h("p", { class: problem ? "problem say" : "hint say" }, problem || hint),
  );
}

/** A refusal for good, in words that say how to put it right (marriage_net/line.py). `detail`:
 * the refusal's code and reason; `door` when it came at the door (the hello). */
export function refusedWords(detail, names) {
  if (detail.code === "gone") return _("The table cannot be reached.");
  if (detail.code === "code_gone") {
    return _(
      "The table at this address no longer knows our table code: ask the host for the code on their screen and join again.",
    );
  }
  if (detail.door && detail.code === "wrong_code") {
    return _(
      "The table turned us away: wrong table code. Check the six digits on the host's screen and type them again.",
    );
  }
  const why = refusalWords(detail.code, detail.reason, names);
  // Translators: {why} is the table's reason ("too many wrong codes: try again later").
  return detail.door ? say("The table turned us away: {why}.", { why }) : why;
}

/** Turned away at the door while a seat is kept here: why, and that the page keeps trying. */
export function keptWords(code) {
  if (code === "locked_out") {
    return _(
      "The table does not listen to this phone for a while (too many wrong codes from here). Your seat is kept, so this page keeps trying.",
    );
  }
  return _(
    "Another table answers at this address for now: it does not know our table code. Your seat is kept, so this screen keeps trying.",
  );
}

/** The host closed the table, in words (`kept`: a seat of ours comes back when it reopens). */
export function closedWords(closing, kept) {
  const why = said(closing.why || "");
  // Translators: {why} is the host's words on closing the table.
  return closing.saved && kept ? say("{why} Your seat is kept: you will be back in it by yourself.", { why }) : why;
}

/** The titles of the note of what a computer played for the person, by why it played. */
const NOTE_TITLES = {
  away: N_("Welcome back"),
  clock: N_("Your turn clock ran out"),
  host: N_("Your seat is yours again"),
  late: N_("The match began without you"),
};

/** The note of what a computer played for the person (`why`: away, clock, host or late), over the
 * top of the table; it stops nothing: the cards, the piles and the buttons stay live. */
export function noteBox(why, moves, ok) {
  return h(
    "div",
    { class: "note", role: "status" },
    h("h2", {}, _(NOTE_TITLES[why] || NOTE_TITLES.away)),
    // Translators: {moves} are the moves a computer played for the person.
    h("p", {}, shown(say("The computer played for you: {moves}", { moves }))),
    h("div", { class: "buttons" }, h("button", { class: "primary", ontap: ok }, _("OK"))),
  );
}

/** The moves a computer played for `seat`, said to its person ("drew from the stock; …"). */
export function playedWords(events, names, seat) {
  const own = `${nameOf(names, seat)} `;
  const lines = events
    .filter((e) => e.text)
    .map((e) => said(e.text, names))
    .map((w) => (w.startsWith(own) ? w.slice(own.length) : w));
  const most = 6;
  const listed = lines.slice(0, most).join("; ");
  const more = lines.length - Math.min(most, lines.length);
  return more > 0 ? say_n("{moves}; and {n} more", "{moves}; and {n} more", more, { moves: listed }) : listed;
}

/** A seat's melds on the table and the cards in its hand, in words (a tap on its plate). */
export function meldsBox(view, seat, close) {
  const melds = view.shown[seat] || [];
  return box(
    nameOf(view.names, seat),
    [
      h("p", {}, shown(say_n("{n} card in hand", "{n} cards in hand", view.hand_counts[seat]))),
      melds.length
        ? h("div", { class: "melds-words" }, melds.map(([, ids]) => h("p", {}, ids.map((id) => label(codeOf(id))).join(" "))))
        : h("p", { class: "hint" }, _("No melds shown yet.")),
    ],
    [[_("Close"), close, true]],
  );
}

/** The foot of the final score sheet: how the match ended (or that a new one is called, or
 * that the table is gone) and Play again, when there is a table to play again at. */
export function finalFoot({ words, again }) {
  return h(
    "div",
    { class: "buttons" },
    h("p", { class: "hint" }, words),
    again ? h("button", { class: "primary", "data-key": "again", ontap: again }, _("Play again")) : null,
  );
}

/** A box over the table: a heading, words, and buttons [label, action, primary?]. */
export function box(heading, body, buttons) {
  return h(
    "div",
    { class: "veil" },
    h(
      "div",
      { class: "box", role: "dialog" },
      heading ? h("h2", {}, heading) : null,
      ...(Array.isArray(body) ? body : [body]),
      h(
        "div",
        { class: "buttons" },
        buttons.map(([text, act, primary]) =>
          h("button", { class: primary ? "primary" : "", ontap: act }, text),
        ),
      ),
    ),
  );
}

/** The menu: the table's name and code, the language, the digits, the log, leaving. */
export function menuBox({ table, code, log, close, language, digits, leave }) {
  const langs = Object.entries(LANGUAGES).map(([code, title]) =>
    h(
      "button",
      { class: speech.lang === code ? "primary" : "", ontap: () => language(code), lang: code },
      title,
    ),
  );
  return box(
    _("Menu"),
    [
      table
        ? h(
            "p",
            { class: "hint" },
            // Translators: the table's name and its code.
            shown(say("{table}  ·  code {code}", { table: tableWords(table), code: spaced(code) })),
          )
        : null,
      h("div", { class: "buttons" }, langs),
      h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          checked: speech.digits,
          onchange: (e) => digits(e.target.checked),
        }),
        h("span", {}, _("Devanagari digits"), " (०१२)"),
      ),
      h("div", { class: "log" }, log.slice(-60).reverse().map((line) => h("p", {}, line))),
    ],
    [
      [_("Leave the table"), leave],
      [_("Close"), close, true],
    ],
  );
}
