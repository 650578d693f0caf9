"""An OpenAI-compatible chat-completions stand-in on 127.0.0.1, for tests, the docs and the
benchmark: no network, no model.  The model name picks the behaviour:

``echo`` answers at once; ``slow`` after ``delay`` seconds; ``flaky`` answers each image's first
request with 429 (Retry-After 0), then properly; ``broken`` answers 500 forever; ``malformed``
answers text that is not JSON; ``huge`` answers a 10 MB caption; ``refuse`` answers 400.  Any
other name gets OpenAI's 404 "model does not exist".  The answer to an image is ``answers[sha256 of
its PNG]`` when given, else :data:`DEFAULT_ANSWER`.  Every request is logged (model, image digest).

Run it alone: ``python tests/vlm/stub_server.py --port 8011`` (prints its /v1 URL, stops on Ctrl-C).
"""
from __future__ import annotations

import base64
import hashlib
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DEFAULT_ANSWER = "There is a red square."
MODELS = ("echo", "slow", "flaky", "broken", "malformed", "huge", "refuse")


class _Server(ThreadingHTTPServer):
    """A threading server whose listen backlog holds every client of a concurrent run: the
    standard library's 5 makes the sixth simultaneous connect wait for a SYN retransmit (1 s),
    which the benchmark would count as the client's time."""

    request_queue_size = 128


def image_digest(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()


class StubServer:
    """The server, its log of requests and its settings; ``with StubServer() as s: s.url``."""

    def __init__(self, answers: dict[str, str] | None = None, delay: float = 0.05, port: int = 0):
        self.answers = answers or {}
        self.delay = delay
        self.log: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self.httpd = _Server(("127.0.0.1", port), _handler(self))
        self.httpd.daemon_threads = True
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> "StubServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def respond(self, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
        """(status, headers, body) for one chat-completions request."""
        model = str(body.get("model"))
        parts = body["messages"][0]["content"]
        url = next(p["image_url"]["url"] for p in parts if p.get("type") == "image_url")
        digest = image_digest(base64.b64decode(url.partition(",")[2]))
        with self._lock:
            self.log.append((model, digest))
            asked = self.log.count((model, digest))
        if model not in MODELS:
            return 404, {}, json.dumps({"error": {"message": f"The model `{model}` does not exist.",
                                                  "type": "invalid_request_error", "code": "model_not_found"}}).encode()
        if model == "slow":
            time.sleep(self.delay)
        if model == "flaky" and asked == 1:
            return 429, {"Retry-After": "0"}, b'{"error": {"message": "rate limited"}}'
        if model == "broken":
            return 500, {}, b'{"error": {"message": "internal error"}}'
        if model == "malformed":
            return 200, {}, b"{this is not json"
        if model == "refuse":
            return 400, {}, b'{"error": {"message": "image too large for this model"}}'
        text = "x" * (10 << 20) if model == "huge" else self.answers.get(digest, DEFAULT_ANSWER)
        answer = {"id": "stub", "object": "chat.completion", "model": model,
                  "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}]}
        return 200, {}, json.dumps(answer).encode()


def _handler(server: StubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as real servers do

        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def _send(self, status: int, headers: dict[str, str], data: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for key, value in headers.items():
                self.send_header(key, value)
            self.end_headers()
            try:
                self.wfile.write(data)
            except OSError:  # the client stopped reading (a 10 MB answer refused): nothing to tell
                self.close_connection = True

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                listed = {"object": "list", "data": [{"id": m, "object": "model"} for m in MODELS]}
                self._send(200, {}, json.dumps(listed).encode())
            else:
                self._send(404, {}, b'{"error": {"message": "not found"}}')

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            if not self.path.endswith("/chat/completions"):
                self._send(404, {}, b'{"error": {"message": "not found"}}')
                return
            self._send(*server.respond(body))

    return Handler


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8011)
    args = parser.parse_args()
    with StubServer(port=args.port) as stub:
        print(stub.url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
