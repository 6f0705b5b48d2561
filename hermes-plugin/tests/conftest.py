"""Fixtures: a real IrisAdapter listening on 127.0.0.1 in a temp HERMES_HOME."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Dict, List, Optional

import pytest
import websockets

from gateway.config import PlatformConfig

DEADLINE = 5.0


@pytest.fixture(scope="session", autouse=True)
def plugin_loaded(tmp_path_factory):
    """Load the plugin the way Hermes does: entry point + ``plugins.enabled``."""
    import os

    home = tmp_path_factory.mktemp("hermes-session")
    (home / "config.yaml").write_text("plugins:\n  enabled: [iris]\n")
    old = os.environ.get("HERMES_HOME")
    os.environ["HERMES_HOME"] = str(home)
    from hermes_cli.plugins import discover_plugins, get_plugin_manager
    from gateway.platform_registry import platform_registry

    import hermes_state  # noqa: F401  (its default DB path is fixed at import: the session's home)

    discover_plugins(force=True)
    assert platform_registry.get("iris") is not None, get_plugin_manager()._plugins.get("iris")
    yield
    if old is None:
        os.environ.pop("HERMES_HOME", None)
    else:
        os.environ["HERMES_HOME"] = old


@pytest.fixture(autouse=True)
def hermes_home(tmp_path, monkeypatch, plugin_loaded):
    home = tmp_path / "hermes"
    home.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(home))
    for var in ("IRIS_HOST", "IRIS_PORT", "IRIS_TLS_CERT", "IRIS_TLS_KEY", "IRIS_ALLOW_INSECURE", "IRIS_STATE_DIR"):
        monkeypatch.delenv(var, raising=False)
    return home


@pytest.fixture
def sessions(hermes_home, monkeypatch):
    """Hermes' own SessionStore over a state.db in this test's HERMES_HOME."""
    import hermes_state
    from gateway.config import GatewayConfig
    from gateway.session import SessionStore

    monkeypatch.setattr(hermes_state, "DEFAULT_DB_PATH", hermes_home / "state.db")
    store = SessionStore(hermes_home / "sessions", GatewayConfig())
    yield store
    if store._db is not None:
        store._db.close()


class Client:
    """A device: a real websocket client with a frame buffer."""

    def __init__(self, ws):
        self.ws = ws
        self.frames: List[Dict[str, Any]] = []
        self.binary: List[bytes] = []
        self._next_id = 100

    def next_id(self) -> int:
        self._next_id += 1
        return self._next_id

    async def send(self, type_: str, payload: Optional[dict] = None, **env: Any) -> int:
        fid = env.pop("id", "auto")
        if fid == "auto":
            fid = self.next_id()
        f = {"v": 1, "type": type_, "payload": payload or {}}
        if fid is not None:
            f["id"] = fid
        f.update(env)
        await self.ws.send(json.dumps(f))
        return fid

    async def _read(self, timeout: float) -> None:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        if isinstance(raw, bytes):
            self.binary.append(raw)
        else:
            self.frames.append(json.loads(raw))

    async def expect(self, type_: str, pred=None, timeout: float = DEADLINE) -> Dict[str, Any]:
        """The first buffered or arriving frame of ``type_`` matching ``pred`` (consumed)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for i, f in enumerate(self.frames):
                if f.get("type") == type_ and (pred is None or pred(f)):
                    return self.frames.pop(i)
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"no {type_} frame; got {[f.get('type') for f in self.frames]}")
            await self._read(remaining)

    async def none_of(self, type_: str, settle_on: str, pred=None) -> None:
        """Assert no ``type_`` frame arrived before the ``settle_on`` frame."""
        await self.expect(settle_on)
        assert not [f for f in self.frames if f.get("type") == type_ and (pred is None or pred(f))]

    async def close(self) -> None:
        await self.ws.close()


async def open_client(url: str, token: str, caps: Optional[dict] = None, **kw: Any) -> Client:
    ws = await websockets.connect(url, **kw)
    c = Client(ws)
    hello_caps = {"min_protocol": 1, "media": True, "push": "none"}
    hello_caps.update(caps or {})
    await c.send("hello", {"token": token, "device_id": "dev_test", "device_name": "testbox", "caps": hello_caps})
    return c


class Gateway:
    def __init__(self, adapter, token: str):
        self.adapter = adapter
        self.token = token

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.adapter.port}"

    async def client(self, token: Optional[str] = None, caps: Optional[dict] = None, name: str = "testbox") -> Client:
        c = await open_client(self.url, token or self.token, caps)
        await c.expect("hello.ack")
        return c


def make_adapter(state_dir, **extra):
    from iris_hermes.adapter import IrisAdapter

    cfg = PlatformConfig(enabled=True, extra={"host": "127.0.0.1", "port": 0, "state_dir": str(state_dir), **extra})
    return IrisAdapter(cfg)


@pytest.fixture
async def gateway(tmp_path):
    from iris_hermes.tokens import TokenStore

    state = tmp_path / "iris"
    adapter = make_adapter(state)
    assert await adapter.connect()
    token = TokenStore(state).create("laptop")
    yield Gateway(adapter, token)
    await adapter.disconnect()
