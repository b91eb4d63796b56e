"""Finding tables: one UDP question on loopback, answered by the host; the loopback restriction."""

import asyncio
import threading

import pytest

from marriage_net import discovery


def _responder(describe):
    """A responder on 127.0.0.1 (a free port) in a thread of its own; (port, stop)."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    box = {}

    async def start():
        box["t"] = await discovery.answer_questions("127.0.0.1", describe, port=0)
        ready.set()

    def run():
        # One run of the loop, which ``stop`` ends (a stop that came between a first run and
        # a second would be spent on the first, and the second would run on for ever).
        loop.create_task(start())
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(5)
    port = box["t"].get_extra_info("sockname")[1]

    def stop():
        loop.call_soon_threadsafe(box["t"].close)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)

    return port, stop


def test_a_table_answers_on_loopback():
    port, stop = _responder(lambda: {"table": "Dashain", "port": 5555, "open": 2, "started": False})
    try:
        found = discovery.find_tables(["127.0.0.1"], port=port, wait=0.5)
    finally:
        stop()
    assert found == [discovery.TableFound("127.0.0.1", 5555, "Dashain", 2, False)]


def test_nothing_found_is_an_empty_list():
    port, stop = _responder(lambda: {})
    stop()
    assert discovery.find_tables(["127.0.0.1"], port=port, wait=0.2) == []


def test_forged_answers_are_ignored():
    assert discovery._parse_answer(b"not json", "127.0.0.1") is None
    assert discovery._parse_answer(b'{"marriage":"table","proto":1,"port":"x"}', "h") is None
    assert discovery._parse_answer(b"x" * 600, "h") is None
    ok = b'{"marriage":"table","proto":1,"port":9,"table":"T","open":99,"started":true}'
    assert discovery._parse_answer(ok, "h") == discovery.TableFound("h", 9, "T", 5, True)


def test_the_environment_restricts_discovery_to_loopback(monkeypatch):
    def no_network_lookup():
        raise AssertionError("restricted discovery must not look up the network")

    monkeypatch.setattr("ifaddr.get_adapters", no_network_lookup)
    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    assert discovery.discovery_targets() == ["127.0.0.1"]
    assert discovery.host_addresses() == ["127.0.0.1"]
    assert discovery.listen_address() == "127.0.0.1"
    monkeypatch.setenv(discovery.ENV, "127.0.0.1, ::1")
    assert discovery.discovery_targets() == ["127.0.0.1", "::1"]
    monkeypatch.setenv(discovery.ENV, "localhost")
    with pytest.raises(ValueError):
        discovery.discovery_targets()


def test_broadcast_addresses_come_from_the_interfaces(monkeypatch):
    class Ip:
        def __init__(self, ip, prefix):
            self.ip, self.network_prefix = ip, prefix

    class Adapter:
        ips = [Ip("127.0.0.1", 8), Ip("192.0.2.23", 24), Ip(("fe80::1", 0, 0), 64)]

    monkeypatch.delenv(discovery.ENV, raising=False)
    monkeypatch.setattr("ifaddr.get_adapters", lambda: [Adapter()])
    # Computed only: nothing is sent in this test (192.0.2.0/24 is the documentation range).
    assert discovery.broadcast_targets() == ["192.0.2.255"]
    assert discovery.host_addresses() == ["192.0.2.23"]


def test_a_second_table_on_one_laptop_says_it_cannot_be_found_by_itself():
    from net.tablekit import free_udp_port

    from engine import PRESETS
    from marriage_net.hostproc import TableConfig, start_host

    port = free_udp_port()

    def config():
        return TableConfig(
            rules=PRESETS["nepali"].to_dict(),
            discovery=True,
            discovery_bind="127.0.0.1",
            discovery_port=port,
        )

    first = start_host(config(), "127.0.0.1", 0)
    try:
        second = start_host(config(), "127.0.0.1", 0)
        try:
            assert first.discoverable and not second.discoverable
            (found,) = discovery.find_tables(["127.0.0.1"], port=port, wait=0.5)
            assert found.port == first.port  # the first table answers; the second is not lost
        finally:
            second.stop(save=False)
    finally:
        first.stop(save=False)
