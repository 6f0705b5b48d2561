"""Steps the end-to-end tests share: an online TUI, a waiting picker, scripts."""

from __future__ import annotations

import json
import time
from pathlib import Path

from iris_client import IrisDevice, Screen, json_lines
from scripted_model import ScriptedModel, Step, ToolCall

ONLINE = "● online"


def online(device: IrisDevice, *args: str) -> Screen:
    """Starts the TUI and waits until it is online."""
    screen = device.tui(*args)
    screen.wait_shows(ONLINE, timeout=60)
    return screen


PICKER_CARD = "waiting · alt+p to answer"
# The hints of an open picker dialog that accepts answers, by kind.
APPROVAL_ARMED = "then enter, to answer"
CLARIFY_ARMED = "then enter · alt+1"
MODEL_ARMED = "type to filter"


def open_picker(screen: Screen, armed: str, *shows: str, timeout: float = 90.0) -> str:
    """Waits for a picker whose open dialog shows the hint ``armed``; one that
    arrived as a card (within 2 s of typing, or raised by another device) is
    opened with alt+p. Returns the screen once ``armed`` and every string of
    ``shows`` are on it."""
    seen = screen.wait(lambda s: PICKER_CARD in s or armed in s, "the picker or its card", timeout)
    if armed not in seen:
        screen.keys("M-p")
    return screen.wait_shows(armed, *shows, timeout=15)


def waiting_picker(device: IrisDevice, kind: str, timeout: float = 60.0) -> dict:
    """Polls ``iris pickers --json`` until a picker of ``kind`` waits; returns it."""
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        out = device.run("pickers", "--json", timeout=30)
        seen = out.stdout + out.stderr
        if out.returncode == 0:
            for event in json_lines(out.stdout):
                if event.get("type") == kind:
                    return event
        time.sleep(0.2)
    raise AssertionError(f"no {kind} picker waiting within {timeout}s; last `iris pickers --json`:\n{seen}")


def victim(workdir: Path, name: str = "victim") -> Path:
    """A directory with a file in it, for a recursive delete the guard holds."""
    path = workdir / name
    path.mkdir()
    (path / "keep.txt").write_text("data\n")
    return path


def script_delete(model: ScriptedModel, trigger: str, target: str, after: str = "The cleanup step is finished.") -> None:
    """The model asks the terminal for ``rm -r target`` (Hermes' guard holds it), then says ``after``."""
    model.add(trigger, Step(text="I will remove it.", tool_call=ToolCall("terminal", {"command": f"rm -r {target}"})),
              Step(text=after))


def script_clarify(model: ScriptedModel, trigger: str, question: str, choices: list[str]) -> None:
    model.add(trigger, Step(tool_call=ToolCall("clarify", {"question": question, "choices": choices})),
              Step(text="Thanks, noted your answer."))


def send_wait(device: IrisDevice, text: str, *args: str, timeout: float = 90.0):
    """``iris send --wait --json TEXT``: its exit code and NDJSON events."""
    out = device.run("send", "--wait", "--json", *args, text, timeout=timeout)
    try:
        events = json_lines(out.stdout)
    except json.JSONDecodeError as err:
        raise AssertionError(f"send --json printed non-JSON: {err}\n{out.stdout}\n{out.stderr}") from err
    return out.returncode, events, out.stderr


def tool_result_with(model: ScriptedModel, trigger: str, step: int, timeout: float = 60.0) -> str:
    """The tool results of the request for ``step`` of the script, joined."""
    request = model.wait_for(lambda r: r.script == trigger and r.step == step, timeout)
    return "\n".join(request.tool_results())
