"""Hermes' real approval guard, clarify tool and /model picker, answered from Iris."""

import re

from scripted_model import Step
from flows import APPROVAL_ARMED, CLARIFY_ARMED, MODEL_ARMED, PICKER_CARD, online, open_picker, script_clarify, script_delete, send_wait, tool_result_with, victim, waiting_picker


def test_approval_once_in_the_tui_runs_the_command(hermes, model, iris):
    h = hermes()
    target = victim(h.workdir)
    script_delete(model, "tidy the workspace", target.name)
    screen = online(iris(h))
    screen.send("tidy the workspace")
    open_picker(screen, APPROVAL_ARMED, f"rm -r {target.name}", "Allow once")
    screen.keys("1")  # Allow once
    result = tool_result_with(model, "tidy the workspace", 1)
    assert not target.exists(), result
    assert "BLOCKED" not in result
    screen.wait_shows("The cleanup step is finished.", timeout=60)


def test_approval_denied_with_a_reason_does_not_run_and_the_model_reads_the_reason(hermes, model, iris):
    h = hermes()
    target = victim(h.workdir)
    script_delete(model, "drop the cache", target.name)
    device = iris(h)
    code, events, _ = send_wait(device, "drop the cache")
    assert code == 8, events  # a picker waits and no policy answers it
    picker = waiting_picker(device, "approval")
    out = device.run("answer", picker["picker_id"], "deny", "--reason", "the cache is still in use")
    assert out.returncode == 0, out.stdout + out.stderr
    result = tool_result_with(model, "drop the cache", 1)
    assert "the cache is still in use" in result
    assert target.exists() and (target / "keep.txt").exists()


def test_approval_denied_with_a_reason_in_the_tui(hermes, model, iris):
    h = hermes()
    target = victim(h.workdir)
    script_delete(model, "archive the logs", target.name)
    screen = online(iris(h))
    screen.send("archive the logs")
    shown = open_picker(screen, APPROVAL_ARMED, f"rm -r {target.name}", "Deny with a reason…")
    screen.keys(re.search(r"(\d)\s+Deny with a reason…", shown).group(1))
    screen.wait_shows("Deny with a reason:", timeout=15)
    screen.type("the logs are needed for the audit")
    screen.keys("Enter")
    result = tool_result_with(model, "archive the logs", 1)
    assert "the logs are needed for the audit" in result
    assert target.exists()
    screen.wait_shows("denied", "the logs are needed for the audit", timeout=30)


def test_an_approval_nobody_answers_expires_on_hermes_timeout_and_does_not_run(hermes, model, iris):
    h = hermes(approvals={"timeout": 3})
    target = victim(h.workdir)
    script_delete(model, "wipe the scratch", target.name)
    screen = online(iris(h))
    screen.send("wipe the scratch")
    result = tool_result_with(model, "wipe the scratch", 1)
    assert "timed out" in result, result
    assert target.exists()
    screen.wait_shows("◆ expired", timeout=30)
    screen.wait_gone("alt+p to answer", timeout=15)


def test_iris_approve_policy_answers_a_real_hermes_approval(hermes, model, iris, tmp_path):
    h = hermes()
    target = victim(h.workdir, "build-cache")
    script_delete(model, "clear the build cache", target.name)
    policy = tmp_path / "policy.toml"
    policy.write_text('[[rule]]\nname = "build cache"\ntype = "approval"\ncommand = ["rm", "-r", "build-cache"]\nanswer = "once"\n')
    device = iris(h)
    approver = device.spawn("approve", "--policy", str(policy))
    sent = device.run("send", "clear the build cache")
    assert sent.returncode == 0, sent.stdout + sent.stderr
    result = tool_result_with(model, "clear the build cache", 1)
    assert not target.exists(), result
    approver.wait_output(lambda s: "answered" in s and "build cache" in s, "the approver's decision line")


def test_clarify_answered_with_typed_text_in_the_tui(hermes, model, iris):
    script_clarify(model, "plan the trip", "Which city should I plan for?", ["Paris", "Rome"])
    h = hermes()
    screen = online(iris(h))
    screen.send("plan the trip")
    open_picker(screen, CLARIFY_ARMED, "Which city should I plan for?", "Paris", "Rome")
    screen.type("Lisbon in May")
    screen.keys("Enter")
    result = tool_result_with(model, "plan the trip", 1)
    assert "Lisbon in May" in result
    screen.wait_shows("Thanks, noted your answer.", timeout=60)


def test_clarify_answered_by_a_choice_headless(hermes, model, iris):
    script_clarify(model, "pick a stage", "Which stage?", ["staging", "production"])
    h = hermes()
    device = iris(h)
    code, events, _ = send_wait(device, "pick a stage")
    assert code == 8, events
    picker = waiting_picker(device, "clarify")
    assert "Which stage?" in picker["question"]
    out = device.run("answer", picker["picker_id"], "production")
    assert out.returncode == 0, out.stdout + out.stderr
    result = tool_result_with(model, "pick a stage", 1)
    assert "production" in result


def test_model_picker_switches_the_model_of_the_next_request(hermes, model, iris):
    model.add("which model", Step(text="Answered."))
    h = hermes()
    screen = online(iris(h))
    screen.send("/model")
    open_picker(screen, MODEL_ARMED, "scripted-alpha", "scripted-beta")
    screen.type("beta")
    screen.keys("Enter")
    screen.wait_gone(MODEL_ARMED, timeout=15)
    screen.wait_gone(PICKER_CARD, timeout=15)
    screen.send("which model now")
    request = model.wait_for(lambda r: r.script == "which model", timeout=90)
    assert request.model == "scripted-beta"
    screen.wait_shows("Answered.", timeout=60)
