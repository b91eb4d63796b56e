"""The phone page's door: plain GETs on the table's own port answer with the page's own files.

A phone at the party opens ``http://<host address>:<port>/`` and plays through its browser. The
host's websockets server hands every request to ``PageDoor.answer`` before its handshake
(``process_request``): a websocket upgrade goes on to the table as before (from the page's own
origin, or from a laptop's game, which sends none); a ``GET`` of one of the page's files gets
that file; anything else gets a short refusal. Nothing here reads a path from a request: the
files are a fixed list, read once when the door opens. The page is a client like any laptop's:
the code, the lockout, the seat tokens and every limit of the websocket still guard the table.
"""

from __future__ import annotations

import gzip
import hashlib
import http
import importlib.util
import logging
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

log = logging.getLogger("marriage.page")

#: The page's own folder: its HTML, style, modules and card art.
PAGE_DIR = Path(__file__).resolve().parent / "web"
ROOT = Path(__file__).resolve().parent.parent
#: The languages the page can speak besides English (their catalogs are exported by the build).
PAGE_LANGUAGES = ("ne",)

_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".png": "image/png",
    ".ttf": "font/ttf",
}
#: Every address the page answers, and the file behind it: the page's files by name, the
#: catalogs exported for it, and the game's own Devanagari type.
_MODULES = (
    "app",
    "net",
    "clock",
    "news",
    "words",
    "cards",
    "hand",
    "table",
    "sheet",
    "screens",
    "moves",
)
FILES: dict[str, tuple[str, str]] = {
    "/": ("page", "index.html"),
    "/style.css": ("page", "style.css"),
    **{f"/{m}.js": ("page", f"{m}.js") for m in _MODULES},
    "/cards.png": ("page", "cards.png"),
    "/icon.png": ("assets", "icons/marriage-64.png"),
    **{f"/words-{code}.json": ("words", code) for code in PAGE_LANGUAGES},
    "/deva.ttf": ("assets", "fonts/NotoSansDevanagari-Regular.ttf"),
    "/deva-bold.ttf": ("assets", "fonts/NotoSansDevanagari-Bold.ttf"),
}
#: Files the page asks for with their content's hash in the address: cached for a year.
_LASTING = frozenset({"/cards.png", "/deva.ttf", "/deva-bold.ttf", "/icon.png"})
#: A ``Host`` or ``Origin`` host we read at all: a name or an address, and a port.
_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?$")


class Doorkeeper(Protocol):
    """What the door asks of the table: whether it takes connections now."""

    def page_busy(self) -> bool:
        """True while the table takes no more connections (full, or closing)."""
        ...


@dataclass(frozen=True)
class PageFile:
    """One file as it is served: its bytes (and gzipped), its type and its tag."""

    body: bytes
    zipped: bytes | None
    kind: str
    etag: str


@dataclass
class Budget:
    """Page requests a table answers: a token bucket per address and one for everybody, so
    that a phone loading the page (a dozen files) never waits, and a flood is turned away
    before it costs the table anything."""

    rate: float = 8.0  # requests a second, per address, after the burst
    burst: float = 48.0
    total_rate: float = 60.0
    total_burst: float = 240.0
    most_addresses: int = 512
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    _total: tuple[float, float] = (-1.0, 0.0)

    def take(self, address: str, now: float | None = None) -> bool:
        """Charge one request to ``address``; False when its allowance (or everyone's) is spent."""
        now = time.monotonic() if now is None else now
        left, stamp = self._total if self._total[0] >= 0 else (self.total_burst, now)
        left = min(self.total_burst, left + (now - stamp) * self.total_rate)
        if left < 1.0:
            self._total = (left, now)
            return False
        mine, mine_stamp = self._buckets.pop(address, (self.burst, now))
        mine = min(self.burst, mine + (now - mine_stamp) * self.rate)
        if len(self._buckets) >= self.most_addresses:  # the longest quiet forgets first
            self._buckets.pop(next(iter(self._buckets)))
        if mine < 1.0:
            self._buckets[address] = (mine, now)
            self._total = (left, now)
            return False
        self._buckets[address] = (mine - 1.0, now)
        self._total = (left - 1.0, now)
        return True


def _assets_dir() -> Path:
    """The game's assets folder, found as the game finds it (``marriage_gui/art/paths.py``,
    read on its own: the art package around it draws with pygame, which a server never loads)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:  # the frozen app carries them where paths.py looks first
        return Path(bundle) / "marriage_gui" / "assets"
    recipe = ROOT / "marriage_gui" / "art" / "paths.py"
    spec = importlib.util.spec_from_file_location("marriage_asset_paths", recipe)
    if not recipe.is_file() or spec is None or spec.loader is None:
        return ROOT / "assets"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: Path = module.assets_dir()
    return found


def page_words(code: str) -> bytes | None:
    """The page's catalog for language ``code`` as JSON: the one the build exported, or (in a
    source checkout whose catalog changed since) exported again now by the same recipe."""
    built = PAGE_DIR / f"words-{code}.json"
    po = ROOT / "marriage_gui" / "locale" / code / "LC_MESSAGES" / "marriage.po"
    recipe = ROOT / "build" / "page_words.py"
    fresh = built.is_file() and (not po.is_file() or built.stat().st_mtime >= po.stat().st_mtime)
    if fresh:
        return built.read_bytes()
    if recipe.is_file() and po.is_file():
        spec = importlib.util.spec_from_file_location("marriage_page_words", recipe)
        if spec is not None and spec.loader is not None:
            module = importlib.util.module_from_spec(spec)
            try:
                spec.loader.exec_module(module)
                made: bytes = module.exported(code)
                return made
            except ImportError:  # no Babel here: the built catalog, if any, is the best we have
                log.warning("the page's %s catalog could not be exported again", code)
    return built.read_bytes() if built.is_file() else None


def _read(where: str, name: str) -> bytes | None:
    if where == "words":
        return page_words(name)
    folder = PAGE_DIR if where == "page" else _assets_dir()
    path = folder / name
    return path.read_bytes() if path.is_file() else None


def load_files() -> dict[str, PageFile]:
    """Every file the page answers with, read now (a file that is missing answers 404)."""
    out: dict[str, PageFile] = {}
    for address, (where, name) in FILES.items():
        body = _read(where, name)
        if body is None:
            log.warning("the phone page lacks %s", address)
            continue
        suffix = ".json" if where == "words" else Path(name).suffix
        kind = _TYPES[suffix]
        zipped = (
            gzip.compress(body, 9, mtime=0) if kind.startswith(("text", "application")) else None
        )
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        out[address] = PageFile(body, zipped, kind, etag)
    return out


def versioned(files: dict[str, PageFile]) -> dict[str, PageFile]:
    """The page's HTML, style and modules with each lasting file's address carrying its
    content's tag (``cards.png?v=…``), so a phone keeps those a year and still gets new art."""
    tags = {a: files[a].etag.strip('"')[:12] for a in _LASTING if a in files}
    out = dict(files)
    for address, f in files.items():
        if not f.kind.startswith(("text/html", "text/css", "text/javascript")):
            continue
        text = f.body.decode("utf-8")
        for lasting, tag in tags.items():
            text = text.replace(f"{lasting[1:]}?v=0", f"{lasting[1:]}?v={tag}")
        body = text.encode("utf-8")
        if body != f.body:
            zipped = gzip.compress(body, 9, mtime=0)
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            out[address] = PageFile(body, zipped, f.kind, etag)
    return out


class PageDoor:
    """Answers what comes to the table's port before the websocket handshake."""

    def __init__(self, table: Doorkeeper, budget: Budget | None = None) -> None:
        self.table = table
        self.budget = budget or Budget()
        self.files = versioned(load_files())
        self.served = 0  # page files sent, for the benchmark and the tests

    def answer(self, connection: ServerConnection, request: Request) -> Response | None:
        """None lets a websocket upgrade go on to the table; anything else is answered here."""
        host = request.headers.get("Host", "")
        if request.headers.get("Upgrade", "").lower() == "websocket":
            origin = request.headers.get("Origin")
            if origin is not None and not _same_origin(origin, host):
                return _plain(http.HTTPStatus.FORBIDDEN, "This table answers only its own page.")
            return None
        if request.method != "GET":
            return _plain(http.HTTPStatus.METHOD_NOT_ALLOWED, "The table answers only GET.")
        if self.table.page_busy():
            return _plain(http.HTTPStatus.SERVICE_UNAVAILABLE, "The table is busy.")
        address = str(connection.remote_address[0]) if connection.remote_address else "?"
        if not self.budget.take(address):
            return _plain(http.HTTPStatus.TOO_MANY_REQUESTS, "Too many requests: wait a little.")
        page = self.files.get(request.path.split("?", 1)[0])
        if page is None:
            return _plain(http.HTTPStatus.NOT_FOUND, "Not found.")
        return self._file(request, page)

    def _file(self, request: Request, page: PageFile) -> Response:
        lasting = "?v=" in request.path
        headers = Headers(
            [
                ("Date", _date()),
                ("Connection", "close"),
                ("Content-Type", page.kind),
                ("Cache-Control", "public, max-age=31536000, immutable" if lasting else "no-cache"),
                ("ETag", page.etag),
                ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
                ("Content-Security-Policy", _POLICY),
                ("Cross-Origin-Opener-Policy", "same-origin"),
                ("Vary", "Accept-Encoding"),
            ]
        )
        if request.headers.get("If-None-Match") == page.etag:
            headers["Content-Length"] = "0"
            return Response(304, "Not Modified", headers, b"")
        body = page.body
        if page.zipped is not None and "gzip" in request.headers.get("Accept-Encoding", ""):
            body = page.zipped
            headers["Content-Encoding"] = "gzip"
        headers["Content-Length"] = str(len(body))
        self.served += 1
        return Response(200, "OK", headers, body)


#: Only this origin: the page's modules, style, art, fonts and its own table's socket.
_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
    "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


def _same_origin(origin: str, host: str) -> bool:
    """Whether a browser's ``Origin`` is the page this table served (``http://`` + its Host)."""
    scheme, _, rest = origin.partition("://")
    if scheme.lower() != "http" or not _HOST.match(rest) or not _HOST.match(host):
        return False
    return rest.lower() == host.lower()


def _plain(status: http.HTTPStatus, text: str) -> Response:
    body = (text + "\n").encode("utf-8")
    headers = Headers(
        [
            ("Date", _date()),
            ("Connection", "close"),
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body))),
            ("X-Content-Type-Options", "nosniff"),
            ("Content-Security-Policy", "default-src 'none'"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)


def _date() -> str:
    import email.utils

    return email.utils.formatdate(usegmt=True)


__all__ = ["FILES", "PAGE_DIR", "Budget", "Doorkeeper", "PageDoor", "load_files", "page_words"]
