"""The studio's web server: loopback only, its own page and API, the tileset's folder.

A page on the local machine is still reachable by any website the designer
visits (a hostile page can post to 127.0.0.1, and DNS rebinding can make a
foreign name resolve to it). So every request must name this server itself
in ``Host`` (``127.0.0.1:PORT`` or ``localhost:PORT``), any ``Origin`` must
be this server's, edits must be JSON (which a foreign page cannot send
without the browser asking first), bodies are small, and nothing outside
the page's own files and the tileset's folder is ever served.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from pnp.errors import InputError
from pnp.input.bounded import NotRegular, TooLarge, read_bounded
from pnp.input.files import ART_SUFFIXES, Outside, confine
from pnp.input.jsontext import TooDeep, parse_json
from pnp.model.paper import PAPERS, NotAPaper, paper_named
from pnp.studio.document import EditError
from pnp.studio.pictures import first_page_png, sheet_pdf
from pnp.studio.saving import Conflict
from pnp.studio.session import Refused, Session

LOOPBACK = "127.0.0.1"
MAX_BODY = 64 * 1024  # an edit is a few dozen bytes
MAX_BODY_DEPTH = 16  # an edit nests three levels
# Headers a request may carry once: two would let a proxy and this server disagree.
SINGLE_HEADERS = ("Host", "Origin", "Content-Length")
DIGITS = re.compile(r"[0-9]{1,12}")  # a Content-Length, as HTTP writes it
MAX_SERVED_FILE = 32 * 1024 * 1024  # the largest art file a tileset may name
STATIC = resources.files("pnp.studio") / "static"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
         ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".txt": "text/plain; charset=utf-8",
         ".yaml": "text/plain; charset=utf-8", ".yml": "text/plain; charset=utf-8",
         ".md": "text/plain; charset=utf-8", ".pdf": "application/pdf"}
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


PAPER_OPTIONS_MARK = b"<!-- paper options: filled in by the server from pnp.model.paper -->"


def paper_options() -> bytes:
    """The page's paper choices, from the one list of papers (ids and titles are ours)."""
    return "".join(f'<option value="{paper.name}">{paper.title}</option>'
                   for paper in PAPERS.values()).encode()


class StudioServer(ThreadingHTTPServer):
    """A threading server bound to the loopback address, holding one session."""

    daemon_threads = True

    def handle_error(self, request: Any, _client_address: Any) -> None:
        """One line, never a traceback: whatever a request did, the terminal stays the
        designer's (the handler already answers every mistake it can foresee)."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError | TimeoutError):
            print(f"pnp studio: a request failed ({type(error).__name__}: {error})",
                  file=sys.stderr)

    def __init__(self, session: Session, port: int = 0) -> None:
        self.session = session
        super().__init__((LOOPBACK, port), Handler)
        self.port = int(self.server_address[1])
        self.hosts = (f"{LOOPBACK}:{self.port}", f"localhost:{self.port}")
        self.origins = tuple(f"http://{host}" for host in self.hosts)

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/"

    def tell(self, line: str) -> None:
        """A line for the designer on the studio's terminal (stderr)."""
        print(line, file=sys.stderr, flush=True)


class Reply(Exception):
    """Stop handling a request and answer with ``status`` and a short message."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@contextlib.contextmanager
def _refusals(malformed: HTTPStatus | None) -> Iterator[None]:
    """A session's refusals as the replies the page reads: a change the tileset's checks
    refuse is 422, with their paragraph; an edit or a step the session cannot make
    (malformed, or nothing to undo) is ``malformed``'s status, or an error of ours
    where the action has none to expect."""
    try:
        yield
    except EditError as error:
        if malformed is None:
            raise
        raise Reply(malformed, str(error)) from None
    except Refused as refused:
        raise Reply(HTTPStatus.UNPROCESSABLE_ENTITY, refused.paragraph) from None


class Handler(BaseHTTPRequestHandler):
    """Answers one request; every answer goes through :meth:`send`."""

    server: StudioServer
    body_read = False  # whether this request's body was taken off the connection
    protocol_version = "HTTP/1.1"
    server_version = "pnp-studio"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the address, not every request."""

    def do_GET(self) -> None:
        self._answer(self._get)

    def do_POST(self) -> None:
        self._answer(self._post)

    def _answer(self, route: Any) -> None:
        self.body_read = False
        try:
            try:
                self._check_caller()
                route(urlsplit(self.path))
            except Reply as reply:
                self.send_json({"error": reply.message}, reply.status)
        except (BrokenPipeError, ConnectionResetError):  # the caller left: nobody to tell
            self.close_connection = True
        if not self.body_read and (self.headers.get("Content-Length", "0").strip() != "0"
                                   or "Transfer-Encoding" in self.headers):
            self.close_connection = True  # an unread body must not be taken for a request

    def _check_caller(self) -> None:
        """Refuse an ambiguous request, or one that does not name this server as its host
        and origin.

        A header that two parts of a chain of proxies or clients could read
        differently (two ``Host`` lines, two lengths, a chunked body this
        server does not decode) is refused outright rather than guessed at.
        """
        for name in SINGLE_HEADERS:
            if len(self.headers.get_all(name, [])) > 1:
                raise Reply(HTTPStatus.BAD_REQUEST, f"the request has more than one {name} "
                            "header")
        if self.headers.get("Transfer-Encoding") is not None:
            raise Reply(HTTPStatus.BAD_REQUEST, "bodies must be sent with a Content-Length")
        if self.headers.get("Host", "") not in self.server.hosts:
            raise Reply(HTTPStatus.FORBIDDEN, "this server answers only to its own address")
        origin = self.headers.get("Origin")
        if origin is not None and origin not in self.server.origins:
            raise Reply(HTTPStatus.FORBIDDEN, "requests from other sites are refused")

    def _get(self, url: Any) -> None:
        path, query = url.path, parse_qs(url.query)
        if path == "/":
            self._static("index.html")
        elif path.startswith("/static/"):
            self._static(path.removeprefix("/static/"))
        elif path.startswith("/files/"):
            self._tileset_file(unquote(path.removeprefix("/files/")))
        elif path == "/api/state":
            self.send_json(self.server.session.state())
        elif path in ("/api/preview.png", "/api/preview.pdf"):
            self._preview(path.endswith(".png"), query.get("paper", ["letter"])[0])
        elif path == "/api/playtest":
            self.send_json(self.server.session.play_test())
        else:
            raise Reply(HTTPStatus.NOT_FOUND, "no such page")

    def _post(self, url: Any) -> None:
        body = self._json_body()
        session = self.server.session
        if url.path == "/api/edit":
            with _refusals(HTTPStatus.BAD_REQUEST):
                session.edit(body)
        elif url.path == "/api/validate":
            players = body.get("players")
            if not isinstance(players, int) or isinstance(players, bool):
                raise Reply(HTTPStatus.BAD_REQUEST, "players must be a whole number")
            session.choose_players(players)
        elif url.path in ("/api/undo", "/api/redo"):
            with _refusals(HTTPStatus.CONFLICT):
                (session.undo if url.path == "/api/undo" else session.redo)()
        elif url.path in ("/api/save", "/api/keep-mine"):
            self._save(keep_mine=url.path == "/api/keep-mine")
            return
        elif url.path == "/api/load-disk":
            with _refusals(None):
                session.load_disk()
        elif url.path == "/api/leave":
            self._leave()
            return
        else:
            raise Reply(HTTPStatus.NOT_FOUND, "no such action")
        self.send_json(session.state())

    def _save(self, keep_mine: bool) -> None:
        session = self.server.session
        try:
            backup = session.keep_mine() if keep_mine else session.save()
        except Conflict as conflict:  # the page shows what changed and offers the two ways
            self.send_json({"error": str(conflict), "conflict": session.disk_changes()},
                           HTTPStatus.CONFLICT)
            return
        except (InputError, OSError) as error:
            message = error.paragraph() if isinstance(error, InputError) else str(error)
            raise Reply(HTTPStatus.CONFLICT, f"nothing was saved: {message}") from None
        self.send_json({"saved": self.server.session.path.name, "backup": backup,
                        "state": self.server.session.state()})

    def _leave(self) -> None:
        """The page is closing: keep unsaved edits in a recovery copy and say where, here
        (the page may already be gone) and on the studio's terminal."""
        try:
            copy = self.server.session.keep_recovery()
        except OSError as error:
            raise Reply(HTTPStatus.CONFLICT, f"the unsaved edits could not be kept: "
                        f"{error.strerror or error}") from None
        if copy is not None:
            self.server.tell(f"pnp studio: the page closed with unsaved edits; they are kept "
                             f"in {copy}")
        self.send_json({"recovery": copy.name if copy is not None else None})

    def _json_body(self) -> dict[str, Any]:
        if self.headers.get_content_type() != "application/json":
            raise Reply(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "the studio accepts only JSON")
        given = self.headers.get("Content-Length")
        if given is None:
            raise Reply(HTTPStatus.LENGTH_REQUIRED, "a body needs its length")
        if not DIGITS.fullmatch(given):  # int() would also take "1_3", "+13" and " 13"
            raise Reply(HTTPStatus.BAD_REQUEST, "the body's length is not a number")
        length = int(given)
        if not length <= MAX_BODY:  # left unread, so _answer closes the connection
            raise Reply(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"at most {MAX_BODY} bytes")
        data = self.rfile.read(length)
        self.body_read = True
        try:
            body = parse_json(data.decode("utf-8") or "{}", MAX_BODY_DEPTH)
        except TooDeep:
            raise Reply(HTTPStatus.BAD_REQUEST, f"the body nests more than {MAX_BODY_DEPTH} "
                        "levels deep") from None
        except (ValueError, UnicodeDecodeError):
            raise Reply(HTTPStatus.BAD_REQUEST, "the body is not JSON") from None
        if not isinstance(body, dict):
            raise Reply(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        return body

    def _static(self, name: str) -> None:
        """One of the page's own files: a plain name listed in the static folder."""
        names = {entry.name for entry in STATIC.iterdir() if entry.is_file()}
        if name not in names:
            raise Reply(HTTPStatus.NOT_FOUND, "no such file")
        data = (STATIC / name).read_bytes()
        if name == "index.html":
            data = data.replace(PAPER_OPTIONS_MARK, paper_options())
        self.send_bytes(data, _type(name))

    def _tileset_file(self, value: str) -> None:
        """An art file inside the tileset's folder, by the same rule art paths follow."""
        folder = self.server.session.path.parent
        try:
            path = confine(folder, value, "a file", "the tileset's folder")
            if path.suffix.lower() not in ART_SUFFIXES:
                raise Outside("only art files are served")
            data = read_bounded(path, MAX_SERVED_FILE)
        except (Outside, TooLarge, NotRegular, OSError):
            raise Reply(HTTPStatus.NOT_FOUND, "no such file in the tileset's folder") from None
        self.send_bytes(data, _type(path.name), sandbox=True)

    def _preview(self, as_png: bool, paper: str) -> None:
        try:
            paper = paper_named(paper).name
        except NotAPaper as error:
            raise Reply(HTTPStatus.BAD_REQUEST, str(error)) from None
        tileset, _ = self.server.session.snapshot()
        try:
            pdf = sheet_pdf(tileset, paper)
        except InputError as error:
            raise Reply(HTTPStatus.UNPROCESSABLE_ENTITY, error.paragraph()) from None
        if pdf is None:
            raise Reply(HTTPStatus.NOT_FOUND, "every count is 0: there is no sheet to show")
        if as_png:
            self.send_bytes(first_page_png(pdf), "image/png")
        else:
            self.send_bytes(pdf, "application/pdf")

    def send_json(self, value: Any, status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_bytes(json.dumps(value).encode("utf-8"), "application/json", status)

    def send_bytes(self, data: bytes, content_type: str, status: HTTPStatus = HTTPStatus.OK,
                   sandbox: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Content-Security-Policy", POLICY + ("; sandbox" if sandbox else ""))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)


def _type(name: str) -> str:
    return TYPES.get(Path(name).suffix.lower(), "application/octet-stream")
