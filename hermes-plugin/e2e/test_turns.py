"""A streamed answer on the real Hermes, in the TUI and headless."""

from flows import online, send_wait
from scripted_model import Step, ToolCall


def test_streamed_answer_with_reasoning_and_a_tool_in_the_tui(hermes, model, iris):
    model.add("weather", Step(reasoning="The user wants the forecast; ask the shell.",
                              tool_call=ToolCall("terminal", {"command": "echo sunny-$((40+2))"})),
              Step(text="The forecast says sunny all day, forty two degrees.", chunk_size=3))
    h = hermes()
    screen = online(iris(h))
    screen.send("weather for tomorrow")
    shown = screen.wait_shows("The forecast says sunny all day, forty two degrees.", "terminal", timeout=90)
    assert "weather for tomorrow" in shown
    assert "No home channel" not in shown  # the plugin makes its default channel Hermes' home
    result = model.wait_for(lambda r: r.script == "weather" and r.step == 1, timeout=5)
    assert any("sunny-42" in t for t in result.tool_results())
    # The reasoning reaches Iris and is shown above the reply.
    screen.wait_shows("The user wants the forecast", timeout=10)
    shown = screen.text()
    assert shown.index("The user wants the forecast") < shown.index("The forecast says sunny")


def test_headless_send_wait_prints_the_streamed_reply_once(hermes, model, iris):
    reply = "Hermes answers through the scripted model, streamed in small pieces."
    model.add("status report", Step(text=reply, chunk_size=4))
    h = hermes()
    code, events, err = send_wait(iris(h), "status report please")
    assert code == 0, (events, err)
    kinds = [e["event"] for e in events]
    assert kinds[0] == "sent" and kinds[-1] == "end", kinds
    assert events[-1]["status"] == "ok"
    finals = [e for e in events if e["event"] == "reply"]
    assert [e["text"] for e in finals] == [reply]
    assert "".join(e["text"] for e in events if e["event"] == "delta") == reply
    request = model.wait_for(lambda r: r.script == "status report", timeout=5)
    assert request.messages[-1]["role"] == "user"
    assert "status report please" in request.text()
