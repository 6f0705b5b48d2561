"""Hermes' text deliveries → the protocol's message / stream / tool frames.

Hermes hands a platform adapter plain text: ``send`` for a new bubble and
``edit_message`` with the full text for each streaming step (the stream
consumer appends its cursor, " ▉" by default, while the reply is still
growing). ``Turns`` turns that into ``message.start/update/stop``; a send
without the cursor is a standalone ``message``. Tool events, reasoning and the
runtime footer arrive structured through plugin hooks (``hooks.py``) and are
attached here.
"""

from __future__ import annotations

import json
import os
import time
from collections import OrderedDict
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

from .hub import Hub, frame
from .store import Lane, Store

OUTPUT_PREVIEW_CHARS = 200
FINISHED_KEPT = 200
PREVIEW_CHARS = 80


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass
class Stream:
    """One streaming bubble."""

    message_id: str
    lane: Lane
    text: str = ""
    reply_to: Optional[str] = None
    # Hermes interrupted the run writing it (a message sent mid-turn in busy
    # mode "interrupt"); the run's stream is finalized after that.
    interrupted: bool = False


@dataclass
class TurnState:
    """What the plugin knows about the turn running in one lane."""

    started: float = field(default_factory=time.monotonic)
    reasoning: str = ""
    model: str = ""
    prompt_tokens: int = 0  # of the latest API call: the context occupancy
    output_tokens: int = 0  # summed over the turn's API calls
    context_length: int = 0  # the running agent's window, when known
    api_calls: int = 0
    cost: float = 0.0  # USD, summed over the turn's API calls
    priced: bool = True  # Hermes had a price for every call
    stopping: bool = False
    command: bool = False


class Turns:
    """Per-lane turn state and the frames it produces."""

    def __init__(self, store: Store, hub: Hub, cursor: Callable[[], str],
                 is_system_reply: Callable[[Optional[str], bool], bool],
                 context_length: Callable[[], Optional[int]] = lambda: None):
        self.context_length = context_length
        self.store = store
        self.hub = hub
        self.cursor = cursor
        # Whether a send replying to this message id is the gateway talking
        # (a command's answer, a busy ack) rather than the agent.
        self.is_system_reply = is_system_reply
        self.held_idle: set = set()
        # Tool calls outlive their turn: after /stop Hermes ends the turn at
        # once while the agent thread unwinds and reports its tool later.
        self.tool_seq: Dict[Lane, int] = {}
        self.tool_calls: Dict[str, tuple] = {}  # call id → (index, started)
        # Finished bubbles Hermes may still edit (a finalize edit of a reply
        # sent in one piece, a late cursor strip): message id → (lane, body).
        self.finished: "OrderedDict[str, tuple]" = OrderedDict()
        self.streams: Dict[str, Stream] = {}
        self.turns: Dict[Lane, TurnState] = {}

    # -- lifecycle ----------------------------------------------------------

    def begin(self, lane: Lane, command: bool) -> None:
        self.turns[lane] = TurnState(command=command)
        self.hub.broadcast(frame("agent.busy", {"reason": "processing"}, chat_id=lane[0], thread_id=lane[1], lane=True))

    def end(self, lane: Lane, hold_idle: bool = False, answer: Optional[List[tuple]] = None) -> None:
        """The turn is over. ``hold_idle`` defers agent.idle until ``release_idle``;
        ``answer`` lists (connection, id) of agent.stop requests the idle answers."""
        turn = self.turns.get(lane)
        for s in [s for s in self.streams.values() if s.lane == lane]:
            self._stop(s, turn)
        self.turns.pop(lane, None)
        idle = frame("agent.idle", {}, chat_id=lane[0], thread_id=lane[1], lane=True)
        answer = list(answer or [])
        if hold_idle:
            self.held_idle.add(lane)
        elif answer:
            conn, fid = answer.pop(0)
            self.hub.broadcast(dict(idle, id=fid), origin=conn)
        else:
            self.hub.broadcast(idle)
        for conn, fid in answer:
            conn.push(dict(idle, id=fid))

    def release_idle(self, lane: Lane) -> None:
        if lane in self.held_idle and lane not in self.turns:
            self.held_idle.discard(lane)
            self.hub.broadcast(frame("agent.idle", {}, chat_id=lane[0], thread_id=lane[1], lane=True))

    def interrupted(self, lane: Lane) -> None:
        """Hermes' run in ``lane`` ended by an interrupt: its open replies stop as interrupted."""
        for s in self.streams.values():
            if s.lane == lane:
                s.interrupted = True

    def mark_stopping(self, lane: Lane) -> None:
        if lane in self.turns:
            self.turns[lane].stopping = True

    # -- text deliveries ----------------------------------------------------

    def _split_cursor(self, content: str) -> tuple[str, bool]:
        cur = self.cursor()
        if cur and content.endswith(cur):
            return content[: -len(cur)], True
        return content, False

    def on_send(self, lane: Lane, content: str, reply_to: Optional[str]) -> str:
        text, growing = self._split_cursor(content)
        mid = new_id("m")
        system_reply = self.is_system_reply(reply_to, growing)
        if reply_to and self.store.message_lane(reply_to) is None:
            # A reply to the /stop or /steer sent for agent.stop/agent.steer:
            # no device has that message, so it would quote "a message not loaded".
            reply_to = None
        if growing:
            s = Stream(mid, lane, text, reply_to)
            self.streams[mid] = s
            start: Dict[str, Any] = {"message_id": mid, "role": "assistant"}
            if reply_to:
                start["reply_to"] = reply_to
            self.hub.live(frame("message.start", start, chat_id=lane[0], thread_id=lane[1], lane=True))
            self.hub.live(frame("message.update", {"message_id": mid, "text": text},
                                chat_id=lane[0], thread_id=lane[1], lane=True))
            return mid
        turn = self.turns.get(lane)
        system = system_reply or (turn is not None and turn.command)
        role = "system" if system else "assistant"
        body: Dict[str, Any] = {"message_id": mid, "role": role, "text": text, "ts": now_ms()}
        if reply_to:
            body["reply_to"] = reply_to
        if role == "assistant":
            self._attach_turn_info(body, turn)
        self.post(lane, body)
        return mid

    def on_edit(self, message_id: str, content: str, finalize: bool) -> bool:
        s = self.streams.get(message_id)
        if s is None:
            return self._edit_finished(message_id, content)
        lane = s.lane
        text, growing = self._split_cursor(content)
        s.text = text
        if growing and not finalize:
            self.hub.live(frame("message.update", {"message_id": s.message_id, "text": text},
                                chat_id=lane[0], thread_id=lane[1], lane=True))
        else:
            self._stop(s, self.turns.get(lane))
        return True

    def _edit_finished(self, message_id: str, content: str) -> bool:
        """An edit of a bubble already final: same text is a no-op, new text a corrected final."""
        if message_id not in self.finished:
            return False
        lane, body = self.finished[message_id]
        text, _ = self._split_cursor(content)
        if text != body.get("text"):
            body = dict(body, text=text)
            self._remember(lane, body)
            self.store.log_message(lane[0], lane[1], body)
            self.hub.broadcast(frame("message", body, chat_id=lane[0], thread_id=lane[1], lane=True))
        return True

    def _remember(self, lane: Lane, body: Dict[str, Any]) -> None:
        self.finished[body["message_id"]] = (lane, body)
        self.finished.move_to_end(body["message_id"])
        while len(self.finished) > FINISHED_KEPT:
            self.finished.popitem(last=False)

    def cron(self, lane: Lane, text: str, job_id: str) -> str:
        """A cron delivery (Hermes' scheduler marks it with ``job_id``): role cron + notification."""
        mid = new_id("m")
        busy = lane not in self.turns
        if busy:
            self.hub.broadcast(frame("agent.busy", {"reason": "cron"}, chat_id=lane[0], thread_id=lane[1], lane=True))
        self.post(lane, {"message_id": mid, "role": "cron", "text": text, "ts": now_ms(), "job_id": job_id})
        self.hub.broadcast(frame("notification", {"kind": "cron", "title": "Cron", "body": text[:200], "ts": now_ms()},
                                 chat_id=lane[0], thread_id=lane[1], lane=True))
        if busy:
            self.hub.broadcast(frame("agent.idle", {}, chat_id=lane[0], thread_id=lane[1], lane=True))
        return mid

    def post(self, lane: Lane, body: Dict[str, Any], origin: Any = None, id: Optional[int] = None) -> None:
        """A standalone message: logged for history/search and broadcast."""
        self._remember(lane, body)
        self.store.log_message(lane[0], lane[1], body)
        self.hub.broadcast(frame("message", body, id=id, chat_id=lane[0], thread_id=lane[1], lane=True), origin=origin)

    def _stop(self, s: Stream, turn: Optional[TurnState]) -> None:
        self.streams.pop(s.message_id, None)
        stop: Dict[str, Any] = {"message_id": s.message_id, "final_text": s.text}
        self._attach_turn_info(stop, turn)
        if s.interrupted or (turn is not None and turn.stopping):
            stop["interrupted"] = True
        body = {"message_id": s.message_id, "role": "assistant", "text": s.text, "ts": now_ms()}
        for key in ("reasoning", "model", "runtime", "reply_to"):
            if key in stop:
                body[key] = stop[key]
        if s.reply_to:
            body["reply_to"] = s.reply_to
        self._remember(s.lane, body)
        self.store.log_message(s.lane[0], s.lane[1], body)
        self.hub.broadcast(frame("message.stop", stop, chat_id=s.lane[0], thread_id=s.lane[1], lane=True))

    def _attach_turn_info(self, payload: Dict[str, Any], turn: Optional[TurnState]) -> None:
        if turn is None:
            return
        if turn.reasoning:
            payload["reasoning"] = turn.reasoning
        runtime: Dict[str, Any] = {"latency": round(time.monotonic() - turn.started, 2)}
        if turn.model:
            payload["model"] = bare_model(turn.model)
            runtime["model"] = bare_model(turn.model)
        if turn.output_tokens:
            payload["tokens"] = turn.output_tokens
        length = (turn.context_length or self.context_length()) if turn.prompt_tokens else None
        if length:
            # As gateway/runtime_footer.py computes it.
            runtime["context_pct"] = max(0, min(100, round(turn.prompt_tokens / length * 100)))
        if turn.api_calls and turn.priced:
            runtime["cost"] = round(turn.cost, 6)
        cwd = home_relative(os.environ.get("TERMINAL_CWD") or os.getcwd())
        if cwd:
            runtime["cwd"] = cwd
        payload["runtime"] = runtime

    # -- structured events from hooks ---------------------------------------

    def busy(self, lane: Lane, reason: str) -> None:
        """agent.busy, but only inside a running turn (never after its agent.idle)."""
        if lane in self.turns:
            self.hub.broadcast(frame("agent.busy", {"reason": reason}, chat_id=lane[0], thread_id=lane[1], lane=True))

    def tool_start(self, lane: Lane, call_id: str, name: str, args: Dict[str, Any]) -> None:
        index = self.tool_seq.get(lane, 0) + 1
        self.tool_seq[lane] = index
        self.tool_calls[call_id or f"{lane}#{index}"] = (index, time.monotonic())
        payload = {"index": index, "name": name, "preview": tool_preview(name, args), "args": args}
        self.busy(lane, "tool")
        self.hub.broadcast(frame("tool.start", payload, chat_id=lane[0], thread_id=lane[1], lane=True))

    def tool_end(self, lane: Lane, call_id: str, name: str, ok: bool, duration: Optional[float],
                 result: Any) -> None:
        index, started = self.tool_calls.pop(call_id, (self.tool_seq.get(lane, 0), None))
        if duration is None and started is not None:
            duration = time.monotonic() - started
        payload: Dict[str, Any] = {"index": index, "name": name, "ok": ok,
                                   "duration": round(duration or 0.0, 3),
                                   "output_preview": output_preview(result)}
        self.hub.broadcast(frame("tool.end", payload, chat_id=lane[0], thread_id=lane[1], lane=True))
        self.busy(lane, "processing")

    def api_usage(self, lane: Lane, model: str, usage: Dict[str, Any], cost: Optional[float] = None,
                  context_length: Optional[int] = None) -> None:
        """One API call of the turn: its tokens, its price (None: Hermes has none), the agent's window."""
        turn = self.turns.get(lane)
        if turn is None or not isinstance(usage, dict):
            return
        turn.model = model or turn.model
        turn.prompt_tokens = int(usage.get("prompt_tokens") or 0) or turn.prompt_tokens
        turn.output_tokens += int(usage.get("output_tokens") or 0)
        turn.context_length = context_length or turn.context_length
        turn.api_calls += 1
        if cost is None:
            turn.priced = False
        else:
            turn.cost += cost

    def llm_done(self, lane: Lane, model: str, history: List[Dict[str, Any]]) -> None:
        turn = self.turns.get(lane)
        if turn is None:
            return
        turn.model = model or turn.model
        turn.reasoning = last_reasoning(history) or turn.reasoning


def bare_model(model: str) -> str:
    """``openai/gpt-5.4`` → ``gpt-5.4`` (the footer drops the vendor prefix)."""
    return model.rsplit("/", 1)[-1] if model else model


def home_relative(path: str) -> str:
    home = os.path.expanduser("~")
    if path == home:
        return "~"
    if path.startswith(home + os.sep):
        return "~" + path[len(home):]
    return path


def tool_preview(name: str, args: Dict[str, Any]) -> str:
    for key in ("command", "query", "url", "path", "question", "code"):
        value = args.get(key) if isinstance(args, dict) else None
        if isinstance(value, str) and value.strip():
            first = value.strip().splitlines()[0]
            return first if len(first) <= PREVIEW_CHARS else first[: PREVIEW_CHARS - 1] + "…"
    return ""


def output_preview(result: Any) -> str:
    """A short tail of a tool's result; Hermes' JSON results yield their output/error."""
    text = result if isinstance(result, str) else ("" if result is None else str(result))
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict):
        strings = [parsed.get(k) for k in ("output", "error", "approval", "user_response", "result", "content")]
        text = next((s for s in strings if isinstance(s, str) and s.strip()), "")
    text = text.strip()
    return text if len(text) <= OUTPUT_PREVIEW_CHARS else "…" + text[-(OUTPUT_PREVIEW_CHARS - 1):]


def last_reasoning(history: List[Dict[str, Any]]) -> str:
    """Reasoning of the current turn's assistant messages (after the last user message)."""
    parts: List[str] = []
    for msg in reversed(history or []):
        if not isinstance(msg, dict):
            continue
        if msg.get("role") == "user":
            break
        if msg.get("role") == "assistant":
            r = msg.get("reasoning") or msg.get("reasoning_content")
            if isinstance(r, str) and r.strip():
                parts.append(r.strip())
    parts.reverse()
    return "\n\n".join(parts)
