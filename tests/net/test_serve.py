"""``marriage --serve``: the headless host, its options, and that it never imports pygame."""

import re
import signal
import subprocess
import sys

from net.tablekit import raw_client, say_hello

from marriage_net import protocol as p


def _serve(*args):
    return subprocess.Popen(
        [sys.executable, "-m", "marriage_gui", "--serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_serve_never_imports_pygame():
    code = (
        "import sys; from marriage_gui.__main__ import main; "
        "import marriage_net.serve, marriage_net.host, marriage_net.hostproc, marriage_net.client; "
        "assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_bad_options_are_explained():
    for args, words in [
        (["--seats", "open,dragon"], "a seat is one of"),
        (["--seats", "open"], "2 to 5 seats"),
        (["--grace", "soon"], "grace is a number"),
        (["--resume"], "--resume needs --save"),
        (["--seats", "here,open"], "no seat can be 'here'"),
    ]:
        proc = _serve(*args)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 2, (args, err)
        assert words in err and "Traceback" not in err


def test_a_served_table_seats_a_player_and_closes_on_interrupt(tmp_path):
    save = tmp_path / "table.json"
    proc = _serve(
        "--address", "127.0.0.1", "--port", "0", "--seats", "open,open,easy", "--save", str(save)
    )
    try:
        first = proc.stdout.readline()
        second = proc.stdout.readline()
        port = int(re.search(r"port (\d+)", first).group(1))
        code = re.search(r"Table code: (\d{6})", second).group(1)
        with raw_client(port) as ws:
            welcome = say_hello(ws, code, "Asha")
            assert isinstance(welcome, p.Welcome) and welcome.seat == 0
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "The table is closed." in out
    assert save.is_file()


def _open(proc):
    first = proc.stdout.readline()
    second = proc.stdout.readline()
    port = int(re.search(r"port (\d+)", first).group(1))
    code = re.search(r"Table code: (\d{6})", second).group(1)
    return port, code, second


def test_a_served_table_says_who_comes_and_goes():
    proc = _serve("--address", "127.0.0.1", "--port", "0", "--seats", "open,open", "--clock", "30")
    try:
        port, code, second = _open(proc)
        assert "30 s a turn" in second
        with raw_client(port) as ws:
            welcome = say_hello(ws, code, "Asha", seat=0)
            assert "Asha sits in seat 1" in proc.stdout.readline()
        assert "Asha left the table (seat 1)" in proc.stdout.readline()
        with raw_client(port) as ws:
            say_hello(ws, code, "Asha", seat=0, token=welcome.token)
            assert "Asha is back in seat 1" in proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err


def test_a_served_table_ends_cleanly_when_its_output_goes_away(tmp_path):
    save = tmp_path / "table.json"
    proc = _serve(
        "--address", "127.0.0.1", "--port", "0", "--seats", "open,open", "--save", str(save)
    )
    try:
        port, code, _second = _open(proc)
        assert "Saving to" in proc.stdout.readline()  # the last line it says on opening
        proc.stdout.close()  # whatever read the server's output is gone
        with raw_client(port) as ws:
            say_hello(ws, code, "Asha", seat=0)  # and the server has something to say
        proc.wait(timeout=30)
        err = proc.stderr.read()
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert save.is_file()  # closed as on an interrupt: saved to come back


def test_a_bad_clock_is_explained():
    proc = _serve("--clock", "45")
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "turn clock is one of 0, 30, 60, 90" in err
