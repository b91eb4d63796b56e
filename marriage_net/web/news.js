// What the host says, taken in as a laptop takes it (marriage_net/table_news.py): the
// seat's views and their story, the seats' news and the turn clock (stamped with when they
// were sent, so the page counts fairly), refusals, what a computer played for the seat and
// why, and a new match called at the table (Play again).

import { turnClock } from "./clock.js";
import { refusalWords } from "./screens.js";

/** Refusals of a seat asked for (marriage_net/line.py SIT_REFUSED). */
const SIT_REFUSED = new Set(["seat_taken", "no_free_seat", "no_such_seat", "bad_name", "unknown_token"]);

/** The page's ears. `app`: {S, fan, toast(words), render(), chooseSeat(seat), resetMatch()}. */
export function tableNews(app) {
  const { S, fan, toast } = app;

  /** This page shows the seats (a lobby, or a new match after Play again), not a match's
   * standings: its person is back for the next match, and the table need not wait for them. */
  function backForNext() {
    if (S.screen !== "seats" || !S.lobby || S.lobby.started || S.seat === null || !S.table) return;
    const mine = S.lobby.seats.find((s) => s.seat === S.seat);
    if (mine && !mine.ready) S.table.send({ type: "ready", seat: S.seat });
  }

  /** One message, with when the host sent it on this page's clock (`sent`, seconds). */
  function hear(msg, sent) {
    try {
      take(msg, sent);
    } catch (err) {
      console.warn("a message this page could not take", err); // never a broken page
    }
  }

  function take(msg, sent) {
    switch (msg.type) {
      case "welcome":
        S.seat = msg.seat;
        S.name = msg.name;
        S.problem = "";
        S.clock = null; // a fresh one follows, with the snapshot
        if (!S.lobby || !S.lobby.started) S.screen = "seats";
        break;
      case "lobby":
        if (!msg.started && S.seenMatch) newMatchCalled();
        S.lobby = msg;
        if (!msg.started && !S.final) S.screen = "seats";
        sitIfOneSeat();
        backForNext();
        break;
      case "snapshot":
        if (msg.seat !== S.seat || !msg.view) return;
        S.v = msg.v;
        S.resyncing = false;
        S.story = [...msg.view.history];
        // The latest news is the story's (a page back from away missed what came between).
        S.announce = (S.story.filter((e) => e.text).pop() || { text: "" }).text;
        takeView(msg.view);
        break;
      case "update": {
        if (msg.seat !== S.seat || !S.view) return;
        if (msg.v !== S.v + 1) {
          // A gap: ask once for the whole picture rather than guess.
          if (!S.resyncing) S.resyncing = S.table.send({ type: "resync", seat: S.seat });
          return;
        }
        S.v = msg.v;
        // The story is kept here (an update's view comes without it): the snapshot's history
        // and every update's events since; a new hand's story starts with the events that
        // dealt it, so no snapshot is asked for (as a laptop keeps it: table_news.py).
        if (msg.view.hand_no !== S.view.hand_no) S.story = [...msg.events];
        else S.story.push(...msg.events);
        const last = msg.events.filter((e) => e.text).pop();
        if (last) S.announce = last.text; // worded when drawn, in the language of the moment
        takeView(msg.view);
        break;
      }
      case "refused":
        heardNo(msg);
        break;
      case "seat_status":
        S.statuses.set(msg.seat, { state: msg.state, name: msg.name, why: msg.why, left: msg.seconds, sent });
        break;
      case "clock":
        // The page's own seat's clock ends half a round trip early: a move in time arrives in time.
        S.clock = turnClock(msg, sent, msg.seat === S.seat ? S.table.late.rtt / 2 : 0);
        break;
      case "covered":
        if (msg.seat === S.seat) covered(msg.events, msg.why);
        break;
      default:
        return;
    }
    app.render();
  }

  function heardNo(msg) {
    if (msg.code === "stale") S.table.send({ type: "resync", seat: S.seat });
    const words = refusalWords(msg.code, msg.reason, S.view ? S.view.names : []);
    if (S.seat === null && SIT_REFUSED.has(msg.code)) {
      // The seat asked for was not given: the person chooses again (or fixes their name).
      S.table.wanted = null;
      S.problem = words;
      if (msg.code === "bad_name") {
        S.table.leave();
        S.table = null;
        S.screen = "join";
      }
      return;
    }
    if (msg.seat === S.seat || msg.seat === null || msg.seat === undefined) toast(words);
  }

  /** A person without a seat, at a table with one free seat, sits there at once; with several,
   * they choose. */
  function sitIfOneSeat() {
    const t = S.table;
    if (S.seat !== null || !t || t.kept || t.wanted || !S.lobby) return;
    const free = freeSeats();
    if (free.length === 1) app.chooseSeat(free[0].seat);
  }

  /** The seats nobody has taken yet (as the lobby shows them). */
  function freeSeats() {
    return S.lobby ? S.lobby.seats.filter((s) => s.kind === "open" && !s.connected && !s.name) : [];
  }

  /** The table called a new match (Play again, here or at another screen): the finished one is
   * let go; its sheet stays up, if it is up, until the person plays again. */
  function newMatchCalled() {
    const announce = S.announce; // the finished match's last news, over its sheet
    app.resetMatch();
    if (S.final) S.announce = announce;
    S.again = false;
    if (S.final) S.invited = true;
    else S.screen = "seats";
  }

  function takeView(view) {
    S.view = view;
    S.seenMatch = true;
    if (view.phase === "match_over") {
      if (!S.again) S.final = { view, story: [...S.story] };
    } else {
      S.again = false;
    }
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

  /** What a computer played for this seat, and why (the person was away, their clock ran out,
   * the host had handed the seat over): told in a note that stops nothing. */
  function covered(events, why) {
    S.note = { events: [...(S.note ? S.note.events : []), ...events], why };
  }

  return { hear, freeSeats, backForNext };
}
