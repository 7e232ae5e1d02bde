"""Helpers for the studio tests: a running studio on a copy of a tileset, and requests."""

from __future__ import annotations

import http.client
import json
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from support import ROOT

from pnp.studio.server import StudioServer
from pnp.studio.session import Session


def copy_tileset(folder: Path, game: str) -> Path:
    """A private copy of a shipped tileset, which the studio may write."""
    target = folder / f"{game}.yaml"
    shutil.copyfile(ROOT / "tilesets" / f"{game}.yaml", target)
    return target


@contextmanager
def running(path: Path) -> Iterator[StudioServer]:
    """A studio serving ``path`` in a thread, stopped on leaving."""
    server = StudioServer(Session(path))
    # shutdown waits for the serving loop's next look: every 10 ms, not the default 0.5 s
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def request(server: StudioServer, method: str, path: str, body: Any = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
    """Send one request as a browser on this machine would (own Host unless told)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    sent = {"Host": f"127.0.0.1:{server.port}"}
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
        sent["Content-Type"] = "application/json"
    sent.update(headers or {})
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in sent.items():
        connection.putheader(name, value)
    if data is not None:
        connection.putheader("Content-Length", str(len(data)))
    connection.endheaders(data)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, payload, dict(response.getheaders())


def call(server: StudioServer, method: str, path: str, body: Any = None) -> Any:
    """The JSON answer of a request that must succeed."""
    status, payload, _ = request(server, method, path, body)
    assert status == 200, payload
    return json.loads(payload)


def edit(server: StudioServer, **fields: Any) -> tuple[int, Any]:
    status, payload, _ = request(server, "POST", "/api/edit", fields)
    return status, json.loads(payload)
