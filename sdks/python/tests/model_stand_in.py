"""A stand-in OpenAI-compatible model for the chat tests: ``POST /v1/chat/completions`` answers
the next scripted text, streamed as OpenAI documents it (``data:`` chunks of a few characters,
the finish reason, ``usage`` in a last chunk, ``data: [DONE]``) or as one JSON completion."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Deque, Dict, List

API_KEY = "sk-stand-in"


class ModelStandIn:
    def __init__(self, piece_length: int = 3, piece_delay: float = 0.0) -> None:
        self.replies: Deque[str] = deque()
        self.requests: List[Dict[str, Any]] = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
                stand_in.requests.append(body)
                text = stand_in.replies.popleft() if stand_in.replies else "Hello from the stand-in."
                model = body.get("model", "gpt-4o-mini")
                usage = {"prompt_tokens": 10, "completion_tokens": len(text.split()), "total_tokens": 10 + len(text.split())}
                base = {"id": "chatcmpl-py", "created": 1_700_000_000, "model": model}
                if not body.get("stream"):
                    payload = json.dumps({
                        **base, "object": "chat.completion", "usage": usage,
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                    }).encode()
                    self.send_response(200)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                chunk = {**base, "object": "chat.completion.chunk"}
                pieces = [text[i:i + piece_length] for i in range(0, len(text), piece_length)]
                chunks = [{**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}]
                chunks += [{**chunk, "choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]} for p in pieces]
                chunks.append({**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
                chunks.append({**chunk, "choices": [], "usage": usage})
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("connection", "close")
                self.end_headers()
                for i, c in enumerate(chunks):
                    if i > 1 and piece_delay:
                        time.sleep(piece_delay)
                    self.wfile.write(f"data: {json.dumps(c)}\n\n".encode())
                    self.wfile.flush()
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
                self.close_connection = True

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def script(self, *texts: str) -> None:
        self.replies.extend(texts)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
