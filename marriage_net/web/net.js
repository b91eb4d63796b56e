// The table's socket: the same protocol a laptop's game speaks (marriage_net/protocol.py),
// JSON text frames on this page's own address. A seat's token is kept in the browser's storage
// per table code, so a phone that slept, locked or reloaded sits back down by itself.

/** The protocol version this page speaks (marriage_net/protocol.py PROTO). */
export const PROTO = 5;
/** Refusals after which trying again cannot help: the person must do something. */
const FINAL = new Set(["wrong_code", "locked_out", "other_version", "unknown_token", "bad_name",
  "seat_taken", "no_free_seat", "no_such_seat", "seat_given", "seat_moved"]);
const KINDS = new Set(["welcome", "lobby", "snapshot", "update", "refused", "seat_status",
  "clock", "covered", "emoted", "closing"]);
const FIRST_RETRY = 0.05;
const LAST_RETRY = 5;

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

/** A connection to the table that comes back by itself. Calls `hear(message)` for every
 * message, and `changed(state, detail)` when the connection's state changes: "connecting",
 * "open", "reconnecting", "refused" (detail: the refusal), "closed" (detail: the closing). */
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
    this.awaySince = 0;
    this.checking = 0;
    this.saved = false;
  }

  get token() {
    return this.kept ? this.kept.token : null;
  }

  /** Sit down: in the first open seat under the name typed, or back in the seat kept. */
  open() {
    this.stopped = false;
    clearTimeout(this.timer);
    const ws = new WebSocket(`ws://${location.host}/`);
    this.ws = ws;
    this.changed(this.awaySince ? "reconnecting" : "connecting");
    ws.onopen = () => {
      const hello = { type: "hello", proto: PROTO, code: this.code, name: this.name };
      if (this.kept) {
        hello.token = this.kept.token;
        hello.name = this.kept.name || this.name;
      }
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => this.receive(ws, event.data);
    ws.onclose = () => this.lost(ws);
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
    if (msg.type === "welcome") {
      if (!Number.isInteger(msg.seat) || typeof msg.token !== "string") return;
      this.kept = { token: msg.token, name: msg.name, seat: msg.seat };
      keepSeat(this.code, this.kept);
      this.wait = FIRST_RETRY;
      this.awaySince = 0;
      this.changed("open");
    } else if (msg.type === "lobby" && !this.kept) {
      this.wait = FIRST_RETRY;
      this.changed("open");
    } else if (msg.type === "refused" && FINAL.has(msg.code) && msg.seat == null) {
      if (msg.code === "unknown_token") this.forget();
      this.stopped = true;
      this.changed("refused", msg);
    } else if (msg.type === "refused" && (msg.code === "seat_given" || msg.code === "seat_moved")) {
      if (msg.code === "seat_given") this.forget();
      this.stopped = true;
      this.changed("refused", msg);
    } else if (msg.type === "closing") {
      this.saved = !!msg.saved;
      this.changed("closed", msg);
      if (!msg.saved) this.stopped = true;
    }
    if (this.checking) {
      clearTimeout(this.checking);
      this.checking = 0;
    }
    this.hear(msg);
  }

  lost(ws) {
    if (ws !== this.ws) return;
    this.ws = null;
    if (this.stopped || !this.kept) {
      if (!this.stopped) this.changed("refused", { code: "gone" });
      return;
    }
    if (!this.awaySince) this.awaySince = Date.now();
    this.changed("reconnecting");
    // A table saved and closed comes back when its host opens it again: ask now and then.
    const wait = this.saved ? LAST_RETRY : this.wait;
    this.timer = setTimeout(() => this.open(), wait * 1000);
    this.wait = Math.min(LAST_RETRY, this.wait * 2 + Math.random() * 0.1);
  }

  /** Seconds this page has been away from the table (0: it is here). */
  away() {
    return this.awaySince ? (Date.now() - this.awaySince) / 1000 : 0;
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** The page is seen again (a phone woke up): check the line at once. A socket that slept
   * may be dead without knowing: without an answer soon it is dropped and taken up again. */
  wake() {
    if (this.stopped) return;
    if (!this.ws || this.ws.readyState > WebSocket.OPEN) {
      clearTimeout(this.timer);
      this.open();
      return;
    }
    if (this.ws.readyState === WebSocket.OPEN && this.kept) {
      this.send({ type: "resync" });
      clearTimeout(this.checking);
      const ws = this.ws;
      this.checking = setTimeout(() => {
        this.checking = 0;
        if (this.ws === ws) ws.close();
      }, 4000);
    }
  }

  forget() {
    this.kept = null;
    keepSeat(this.code, null);
  }

  /** Leave the table (a computer plays the seat); the seat is kept to come back to. */
  leave() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000, "goodbye");
  }
}
