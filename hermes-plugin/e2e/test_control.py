"""Stop and steer a running Hermes turn from Iris."""

from flows import online
from scripted_model import Step, ToolCall


def test_stop_mid_turn_ends_the_reply_and_the_next_message_is_answered(hermes, model, iris):
    model.add("long story", Step(text_before_hold="Once upon a time, ", hold="story", text="and they lived on."))
    model.add("short one", Step(text="A short answer."))
    h = hermes()
    screen = online(iris(h))
    screen.send("tell a long story")
    assert model.gate("story").wait_reached(90)
    screen.wait_shows("Once upon a time", timeout=30)
    screen.keys("C-x")  # stop agent
    # Hermes interrupts: the held stream is dropped and the turn ends.
    screen.wait(lambda s: "stopped" in s.lower() or "interrupted" in s.lower(), "the reply marked as stopped", timeout=60)
    assert "and they lived on." not in screen.text()
    # Hermes' ack of the stop quotes no message (it answers the /stop the plugin sent).
    screen.wait_shows("Stopped. You can continue this session.", timeout=30)
    assert "a message not loaded" not in screen.text()
    screen.send("now a short one")
    screen.wait_shows("A short answer.", timeout=90)
    assert "and they lived on." not in screen.text()


def test_steer_reaches_the_running_turn(hermes, model, iris):
    model.add("refactor the module",
              Step(text_before_hold="Starting the refactor. ", hold="refactor",
                   tool_call=ToolCall("terminal", {"command": "echo refactor-step"})),
              Step(text="Refactor done, steering taken into account."))
    h = hermes()
    screen = online(iris(h))
    screen.send("refactor the module")
    assert model.gate("refactor").wait_reached(90)
    screen.wait_shows("Starting the refactor.", timeout=30)
    screen.send("keep the public names")  # while busy, Enter steers (send_mode steer)
    model.gate("refactor").release()
    request = model.wait_for(lambda r: r.script == "refactor the module" and r.step == 1, timeout=90)
    assert "keep the public names" in request.text()
    screen.wait_shows("Refactor done, steering taken into account.", timeout=60)
