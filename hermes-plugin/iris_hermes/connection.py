"""One device's WebSocket: a write queue that coalesces intermediate frames."""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from typing import Any, Deque, Dict, Optional, Set

logger = logging.getLogger(__name__)

# Only these may be coalesced under backpressure (spec: Ordering & reliability).
_COALESCIBLE = {"message.update", "tool.progress"}


def _coalesce_key(frame: Any) -> Optional[tuple]:
    if not isinstance(frame, dict) or frame.get("type") not in _COALESCIBLE:
        return None
    p = frame.get("payload") or {}
    return (frame["type"], frame.get("chat_id"), frame.get("thread_id"), p.get("message_id"), p.get("index"))


class Connection:
    """A paired device. ``push`` never blocks; a writer task drains the queue."""

    def __init__(self, ws: Any, device: str, device_name: str, device_id: str, caps: Dict[str, Any]):
        self.ws = ws
        self.device = device
        self.device_name = device_name or device
        self.device_id = device_id
        self.caps = caps or {}
        self._queue: Deque[Any] = deque()
        self._wake = asyncio.Event()
        self._drained = asyncio.Event()
        self._drained.set()
        self._closed = False
        self.writer: Optional[asyncio.Task] = None

    @property
    def extensions(self) -> Set[str]:
        """Iris extensions this device asked for in hello.caps."""
        return {k for k in ("picker_answered",) if self.caps.get(k) is True}

    def start(self) -> None:
        self.writer = asyncio.create_task(self._drain())

    def push(self, frame: Dict[str, Any]) -> None:
        if self._closed:
            return
        key = _coalesce_key(frame)
        if key is not None:
            for i, queued in enumerate(self._queue):
                if _coalesce_key(queued) == key:
                    self._queue[i] = frame
                    return
        self._queue.append(frame)
        self._drained.clear()
        self._wake.set()

    def push_binary(self, data: bytes) -> None:
        """A raw media chunk, written in order with the JSON frames."""
        if not self._closed:
            self._queue.append(bytes(data))
            self._drained.clear()
            self._wake.set()

    def pending(self) -> int:
        return len(self._queue)

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait (bounded) until everything queued was written."""
        if self._closed:
            return
        try:
            await asyncio.wait_for(self._drained.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    async def _drain(self) -> None:
        try:
            while not self._closed:
                await self._wake.wait()
                self._wake.clear()
                while self._queue:
                    item = self._queue.popleft()
                    await self.ws.send(item if isinstance(item, bytes) else json.dumps(item, ensure_ascii=False))
                self._drained.set()
        except Exception as exc:  # connection gone
            logger.debug("iris: writer for %s ended: %s", self.device, exc)
            self._closed = True
            self._drained.set()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self._closed = True
        if self.writer is not None:
            self.writer.cancel()
        try:
            await self.ws.close(code, reason)
        except Exception:
            pass
