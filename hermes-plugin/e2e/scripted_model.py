"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1.

The end-to-end suite points the real Hermes gateway at this server instead of a
model. It answers ``POST /v1/chat/completions`` (streamed as SSE or as one JSON
body) and ``GET /v1/models``, and records every request so a test can assert
what Hermes sent, e.g. that a deny reason reached the model's next request.

What it answers is decided by the request alone, so retries, restarts and
Hermes' own side calls (title generation) cannot shift a script out of step:

- A :class:`Script` has a ``trigger`` (a substring of a user message) and a list
  of :class:`Step` answers.
- For a request, the server finds the newest user message that contains a
  registered trigger. The number of assistant messages after it is the step
  index. Past the last step, the last step is answered again.
- A request whose user messages match no trigger gets :attr:`ScriptedModel.fallback_text`.

A step may stream text, reasoning and one tool call, and may hold its stream
open on a named :class:`Gate` until the test releases it (for stop, steer and
restart-mid-turn tests). A held stream ends early when the client disconnects.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Optional


@dataclass
class ToolCall:
    """One function call the model makes in a step."""

    name: str
    arguments: dict


@dataclass
class Step:
    """One model answer: reasoning, then text, then an optional tool call.

    ``hold`` names a gate: the stream sends ``text_before_hold`` (if any),
    then waits for the gate before sending the rest of the step.
    ``chunk_size`` splits text into that many characters per SSE chunk.
    """

    text: str = ""
    reasoning: str = ""
    tool_call: Optional[ToolCall] = None
    hold: str = ""
    text_before_hold: str = ""
    chunk_size: int = 8


@dataclass
class Script:
    """Answers for the turns that follow a user message containing ``trigger``."""

    trigger: str
    steps: list[Step]


@dataclass
class RecordedRequest:
    """A request as the server received it."""

    path: str
    body: dict
    script: str  # trigger of the script that answered, "" for the fallback
    step: int
    received_at: float = field(default_factory=time.time)

    @property
    def model(self) -> str:
        return str(self.body.get("model", ""))

    @property
    def messages(self) -> list[dict]:
        return list(self.body.get("messages") or [])

    def text(self) -> str:
        """Every message's content joined, for substring assertions."""
        parts = []
        for message in self.messages:
            parts.append(_content_text(message.get("content")))
        return "\n".join(parts)

    def tool_results(self) -> list[str]:
        """The contents of the request's tool-result messages, in order."""
        return [_content_text(m.get("content")) for m in self.messages if m.get("role") == "tool"]


class Gate:
    """A one-shot event a held stream waits on; released by the test."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._reached = threading.Event()

    def release(self) -> None:
        self._event.set()

    def wait_reached(self, timeout: float) -> bool:
        """Waits until a stream is held on this gate."""
        return self._reached.wait(timeout)

    def _hold(self, alive: Callable[[], bool]) -> bool:
        self._reached.set()
        while not self._event.wait(0.05):
            if not alive():
                return False
        return True


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return "" if content is None else str(content)


class ScriptedModel:
    """The server. Use as a context manager or call :meth:`start`/:meth:`stop`."""

    def __init__(self, models: Optional[list[str]] = None, fallback_text: str = "Scripted title") -> None:
        self.models = list(models or ["scripted-alpha", "scripted-beta"])
        self.fallback_text = fallback_text
        self._scripts: list[Script] = []
        self._gates: dict[str, Gate] = {}
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Condition()
        self._server: Optional[ThreadingHTTPServer] = None
        self._thread: Optional[threading.Thread] = None

    # -- lifecycle ---------------------------------------------------------

    def start(self) -> "ScriptedModel":
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, name="scripted-model", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        for gate in list(self._gates.values()):
            gate.release()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "ScriptedModel":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        assert self._server is not None, "server not started"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    # -- scripting ---------------------------------------------------------

    def add(self, trigger: str, *steps: Step) -> Script:
        """Registers a script; a later script with the same trigger replaces it."""
        script = Script(trigger, list(steps))
        with self._lock:
            self._scripts = [s for s in self._scripts if s.trigger != trigger] + [script]
            for step in steps:
                if step.hold:
                    self._gates.setdefault(step.hold, Gate())
        return script

    def gate(self, name: str) -> Gate:
        with self._lock:
            return self._gates.setdefault(name, Gate())

    # -- recorded requests -------------------------------------------------

    def requests(self, script: Optional[str] = None) -> list[RecordedRequest]:
        """Recorded chat requests, oldest first; only one script's when given."""
        with self._lock:
            return [r for r in self._requests if script is None or r.script == script]

    def wait_for(self, predicate: Callable[[RecordedRequest], bool], timeout: float) -> RecordedRequest:
        """Returns the first recorded request matching ``predicate``, waiting up to ``timeout`` s."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                for request in self._requests:
                    if predicate(request):
                        return request
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    seen = [(r.script, r.step, r.model) for r in self._requests]
                    raise TimeoutError(f"no matching model request within {timeout}s; saw {seen}")
                self._lock.wait(remaining)

    # -- answering ---------------------------------------------------------

    def _choose(self, body: dict) -> tuple[Optional[Script], int]:
        messages = body.get("messages") or []
        with self._lock:
            scripts = list(self._scripts)
        for i in range(len(messages) - 1, -1, -1):
            message = messages[i]
            if message.get("role") != "user":
                continue
            text = _content_text(message.get("content"))
            for script in reversed(scripts):
                if script.trigger in text:
                    step = sum(1 for m in messages[i + 1:] if m.get("role") == "assistant")
                    return script, step
        return None, 0

    def _record(self, path: str, body: dict, script: Optional[Script], step: int) -> None:
        with self._lock:
            self._requests.append(RecordedRequest(path, body, script.trigger if script else "", step))
            self._lock.notify_all()

    def _step_for(self, script: Optional[Script], step: int) -> Step:
        if script is None or not script.steps:
            return Step(text=self.fallback_text)
        return script.steps[min(step, len(script.steps) - 1)]


def _handler_for(model: ScriptedModel) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            pass

        def _json(self, status: int, payload: dict) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            if self.path.rstrip("/").endswith("/models"):
                data = [{"id": m, "object": "model", "owned_by": "scripted"} for m in model.models]
                self._json(200, {"object": "list", "data": data})
                return
            self._json(404, {"error": {"message": f"no route {self.path}"}})

        def do_POST(self) -> None:  # noqa: N802 - stdlib name
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b"{}"
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                self._json(400, {"error": {"message": "bad json"}})
                return
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._json(404, {"error": {"message": f"no route {self.path}"}})
                return
            script, index = model._choose(body)
            model._record(self.path, body, script, index)
            step = model._step_for(script, index)
            name = str(body.get("model") or model.models[0])
            if body.get("stream"):
                self._stream(step, name)
            else:
                self._json(200, _completion(step, name))

        def _stream(self, step: Step, name: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                for chunk in _chunks(step, name, self._held(step)):
                    self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
                    self.wfile.flush()
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError, _Disconnected):
                pass

        def _held(self, step: Step) -> Callable[[], None]:
            def hold() -> None:
                if step.hold and not model.gate(step.hold)._hold(self._alive):
                    raise _Disconnected()

            return hold

        def _alive(self) -> bool:
            # A client that went away makes the socket readable (EOF).
            import select

            readable, _, _ = select.select([self.connection], [], [], 0)
            if not readable:
                return True
            try:
                return self.connection.recv(1, 0x2) != b""  # MSG_PEEK
            except OSError:
                return False

    return Handler


class _Disconnected(Exception):
    pass


def _chunk(cid: str, name: str, delta: dict, finish: Optional[str] = None) -> dict:
    return {
        "id": cid,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": name,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def _pieces(text: str, size: int) -> list[str]:
    size = max(1, size)
    return [text[i:i + size] for i in range(0, len(text), size)]


def _chunks(step: Step, name: str, hold: Callable[[], None]):
    cid = "chatcmpl-" + uuid.uuid4().hex[:12]
    yield _chunk(cid, name, {"role": "assistant"})
    for piece in _pieces(step.reasoning, step.chunk_size):
        yield _chunk(cid, name, {"reasoning_content": piece})
    for piece in _pieces(step.text_before_hold, step.chunk_size):
        yield _chunk(cid, name, {"content": piece})
    hold()
    for piece in _pieces(step.text, step.chunk_size):
        yield _chunk(cid, name, {"content": piece})
    finish = "stop"
    if step.tool_call is not None:
        call_id = "call_" + uuid.uuid4().hex[:12]
        yield _chunk(cid, name, {"tool_calls": [{
            "index": 0, "id": call_id, "type": "function",
            "function": {"name": step.tool_call.name, "arguments": ""}}]})
        yield _chunk(cid, name, {"tool_calls": [{
            "index": 0, "function": {"arguments": json.dumps(step.tool_call.arguments)}}]})
        finish = "tool_calls"
    yield _chunk(cid, name, {}, finish)
    usage = {"prompt_tokens": 10, "completion_tokens": max(1, len(step.text) // 4), "total_tokens": 10 + max(1, len(step.text) // 4)}
    yield {"id": cid, "object": "chat.completion.chunk", "created": int(time.time()), "model": name, "choices": [], "usage": usage}


def _completion(step: Step, name: str) -> dict:
    message: dict = {"role": "assistant", "content": step.text_before_hold + step.text}
    if step.reasoning:
        message["reasoning_content"] = step.reasoning
    finish = "stop"
    if step.tool_call is not None:
        message["tool_calls"] = [{
            "id": "call_" + uuid.uuid4().hex[:12], "type": "function",
            "function": {"name": step.tool_call.name, "arguments": json.dumps(step.tool_call.arguments)}}]
        finish = "tool_calls"
    return {
        "id": "chatcmpl-" + uuid.uuid4().hex[:12],
        "object": "chat.completion",
        "created": int(time.time()),
        "model": name,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }
