"""Runs the real ``hermes gateway`` in a temporary HERMES_HOME.

:func:`write_home` lays out a HERMES_HOME whose model is the scripted server
(:mod:`scripted_model`), with Hermes' outbound fetches turned off as far as its
config allows; :class:`HermesGateway` starts ``hermes gateway run`` there,
waits for it with deadlines, stops it (SIGTERM) or kills it (SIGKILL), and
keeps its output in a log file that the suite prints when a test fails.

Hermes is kept on loopback three ways: the config switches off what fetches at
startup (tirith's download, lazy pip installs, context-length probes of
OpenRouter and models.dev); every HTTP client that honours proxy variables is
sent to a closed port on 127.0.0.1; and ``scripts/hermes-e2e.sh`` runs the whole
suite in a network namespace of its own with only loopback when it can.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

import yaml

# Port 9 (discard) is closed on loopback: a client that ignores NO_PROXY and
# tries the network fails at once instead of leaving the machine.
DEAD_PROXY = "http://127.0.0.1:9"

# What Hermes logs once the gateway's start-up is done and platforms are up.
READY_MARKER = "gateway.run: Press Ctrl+C to stop"  # the log line, not the banner


def hermes_executable() -> str:
    """The ``hermes`` entry point of the Python running the suite (its venv)."""
    beside = Path(sys.executable).with_name("hermes")
    if beside.exists():
        return str(beside)
    found = shutil.which("hermes")
    if not found:
        raise RuntimeError("no hermes executable beside the test interpreter or on PATH")
    return found


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class HomeSpec:
    """What goes into HERMES_HOME/config.yaml besides the fixed offline settings."""

    model_url: str
    models: list[str] = field(default_factory=lambda: ["scripted-alpha", "scripted-beta"])
    iris_port: Optional[int] = None  # None: the Iris platform plugin is not enabled
    workdir: Optional[Path] = None
    extra: dict = field(default_factory=dict)  # merged over the generated config


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def config_for(spec: HomeSpec) -> dict:
    """The config.yaml content for ``spec``."""
    config: dict[str, Any] = {
        "model": {
            "provider": "scripted",
            "default": spec.models[0],
            # A known context length skips Hermes' probes of the endpoint,
            # OpenRouter and models.dev.
            "context_length": 131072,
        },
        "providers": {
            "scripted": {
                "name": "Scripted",
                "base_url": spec.model_url,
                "api_key": "scripted-key",
                "default_model": spec.models[0],
                "models": list(spec.models),
            },
        },
        # manual: every flagged command waits for a person (the default,
        # smart, first asks an auxiliary model).
        "approvals": {"mode": "manual"},
        "security": {"tirith_enabled": False, "allow_lazy_installs": False},
    }
    if spec.workdir is not None:
        config["terminal"] = {"cwd": str(spec.workdir)}
    if spec.iris_port is not None:
        config["plugins"] = {"enabled": ["iris"]}
        config["platforms"] = {"iris": {"enabled": True, "extra": {"host": "127.0.0.1", "port": spec.iris_port}}}
    return _merge(config, spec.extra)


def write_home(home: Path, spec: HomeSpec) -> Path:
    """Creates HERMES_HOME at ``home`` for ``spec`` and returns it."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.yaml").write_text(yaml.safe_dump(config_for(spec), sort_keys=False))
    # A fresh models.dev cache keeps Hermes from downloading the catalogue.
    cache = {"scripted": {"id": "scripted", "name": "Scripted", "models": {}}}
    (home / "models_dev_cache.json").write_text(json.dumps(cache))
    return home


def offline_env(home: Path, base: Optional[dict] = None) -> dict:
    """The environment for a Hermes process: its HERMES_HOME and no way out."""
    env = dict(os.environ if base is None else base)
    for key in list(env):
        # Nothing of the caller's Hermes or provider setup leaks in.
        if key.startswith(("HERMES_", "OPENAI_", "OPENROUTER_", "ANTHROPIC_", "IRIS_")):
            del env[key]
    env.update({
        "HERMES_HOME": str(home),
        "HERMES_DISABLE_LAZY_INSTALLS": "1",
        "HTTP_PROXY": DEAD_PROXY,
        "HTTPS_PROXY": DEAD_PROXY,
        "ALL_PROXY": DEAD_PROXY,
        "http_proxy": DEAD_PROXY,
        "https_proxy": DEAD_PROXY,
        "all_proxy": DEAD_PROXY,
        "NO_PROXY": "127.0.0.1,localhost,::1",
        "no_proxy": "127.0.0.1,localhost,::1",
        "PYTHONUNBUFFERED": "1",
    })
    return env


def wait_until(check: Callable[[], bool], timeout: float, what: str, interval: float = 0.05) -> None:
    """Polls ``check`` until it is true; raises TimeoutError naming ``what``."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() >= deadline:
            raise TimeoutError(f"{what}: not within {timeout}s")
        time.sleep(interval)


def websocket_accepts(port: int) -> bool:
    """True when a WebSocket handshake on ws://127.0.0.1:port/ succeeds (a bare
    TCP probe would make the server log a failed handshake)."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    try:
        with connect(f"ws://127.0.0.1:{port}/", open_timeout=2, proxy=None):
            return True
    except (OSError, TimeoutError, WebSocketException):
        return False


class HermesGateway:
    """One ``hermes gateway run`` process (restartable) on a HERMES_HOME."""

    def __init__(self, home: Path, workdir: Path, iris_port: Optional[int] = None) -> None:
        self.home = home
        self.workdir = workdir
        self.iris_port = iris_port
        self.env = offline_env(home)
        self.log_path = home / "gateway-run.log"
        self.proc: Optional[subprocess.Popen] = None
        self.starts = 0
        self.started_at = 0.0  # time.time() of the latest start
        self._log_offset = 0

    def start(self, timeout: float = 90.0) -> "HermesGateway":
        """Starts the gateway and waits until it is ready (and the plugin listens)."""
        if self.proc is not None and self.proc.poll() is None:
            raise RuntimeError("gateway already running")
        self.starts += 1
        self.started_at = time.time()
        log = open(self.log_path, "ab")
        self._log_offset = self.log_path.stat().st_size
        log.write(f"\n===== start {self.starts} =====\n".encode())
        log.flush()
        # --replace: a killed predecessor's pid file must not block the next start.
        self.proc = subprocess.Popen(
            [hermes_executable(), "gateway", "run", "-v", "--replace"],
            cwd=self.workdir, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
        log.close()
        try:
            wait_until(self._ready, timeout, "hermes gateway ready")
        except TimeoutError:
            self.stop()
            raise
        return self

    def _ready(self) -> bool:
        if self.proc is None or self.proc.poll() is not None:
            raise RuntimeError(f"hermes gateway exited with {self.proc.returncode if self.proc else None}:\n{self.log()}")
        if READY_MARKER not in self.log(since_start=True):
            return False
        return self.iris_port is None or websocket_accepts(self.iris_port)

    def log(self, since_start: bool = False) -> str:
        """The gateway's combined output (of every start, or of the latest)."""
        try:
            data = self.log_path.read_bytes()
        except FileNotFoundError:
            return ""
        if since_start:
            data = data[self._log_offset:]
        return data.decode("utf-8", "replace")

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 30.0) -> Optional[int]:
        """SIGTERM, then SIGKILL after ``timeout``; returns the exit code."""
        return self._end(signal.SIGTERM, timeout)

    def kill(self) -> Optional[int]:
        """SIGKILL the gateway's whole process group: a crash, no shutdown path."""
        return self._end(signal.SIGKILL, 10.0)

    def _end(self, sig: int, timeout: float) -> Optional[int]:
        proc = self.proc
        if proc is None:
            return None
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
        # Tools the agent started (terminal commands) share the group.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        return proc.returncode

    def restart(self, timeout: float = 90.0) -> "HermesGateway":
        self.stop()
        return self.start(timeout)

    def hermes(self, *args: str, timeout: float = 120.0, input_text: Optional[str] = None) -> subprocess.CompletedProcess:
        """Runs another ``hermes`` command (e.g. ``chat -q``) on this HERMES_HOME."""
        return subprocess.run(
            [hermes_executable(), *args], cwd=self.workdir, env=self.env, input=input_text,
            capture_output=True, text=True, timeout=timeout,
        )

    def python(self, *args: str, timeout: float = 60.0) -> subprocess.CompletedProcess:
        """Runs the suite's Python (the venv with the plugin) on this HERMES_HOME."""
        return subprocess.run(
            [sys.executable, *args], cwd=self.workdir, env=self.env,
            capture_output=True, text=True, timeout=timeout,
        )
