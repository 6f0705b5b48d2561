"""Fixtures of the real-Hermes end-to-end suite.

- ``model``: a :class:`ScriptedModel` on 127.0.0.1, one per test.
- ``hermes``: a factory for a HERMES_HOME + ``hermes gateway run`` on it
  (stopped at teardown); its log is printed when the test fails.
- ``iris_binary``: the Iris binary, built once per session.
- ``iris``: a factory for Iris devices (own XDG dirs and tmux server) with a
  device token made by the plugin's token command.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from typing import Callable, Optional

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hermes_gateway import HermesGateway, HomeSpec, free_port, write_home  # noqa: E402
from iris_client import IrisDevice, build_iris  # noqa: E402
from scripted_model import ScriptedModel  # noqa: E402


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)


def _failed(request) -> bool:
    return any(getattr(getattr(request.node, "rep_" + w, None), "failed", False) for w in ("setup", "call"))


@pytest.fixture
def model():
    with ScriptedModel() as server:
        yield server


class Hermes:
    """A HERMES_HOME and the gateway process running on it."""

    def __init__(self, root: Path, model: ScriptedModel, with_iris: bool, extra: dict) -> None:
        self.workdir = root / "work"
        self.workdir.mkdir(parents=True)
        self.iris_port: Optional[int] = free_port() if with_iris else None
        self.home = write_home(root / "hermes-home", HomeSpec(
            model_url=model.base_url, models=model.models, iris_port=self.iris_port,
            workdir=self.workdir, extra=extra))
        self.gateway = HermesGateway(self.home, self.workdir, self.iris_port)

    @property
    def url(self) -> str:
        assert self.iris_port is not None
        return f"ws://127.0.0.1:{self.iris_port}/"

    def make_token(self, device: str) -> str:
        """A device token from the plugin's own command (``python -m iris_hermes token create``)."""
        out = self.gateway.python("-m", "iris_hermes", "token", "create", device)
        assert out.returncode == 0, f"token create failed ({out.returncode}):\n{out.stdout}\n{out.stderr}"
        return out.stdout.strip().splitlines()[-1]


@pytest.fixture
def hermes(tmp_path, model, request):
    made: list[Hermes] = []

    def make(with_iris: bool = True, start: bool = True, **extra) -> Hermes:
        if with_iris and importlib.util.find_spec("iris_hermes") is None:
            pytest.fail("the Iris plugin (iris_hermes) is not installed in this venv: pip install -e hermes-plugin[test]")
        h = Hermes(tmp_path / f"hermes{len(made)}", model, with_iris, extra)
        made.append(h)
        if start:
            h.gateway.start()
        return h

    yield make
    for h in made:
        h.gateway.stop()
        if _failed(request):
            sys.stderr.write(f"\n===== hermes gateway log ({h.home}) =====\n{h.gateway.log()[-20000:]}\n")
            for name in ("agent.log", "errors.log"):
                log = h.home / "logs" / name
                if log.exists():
                    sys.stderr.write(f"\n===== {log} (tail) =====\n{log.read_text(errors='replace')[-8000:]}\n")


@pytest.fixture(scope="session")
def iris_binary(tmp_path_factory) -> Path:
    if shutil.which("tmux") is None:
        pytest.fail("tmux is required by the end-to-end suite")
    return build_iris(tmp_path_factory.mktemp("iris-bin"))


@pytest.fixture
def iris(tmp_path, iris_binary, request) -> Callable[..., IrisDevice]:
    devices: list[IrisDevice] = []

    def make(h: Hermes, name: str = "laptop") -> IrisDevice:
        device = IrisDevice(iris_binary, tmp_path / f"iris-{name}", h.url, h.make_token(name), name)
        devices.append(device)
        return device

    yield make
    for device in devices:
        if _failed(request):
            for session in device.tmux("list-sessions", "-F", "#{session_name}").split() if _has_server(device) else []:
                sys.stderr.write(f"\n===== iris {device.name} {session} screen =====\n{device.tmux('capture-pane', '-p', '-t', session)}\n")
        device.close()


def _has_server(device: IrisDevice) -> bool:
    try:
        device.tmux("list-sessions")
        return True
    except RuntimeError:
        return False
