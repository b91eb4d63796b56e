// The table's socket: the same protocol a laptop's game speaks (marriage_net/protocol.py),
// JSON text frames on this page's own address, kept as a laptop keeps its line
// (marriage_net/line.py): a seat's token kept in the browser's storage per table code, so a
// phone that slept, locked or reloaded sits back down by itself; a dropped line taken up again
// quickly at first, then more calmly; a kept seat turned away at the door tried again with
// backoff for a while (another table may answer at this address for now); a connection let go
// for holding no seat resting until its person picks one; and every message stamped with when
// the host sent it, on this page's clock (clock.js), so the clocks are fair.

import { Lateness, measured, now } from "./clock.js";

/** The protocol version this page speaks (marriage_net/protocol.py PROTO). */
export const PROTO = 7;
const KINDS = new Set(["welcome", "lobby", "snapshot", "update", "refused", "seat_status",
  "clock", "covered", "emoted", "closing"]);
/** Waits between tries while the table is away: short at first, longer after a while. */
const FIRST_RETRY = 0.05;
const QUICK_RETRIES = 1;
const LAST_RETRY = 5;
const SLOW_AFTER = 30;
/** A seat kept for us, turned away at the door: tries at these waits, doubling, for this long
 * at most (well below the table's lockout, so this phone can still join that table itself). */
const DOOR_RETRY = 0.5;
const DOOR_LAST_RETRY = 30;
export const DOOR_PATIENCE = 150;
/** Refusals at the door that may pass while our seat is kept. */
const DOOR_PASSING = new Set(["wrong_code", "locked_out"]);
/** Refusals that mean the seat is no longer this page's. */
const SEAT_LOST = new Set(["seat_given", "seat_moved"]);
/** The close code of a connection the host let go for holding no seat (protocol.CLOSE_IDLE). */
export const CLOSE_IDLE = 4000;
/** While something counts down on screen, a table silent this long is asked whether it is
 * there (a resync), and one that does not answer this soon is not heard: the line is taken up
 * again and every countdown stands still until it answers. */
export const PROBE_AFTER = 5;
export const PROBE_WAIT = 3;

/** The key of a seat's token in this browser: the table's address and its code. */
function seatKey(code) {
  return `marriage:${location.host}:${code}`;
}

/** What this browser keeps of its seat at table `code`: {token, name, seat}, or null. */
export function keptSeat(code) {
  try {
    const kept = JSON.parse(localStorage.getItem(seatKey(code)) || "null");
    return kept && typeof kept.token === "string" ? kept : null;
  } catch {
    return null;
  }
}

function keepSeat(code, seat) {
  try {
    if (seat) localStorage.setItem(seatKey(code), JSON.stringify(seat));
    else localStorage.removeItem(seatKey(code));
  } catch {
    // Storage refused (a private window): the seat lasts as long as the page.
  }
}

/** A connection to the table that comes back by itself. Calls `hear(message, sent)` for every
 * message (`sent`: when the host sent it, on this page's clock, in seconds), and
 * `changed(state, detail)` when the connection's state changes:
 * - "connecting", "open", "reconnecting" (detail: {since}, when the table was last heard),
 * - "closed" (detail: the closing; a table saved stays "closed" until it lets us back in),
 * - "kept" (turned away at the door while our seat is kept: detail, the refusal; still trying),
 * - "resting" (let go for holding no seat: back when the person picks one),
 * - "refused" (for good: detail {code, reason, door}, `door` when turned away at the door). */
export class Table {
  constructor(code, hear, changed) {
    this.code = code;
    this.hear = hear;
    this.changed = changed;
    this.ws = null;
    this.wait = FIRST_RETRY;
    this.timer = 0;
    this.stopped = false;
    this.name = "";
    this.kept = keptSeat(code);
    // How long a silent table waits to be asked, and for its answer (tests make them short).
    this.probe = { after: PROBE_AFTER, wait: PROBE_WAIT };
    // How long a table saved and closed waits between knocks, and the first wait of a kept
    // seat turned away at the door, doubling from there (tests make them short).
    this.retry = { saved: LAST_RETRY, door: DOOR_RETRY };
    this.awaySince = 0;
    this.late = new Lateness();
    this.saved = false;
    this.inside = false; // this session got past the door (a welcome or the lobby came)
    this.door = null; // the refusal that turned this session away at the door
    this.refusedSince = 0; // turned away at the door, our seat kept, since (this page's clock)
    this.resting = false;
    this.wanted = null; // a seat picked while resting: {name, seat}
    this.heard = now(); // when the table last said anything
    this.asked = null; // a question awaiting its answer: {at, seat, v?, probe?}
    this.probing = 0;
  }

  get token() {
    return this.kept ? this.kept.token : null;
  }

  /** Open a connection: back in the seat kept, or to look at the table's seats. */
  open() {
    this.stopped = false;
    this.resting = false;
    clearTimeout(this.timer);
    const ws = new WebSocket(`ws://${location.host}/`);
    this.ws = ws;
    this.inside = false;
    this.door = null;
    this.asked = null;
    this.late.reset();
    if (!this.saved) this.changed(this.awaySince ? "reconnecting" : "connecting", { since: this.heard });
    ws.onopen = () => {
      if (ws !== this.ws) return;
      // Without a seat and without a name, a hello only looks: the person picks a seat.
      const hello = { type: "hello", proto: PROTO, code: this.code, name: "" };
      if (this.kept) {
        hello.token = this.kept.token;
        hello.name = this.kept.name || this.name;
        hello.seat = this.kept.seat;
      }
      this.helloAt = now();
      ws.send(JSON.stringify(hello));
      if (!this.kept && this.wanted) this.send({ type: "sit", ...this.wanted });
    };
    ws.onmessage = (event) => this.receive(ws, event.data);
    ws.onclose = (event) => this.lost(ws, event.code);
  }

  receive(ws, data) {
    if (ws !== this.ws || typeof data !== "string" || data.length > 1 << 20) return;
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return; // a host that sends what is not JSON is not heard
    }
    if (!msg || typeof msg !== "object" || !KINDS.has(msg.type)) return;
    const arrival = now();
    this.heard = arrival;
    clearTimeout(this.probing);
    this.probing = 0;
    this.answered(msg, arrival);
    if (msg.type === "welcome") {
      if (!Number.isInteger(msg.seat) || typeof msg.token !== "string") return;
      this.kept = { token: msg.token, name: msg.name, seat: msg.seat };
      keepSeat(this.code, this.kept);
      this.wanted = null;
      this.arrived();
    } else if (msg.type === "lobby") {
      this.arrived();
    } else if (msg.type === "refused" && !this.inside && !this.door) {
      this.door = msg; // turned away at the door: the host closes the line next
      return;
    } else if (msg.type === "refused" && SEAT_LOST.has(msg.code) && msg.seat === this.kept?.seat) {
      if (msg.code === "seat_given") this.forget();
      this.stopped = true;
      this.changed("refused", msg);
    } else if (msg.type === "refused" && msg.code === "unknown_token") {
      this.forget();
    } else if (msg.type === "closing") {
      this.saved = !!msg.saved && !!this.kept;
      if (!this.saved) this.stopped = true;
      this.changed("closed", msg);
    }
    const sent = msg.type === "clock" || msg.type === "seat_status" ? this.late.sentAt(msg.at, arrival) : arrival;
    this.hear(msg, sent);
  }

  /** The hello's answer came: this session is inside. */
  arrived() {
    if (!this.inside && this.helloAt) measured(this.late, now() - this.helloAt);
    this.inside = true;
    this.refusedSince = 0;
    this.doorWait = 0;
    this.saved = false;
    this.wait = FIRST_RETRY;
    this.awaySince = 0;
    this.changed("open");
  }

  /** A question of ours answered: how long a round trip takes now. */
  answered(msg, arrival) {
    const q = this.asked;
    if (!q || msg.seat !== q.seat) return;
    const act = msg.type === "refused" || (msg.type === "update" && msg.v === q.v + 1);
    if ((q.probe && msg.type === "snapshot") || (!q.probe && act)) {
      measured(this.late, arrival - q.at);
      this.asked = null;
    }
  }

  lost(ws, code) {
    if (ws !== this.ws) return;
    this.ws = null;
    clearTimeout(this.probing);
    this.probing = 0;
    if (this.stopped) return;
    if (!this.inside && this.door) return this.turnedAway(this.door);
    if (code === CLOSE_IDLE && !this.kept) {
      // Let go for holding no seat: no error; back when the person picks one.
      this.resting = true;
      this.changed("resting");
      return;
    }
    if (!this.kept && !this.wanted) {
      this.stopped = true;
      this.changed("refused", { code: "gone", door: !this.inside });
      return;
    }
    if (!this.awaySince) this.awaySince = Date.now();
    if (!this.saved) this.changed("reconnecting", { since: this.heard });
    // A table saved and closed comes back when its host opens it again: ask now and then.
    const away = this.away();
    const wait = this.saved ? this.retry.saved : this.wait;
    this.later(wait);
    this.wait = Math.min(away < SLOW_AFTER ? QUICK_RETRIES : LAST_RETRY, this.wait * 2);
  }

  /** Turned away at the door. A seat kept for us, and a refusal that may pass (another table
   * answers at this address for now, or this phone is locked out a while): tried again with
   * backoff, for a while. Anything else ends here, with its words. */
  turnedAway(door) {
    const t = now();
    if (DOOR_PASSING.has(door.code) && this.kept) {
      this.refusedSince = this.refusedSince || t;
      if (t - this.refusedSince > DOOR_PATIENCE) {
        this.stopped = true;
        this.changed("refused", { code: "code_gone", door: true });
        return;
      }
      this.changed("kept", door);
      this.doorWait = Math.min(Math.max((this.doorWait || 0) * 2, this.retry.door), DOOR_LAST_RETRY);
      this.later(this.doorWait);
      return;
    }
    if (door.code === "unknown_token") this.forget();
    this.stopped = true;
    this.changed("refused", { ...door, door: true });
  }

  /** Try again in about `seconds` (several phones cut off at once should not all knock at
   * the same instant). */
  later(seconds) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), seconds * (0.8 + Math.random() * 0.4) * 1000);
  }

  /** Seconds this page has been away from the table (0: it is here). */
  away() {
    return this.awaySince ? (Date.now() - this.awaySince) / 1000 : 0;
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      if (message.type === "act") this.asked = { at: now(), seat: message.seat, v: message.v };
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Take `seat` under `name` (a connection let go while its person chose comes back for it). */
  sit(name, seat) {
    this.name = name;
    this.wanted = { name, seat };
    if (this.resting || !this.ws) {
      this.open();
      return;
    }
    this.send({ type: "sit", name, seat });
  }

  /** Is the table there? Asked when something counts down on screen and the table has been
   * quiet a while: without an answer soon the line is dropped and taken up again (a host
   * stopped or asleep, or a line dead without knowing it), and the countdowns stand still. */
  check(seat, quietFor = this.probe.after) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.probing || !this.inside) return;
    if (now() - this.heard < quietFor) return;
    const since = now();
    this.asked = { at: since, seat, probe: true };
    this.ws.send(JSON.stringify(seat === null ? { type: "resync" } : { type: "resync", seat }));
    this.probing = setTimeout(() => {
      this.probing = 0;
      if (this.ws !== ws) return;
      this.heard = since; // the countdowns stand where they were when the table was asked
      this.drop(ws);
    }, this.probe.wait * 1000);
  }

  /** Let a line go that does not answer (its close may never come back) and take it up again. */
  drop(ws) {
    try {
      ws.close();
    } catch {
      // already closing
    }
    this.lost(ws, 1006);
  }

  /** The page is seen again (a phone woke up): check the line at once. */
  wake() {
    if (this.stopped || this.resting) return;
    if (!this.ws || this.ws.readyState > WebSocket.OPEN) {
      clearTimeout(this.timer);
      this.open();
      return;
    }
    if (this.ws.readyState === WebSocket.OPEN && this.kept) this.check(this.kept.seat, 0);
  }

  forget() {
    this.kept = null;
    keepSeat(this.code, null);
  }

  /** Leave the table (a computer plays the seat); the seat is kept to come back to. */
  leave() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.probing);
    if (this.ws) this.ws.close(1000, "goodbye");
  }
}
