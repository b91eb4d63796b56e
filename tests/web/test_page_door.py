"""The host's HTTP side: the page's own files and nothing else, within the table's limits.

Every request here goes to a real ``TableHost`` on 127.0.0.1, over plain sockets.
"""

import contextlib
import gzip
import http.client
import re
import socket

import pytest
from net.tablekit import HostThread, raw_client, say_hello, wait_for
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from engine import PRESETS
from marriage_net import page
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.page import FILES, Budget
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"
WEB = page.PAGE_DIR


@pytest.fixture
def table():
    def make():
        seats = make_seats([("open", ""), ("medium", "")])
        return TableHost(seats, PRESETS["nepali"], 1, settings=HostSettings(max_connections=6))

    t = HostThread(make)
    yield t
    t.stop()


def get(port, path, method="GET", headers=None):
    conn = http.client.HTTPConnection(LOOPBACK, port, timeout=5)
    try:
        conn.request(method, path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        conn.close()


def raw(port, request: bytes) -> bytes:
    with socket.create_connection((LOOPBACK, port), timeout=5) as s:
        s.sendall(request)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
        return out


def test_every_file_of_the_page_is_served_with_its_type_and_guards(table):
    for address in FILES:
        status, headers, body = get(table.port, address)
        assert status == 200, address
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        assert "connect-src 'self'" in headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert int(headers["Content-Length"]) == len(body) > 0
    assert get(table.port, "/")[1]["Content-Type"] == "text/html; charset=utf-8"
    assert get(table.port, "/app.js")[1]["Content-Type"].startswith("text/javascript")
    assert get(table.port, "/cards.png")[1]["Content-Type"] == "image/png"


def test_the_page_is_its_own_files_as_they_are_on_disk(table):
    for address, (where, name) in FILES.items():
        if where != "page" or not name.endswith((".js", ".png")):
            continue
        body = get(table.port, address)[2]
        assert body == (WEB / name).read_bytes(), address


def test_nothing_else_is_answered_no_listing_no_way_out(table):
    port = table.port
    for path in (
        "/index.html",
        "/web/",
        "/web/app.js",
        "/../page.py",
        "/%2e%2e/page.py",
        "/..%2fpage.py",
        "//etc/passwd",
        "/etc/passwd",
        "/app.js/",
        "/APP.JS",
        "/words-xx.json",
        "/fonts/",
        "/favicon.ico",
        "/page.py",
        "/.git/config",
    ):
        status, _headers, body = get(port, path)
        assert status == 404, path
        assert body == b"Not found.\n"
    # A path sent as the browser would never send it, byte for byte.
    answer = raw(port, b"GET /../../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 404")
    assert b"root:" not in answer
    for method in ("POST", "PUT", "DELETE", "HEAD", "OPTIONS"):
        status = get(port, "/", method=method)[0]
        assert status in (400, 405), method


def test_a_query_is_not_a_file_and_a_tagged_file_lasts(table):
    status, headers, _ = get(table.port, "/?code=123456")
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    index = get(table.port, "/")[2].decode()
    tagged = re.search(r'href="(cards\.png\?v=[0-9a-f]{12})"', index)
    assert tagged, "the card sheet is named by its content's hash"
    headers = get(table.port, "/" + tagged.group(1))[1]
    assert "immutable" in headers["Cache-Control"]


def test_text_goes_gzipped_when_asked_and_an_unchanged_file_is_not_sent_again(table):
    status, headers, body = get(table.port, "/app.js", headers={"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (WEB / "app.js").read_bytes()
    etag = headers["ETag"]
    status, headers, body = get(table.port, "/app.js", headers={"If-None-Match": etag})
    assert status == 304 and body == b""


def test_a_web_page_elsewhere_cannot_open_the_tables_socket(table):
    url = f"ws://{LOOPBACK}:{table.port}/"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="http://evil.example", open_timeout=5)
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus):
        connect(url, origin=f"http://{LOOPBACK}:{table.port + 1}", open_timeout=5)
    with pytest.raises(InvalidStatus):
        connect(url, origin=f"https://{LOOPBACK}:{table.port}", open_timeout=5)
    # The page's own origin, and a laptop's game (no origin at all), still reach the table:
    # where the code, the lockout and every limit of the socket guard it as before.
    with connect(url, origin=f"http://{LOOPBACK}:{table.port}", open_timeout=5) as ws:
        answer = say_hello(ws, "000000")
        assert isinstance(answer, p.Refused) and answer.code == p.Refusal.WRONG_CODE
    with raw_client(table.port) as ws:
        assert isinstance(say_hello(ws, table.code, "Asha"), p.Welcome)


def test_page_requests_keep_to_the_tables_limits(table):
    # The page holds no socket: a hundred files later, the table has no connection open.
    for _ in range(20):
        assert get(table.port, "/style.css")[0] == 200
    assert table.call(lambda: len(table.host.sockets)) == 0
    # A table full of connections (each said hello) answers its page "busy", never half.
    with contextlib.ExitStack() as stack:
        for _ in range(6):
            ws = stack.enter_context(raw_client(table.port))
            say_hello(ws, table.code, "")  # looks on: a connection that said hello
        assert wait_for(lambda: table.call(lambda: len(table.host.conns)) == 6)
        assert get(table.port, "/")[0] == 503
    assert wait_for(lambda: table.call(lambda: len(table.host.sockets)) == 0)
    assert get(table.port, "/")[0] == 200


def test_a_flood_of_page_requests_from_one_address_is_turned_away():
    budget = Budget(rate=8, burst=48)
    taken = [budget.take("127.0.0.7", now=100.0) for _ in range(60)]
    assert taken.count(True) == 48 and not taken[-1]
    assert budget.take("127.0.0.8", now=100.0)  # another phone is not held up
    assert budget.take("127.0.0.7", now=101.0)  # a second later, a little more is allowed
    everyone = Budget(rate=100, burst=100, total_rate=10, total_burst=50)
    taken = [everyone.take(f"10.0.1.{i}", now=5.0) for i in range(80)]
    assert taken.count(True) == 50
    few = Budget(most_addresses=4)
    for i in range(40):
        few.take(f"10.0.2.{i}", now=1.0)
    assert len(few._buckets) <= 4


def test_a_real_flood_gets_429_and_the_table_plays_on(table):
    statuses = [get(table.port, "/style.css")[0] for _ in range(70)]
    assert 429 in statuses and statuses[0] == 200
    with raw_client(table.port) as ws:
        assert isinstance(say_hello(ws, table.code, "Asha"), p.Welcome)
