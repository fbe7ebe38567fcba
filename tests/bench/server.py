"""The repo over HTTP for the benchmarks, counting every byte it sends.

Counting on the server side sees every request, the service worker's
included (Playwright's request events may not show those). It compresses as
GitHub Pages does: gzip, on the fly, for a client that accepts it, for the
text types and WebAssembly (``COMPRESSED``; Pages' CDN gzips html, css, js,
json, svg and wasm; binary files such as .mpy, .png and the strategy tables'
.gz go as they are). Each response keeps both figures: ``bytes``, the body
uncompressed (the byte budget counts these), and ``wire``, what was sent.
"""

import email.utils
import functools
import gzip
import os
import threading
import time

from harness import REPO, StaticServer, _Handler, _Server


class Sent:
    """One response: when, what, status and body bytes."""

    __slots__ = ("at", "path", "status", "bytes", "wire")

    def __init__(self, at, path, status):
        self.at, self.path, self.status, self.bytes, self.wire = at, path, status, 0, 0

    def __repr__(self):
        return "<%s %s %d %d B (%d on the wire)>" % (self.at, self.path, self.status, self.bytes, self.wire)


COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".wasm", ".txt")
_GZIP_CACHE = {}         # (path, mtime) -> gzip bytes: each file compressed once a run


def _gzipped(path, stat):
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key not in _GZIP_CACHE:
        with open(path, "rb") as f:
            _GZIP_CACHE[key] = gzip.compress(f.read(), compresslevel=6, mtime=0)
    return _GZIP_CACHE[key]


class _CountingHandler(_Handler):
    sent = None          # list of Sent, shared by the server
    lock = None

    def do_GET(self):
        if not (self._reachable() and self._strip_prefix()):
            return
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.endswith(COMPRESSED) and os.path.isfile(path)
                and "Range" not in self.headers):
            super().do_GET()
            return
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return
            except (TypeError, ValueError):
                pass
        body = _gzipped(path, stat)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Content-Length", str(len(body)))
        self._record.bytes = stat.st_size
        self.end_headers()
        self.wfile.write(body)

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
                self._record.wire = int(value)
                if not self._record.bytes:           # not compressed: the same figure
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
