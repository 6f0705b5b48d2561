"""A Hermes restart under Iris, two Iris devices, history and search after a restart."""

from flows import APPROVAL_ARMED, online, open_picker, script_delete, send_wait, tool_result_with, victim, waiting_picker
from iris_client import json_lines
from scripted_model import Step


def bubbles(screen_text: str, text: str) -> int:
    """How many transcript bubbles consist of exactly ``text`` (quotes of it not counted)."""
    return sum(1 for line in screen_text.splitlines() if line.rstrip().endswith("┃ " + text))


def replies_closed(screen, timeout: float = 60.0) -> str:
    """Waits until no reply streams and no turn runs on ``screen``."""
    return screen.wait(
        lambda s: not any(sign in s for sign in ("thinking", "answering", "▍")), "every reply closed", timeout=timeout
    )


def test_restart_mid_turn_reconciles_with_nothing_lost_or_duplicated(hermes, model, iris):
    model.add("write the essay", Step(text_before_hold="Essay part one. ", hold="essay", text="Essay part two."))
    model.add("after the restart", Step(text="Back after the restart."))
    h = hermes()
    screen = online(iris(h))
    screen.send("write the essay")
    assert model.gate("essay").wait_reached(90)
    screen.wait_shows("Essay part one.", timeout=30)
    h.gateway.stop()  # SIGTERM: Hermes' shutdown path, mid-turn
    screen.wait_shows("Gateway restarting", timeout=30)
    h.gateway.start()
    # Hermes resumes the interrupted turn by itself after the restart.
    model.wait_for(lambda r: r.script == "write the essay" and r.received_at > h.gateway.started_at, timeout=90)
    model.gate("essay").release()
    screen.wait_shows("Essay part two.", timeout=90)
    replies_closed(screen)  # the resumed turn is over: the next text is a message, not a steer
    screen.send("after the restart")
    screen.wait_shows("Back after the restart.", timeout=90)
    shown = replies_closed(screen)
    for once in ("write the essay", "after the restart", "Back after the restart."):
        assert bubbles(shown, once) == 1, f"{once!r} shown {bubbles(shown, once)} times:\n{shown}"
    assert shown.count("Essay part two.") == 1, shown


def test_crash_mid_turn_leaves_no_reply_streaming_and_nothing_duplicated(hermes, model, iris):
    model.add("write the draft", Step(text_before_hold="Draft part one. ", hold="draft", text="Draft part two."))
    model.add("after the crash", Step(text="Back after the crash."))
    h = hermes()
    screen = online(iris(h))
    screen.send("write the draft")
    assert model.gate("draft").wait_reached(90)
    screen.wait_shows("Draft part one.", timeout=30)
    h.gateway.kill()  # SIGKILL: no shutdown path, no status frame
    screen.wait_gone("● online", timeout=60)
    model.gate("draft").release()  # a turn Hermes resumes may finish
    h.gateway.start()
    screen.wait_shows("● online", timeout=90)
    screen.send("after the crash")
    screen.wait_shows("Back after the crash.", timeout=120)
    shown = replies_closed(screen)
    for once in ("write the draft", "after the crash", "Back after the crash."):
        assert bubbles(shown, once) == 1, f"{once!r} shown {bubbles(shown, once)} times:\n{shown}"
    assert shown.count("Draft part two.") <= 1, shown


def test_second_device_shows_the_answer_and_who_gave_it(hermes, model, iris):
    h = hermes()
    target = victim(h.workdir)
    script_delete(model, "remove the victim", target.name, after="Removed as approved.")
    laptop = online(iris(h, "laptop"))
    desktop = online(iris(h, "desktop"))
    laptop.send("remove the victim")
    for screen in (laptop, desktop):
        open_picker(screen, APPROVAL_ARMED, f"rm -r {target.name}")
    laptop.keys("1")  # Allow once
    tool_result_with(model, "remove the victim", 1)
    assert not target.exists()
    desktop.wait_shows("Removed as approved.", "reported by the gateway as laptop", timeout=60)
    desktop.wait_gone(APPROVAL_ARMED, timeout=15)


def test_tail_on_a_second_device_reports_the_reply_and_who_answered(hermes, model, iris):
    h = hermes()
    target = victim(h.workdir)
    script_delete(model, "prune the victim", target.name, after="Pruned as asked.")
    tail = iris(h, "desktop").spawn("tail", "--json")
    tail.wait_output(lambda s: '"connection"' in s and '"online"' in s, "tail online")
    laptop = iris(h, "laptop")
    # --wait: the headless device sees the picker (exit 8), so `iris answer` knows it.
    code, events, err = send_wait(laptop, "prune the victim", "--device-name", "laptop")
    assert code == 8, (events, err)
    picker = waiting_picker(laptop, "approval")
    answered = laptop.run("answer", "--device-name", "laptop", picker["picker_id"], "once")
    assert answered.returncode == 0, answered.stdout + answered.stderr
    events = json_lines(tail.wait_output(lambda s: "Pruned as asked." in s, "the reply in tail", timeout=90))
    assert not target.exists()
    who = [e for e in events if e["event"] == "picker" and e.get("status") == "answered"]
    assert [(e["picker_id"], e["value"]) for e in who] == [(picker["picker_id"], "once")], events
    assert who[0]["by"]["device_name"].startswith("laptop"), who
    # (Hermes' reply after a tool arrives as "\n\n" + text: the segment separator of its stream.)
    replies = [e["text"].strip() for e in events if e["event"] == "message" and e["role"] == "assistant"]
    assert replies.count("Pruned as asked.") == 1, replies
    users = [e["text"].strip() for e in events if e["event"] == "message" and e["role"] == "user"]
    assert users.count("prune the victim") == 1, users


def test_history_and_search_after_a_restart(hermes, model, iris):
    model.add("remember the zebra", Step(text="Noted: the zebra is called Ziggy."))
    h = hermes()
    first = iris(h, "laptop")
    screen = online(first)
    screen.send("remember the zebra")
    screen.wait_shows("Noted: the zebra is called Ziggy.", timeout=90)
    screen.quit()
    h.gateway.restart()
    # A device that was never connected loads the lane from Hermes' history.
    fresh = online(iris(h, "desktop"))
    fresh.wait_shows("remember the zebra", "Noted: the zebra is called Ziggy.", timeout=60)
    fresh.keys("C-f")
    fresh.wait_shows("Search", timeout=15)
    fresh.type("Ziggy")
    fresh.keys("Enter")
    fresh.wait_shows("found", timeout=30)
