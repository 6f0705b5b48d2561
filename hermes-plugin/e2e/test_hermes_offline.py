"""The real Hermes runs on the scripted model and stays on loopback.

These need no Iris plugin: they prove the harness (HERMES_HOME, provider
config, offline settings) before the device-protocol tests build on it.
"""

from scripted_model import Step, ToolCall

# What Hermes logs when something of it tried to leave the machine: it met the
# dead proxy (requests/urllib3 and httpx wordings), or, in the suite's own
# network namespace, found no name server or route.
LEAK_SIGNS = ("Unable to connect to proxy", "ProxyError", "Max retries exceeded", "ConnectError",
              "NameResolutionError", "Temporary failure in name resolution", "Network is unreachable")


def test_hermes_agent_answers_from_the_scripted_model(hermes, model):
    model.add("probe", Step(reasoning="A scripted thought.", text="Scripted hello."))
    h = hermes(with_iris=False, start=False)
    out = h.gateway.hermes("chat", "-Q", "-q", "probe the model")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Scripted hello." in out.stdout
    request = model.wait_for(lambda r: r.script == "probe", timeout=5)
    assert request.model == "scripted-alpha"
    tools = {t["function"]["name"] for t in request.body.get("tools") or []}
    assert {"terminal", "clarify"} <= tools
    logs = (h.home / "logs" / "agent.log").read_text()
    assert not [s for s in LEAK_SIGNS if s in logs], logs[-4000:]


def test_a_terminal_tool_call_runs_and_its_output_reaches_the_next_request(hermes, model):
    model.add("list it", Step(tool_call=ToolCall("terminal", {"command": "echo tool-ran-$((6*7))"})),
              Step(text="The tool said 42."))
    h = hermes(with_iris=False, start=False)
    out = h.gateway.hermes("chat", "-Q", "-q", "list it please")
    assert out.returncode == 0, out.stdout + out.stderr
    second = model.wait_for(lambda r: r.script == "list it" and r.step == 1, timeout=5)
    assert any("tool-ran-42" in result for result in second.tool_results())
    assert "The tool said 42." in out.stdout


def test_gateway_starts_ready_and_stops_on_sigterm_without_leaving_loopback(hermes):
    h = hermes(with_iris=False)
    assert h.gateway.running()
    h.gateway.stop()
    assert not h.gateway.running()
    log = h.gateway.log()
    assert "Stopping gateway" in log
    assert not [s for s in LEAK_SIGNS if s in log], log[-4000:]
