"""Captions from an OpenAI-compatible chat-completions server (vLLM, SGLang, llama.cpp's server,
TGI, Ollama, OpenAI itself): one request per image, the image inline as a base64 PNG data URL.

Requests run ``concurrency`` at a time on kept-alive connections.  A 429, a 5xx, a malformed
answer, a timeout or a dropped connection is retried with exponential backoff (honouring
``Retry-After``); a refused request (4xx), a wrong model name or a key the server rejects stops
the run with one line, keeping every answer that arrived before.
"""
from __future__ import annotations

import base64
import http.client
import json
import random
import socket
import threading
import urllib.parse
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..errors import UserError
from .results import Decoding

#: the largest answer body read: a caption is a few hundred bytes; more is a misbehaving server
MAX_ANSWER_BYTES = 1 << 20
#: statuses worth asking again: rate limits, server errors and gateway time-outs
RETRYABLE = {408, 409, 425, 429, 500, 502, 503, 504}


@dataclass(frozen=True)
class ServerOptions:
    """How the server is reached: key, parallel requests, patience."""

    api_key: str | None = None
    concurrency: int = 8
    retries: int = 6
    timeout: float = 120.0
    backoff: float = 1.0
    max_backoff: float = 30.0


class _Connection(http.client.HTTPConnection):
    """A kept-alive connection that sends at once (``TCP_NODELAY``): without it the request's
    headers and body, sent apart, wait on the server's delayed ACK, 40 ms a request."""

    def connect(self) -> None:
        super().connect()
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class _SecureConnection(http.client.HTTPSConnection):
    """:class:`_Connection` over TLS."""

    def connect(self) -> None:
        super().connect()
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class _Retry(Exception):
    """A failure worth asking again; ``wait`` is the server's Retry-After when it gave one."""

    def __init__(self, reason: str, wait: float | None = None):
        super().__init__(reason)
        self.wait = wait


def parse_url(spec: str) -> tuple[str, str]:
    """``URL#MODEL`` → (base URL, model name); the URL is the server's ``/v1`` root."""
    url, sep, model = spec.partition("#")
    parts = urllib.parse.urlsplit(url)
    if not sep or not model or parts.scheme not in ("http", "https") or not parts.hostname:
        raise UserError(f"bad model spec 'openai:{spec}': expected openai:http(s)://HOST[:PORT]/v1#MODEL")
    return url.rstrip("/"), model


def shown_url(url: str) -> str:
    """The URL as a header or an error shows it: without user and password."""
    parts = urllib.parse.urlsplit(url)
    netloc = parts.hostname or ""
    netloc = f"[{netloc}]" if ":" in netloc else netloc
    if parts.port:
        netloc += f":{parts.port}"
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def request_body(model: str, prompt: str, png: bytes, decoding: Decoding) -> bytes:
    """The chat-completions request for one image: prompt text, then the image as a data URL."""
    image_url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    body = {"model": model, "max_tokens": decoding.max_new_tokens, "temperature": decoding.temperature,
            "seed": decoding.seed, "n": 1,
            "messages": [{"role": "user", "content": [{"type": "text", "text": prompt},
                                                      {"type": "image_url", "image_url": {"url": image_url}}]}]}
    return json.dumps(body).encode("utf-8")


def answer_text(data: bytes) -> str:
    """The caption in a chat-completions answer (``choices[0].message.content``, text or parts)."""
    try:
        content = json.loads(data)["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise _Retry("malformed answer (not a chat completion)") from None
    if content is None:
        return ""
    if isinstance(content, list):
        content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
    if not isinstance(content, str):
        raise _Retry("malformed answer (content is not text)")
    return content.strip()


def _error_message(data: bytes) -> str:
    """The server's own words about a refused request (OpenAI's ``error.message``), one line."""
    try:
        found = json.loads(data)
        error = found.get("error", found) if isinstance(found, dict) else found
        message = error.get("message") if isinstance(error, dict) else error
    except ValueError:
        message = data.decode("utf-8", "replace")
    return " ".join(str(message or "").split())[:300]


class OpenAIClient:
    """Asks one model on one server; thread-safe (a connection per thread)."""

    def __init__(self, url: str, model: str, options: ServerOptions):
        self.url, self.model, self.options = url, model, options
        parts = urllib.parse.urlsplit(url)
        self._https = parts.scheme == "https"
        self._host, self._port = parts.hostname or "", parts.port
        self._path = parts.path.rstrip("/")
        self._local = threading.local()
        self._connections: list[http.client.HTTPConnection] = []
        self._lock = threading.Lock()
        #: set when the run stops (an error, Ctrl-C): requests waiting to retry give up at once
        self.stopping = threading.Event()

    @property
    def name(self) -> str:
        """The model as a results file and a report's signature name it (the server is kept apart:
        the same model behind another address gives the same answers)."""
        return f"openai:{self.model}"

    @property
    def server(self) -> str:
        return shown_url(self.url)

    def _connection(self) -> http.client.HTTPConnection:
        found: http.client.HTTPConnection | None = getattr(self._local, "conn", None)
        if found is not None:
            return found
        kind = _SecureConnection if self._https else _Connection
        conn: http.client.HTTPConnection = kind(self._host, self._port, timeout=self.options.timeout)
        self._local.conn = conn
        with self._lock:
            self._connections.append(conn)
        return conn

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.options.api_key:
            headers["Authorization"] = f"Bearer {self.options.api_key}"
        return headers

    def _exchange(self, method: str, path: str, body: bytes | None) -> tuple[int, dict[str, str], bytes]:
        """One HTTP exchange; a dropped connection or a time-out is a :class:`_Retry`."""
        conn = self._connection()
        try:
            conn.request(method, self._path + path, body=body, headers=self._headers())
            response = conn.getresponse()
            data = response.read(MAX_ANSWER_BYTES + 1)
            if len(data) > MAX_ANSWER_BYTES:
                conn.close()
                raise UserError(f"{self.server}: an answer of over {MAX_ANSWER_BYTES >> 20} MiB (a caption is a few "
                                "hundred bytes): is this a chat-completions server?")
            return response.status, {k.lower(): v for k, v in response.getheaders()}, data
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            raise _Retry(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__) from None

    def check_model(self) -> None:
        """Refuse a model name the server does not serve, before asking about any image (servers
        without ``GET /models`` are asked anyway)."""
        try:
            status, _, data = self._exchange("GET", "/models", None)
        except _Retry as exc:
            raise UserError(f"cannot reach {shown_url(self.url)}: {exc}") from None
        if status in (401, 403):
            raise UserError(f"{shown_url(self.url)} refused the key (HTTP {status}: {_error_message(data)}); "
                            "set it in the variable named by --api-key-env")
        if status != 200:
            return
        try:
            served = [str(m["id"]) for m in json.loads(data)["data"]]
        except (ValueError, KeyError, TypeError):
            return
        if served and self.model not in served:
            listed = ", ".join(served[:8]) + (" ..." if len(served) > 8 else "")
            raise UserError(f"{shown_url(self.url)} serves no model {self.model!r} (it serves: {listed})")

    def ask(self, image_id: str, png: bytes, prompt: str, decoding: Decoding) -> str:
        """The caption of one image, retrying what is worth retrying."""
        body = request_body(self.model, prompt, png, decoding)
        attempt = 0
        while True:
            try:
                return self._ask_once(image_id, body)
            except _Retry as exc:
                attempt += 1
                if attempt > self.options.retries or self.stopping.is_set():
                    raise UserError(f"{self.server}: no answer for image {image_id} after {attempt} tries "
                                    f"(last: {exc})") from None
                delay = min(self.options.max_backoff, self.options.backoff * 2 ** (attempt - 1))
                delay = exc.wait if exc.wait is not None else delay * (0.5 + random.random() / 2)
                self.stopping.wait(min(delay, self.options.max_backoff))

    def _ask_once(self, image_id: str, body: bytes) -> str:
        status, headers, data = self._exchange("POST", "/chat/completions", body)
        if status == 200:
            return answer_text(data)
        if status in RETRYABLE:
            raise _Retry(f"HTTP {status}", _retry_after(headers.get("retry-after")))
        message = _error_message(data)
        if status in (401, 403):
            raise UserError(f"{self.server} refused the key (HTTP {status}: {message}); set it in the variable named "
                            "by --api-key-env")
        if status == 404 and ("model" in message.lower() or not message):
            raise UserError(f"{self.server}: no model {self.model!r} on this server "
                            f"(HTTP 404: {message or 'not found'})")
        raise UserError(f"{self.server} refused the request for image {image_id} (HTTP {status}: {message})")

    def close(self) -> None:
        with self._lock:
            for conn in self._connections:
                conn.close()
            self._connections.clear()


def _retry_after(value: str | None) -> float | None:
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def ask_all(client: OpenAIClient, work: Iterable[tuple[str, Callable[[], bytes]]], prompt: str,
            decoding: Decoding, on_answer: Callable[[str, str], None]) -> None:
    """Ask about every (image id, PNG maker) ``client.options.concurrency`` at a time; each answer
    goes to ``on_answer`` in this thread as it arrives.  The first error stops the run: requests
    not yet sent are cancelled, those in flight are awaited and their answers kept."""
    def one(image_id: str, make_png: Callable[[], bytes]) -> tuple[str, str]:
        return image_id, client.ask(image_id, make_png(), prompt, decoding)

    limit = client.options.concurrency
    pending: set[Future[tuple[str, str]]] = set()
    failure: BaseException | None = None
    items = iter(work)
    with ThreadPoolExecutor(max_workers=limit) as pool:
        try:
            for image_id, make_png in items:
                pending.add(pool.submit(one, image_id, make_png))
                if len(pending) >= 2 * limit:  # a short queue: images are encoded as they are needed
                    failure = _drain(pending, on_answer, FIRST_COMPLETED)
                    if failure is not None:
                        break
            while pending and failure is None:
                failure = _drain(pending, on_answer, FIRST_COMPLETED)
        except BaseException as exc:  # Ctrl-C or SIGTERM: stop asking, keep what arrived
            failure = exc
        if failure is not None:
            client.stopping.set()
        for future in pending:
            future.cancel()
        done_late = [f for f in pending if not f.cancelled()]
        for future in done_late:
            if future.exception() is None:
                on_answer(*future.result())
    if failure is not None:
        raise failure


def _drain(pending: set[Future[tuple[str, str]]], on_answer: Callable[[str, str], None],
           how: Any) -> BaseException | None:
    """Hand over the finished answers; the first failure among them, if any."""
    done, _ = wait(pending, return_when=how)
    failure = None
    for future in done:
        pending.discard(future)
        exc = future.exception()
        if exc is not None:
            failure = failure or exc
        else:
            on_answer(*future.result())
    return failure
