"""Generate the project's own sounds and app icons into the top-level assets/ folder.

Run from the repository root: ``python tools/make_assets.py``. Everything is synthesised or
drawn here from code, so the outputs are our own work under the project's licence (MIT).
"""

from __future__ import annotations

import math
import os
import random
import struct
import sys
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

RATE = 22050
ASSETS = Path(__file__).resolve().parent.parent / "assets"

Signal = list[float]


def silence(seconds: float) -> Signal:
    """A buffer of zeros."""
    return [0.0] * int(RATE * seconds)


def mix_into(dst: Signal, src: Iterable[float], at: float, gain: float = 1.0) -> None:
    """Add ``src`` into ``dst`` starting at ``at`` seconds, growing ``dst`` if needed."""
    start = int(at * RATE)
    src = list(src)
    if start + len(src) > len(dst):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain


def envelope(n: int, attack: float, decay: float) -> Signal:
    """Linear attack then exponential decay with time constant ``decay`` seconds."""
    a = max(1, int(attack * RATE))
    return [(i / a) if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def lowpass(sig: Signal, cutoff: float) -> Signal:
    """One-pole low-pass filter."""
    alpha = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in sig:
        y += alpha * (x - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    """One-pole high-pass filter (the signal minus its low-passed self)."""
    return [x - y for x, y in zip(sig, lowpass(sig, cutoff), strict=True)]


def noise(rng: random.Random, seconds: float) -> Signal:
    """White noise."""
    return [rng.uniform(-1, 1) for _ in range(int(RATE * seconds))]


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    partials: Iterable[tuple[float, float]] = ((1, 1),),
) -> Signal:
    """Additive tone; ``freq`` may be a function of time for sweeps and vibrato."""
    parts = list(partials)
    out, phase = [], 0.0
    for i in range(int(RATE * seconds)):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        out.append(sum(a * math.sin(phase * m) for m, a in parts))
    return out


def shaped(sig: Signal, env: Signal) -> Signal:
    """Multiply a signal by an envelope."""
    return [s * e for s, e in zip(sig, env, strict=False)]


def flick(rng: random.Random, length: float = 0.07, bright: float = 2500) -> Signal:
    """One card snapping: a crisp noise burst with a quick downward 'thwip'."""
    n = int(RATE * length)
    burst = shaped(
        highpass(lowpass(noise(rng, length), bright * 2.2), bright * 0.4),
        envelope(n, 0.002, length / 5),
    )
    sweep = shaped(tone(lambda t: 1600 - 9000 * t, length), envelope(n, 0.001, length / 6))
    return [b * 0.9 + s * 0.25 for b, s in zip(burst, sweep, strict=True)]


def make_shuffle(rng: random.Random) -> Signal:
    """A riffle: dozens of flicks accelerating then a soft bridge settle."""
    out = silence(0.7)
    t = 0.0
    for i in range(26):
        gap = 0.03 - 0.012 * math.sin(math.pi * i / 26)
        mix_into(
            out,
            flick(rng, 0.035, 2000 + rng.uniform(-300, 300)),
            t,
            0.35 + 0.25 * math.sin(math.pi * i / 26),
        )
        t += gap + rng.uniform(-0.004, 0.004)
    mix_into(out, make_discard(rng, 0.6), t + 0.03, 0.7)
    return out


def make_deal(rng: random.Random) -> Signal:
    """A card dealt across the felt."""
    return flick(rng, 0.09, 2600)


def make_draw(rng: random.Random) -> Signal:
    """A card slid off the stock: a soft swell of filtered noise."""
    n = int(RATE * 0.16)
    env = [math.sin(math.pi * min(1.0, i / n)) ** 1.5 for i in range(n)]
    slide = shaped(lowpass(highpass(noise(rng, 0.16), 700), 3500), env)
    out = [0.5 * v for v in slide]
    mix_into(out, flick(rng, 0.05, 3000), 0.1, 0.5)
    return out


def make_discard(rng: random.Random, weight: float = 1.0) -> Signal:
    """A card laid on the pile: a soft slap with a felt-muffled thump."""
    n = int(RATE * 0.16)
    slap = shaped(lowpass(noise(rng, 0.16), 1800), envelope(n, 0.002, 0.025))
    thump = shaped(tone(lambda t: 170 - 300 * t, 0.16), envelope(n, 0.003, 0.035))
    return [(0.8 * s + 0.6 * th) * weight for s, th in zip(slap, thump, strict=True)]


def bell(freq: float, seconds: float) -> Signal:
    """A small bell: inharmonic partials that die away at different rates."""
    n = int(RATE * seconds)
    out = [0.0] * n
    for mult, amp, decay in (
        (1, 1.0, 0.45),
        (2.76, 0.35, 0.18),
        (5.4, 0.15, 0.08),
        (2.0, 0.2, 0.3),
    ):
        part = shaped(tone(freq * mult, seconds), envelope(n, 0.003, decay))
        out = [a + amp * b for a, b in zip(out, part, strict=True)]
    return out


def make_see(rng: random.Random) -> Signal:
    """Seeing the tiplu: a bright rising two-bell chime."""
    out = silence(1.0)
    for at, f in ((0.0, 1046.5), (0.11, 1318.5), (0.22, 1568.0)):
        mix_into(out, bell(f, 0.75), at, 0.45)
    return out


def brass(freq: float, seconds: float) -> Signal:
    """A soft brass-like note: rich harmonics, gentle attack and a little vibrato."""
    n = int(RATE * seconds)
    partials = [(m, 1 / m**1.2) for m in range(1, 8)]
    sig = tone(
        lambda t: freq * (1 + 0.004 * math.sin(2 * math.pi * 5.5 * t) * min(1, t * 4)),
        seconds,
        partials,
    )
    env = [
        min(1.0, i / (0.03 * RATE))
        * min(1.0, (n - i) / (0.08 * RATE))
        * (0.85 + 0.15 * math.exp(-i / (0.1 * RATE)))
        for i in range(n)
    ]
    return lowpass(shaped(sig, env), 3000)


def make_win(rng: random.Random) -> Signal:
    """Going out: a short major fanfare ending on a held chord."""
    out = silence(1.7)
    notes = ((0.0, 523.25, 0.14), (0.15, 659.25, 0.14), (0.3, 783.99, 0.14))
    for at, f, d in notes:
        mix_into(out, brass(f, d), at, 0.3)
    for f in (523.25, 659.25, 783.99, 1046.5):
        mix_into(out, brass(f, 1.2), 0.46, 0.16)
    mix_into(out, bell(2093.0, 1.0), 0.46, 0.12)
    return out


def make_click(rng: random.Random) -> Signal:
    """A button click: a tiny wooden tick."""
    n = int(RATE * 0.04)
    tick = shaped(tone(1900, 0.04, ((1, 1), (2.3, 0.3))), envelope(n, 0.0005, 0.006))
    grit = shaped(highpass(noise(rng, 0.04), 3000), envelope(n, 0.0005, 0.003))
    return [0.7 * a + 0.3 * b for a, b in zip(tick, grit, strict=True)]


def make_error(rng: random.Random) -> Signal:
    """Not allowed: two soft low notes falling."""
    out = silence(0.34)
    for at, f in ((0.0, 330.0), (0.13, 262.0)):
        n = int(RATE * 0.2)
        note = shaped(tone(f, 0.2, ((1, 1), (2, 0.25), (3, 0.08))), envelope(n, 0.012, 0.06))
        mix_into(out, note, at, 0.6)
    return out


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "shuffle": make_shuffle,
    "deal": make_deal,
    "draw": make_draw,
    "discard": make_discard,
    "see": make_see,
    "win": make_win,
    "click": make_click,
    "error": make_error,
}


def write_wav(path: Path, sig: Signal, peak: float = 0.8) -> None:
    """Normalise to ``peak`` and write 16-bit mono PCM, with 4 ms fades against clicks."""
    top = max(1e-9, max(abs(v) for v in sig))
    fade = int(0.004 * RATE)
    frames = bytearray()
    for i, v in enumerate(sig):
        g = min(1.0, i / fade, (len(sig) - 1 - i) / fade) if fade else 1.0
        frames += struct.pack("<h", int(max(-1.0, min(1.0, v / top * peak * g)) * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def make_sounds() -> None:
    """Write every sound to assets/sounds/."""
    folder = ASSETS / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        peak = {"click": 0.5, "error": 0.55, "draw": 0.6, "deal": 0.7}.get(name, 0.8)
        write_wav(folder / f"{name}.wav", make(random.Random(name)), peak)


def make_icons() -> None:
    """Write the PNG icons plus .ico and .icns to assets/icons/."""
    import pygame

    from marriage_gui.art import icon

    pygame.init()
    folder = ASSETS / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    pngs = {}
    for size in icon.SIZES:
        surf = icon.render_icon(size)
        pygame.image.save(surf, str(folder / f"marriage-{size}.png"))
        pngs[size] = (folder / f"marriage-{size}.png").read_bytes()
    (folder / "marriage.ico").write_bytes(icon.ico_bytes(pngs))
    big = folder / "marriage-1024.png"
    pygame.image.save(icon.render_icon(1024), str(big))
    icns = with_icns_chunk(icon.icns_bytes(pngs), "ic10", big.read_bytes())
    big.unlink()  # only the .icns needs 1024 px; the loose PNGs stop at 512
    (folder / "marriage.icns").write_bytes(icns)


def with_icns_chunk(icns: bytes, kind: str, png: bytes) -> bytes:
    """``icns`` with one more PNG chunk (ic10 is the 1024 px one macOS asks for) appended."""
    chunks = icns[8:] + kind.encode("ascii") + struct.pack(">I", 8 + len(png)) + png
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def main() -> None:
    """Generate all assets."""
    which = set(sys.argv[1:]) or {"sounds", "icons"}
    if "sounds" in which:
        make_sounds()
    if "icons" in which:
        make_icons()


if __name__ == "__main__":
    main()
