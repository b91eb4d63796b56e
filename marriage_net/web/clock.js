// The turn clock and the seats' countdowns as a phone counts them, fairly: the host sends the
// seconds left with when it sent them (`at`, on its own clock), and this page reckons when each
// message was sent on its own clock (marriage_net/news.py Lateness, line for line), so a message
// held up on a slow line does not show time that is already gone. The page's own seat's clock
// also ends half a round trip early, so a move made in time on screen arrives in time. While the
// page cannot hear the table (its line is down, or the host does not answer) every countdown
// stands still where it was: "paused".

/** Seconds since the page opened, on a clock that never goes back. */
export function now() {
  return performance.now() / 1000;
}

/** How late the host's messages reach this page, from the host's stamps and their arrival.
 *
 * `arrival - at` is the two clocks' difference plus the message's time on the way; its least
 * value over the last `window` seconds is that difference plus the quickest time on the way,
 * so a message that took longer than the quickest is seen to, by how much. The quickest time
 * itself is taken as half a round trip (`rtt`). */
export class Lateness {
  constructor(window = 30) {
    this.window = window;
    this.rtt = 0;
    this.lags = [];
  }

  /** A new connection: nothing is known of it yet. */
  reset() {
    this.lags = [];
    this.rtt = 0;
  }

  /** When a message stamped `at` (null: not stamped) and arriving `arrival` was sent, on this
   * page's clock (seconds). */
  sentAt(at, arrival) {
    if (typeof at !== "number" || !Number.isFinite(at)) return arrival - this.rtt / 2;
    const lag = arrival - at;
    const lags = this.lags;
    while (lags.length && lags[0][0] < arrival - this.window) lags.shift();
    lags.push([arrival, lag]);
    let quickest = lag;
    for (const [, seen] of lags) quickest = Math.min(quickest, seen);
    return arrival - (lag - quickest) - this.rtt / 2;
  }
}

/** A round trip this page measured (a question and its answer), kept as the line's latest. */
export function measured(lateness, seconds) {
  if (Number.isFinite(seconds) && seconds >= 0) lateness.rtt = Math.min(seconds, 10);
}

/** The turn clock from its message: whose, the seconds it had when sent, when that was (this
 * page's clock), and the seconds a move from here needs to reach the host (`lead`: only for
 * the page's own seat). Null when no clock runs. */
export function turnClock(msg, sent, lead) {
  if (!msg || msg.seat === null || msg.seat === undefined) return null;
  const seconds = Number(msg.seconds) || 0;
  const total = Number(msg.total) || 0;
  return { seat: msg.seat, seconds, total, sent, lead: Math.max(0, lead || 0) };
}

/** Seconds left on `clock` at `at` (this page's clock; the moment it stands at while paused). */
export function secondsLeft(clock, at) {
  if (!clock) return 0;
  return Math.max(0, clock.seconds - (at - clock.sent) - clock.lead);
}

/** Seconds left of a seat's countdown (`status.left` from when it was sent), at `at`; null
 * when the host gave none. */
export function statusLeft(status, at) {
  if (status.left === null || status.left === undefined) return null;
  return Math.max(0, status.left - (at - status.sent));
}
