"""The repo over HTTP for the benchmarks, counting every byte it sends.

Counting on the server side sees every request, the service worker's
included (Playwright's request events may not show those), and the body size
is exact: this server never compresses, so a body's size *is* its
uncompressed size.
"""

import functools
import threading
import time

from harness import REPO, StaticServer, _Handler, _Server


class Sent:
    """One response: when, what, status and body bytes."""

    __slots__ = ("at", "path", "status", "bytes")

    def __init__(self, at, path, status):
        self.at, self.path, self.status, self.bytes = at, path, status, 0

    def __repr__(self):
        return "<%s %s %d %d B>" % (self.at, self.path, self.status, self.bytes)


class _CountingHandler(_Handler):
    sent = None          # list of Sent, shared by the server
    lock = None

    def send_response(self, code, message=None):
        self._record = Sent(time.monotonic(), self.path.split("?", 1)[0], code)
        with self.lock:
            self.sent.append(self._record)
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length" and getattr(self, "_record", None) is not None:
            # HEAD and 304 send no body; SimpleHTTPRequestHandler sends a
            # Content-Length only with a body it is about to write.
            if self.command == "GET" and self._record.status == 200:
                self._record.bytes = int(value)
        super().send_header(keyword, value)


class CountingServer(StaticServer):
    """A threaded static server for the repo root on 127.0.0.1 that logs ``sent``."""

    def __init__(self, root=REPO):
        self.sent = []
        handler = type("CountingHandler", (_CountingHandler,),
                       {"prefix": "/", "log": None, "sent": self.sent, "lock": threading.Lock()})
        self.root = root
        self.prefix = "/"
        self.log = []
        self._httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        self.port = self._httpd.server_address[1]
        self.origin = "http://127.0.0.1:%d" % self.port
        self.url = self.origin + "/"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def clear(self):
        del self.sent[:]
