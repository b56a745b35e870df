"""The built site served for the browser tests, and a visit to it.

:func:`serve` serves a folder on 127.0.0.1 (a free port, or a socket chosen
before the site was built for it); :class:`Visit` is a fresh browser context
on the site that lets through only the site's own requests and records every
console error, page error and failed answer.  ``tests/conftest.py`` makes
the ``site`` and ``visit`` fixtures from them.
"""

from __future__ import annotations

import functools
import http.server
import socket
import threading


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory: str, sock: socket.socket | None = None):
    handler = functools.partial(Quiet, directory=directory)
    if sock is None:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    else:  # a port chosen before the site was built for it
        server = http.server.ThreadingHTTPServer(("127.0.0.1", sock.getsockname()[1]), handler,
                                                 bind_and_activate=False)
        server.socket.close()
        server.socket = sock
        server.server_activate()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class Visit:
    """A fresh browser context on the site, with every request intercepted.

    Requests to the site's origin go through; any other is recorded and
    aborted.  Console errors, page errors and failed answers are recorded with
    the page they came from.
    """

    def __init__(self, browser, origin: str, viewport=(1280, 900)) -> None:
        self.origin = origin
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10000)
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.failed: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"{self.page.url}: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"{self.page.url}: {e}"))
        self.page.on("response", lambda r: r.status >= 400 and self.failed.append(
            f"{r.status} {r.url}"))
        # (a request cut short by leaving the page is no failure of the site)
        self.page.on("requestfailed", lambda r: r.url.startswith(origin + "/") and
                     "ERR_ABORTED" not in (r.failure or "") and
                     self.failed.append(f"failed {r.url}: {r.failure}"))

    def _route(self, route):
        url = route.request.url
        if url.startswith(self.origin + "/"):
            route.continue_()
        else:
            self.outside.append(f"{self.page.url} -> {url}")
            route.abort()

    def go(self, path: str, wait: str = "load"):
        self.page.goto(self.origin + path, wait_until=wait)
        return self.page

    def check_clean(self) -> None:
        assert self.outside == [], "requests outside the site:\n" + "\n".join(self.outside)
        assert self.errors == [], "\n".join(self.errors)
        assert self.failed == [], "\n".join(self.failed)

    def close(self) -> None:
        self.context.close()
