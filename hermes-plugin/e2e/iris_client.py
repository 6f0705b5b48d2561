"""Drives the real Iris binary: the TUI in tmux, and its headless commands.

Each :class:`IrisDevice` is one user's machine: XDG directories of its own (so
its own device id and store) and a private tmux server. The binary is built
once per test session with ``go build`` from the repository root, unless
``IRIS_E2E_BINARY`` names one already built (``scripts/hermes-e2e.sh`` builds it
before it leaves the network).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import time
from pathlib import Path
from typing import Callable, Optional

REPO_ROOT = Path(__file__).resolve().parents[2]
COLS, ROWS = 120, 40


def build_iris(out_dir: Path) -> Path:
    """The Iris binary: ``$IRIS_E2E_BINARY`` or a fresh ``go build`` into out_dir."""
    given = os.environ.get("IRIS_E2E_BINARY")
    if given:
        return Path(given)
    binary = out_dir / "iris"
    subprocess.run(["go", "build", "-o", str(binary), "."], cwd=REPO_ROOT, check=True, timeout=600)
    return binary


class Screen:
    """A tmux session running the TUI."""

    def __init__(self, device: "IrisDevice", name: str) -> None:
        self.device = device
        self.name = name

    def text(self) -> str:
        return self.device.tmux("capture-pane", "-p", "-t", self.name)

    def wait_shows(self, *wanted: str, timeout: float = 30.0) -> str:
        """Waits until every string in ``wanted`` is on screen; returns the screen."""
        return self.wait(lambda s: all(w in s for w in wanted), f"screen showing {wanted!r}", timeout)

    def wait_gone(self, unwanted: str, timeout: float = 30.0) -> str:
        return self.wait(lambda s: unwanted not in s, f"screen without {unwanted!r}", timeout)

    def wait(self, check: Callable[[str], bool], what: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        screen = self.text()
        while not check(screen):
            if time.monotonic() >= deadline:
                raise AssertionError(f"{what}: not within {timeout}s; screen:\n{screen}")
            time.sleep(0.05)
            screen = self.text()
        return screen

    def keys(self, *keys: str) -> None:
        """tmux send-keys names (``Enter``, ``C-c``, ``Down``...)."""
        self.device.tmux("send-keys", "-t", self.name, *keys)

    def type(self, text: str) -> None:
        """Types ``text`` literally."""
        self.device.tmux("send-keys", "-t", self.name, "-l", text)

    def send(self, text: str) -> None:
        """Types a message into the composer and sends it."""
        self.type(text)
        self.keys("Enter")

    def dead(self) -> bool:
        return self.device.tmux("display-message", "-p", "-t", self.name, "#{pane_dead}").strip() == "1"

    def quit(self, timeout: float = 15.0) -> None:
        """Ctrl+C until the binary has exited (a second one passes the quit guard)."""
        deadline = time.monotonic() + timeout
        while not self.dead():
            if time.monotonic() >= deadline:
                raise AssertionError(f"iris did not quit within {timeout}s; screen:\n{self.text()}")
            self.keys("C-c")
            time.sleep(0.3)


class IrisDevice:
    """One Iris installation: its directories, its tmux server, its binary."""

    _servers = 0

    def __init__(self, binary: Path, root: Path, url: str, token: str, name: str) -> None:
        self.binary = binary
        self.root = root
        self.url = url
        self.token = token
        self.name = name
        self.xdg = {}
        for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
            path = root / var.lower()
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
            self.xdg[var] = str(path)
        self.tmux_conf = root / "tmux.conf"
        self.tmux_conf.write_text("set -g remain-on-exit on\nset -g history-limit 5000\n")
        IrisDevice._servers += 1
        self.socket = f"iris-hermes-e2e-{os.getpid()}-{IrisDevice._servers}"
        self._runs = 0
        self._procs: list[Background] = []

    def env(self) -> dict:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("IRIS_", "XDG_"))}
        env.update(self.xdg)
        env.update({"TERM": "xterm-256color", "NO_COLOR": "1", "IRIS_URL": self.url, "IRIS_TOKEN": self.token})
        return env

    def tmux(self, *args: str) -> str:
        out = subprocess.run(
            ["tmux", "-L", self.socket, "-f", str(self.tmux_conf), *args],
            capture_output=True, text=True, timeout=30,
        )
        if out.returncode != 0:
            raise RuntimeError(f"tmux {args}: {out.stderr}")
        return out.stdout

    def tui(self, *args: str) -> Screen:
        """Starts the TUI in a new tmux session of 120×40."""
        self._runs += 1
        name = f"run{self._runs}"
        words = ["exec", "env"] + [f"{k}={v}" for k, v in self.env().items() if k in self.xdg or k in (
            "TERM", "NO_COLOR", "IRIS_URL", "IRIS_TOKEN", "PATH", "HOME")]
        words += [str(self.binary), "--device-name", self.name, *args]
        self.tmux("new-session", "-d", "-s", name, "-x", str(COLS), "-y", str(ROWS), " ".join(shlex.quote(w) for w in words))
        return Screen(self, name)

    def run(self, *args: str, timeout: float = 60.0, input_text: Optional[str] = None) -> subprocess.CompletedProcess:
        """Runs a headless command (``send``, ``answer``...) to completion."""
        return subprocess.run(
            [str(self.binary), *args], env=self.env(), input=input_text,
            capture_output=True, text=True, timeout=timeout,
        )

    def spawn(self, *args: str) -> "Background":
        """Starts a long-running headless command (``tail``, ``approve``); ended at cleanup."""
        self._runs += 1
        out = self.root / f"bg{self._runs}.out"
        err = self.root / f"bg{self._runs}.err"
        with open(out, "wb") as o, open(err, "wb") as e:
            proc = subprocess.Popen([str(self.binary), *args], env=self.env(), stdout=o, stderr=e, stdin=subprocess.DEVNULL)
        bg = Background(proc, out, err)
        self._procs.append(bg)
        return bg

    def close(self) -> None:
        for bg in self._procs:
            bg.stop()
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


class Background:
    """A headless command running in the background, its output in files."""

    def __init__(self, proc: subprocess.Popen, out: Path, err: Path) -> None:
        self.proc = proc
        self.out = out
        self.err = err

    def stdout(self) -> str:
        return self.out.read_text(errors="replace")

    def stderr(self) -> str:
        return self.err.read_text(errors="replace")

    def wait_output(self, check: Callable[[str], bool], what: str, timeout: float = 30.0) -> str:
        """Polls stdout until ``check`` holds."""
        deadline = time.monotonic() + timeout
        while not check(self.stdout()):
            if self.proc.poll() is not None or time.monotonic() >= deadline:
                raise AssertionError(f"{what}: not within {timeout}s (exit {self.proc.poll()}); "
                                     f"stdout:\n{self.stdout()}\nstderr:\n{self.stderr()}")
            time.sleep(0.05)
        return self.stdout()

    def stop(self) -> Optional[int]:
        """SIGINT (Ctrl+C, a clean exit for tail/approve), then SIGKILL after 10 s."""
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        return self.proc.returncode


def json_lines(text: str) -> list[dict]:
    """Parses NDJSON output, skipping blank lines."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]
