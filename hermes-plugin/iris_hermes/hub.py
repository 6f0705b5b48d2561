"""Connected devices, broadcasts and the durable outbox behind them."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .connection import Connection
from .store import Store

PROTOCOL_VERSION = 1

# Frames that are live-only: intermediate streaming state and transport.
_LIVE_ONLY = {"message.start", "message.update", "tool.progress", "typing", "typing.stop", "status", "pong"}


def frame(type_: str, payload: Optional[Dict[str, Any]] = None, *, id: Optional[int] = None,
          chat_id: Optional[str] = None, thread_id: Optional[str] = None, lane: bool = False) -> Dict[str, Any]:
    """Build an envelope. ``lane=True`` always writes chat_id/thread_id (thread_id may be null)."""
    f: Dict[str, Any] = {"v": PROTOCOL_VERSION, "type": type_}
    if id is not None:
        f["id"] = id
    if chat_id is not None or lane:
        f["chat_id"] = chat_id
        f["thread_id"] = thread_id or None
    f["payload"] = payload or {}
    return f


def error(code: str, message: str, id: Optional[int] = None) -> Dict[str, Any]:
    return frame("error", {"code": code, "message": message}, id=id)


class Hub:
    """Writes frames to devices; parks durable ones in the outbox first."""

    def __init__(self, store: Store):
        self.store = store
        self.connections: List[Connection] = []

    def add(self, conn: Connection) -> None:
        self.connections.append(conn)

    def remove(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)

    def broadcast(self, f: Dict[str, Any], *, origin: Optional[Connection] = None,
                  cap: Optional[str] = None) -> None:
        """Send to every device (origin gets ``f`` with its id, others without).

        Durable frames are parked first, so a device that is offline, or whose
        socket drops before the write, gets them on ``sync``. ``cap`` limits a
        frame to devices that asked for that extension.
        """
        if f["type"] not in _LIVE_ONLY:
            stored = {k: v for k, v in f.items() if k != "id"}
            self.store.park(stored, cap=cap)
        for conn in list(self.connections):
            if cap is not None and cap not in conn.extensions:
                continue
            if conn is origin:
                conn.push(f)
            else:
                conn.push({k: v for k, v in f.items() if k != "id"})

    def live(self, f: Dict[str, Any]) -> None:
        """Send to every device without parking (live-only state)."""
        for conn in list(self.connections):
            conn.push(f)
