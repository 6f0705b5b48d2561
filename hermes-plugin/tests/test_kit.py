"""The gateway conformance kit (``iris conformance``) passes against the plugin.

The kit is the Iris binary, built from this repository; it drives the
plugin's real listener on 127.0.0.1 with a device token, as a gateway
operator would run it.
"""

import asyncio
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
KIT_TIMEOUT = 300


@pytest.fixture(scope="session")
def iris_binary(tmp_path_factory):
    if shutil.which("go") is None:
        pytest.skip("go is not on PATH: the conformance kit is the iris binary, built with go")
    out = tmp_path_factory.mktemp("kit") / "iris"
    subprocess.run(["go", "build", "-o", str(out), "."], cwd=REPO, check=True, timeout=600)
    return out


def isolated_env(home: Path, token: str) -> dict:
    """The kit reads no profile of the user's and writes nothing outside ``home``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("IRIS_", "XDG_"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(home / "cache"), IRIS_TOKEN=token)
    return env


async def test_the_conformance_kit_passes_every_rule(gateway, iris_binary, tmp_path):
    async def handler(event):
        return "noted: " + (event.text or "")

    gateway.adapter.set_message_handler(handler)
    home = tmp_path / "kit-home"
    home.mkdir()
    proc = await asyncio.create_subprocess_exec(
        str(iris_binary), "conformance", "--url", gateway.url, env=isolated_env(home, gateway.token),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), KIT_TIMEOUT)
    lines = out.decode().strip().splitlines()
    report = out.decode() + err.decode()
    assert lines, report
    summary = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1])
    assert summary and int(summary[1]) > 0 and summary[2] == "0", report
    assert proc.returncode == 0, report
    assert gateway.token not in report
