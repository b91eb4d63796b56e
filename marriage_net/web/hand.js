// The player's hand on a phone: one row of overlapping cards in the order the player chose.
// A tap selects a card (it lifts); a drag moves it (or every selected card) to a new place, or
// onto the discard pile. Cards move by CSS transforms only, so a drag costs the phone a
// compositor frame, never a layout.

import { badge, cardElement, codeOf, rankKey, suitKey } from "./cards.js";

const SLOP = 7; // CSS px a finger may wander before a press becomes a drag

export class Fan {
  /** `root`: the hand's element. `ask`: {tapped(id), dropped(), discard(id) -> void,
   * pileBox() -> DOMRect|null (the discard pile, measured once a drag starts), hover(bool)} */
  constructor(root, ask) {
    this.root = root;
    this.ask = ask;
    this.order = [];
    this.selected = new Set();
    this.groupOf = new Map(); // card id -> group number given by Group (absent: loose)
    this.sortMode = "suit";
    this.els = new Map();
    this.press = null;
    this.drag = null;
    this.cardW = 60;
    this.roles = new Map();
    root.addEventListener("pointerdown", (e) => this.down(e));
    root.addEventListener("pointermove", (e) => this.move(e));
    root.addEventListener("pointerup", (e) => this.up(e));
    root.addEventListener("pointercancel", () => this.cancel());
    root.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  /** The hand is now `ids` (the engine's set): cards kept keep their place, new ones go to
   * the right end, gone ones leave. */
  sync(ids) {
    const now = new Set(ids);
    this.order = this.order.filter((id) => now.has(id));
    const have = new Set(this.order);
    for (const id of ids) if (!have.has(id)) this.order.push(id);
    for (const id of [...this.selected]) if (!now.has(id)) this.selected.delete(id);
    for (const id of [...this.groupOf.keys()]) if (!now.has(id)) this.groupOf.delete(id);
    for (const [id, el] of this.els) {
      if (!now.has(id)) {
        el.remove();
        this.els.delete(id);
      }
    }
    for (const id of this.order) {
      if (!this.els.has(id)) {
        const el = cardElement(id, "in-hand");
        this.els.set(id, el);
        this.root.append(el);
      }
    }
  }

  /** Wild stars and the tiplu's crown, from the roles the seat knows (code -> role). */
  mark(roles) {
    this.roles = roles;
    for (const [id, el] of this.els) badge(el, codeOf(id), roles);
  }

  /** Selected cards in the order they lie. */
  chosen() {
    return this.order.filter((id) => this.selected.has(id));
  }

  clear() {
    this.selected.clear();
    this.lay();
  }

  /** Sort by suit or by rank, turn about. */
  sort() {
    this.sortMode = this.sortMode === "suit" ? "rank" : "suit";
    const key = this.sortMode === "suit" ? suitKey : rankKey;
    this.order.sort((a, b) => key(codeOf(a)) - key(codeOf(b)) || a - b);
    this.groupOf.clear();
    this.lay();
    return this.sortMode;
  }

  /** Lay the hand out as the engine groups it (melds first, loose cards last); how many
   * groups of two or more cards it found. */
  group(groups) {
    const here = new Set(this.order);
    const laid = groups.map((g) => g.filter((id) => here.has(id)));
    const placed = new Set(laid.flat());
    const rest = this.order.filter((id) => !placed.has(id));
    this.order = [...laid.flat(), ...rest];
    this.groupOf.clear();
    laid.slice(0, -1).forEach((g, k) => g.forEach((id) => this.groupOf.set(id, k)));
    this.lay();
    return laid.slice(0, -1).filter((g) => g.length >= 2).length;
  }

  /** Where each card of `order` lies: x of its left edge (a small gap before a new group). */
  places(order, hole = -1, holeCards = 0) {
    // Measured once a drag starts: a frame of a drag reads no layout.
    const width = this.drag ? this.drag.width : this.root.clientWidth;
    const n = order.length + holeCards;
    const gap = Math.round(this.cardW * 0.22);
    let breaks = 0;
    for (let i = 1; i < order.length; i++) if (this.breakBefore(order, i)) breaks++;
    const room = width - this.cardW - breaks * gap - 8;
    const step = n > 1 ? Math.min(this.cardW * 0.7, room / (n - 1)) : 0;
    const used = this.cardW + step * Math.max(0, n - 1) + breaks * gap;
    let x = Math.max(4, (width - used) / 2);
    const xs = [];
    for (let i = 0; i < order.length; i++) {
      if (i === hole) x += step * holeCards;
      if (i > 0 && this.breakBefore(order, i)) x += gap;
      xs.push(x);
      x += step;
    }
    return { xs, step, end: x };
  }

  breakBefore(order, i) {
    const g = this.groupOf;
    return (g.get(order[i]) ?? -1) !== (g.get(order[i - 1]) ?? -1);
  }

  /** Put every card where it belongs now. */
  lay(cardW) {
    if (cardW) {
      this.cardW = cardW;
      this.root.style.setProperty("--card-w", `${cardW}px`);
    }
    const moving = this.drag ? new Set(this.drag.ids) : new Set();
    const rest = this.order.filter((id) => !moving.has(id));
    const hole = this.drag ? this.drag.index : -1;
    const { xs } = this.places(rest, hole, moving.size);
    rest.forEach((id, i) => {
      const el = this.els.get(id);
      const lift = this.selected.has(id) ? -this.cardW * 0.24 : 0;
      el.style.transform = `translate3d(${xs[i]}px, ${lift}px, 0)`;
      el.style.zIndex = String(i + 1);
      el.classList.toggle("selected", this.selected.has(id));
    });
  }

  // ------------------------------------------------------------------ pointer
  down(e) {
    const el = e.target.closest(".card");
    if (!el || !this.root.contains(el) || this.press) return;
    e.preventDefault();
    this.root.setPointerCapture(e.pointerId);
    this.press = { id: Number(el.dataset.id), x: e.clientX, y: e.clientY, pointer: e.pointerId };
  }

  move(e) {
    const press = this.press;
    if (!press || e.pointerId !== press.pointer) return;
    if (!this.drag) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < SLOP) return;
      this.lift(press);
    }
    this.drag.x = e.clientX;
    this.drag.y = e.clientY;
    if (!this.drag.frame) this.drag.frame = requestAnimationFrame(() => this.follow());
  }

  lift(press) {
    const ids = this.selected.has(press.id) && this.selected.size > 1 ? this.chosen() : [press.id];
    const box = this.root.getBoundingClientRect();
    const width = this.root.clientWidth;
    const pile = this.ask.pileBox();
    const { xs } = this.places(this.order);
    const at = this.order.indexOf(press.id);
    this.drag = {
      ids,
      index: this.order.filter((id) => !ids.includes(id)).length,
      grab: press.x - box.left - xs[at],
      box,
      x: press.x,
      y: press.y,
      frame: 0,
      over: false,
      width,
      pile,
    };
    ids.forEach((id) => this.els.get(id).classList.add("lifted"));
    this.drag.index = this.slot(press.x);
    this.lay();
  }

  /** Where the dragged cards would go among the others, for a finger at `x`. */
  slot(x) {
    const d = this.drag;
    const rest = this.order.filter((id) => !d.ids.includes(id));
    const { xs, step } = this.places(rest, -1, 0);
    const left = x - d.box.left - d.grab;
    let index = 0;
    while (index < xs.length && xs[index] + step / 2 < left) index++;
    return index;
  }

  follow() {
    const d = this.drag;
    if (!d) return;
    d.frame = 0;
    const left = d.x - d.box.left - d.grab;
    const top = d.y - d.box.top - this.cardW * 0.9;
    d.ids.forEach((id, k) => {
      const el = this.els.get(id);
      el.style.transform = `translate3d(${left + k * this.cardW * 0.34}px, ${top}px, 0)`;
    });
    const r = d.pile;
    const over = !!r && d.x >= r.left - 12 && d.x <= r.right + 12 && d.y >= r.top - 12 && d.y <= r.bottom + 12;
    if (over !== d.over) {
      d.over = over;
      this.ask.hover(over);
    }
    const index = this.slot(d.x);
    if (index !== d.index) {
      d.index = index;
      this.lay();
    }
  }

  up(e) {
    const press = this.press;
    if (!press || e.pointerId !== press.pointer) return;
    this.press = null;
    const d = this.drag;
    if (!d) {
      if (this.selected.has(press.id)) this.selected.delete(press.id);
      else this.selected.add(press.id);
      this.lay();
      this.ask.tapped(press.id);
      return;
    }
    cancelAnimationFrame(d.frame);
    this.drag = null;
    d.ids.forEach((id) => this.els.get(id).classList.remove("lifted"));
    if (d.over) this.ask.hover(false);
    if (d.over && d.ids.length === 1) {
      this.lay();
      this.ask.discard(d.ids[0]);
      return;
    }
    const rest = this.order.filter((id) => !d.ids.includes(id));
    this.order = [...rest.slice(0, d.index), ...d.ids, ...rest.slice(d.index)];
    this.lay();
    this.ask.dropped();
  }

  cancel() {
    if (this.drag) {
      cancelAnimationFrame(this.drag.frame);
      this.drag.ids.forEach((id) => this.els.get(id).classList.remove("lifted"));
      if (this.drag.over) this.ask.hover(false);
    }
    this.press = null;
    this.drag = null;
    this.lay();
  }
}
