"""The WebSocket listener: handshake, auth, keepalive, then request dispatch."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any, Awaitable, Callable, Dict, Optional

from websockets.asyncio.server import Server, ServerConnection, serve

from .connection import Connection
from .hub import PROTOCOL_VERSION, Hub, error, frame
from .settings import Settings
from .tokens import TokenStore

logger = logging.getLogger(__name__)

HELLO_TIMEOUT = 10.0
MAX_FRAME_BYTES = 8 * 1024 * 1024
REVOKE_POLL_SECONDS = 1.0
# Hermes gives an adapter's disconnect() 5 s; a device that stopped reading
# must not hold the shutdown (flush ≤ 1 s, closing handshake ≤ 1 s).
CLOSE_TIMEOUT = 1.0
FLUSH_TIMEOUT = 1.0

SERVER_CAPS = {
    "streaming": True, "reasoning": True, "tools": True, "media": True, "search": True,
    "push": "none", "pickers": True,
    # Iris extensions (PROTOCOL-EXTENSIONS.md): only `true` turns them on.
    "picker_answered": True, "turn_interrupted": True, "instance_id": True,
}

Dispatch = Callable[[Connection, Dict[str, Any]], Awaitable[None]]
BinaryDispatch = Callable[[Connection, bytes], Awaitable[None]]
AckPayload = Callable[[], Dict[str, Any]]


class DeviceServer:
    """Serves devices on ``settings``; hands authenticated frames to ``dispatch``."""

    def __init__(self, settings: Settings, tokens: TokenStore, hub: Hub, dispatch: Dispatch,
                 on_binary: BinaryDispatch, ack_extra: AckPayload):
        self.settings = settings
        self.tokens = tokens
        self.hub = hub
        self.dispatch = dispatch
        self.on_binary = on_binary
        self.ack_extra = ack_extra
        self._server: Optional[Server] = None
        self._revoke_task: Optional[asyncio.Task] = None
        # Extension instance_id: new each time the plugin starts, so a device
        # tells a restart (pickers and turns forgotten) from a network blip.
        self.instance_id = secrets.token_hex(8)

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> None:
        self.settings.check()
        self._server = await serve(
            self._serve_one, self.settings.host, self.settings.port,
            ssl=self.settings.ssl_context(), max_size=MAX_FRAME_BYTES,
            ping_interval=20, ping_timeout=20, close_timeout=CLOSE_TIMEOUT,
        )
        self._revoke_task = asyncio.create_task(self._close_revoked())
        logger.info("iris: serving the device protocol on %s://%s:%d",
                    "wss" if self.settings.tls else "ws", self.settings.host, self.port)

    async def stop(self) -> None:
        if self._revoke_task is not None:
            self._revoke_task.cancel()
        await asyncio.gather(*(c.close(1012, "gateway restarting") for c in list(self.hub.connections)))
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _close_revoked(self) -> None:
        """A revoked token's open connections close within about a second."""
        while True:
            await asyncio.sleep(REVOKE_POLL_SECONDS)
            known = {d.name for d in self.tokens.list()}
            for conn in list(self.hub.connections):
                if conn.device not in known:
                    conn.push(error("auth", "token revoked"))
                    await conn.flush(FLUSH_TIMEOUT)
                    await conn.close(4401, "token revoked")

    async def _serve_one(self, ws: ServerConnection) -> None:
        conn = await self._handshake(ws)
        if conn is None:
            return
        self.hub.add(conn)
        try:
            async for raw in ws:
                if isinstance(raw, bytes):
                    await self.on_binary(conn, raw)
                    continue
                await self._handle_text(conn, raw)
        except Exception as exc:
            logger.debug("iris: connection %s ended: %s", conn.device, exc)
        finally:
            self.hub.remove(conn)
            await conn.close()

    async def _handle_text(self, conn: Connection, raw: str) -> None:
        try:
            f = json.loads(raw)
            if not isinstance(f, dict) or not isinstance(f.get("type"), str):
                raise ValueError("not a frame")
        except ValueError:
            conn.push(error("unsupported", "malformed frame"))
            return
        fid = f.get("id") if isinstance(f.get("id"), int) else None
        if f.get("v", PROTOCOL_VERSION) != PROTOCOL_VERSION:
            conn.push(error("unsupported", f"protocol v{f.get('v')} is not served; this gateway speaks v1", fid))
            return
        if not isinstance(f.get("payload"), dict):
            f["payload"] = {}
        if f["type"] == "hello":
            conn.push(error("unsupported", "already paired", fid))
            return
        if f["type"] == "ping":
            conn.push(frame("pong", {"ts": f["payload"].get("ts")}, id=fid))
            return
        try:
            await self.dispatch(conn, f)
        except Exception as exc:  # a bug must not cost the device its socket
            logger.exception("iris: %s failed", f["type"])
            if fid is not None:
                conn.push(error("internal", f"{f['type']} failed: {type(exc).__name__}", fid))

    async def _handshake(self, ws: ServerConnection) -> Optional[Connection]:
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            f = json.loads(raw)
        except (asyncio.TimeoutError, ValueError, TypeError):
            await _refuse(ws, "unsupported", "first frame must be hello", 1002)
            return None
        except Exception:
            return None
        if not isinstance(f, dict) or f.get("type") != "hello":
            await _refuse(ws, "unsupported", "first frame must be hello", 1002)
            return None
        if f.get("v", PROTOCOL_VERSION) != PROTOCOL_VERSION:
            await _refuse(ws, "unsupported", f"protocol v{f.get('v')} is not served; this gateway speaks v1", 1002)
            return None
        p = f.get("payload") if isinstance(f.get("payload"), dict) else {}
        caps = p.get("caps") if isinstance(p.get("caps"), dict) else {}
        if int(caps.get("min_protocol", 1) or 1) > PROTOCOL_VERSION:
            await _refuse(ws, "unsupported", "client needs a newer protocol than v1", 1002)
            return None
        device = self.tokens.authenticate(str(p.get("token") or ""))
        if device is None:
            await _refuse(ws, "auth", "token rejected: make one with `python -m iris_hermes token create NAME`", 4401)
            return None
        conn = Connection(ws, device.name, str(p.get("device_name") or ""), str(p.get("device_id") or ""), caps)
        conn.start()
        # No push backend ("push": "none"): nothing was ever delivered by push.
        ack = {"server_caps": dict(SERVER_CAPS), "sync_cursor": self.hub.store.head(), "last_pushed_cursor": 0,
               "instance_id": self.instance_id}
        ack.update(self.ack_extra())
        conn.push(frame("hello.ack", ack, id=f.get("id") if isinstance(f.get("id"), int) else None))
        conn.push(frame("status", {"state": "online"}))
        return conn


async def _refuse(ws: ServerConnection, code: str, message: str, close_code: int) -> None:
    try:
        await ws.send(json.dumps(error(code, message)))
        await ws.close(close_code, message[:100])
    except Exception:
        pass
