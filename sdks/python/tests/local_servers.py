"""Small local servers for the tests: a fault proxy in front of the real service, a redirector,
a scripted server (slow, trickling or failing answers of its own), a keep-alive forward proxy
and an HTTPS webhook receiver. Each runs in a background thread of the test process."""

from __future__ import annotations

import http.client
import socket
import ssl
import struct
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, List, Optional
from urllib.parse import urlsplit

import httpx


@dataclass
class Seen:
    method: str
    path: str
    headers: Dict[str, str]
    body: bytes


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class _Quiet(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:  # keep pytest output clean
        pass

    def _read(self) -> Seen:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else b""
        return Seen(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)

    def _answer(self, status: int, body: bytes, headers: Optional[Dict[str, str]] = None) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class FaultProxy:
    """Answers each request with the next scripted fault, then forwards the rest to the service.

    Faults: "503", "500", "429" (Retry-After: 1), "429-long" (Retry-After: 3600), "408", "409"
    (a plain conflict), "409-in-use" (the service's IDEMPOTENCY_KEY_IN_USE, Retry-After: 1),
    "reset" (TCP RST), "slow" (2 s, then forwarded), "lost" (forwarded, but the answer is
    replaced by a 503, as when a gateway drops it), "lost-reset" (forwarded, then a TCP RST
    instead of the answer), "pass".
    """

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.script: List[str] = []
        self.seen: List[Seen] = []
        self._lock = threading.Lock()
        self._http = httpx.Client(base_url=upstream, timeout=30)
        proxy = self

        class Handler(_Quiet):
            def _handle(self) -> None:
                seen = self._read()
                with proxy._lock:
                    proxy.seen.append(seen)
                    fault = proxy.script.pop(0) if proxy.script else "pass"
                proxy._serve(self, seen, fault)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

        self._server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def reset(self, *script: str) -> None:
        with self._lock:
            self.script = list(script)
            self.seen = []

    def _forward(self, seen: Seen) -> httpx.Response:
        headers = {k: v for k, v in seen.headers.items() if k not in ("host", "content-length", "connection")}
        return self._http.request(seen.method, seen.path, headers=headers, content=seen.body)

    def _serve(self, handler: _Quiet, seen: Seen, fault: str) -> None:
        json_type = {"content-type": "application/json", "x-request-id": f"proxy-{len(self.seen)}"}
        if fault == "reset":
            return self._reset(handler)
        if fault in ("503", "500"):
            return handler._answer(int(fault), b'{"error":"Injected fault"}', json_type)
        if fault == "429":
            return handler._answer(429, b'{"error":"slow down","code":"RATE_LIMIT_ERROR"}', {**json_type, "retry-after": "1"})
        if fault == "429-long":
            return handler._answer(429, b'{"error":"quota","code":"QUOTA_EXCEEDED"}', {**json_type, "retry-after": "3600"})
        if fault == "408":
            return handler._answer(408, b'{"error":"Request timeout"}', json_type)
        if fault == "409":
            return handler._answer(409, b'{"error":"Duplicate","code":"CONFLICT"}', json_type)
        if fault == "409-in-use":
            body = b'{"error":"A request with this Idempotency-Key is still in progress. Retry shortly.","code":"IDEMPOTENCY_KEY_IN_USE"}'
            return handler._answer(409, body, {**json_type, "retry-after": "1"})
        if fault == "slow":
            time.sleep(2)
        answer = self._forward(seen)
        if fault == "lost":
            return handler._answer(503, b'{"error":"Gateway lost the answer"}', json_type)
        if fault == "lost-reset":
            return self._reset(handler)
        keep = {k: v for k, v in answer.headers.items() if k.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding")}
        handler._answer(answer.status_code, answer.content, keep)

    @staticmethod
    def _reset(handler: _Quiet) -> None:
        handler.close_connection = True
        handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        handler.connection.close()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._http.close()


class Redirector:
    """Answers every request with a redirect to the same path at ``target`` (302 for a POST, 301
    otherwise, as a load balancer or an http-to-https rule does), and counts the requests."""

    def __init__(self, target: str) -> None:
        self.hits = 0
        redirector = self

        class Handler(_Quiet):
            def _handle(self) -> None:
                seen = self._read()
                redirector.hits += 1
                status = 302 if seen.method == "POST" else 301
                self._answer(status, b"", {"location": f"{target}{seen.path}", "x-request-id": "lb-1"})

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

        self._server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class ScriptedServer:
    """A server of its own (no service behind it) answering each request with the next scripted
    answer, then "ok": "ok" (a usage answer), "401", "500", "429" (Retry-After: 1), "429-long" (Retry-After: 3600),
    "not-json" (a 200 whose body is not JSON), "reset" (TCP RST), "silent" (never answers),
    "trickle-body" (status and headers at once, then the body one byte every `interval` s) and
    "trickle-head" (the status line and headers a byte at a time as well). It records when each
    request arrived, and when a trickle found its client gone."""

    BODY = b'{"data":{"month":"2024-06","plan":"pro","used":1,"limit":50000,"remaining":49999}}'

    def __init__(self, interval: float = 0.05) -> None:
        self.script: List[str] = []
        self.arrivals: List[float] = []
        self.abandoned: List[float] = []
        self._stop = threading.Event()
        server = self

        class Handler(_Quiet):
            def _handle(self) -> None:
                self._read()
                server.arrivals.append(time.monotonic())
                answer = server.script.pop(0) if server.script else "ok"
                server._serve(self, answer, interval)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

        self._server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def reset(self, *script: str) -> None:
        self.script, self.arrivals, self.abandoned = list(script), [], []

    def _serve(self, handler: _Quiet, answer: str, interval: float) -> None:
        json_type = {"content-type": "application/json", "x-request-id": f"scripted-{len(self.arrivals)}"}
        if answer in ("401", "500"):
            return handler._answer(int(answer), b'{"error":"Scripted failure","code":"SCRIPTED"}', json_type)
        if answer == "429":
            return handler._answer(429, b'{"error":"slow down","code":"RATE_LIMIT_ERROR"}', {**json_type, "retry-after": "1"})
        if answer == "429-long":
            return handler._answer(429, b'{"error":"quota","code":"QUOTA_EXCEEDED"}', {**json_type, "retry-after": "3600"})
        if answer == "not-json":
            return handler._answer(200, b"<html>login</html>", {"content-type": "text/html"})
        if answer == "reset":
            return FaultProxy._reset(handler)
        if answer == "silent":
            self._stop.wait(30)
            handler.close_connection = True
            return None
        if answer == "ok":
            return handler._answer(200, self.BODY, json_type)
        head = f"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {len(self.BODY)}\r\n\r\n".encode()
        handler.close_connection = True
        if answer == "trickle-body":
            handler.connection.sendall(head)
            self._trickle(handler, self.BODY, interval)
        else:
            self._trickle(handler, head + self.BODY, interval)

    def _trickle(self, handler: _Quiet, data: bytes, interval: float) -> None:
        for i in range(len(data)):
            if self._stop.wait(interval):
                return
            try:
                handler.connection.sendall(data[i : i + 1])
            except OSError:
                self.abandoned.append(time.monotonic())
                return

    def close(self) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()


class ForwardProxy:
    """A plain HTTP forward proxy (``httpx.AsyncClient(proxies=url)`` or ``HTTP_PROXY``) that keeps
    its clients' connections alive between requests, as common proxies do. It records the absolute
    URL of every request and counts the client connections it accepted."""

    def __init__(self) -> None:
        self.targets: List[str] = []
        self.connections = 0
        proxy = self

        class Handler(_Quiet):
            def setup(self) -> None:
                super().setup()
                proxy.connections += 1

            def _handle(self) -> None:
                seen = self._read()
                proxy.targets.append(seen.path)
                target = urlsplit(seen.path)
                upstream = http.client.HTTPConnection(target.hostname or "", target.port or 80, timeout=30)
                try:
                    path = target.path + (f"?{target.query}" if target.query else "")
                    headers = {k: v for k, v in seen.headers.items() if k not in ("proxy-connection", "connection", "content-length")}
                    upstream.request(seen.method, path, body=seen.body or None, headers=headers)
                    answer = upstream.getresponse()
                    body = answer.read()
                    hop = ("content-length", "connection", "keep-alive", "transfer-encoding")
                    self._answer(answer.status, body, {k: v for k, v in answer.getheaders() if k.lower() not in hop})
                finally:
                    upstream.close()

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

        self._server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def reset(self) -> None:
        self.targets, self.connections = [], 0

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@dataclass
class HttpsReceiver:
    """A webhook endpoint over TLS (the service only delivers to https URLs)."""

    cert_file: Path
    key_file: Path
    received: List[Seen] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._cond = threading.Condition()
        receiver = self

        class Handler(_Quiet):
            def do_POST(self) -> None:
                seen = self._read()
                with receiver._cond:
                    receiver.received.append(seen)
                    receiver._cond.notify_all()
                self._answer(200, b'{"ok":true}', {"content-type": "application/json"})

        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(self.cert_file), str(self.key_file))
        self._server = _Server(("127.0.0.1", 0), Handler)
        self._server.socket = context.wrap_socket(self._server.socket, server_side=True)
        self.url = f"https://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def wait_for(self, predicate, timeout: float = 20.0) -> Seen:  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for seen in self.received:
                    if predicate(seen):
                        return seen
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no matching delivery within {timeout} s; got {len(self.received)}")
                self._cond.wait(left)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
