"""Hostile requests to the studio: ambiguous headers and deep JSON get a 400, never a traceback.

Each request is written byte for byte on a raw socket, as an attacking page
or a confused proxy would send it, so nothing in a client library can tidy
it up first. After each, the server must still answer its own page.
"""

from __future__ import annotations

import json
import socket

import pytest
from studio_support import copy_tileset, request, running


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """One server for the module: no request here may change it, and stopping one
    takes half a second."""
    path = copy_tileset(tmp_path_factory.mktemp("studio"), "demon-mine")
    with running(path) as server:
        yield server


def exchange(server, data: bytes) -> bytes:
    """Everything the server answers to ``data`` on a connection of its own."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as connection:
        connection.sendall(data)
        connection.shutdown(socket.SHUT_WR)
        reply = b""
        while chunk := connection.recv(65536):
            reply += chunk
    return reply


def raw(server, head: list[str], body: bytes = b"") -> tuple[int, bytes]:
    """The status and body of one request sent exactly as given."""
    reply = exchange(server, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
    status_line, _, rest = reply.partition(b"\r\n")
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2]


def post_head(server, length: int, *extra: str) -> list[str]:
    return ["POST /api/validate HTTP/1.1", f"Host: 127.0.0.1:{server.port}",
            "Content-Type: application/json", f"Content-Length: {length}", *extra,
            "Connection: close"]


def still_up(server) -> bool:
    return request(server, "GET", "/api/state")[0] == 200


@pytest.mark.parametrize("extra", [
    ["Host: evil.example"],
    ["Host: 127.0.0.1:{port}"],
    ["Origin: http://127.0.0.1:{port}", "Origin: http://evil.example"],
    ["Content-Length: 2"],
    ["Transfer-Encoding: chunked"],
], ids=["second-host-foreign", "second-host-same", "two-origins", "two-lengths", "chunked"])
def test_an_ambiguous_request_is_refused_with_400(studio, capfd, extra):
    body = json.dumps({"players": 2}).encode()
    head = post_head(studio, len(body), *(line.format(port=studio.port) for line in extra))
    status, payload = raw(studio, head, body)
    assert status == 400, payload
    assert "error" in json.loads(payload)
    assert still_up(studio)
    assert "Traceback" not in capfd.readouterr().err


def test_a_get_with_two_hosts_is_refused(studio):
    head = ["GET /api/state HTTP/1.1", f"Host: 127.0.0.1:{studio.port}",
            f"Host: localhost:{studio.port}", "Connection: close"]
    assert raw(studio, head)[0] == 400


@pytest.mark.parametrize("body", [b"[" * 60_000, b'{"players": ' + b"[" * 60_000 + b"}",
                                  b'{"a": ' * 5_000 + b"1" + b"}" * 5_000],
                         ids=["open-brackets", "inside-a-field", "nested-objects"])
def test_deep_json_is_refused_and_the_server_stays_up(studio, capfd, body):
    status, payload = raw(studio, post_head(studio, len(body)), body)
    assert status == 400
    assert "levels deep" in json.loads(payload)["error"]
    assert still_up(studio)
    assert "Traceback" not in capfd.readouterr().err


def test_brackets_inside_strings_are_not_nesting(studio):
    body = json.dumps({"players": 2, "note": "[" * 5000}).encode()
    status, _ = raw(studio, post_head(studio, len(body)), body)
    assert status == 200


def test_a_refused_post_does_not_leave_its_body_to_be_read_as_a_request(studio):
    """A refused request's unread body is not parsed as the next request on the connection."""
    smuggled = (f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{studio.port}\r\n\r\n").encode()
    head = ["POST /api/validate HTTP/1.1", "Host: evil.example",
            "Content-Type: application/json", f"Content-Length: {len(smuggled)}"]
    reply = exchange(studio, ("\r\n".join(head) + "\r\n\r\n").encode() + smuggled)
    assert reply.count(b"HTTP/1.1 ") == 1 and reply.startswith(b"HTTP/1.1 403")


@pytest.mark.parametrize("length", ["1_3", "+13", " 13x", "0x0d", "\u0661\u0663"])
def test_a_length_that_is_not_plain_digits_is_refused(studio, length):
    body = b'{"players":2}'
    smuggled = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{studio.port}\r\n\r\n".encode()
    head = ["POST /api/validate HTTP/1.1", f"Host: 127.0.0.1:{studio.port}",
            "Content-Type: application/json", f"Content-Length: {length}"]
    reply = exchange(studio, ("\r\n".join(head) + "\r\n\r\n").encode() + body + smuggled)
    assert reply.count(b"HTTP/1.1 ") == 1 and reply.startswith(b"HTTP/1.1 400"), reply[:80]


@pytest.mark.parametrize("host", ["{port}", "evil.example"], ids=["answered", "refused"])
def test_the_body_of_a_get_is_never_read_as_the_next_request(studio, host):
    smuggled = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{studio.port}\r\n\r\n".encode()
    host = host.format(port=f"127.0.0.1:{studio.port}")
    head = ["GET /api/state HTTP/1.1", f"Host: {host}", f"Content-Length: {len(smuggled)}"]
    reply = exchange(studio, ("\r\n".join(head) + "\r\n\r\n").encode() + smuggled)
    assert reply.count(b"HTTP/1.1 ") == 1, reply[:200]


def test_a_caller_that_leaves_early_prints_nothing(studio, capfd):
    head = ["POST /api/validate HTTP/1.1", f"Host: 127.0.0.1:{studio.port}",
            "Content-Type: application/json", "Content-Length: 50"]
    for _ in range(5):  # a body cut short, then the connection closed before any answer
        with socket.create_connection(("127.0.0.1", studio.port), timeout=60) as connection:
            connection.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + b'{"players"')
    assert still_up(studio)
    assert capfd.readouterr().err == ""


def test_an_unforeseen_failure_is_one_line(studio, capsys):
    try:
        raise KeyError("boom")
    except KeyError:
        studio.handle_error(None, ("127.0.0.1", 1))
    try:
        raise BrokenPipeError
    except BrokenPipeError:
        studio.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == "pnp studio: a request failed (KeyError: 'boom')\n"
