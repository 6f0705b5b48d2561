"""The five Hermes prompt hooks as ``picker.*`` frames, and their answers.

Hermes keeps each prompt's state in its own module: approvals in
``tools.approval`` (a FIFO per session key), clarifies in
``tools.clarify_gateway`` (by clarify id), slash confirms in
``tools.slash_confirm`` (one per session key); model and choice pickers are
callbacks the slash command handed us. ``Pickers`` records which picker id
stands for which of those, answers through Hermes' own resolve calls, and
notices when Hermes withdraws a prompt (timeout, /stop, a new session).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Dict, List, Optional

from .hub import Hub, error, frame
from .store import Lane

logger = logging.getLogger(__name__)

WATCH_SECONDS = 0.25
APPROVAL_CHOICES = ("once", "session", "always", "deny")
CONFIRM_CHOICES = ("once", "always", "cancel")


@dataclass
class Picker:
    """One open prompt."""

    picker_id: str
    kind: str  # approval | clarify | confirm | model | choice
    lane: Lane
    payload: Dict[str, Any]
    session_key: str = ""
    clarify_id: str = ""
    confirm_id: str = ""
    choices: List[str] = field(default_factory=list)
    callback: Optional[Callable[..., Awaitable[Any]]] = None
    opened: float = field(default_factory=time.monotonic)


class SelectError(Exception):
    """A picker.select that cannot be applied; ``code`` is the wire error code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class Pickers:
    """Open pickers by id. ``post_text`` delivers a follow-up system message."""

    def __init__(self, hub: Hub, post_text: Callable[[Lane, str], None],
                 on_closed: Callable[[Picker], None] = lambda p: None,
                 busy: Callable[[Lane, str], None] = lambda lane, reason: None):
        self.hub = hub
        self.busy = busy
        self.post_text = post_text
        self.on_closed = on_closed
        self.open: Dict[str, Picker] = {}
        # Clarifies a typed message may be answering right now: the sweep
        # leaves them to message.send, which knows the text.
        self.held: set = set()
        self._seq = 0
        self._watch: Optional[asyncio.Task] = None

    def start(self) -> None:
        self._watch = asyncio.create_task(self._watch_withdrawals())

    def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()

    def _next_id(self, kind: str) -> str:
        self._seq += 1
        return f"p{kind[0]}_{int(time.time() * 1000):x}_{self._seq}"

    def raise_picker(self, p: Picker) -> str:
        self.open[p.picker_id] = p
        lane = p.lane
        payload = dict(p.payload, picker_id=p.picker_id)
        self.busy(lane, "waiting_input")
        self.hub.broadcast(frame(f"picker.{p.kind}", payload, chat_id=lane[0], thread_id=lane[1], lane=True))
        self.hub.broadcast(frame("notification", {
            "kind": "approval" if p.kind == "approval" else "clarify" if p.kind == "clarify" else "generic",
            "title": payload.get("title") or "Hermes needs your input",
            "body": payload.get("command") or payload.get("question") or payload.get("message") or "",
            "ts": int(time.time() * 1000),
        }, chat_id=lane[0], thread_id=lane[1], lane=True))
        return p.picker_id

    # -- the five hooks -----------------------------------------------------

    def approval(self, lane: Lane, session_key: str, command: str, description: str,
                 allow_permanent: bool, smart_denied: bool, timeout_s: int) -> str:
        allow_session = not smart_denied
        allow_permanent = allow_permanent and not smart_denied
        choices = [{"value": "once", "label": "Allow once"}]
        if allow_session:
            choices.append({"value": "session", "label": "Allow for this session"})
        if allow_permanent:
            choices.append({"value": "always", "label": "Always allow"})
        choices.append({"value": "deny", "label": "Deny"})
        payload = {"title": "Command approval required", "command": command, "description": description,
                   "allow_permanent": allow_permanent, "allow_session": allow_session,
                   "smart_denied": smart_denied, "choices": choices, "timeout_s": timeout_s}
        return self.raise_picker(Picker(self._next_id("approval"), "approval", lane, payload, session_key=session_key))

    def clarify(self, lane: Lane, session_key: str, clarify_id: str, question: str,
                choices: Optional[list], timeout_s: int) -> str:
        flat = [c for c in (_flatten_choice(c) for c in (choices or [])) if c]
        payload = {"title": "Hermes needs your input", "question": question,
                   "choices": [{"value": c, "label": c} for c in flat],
                   "allow_text": True, "timeout_s": timeout_s}
        return self.raise_picker(Picker(self._next_id("clarify"), "clarify", lane, payload,
                                        session_key=session_key, clarify_id=clarify_id, choices=flat))

    def confirm(self, lane: Lane, session_key: str, confirm_id: str, title: str, message: str,
                timeout_s: int) -> str:
        payload = {"title": title or "Confirm", "message": message, "timeout_s": timeout_s,
                   "choices": [{"value": "once", "label": "Approve once"},
                               {"value": "always", "label": "Always approve"},
                               {"value": "cancel", "label": "Cancel"}]}
        return self.raise_picker(Picker(self._next_id("confirm"), "confirm", lane, payload,
                                        session_key=session_key, confirm_id=confirm_id))

    def model(self, lane: Lane, session_key: str, providers: list, current_model: str,
              current_provider: str, callback: Callable[..., Awaitable[Any]]) -> str:
        wire = []
        for prov in providers or []:
            slug = str(prov.get("slug") or prov.get("id") or "")
            models = []
            for m in prov.get("models") or []:
                mid = str(m.get("id") if isinstance(m, dict) else m)
                label = str(m.get("label") or mid) if isinstance(m, dict) else mid
                models.append({"id": mid, "label": label})
            wire.append({"id": slug, "label": str(prov.get("name") or prov.get("label") or slug), "models": models})
        payload = {"title": "Switch model", "current_model": current_model,
                   "current_provider": current_provider, "providers": wire}
        return self.raise_picker(Picker(self._next_id("model"), "model", lane, payload,
                                        session_key=session_key, callback=callback))

    def choice(self, lane: Lane, session_key: str, title: str, choices: list,
               callback: Callable[..., Awaitable[Any]]) -> str:
        wire = []
        for c in choices or []:
            item = {"value": str(c.get("value") or ""), "label": str(c.get("label") or c.get("value") or "")}
            if c.get("is_current"):
                item["is_current"] = True
            wire.append(item)
        lines = (title or "Choose an option").splitlines()
        payload = {"title": lines[0], "choices": wire}
        if len(lines) > 1:
            payload["description"] = "\n".join(lines[1:]).strip()
        return self.raise_picker(Picker(self._next_id("choice"), "choice", lane, payload,
                                        session_key=session_key, callback=callback))

    # -- answers ------------------------------------------------------------

    async def select(self, conn: Any, f: Dict[str, Any]) -> None:
        p = f.get("payload") or {}
        fid = f.get("id") if isinstance(f.get("id"), int) else None
        picker = self.open.get(str(p.get("picker_id") or ""))
        if picker is None:
            conn.push(error("not_found", "picker already answered, withdrawn or unknown", fid))
            return
        value = p.get("value")
        try:
            follow_up = await self._apply(picker, value, p)
        except SelectError as exc:
            conn.push(error(exc.code, str(exc), fid))
            return
        self.open.pop(picker.picker_id, None)
        by = dict(p.get("by") or {}) if isinstance(p.get("by"), dict) else {}
        by.setdefault("device_name", conn.device_name)
        if fid is not None:
            conn.push(frame("picker.select", {"picker_id": picker.picker_id, "value": value}, id=fid))
        answered = {"picker_id": picker.picker_id, "value": value, "by": by}
        self.hub.broadcast(frame("picker.answered", answered, chat_id=picker.lane[0],
                                 thread_id=picker.lane[1], lane=True), cap="picker_answered")
        if picker.kind in ("approval", "clarify"):
            self.busy(picker.lane, "processing")
        if follow_up:
            self.post_text(picker.lane, follow_up)
        self.on_closed(picker)

    async def _apply(self, picker: Picker, value: Any, p: Dict[str, Any]) -> Optional[str]:
        if not isinstance(value, str):
            raise SelectError("unsupported", "picker.select needs a string value")
        if picker.kind == "approval":
            if value not in APPROVAL_CHOICES:
                raise SelectError("unsupported", f"approval answers are {', '.join(APPROVAL_CHOICES)}")
            reason = p.get("reason") if value == "deny" and isinstance(p.get("reason"), str) else None
            if _resolve_approval(picker.session_key, self._approval_index(picker), value, reason or None) == 0:
                self._withdraw(picker)
                raise SelectError("not_found", "Hermes no longer waits for this approval")
            return None
        if picker.kind == "clarify":
            from tools.clarify_gateway import resolve_gateway_clarify

            if not resolve_gateway_clarify(picker.clarify_id, _clarify_text(value)):
                self._withdraw(picker)
                raise SelectError("not_found", "Hermes no longer waits for this answer")
            return None
        if picker.kind == "confirm":
            if value not in CONFIRM_CHOICES:
                raise SelectError("unsupported", f"confirm answers are {', '.join(CONFIRM_CHOICES)}")
            from tools import slash_confirm

            pending = slash_confirm.get_pending(picker.session_key)
            if not pending or pending.get("confirm_id") != picker.confirm_id:
                self._withdraw(picker)
                raise SelectError("not_found", "this confirmation expired")
            return await slash_confirm.resolve(picker.session_key, picker.confirm_id, value)
        if picker.kind == "model":
            provider, sep, model = value.partition("/")
            if not sep or not model:
                raise SelectError("unsupported", "model answers are <provider>/<model id>")
            return await picker.callback(picker.lane[0], model, provider)
        return await picker.callback(picker.lane[0], value)

    def _approval_index(self, picker: Picker) -> int:
        """This approval's place in Hermes' FIFO for its session (oldest first)."""
        same = sorted((p for p in self.open.values() if p.kind == "approval" and p.session_key == picker.session_key),
                      key=lambda x: x.opened)
        return same.index(picker)

    # -- withdrawal ---------------------------------------------------------

    def _withdraw(self, picker: Picker) -> None:
        if self.open.pop(picker.picker_id, None) is not None:
            self.on_closed(picker)

    def has_open(self, lane: Lane, kinds: tuple = ("model", "choice", "confirm")) -> bool:
        """An open prompt of ``kinds`` in ``lane`` (slash-command pickers by default)."""
        return any(p.lane == lane and p.kind in kinds for p in self.open.values())

    def still_waiting(self, picker: Picker, approval_counts: Dict[str, int]) -> bool:
        if picker.kind == "approval":
            return approval_counts.get(picker.session_key, 0) > 0
        if picker.kind == "clarify":
            from tools import clarify_gateway

            with clarify_gateway._lock:
                entry = clarify_gateway._entries.get(picker.clarify_id)
            # Resolved entries linger until the agent thread wakes and drops them.
            return entry is not None and entry.response is None
        if picker.kind == "confirm":
            from tools import slash_confirm

            pending = slash_confirm.get_pending(picker.session_key)
            return bool(pending and pending.get("confirm_id") == picker.confirm_id)
        return True  # model/choice pickers: Hermes never withdraws them

    def sweep(self) -> List[Picker]:
        """Close pickers Hermes stopped waiting for; returns them."""
        from tools import approval

        with approval._lock:
            queued = {k: len(v) for k, v in approval._gateway_queues.items()}
        gone: List[Picker] = []
        # Approvals resolve oldest first: with N still queued, the N newest stay open.
        by_session: Dict[str, List[Picker]] = {}
        for picker in sorted(self.open.values(), key=lambda x: x.opened):
            if picker.kind == "approval":
                by_session.setdefault(picker.session_key, []).append(picker)
            elif picker.picker_id not in self.held and not self.still_waiting(picker, queued):
                gone.append(picker)
        for key, pickers in by_session.items():
            surplus = len(pickers) - queued.get(key, 0)
            gone.extend(pickers[:max(surplus, 0)])
        for picker in gone:
            self._withdraw(picker)
            if picker.kind in ("approval", "clarify"):
                self.busy(picker.lane, "processing")
        return gone

    def oldest_clarify(self, lane: Lane) -> Optional[Picker]:
        waiting = [p for p in self.open.values() if p.kind == "clarify" and p.lane == lane]
        return min(waiting, key=lambda p: p.opened) if waiting else None

    def answered_by_text(self, conn: Any, picker: Picker, text: str) -> None:
        """Hermes took a typed message as the clarify's answer (its text intercept)."""
        if self.open.pop(picker.picker_id, None) is None:
            return
        from tools.clarify_gateway import _ClarifyEntry, _coerce_text_response

        probe = _ClarifyEntry(picker.clarify_id, picker.session_key, "", picker.choices or None)
        answered = {"picker_id": picker.picker_id, "value": _coerce_text_response(probe, text),
                    "by": {"device_name": conn.device_name}}
        self.hub.broadcast(frame("picker.answered", answered, chat_id=picker.lane[0],
                                 thread_id=picker.lane[1], lane=True), cap="picker_answered")
        self.busy(picker.lane, "processing")
        self.on_closed(picker)

    def withdraw_clarifies(self, lane: Lane) -> None:
        """Stop Hermes waiting for this lane's clarify answers.

        Hermes' /stop interrupts the agent, and a waiting approval notices
        (it resolves as deny), but ``clarify_gateway.wait_for_response`` does
        not: the agent thread would sit on the question for up to an hour.
        This does what Hermes does at a session boundary (``clear_session``:
        the clarify returns with no answer).
        """
        from tools import clarify_gateway

        for key in {p.session_key for p in self.open.values() if p.kind == "clarify" and p.lane == lane}:
            clarify_gateway.clear_session(key)

    async def _watch_withdrawals(self) -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                self.sweep()
            except Exception:
                logger.debug("iris: picker sweep failed", exc_info=True)


def _resolve_approval(session_key: str, index: int, choice: str, reason: Optional[str]) -> int:
    """Resolve the approval at ``index`` of the session's queue.

    ``resolve_gateway_approval`` only answers the oldest (``/approve`` in
    chat); a device answers one specific prompt, so a younger one is taken
    out of the queue and resolved the same way that function does.
    """
    from tools import approval

    if index == 0:
        return approval.resolve_gateway_approval(session_key, choice, reason=reason)
    with approval._lock:
        queue = approval._gateway_queues.get(session_key) or []
        if index >= len(queue):
            return 0
        entry = queue.pop(index)
    entry.result = choice
    if reason:
        entry.reason = reason
    entry.event.set()
    return 1


def _flatten_choice(c: Any) -> str:
    """Hermes' clarify choices are strings, sometimes dicts (as in Discord's adapter)."""
    if isinstance(c, str):
        return c.strip()
    if isinstance(c, dict):
        for key in ("label", "description", "text", "title", "value"):
            v = c.get(key)
            if isinstance(v, str) and v.strip():
                return v.strip()
        return ""
    return "" if c is None else str(c).strip()


def _clarify_text(value: str) -> str:
    """A multi-select answer (a JSON array of values) becomes one comma-joined reply."""
    stripped = value.strip()
    if stripped.startswith("["):
        try:
            items = json.loads(stripped)
        except ValueError:
            return value
        if isinstance(items, list) and all(isinstance(i, str) for i in items):
            return ", ".join(items)
    return value
