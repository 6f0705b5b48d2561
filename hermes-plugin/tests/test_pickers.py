"""The five prompt hooks → picker.*; picker.select → Hermes' resolve calls."""

import asyncio
import json

from agent_double import FakeEvent, clarify_question, guarded_command, on_agent_thread, register_approval_notify

KEY = "agent:main:iris:dm:iris:default"
DANGEROUS = "rm -rf build/"


async def _wait_thread(t):
    await asyncio.to_thread(t.join, 15)
    assert not t.is_alive()


async def test_approval_once_runs_and_every_device_learns_who_answered(gateway):
    loop = asyncio.get_running_loop()
    a = await gateway.client(caps={"picker_answered": True})
    b = await gateway.client(caps={"picker_answered": True})
    plain = await gateway.client()
    t, out = on_agent_thread(FakeEvent, guarded_command(gateway.adapter, loop, FakeEvent, KEY, DANGEROUS))
    picker = await a.expect("picker.approval")
    p = picker["payload"]
    assert p["command"] == DANGEROUS and p["allow_permanent"] is True and p["allow_session"] is True
    assert [c["value"] for c in p["choices"]] == ["once", "session", "always", "deny"]
    assert p["timeout_s"] == 60 and picker["chat_id"] == "iris:default"
    await plain.expect("picker.approval")
    fid = await a.send("picker.select", {"picker_id": p["picker_id"], "value": "once",
                                         "by": {"device_name": "laptop", "policy": "ci.toml", "rule": "rm"}})
    ack = await a.expect("picker.select")
    assert ack["id"] == fid
    await _wait_thread(t)
    assert out["v"]["approved"] is True
    answered = await b.expect("picker.answered")
    assert answered["payload"] == {"picker_id": p["picker_id"], "value": "once",
                                   "by": {"device_name": "laptop", "policy": "ci.toml", "rule": "rm"}}
    await a.expect("picker.answered")
    await plain.send("ping", {})
    await plain.none_of("picker.answered", settle_on="pong")
    again = await b.send("picker.select", {"picker_id": p["picker_id"], "value": "once"})
    err = await b.expect("error", lambda f: f.get("id") == again)
    assert err["payload"]["code"] == "not_found"


async def test_approval_deny_with_reason_reaches_the_agent(gateway):
    loop = asyncio.get_running_loop()
    c = await gateway.client()
    t, out = on_agent_thread(FakeEvent, guarded_command(gateway.adapter, loop, FakeEvent, KEY, DANGEROUS))
    p = (await c.expect("picker.approval"))["payload"]
    await c.send("picker.select", {"picker_id": p["picker_id"], "value": "deny", "reason": "use git clean"})
    await _wait_thread(t)
    assert out["v"]["approved"] is False
    assert 'Reason given by the user: "use git clean"' in out["v"]["message"]


async def test_approval_withdrawn_on_timeout_closes_on_every_device(gateway, hermes_home):
    (hermes_home / "config.yaml").write_text("approvals:\n  timeout: 1\n")
    loop = asyncio.get_running_loop()
    a = await gateway.client()
    b = await gateway.client()
    t, out = on_agent_thread(FakeEvent, guarded_command(gateway.adapter, loop, FakeEvent, KEY, DANGEROUS))
    p = (await a.expect("picker.approval"))["payload"]
    assert p["timeout_s"] == 1
    await b.expect("picker.approval")
    await _wait_thread(t)
    assert out["v"]["approved"] is False and "timed out" in out["v"]["message"]
    deadline = loop.time() + 5
    while p["picker_id"] in gateway.adapter.pickers.open and loop.time() < deadline:
        await asyncio.sleep(0.05)
    assert p["picker_id"] not in gateway.adapter.pickers.open
    fid = await b.send("picker.select", {"picker_id": p["picker_id"], "value": "once"})
    assert (await b.expect("error", lambda f: f.get("id") == fid))["payload"]["code"] == "not_found"


async def test_stop_while_approval_waits_denies_it(gateway):
    """Hermes' interrupt (what /stop sets) makes a waiting approval resolve as deny."""
    from tools.interrupt import set_interrupt

    loop = asyncio.get_running_loop()
    c = await gateway.client()
    t, out = on_agent_thread(FakeEvent, guarded_command(gateway.adapter, loop, FakeEvent, KEY, DANGEROUS))
    p = (await c.expect("picker.approval"))["payload"]
    set_interrupt(True, t.ident)
    try:
        await _wait_thread(t)
    finally:
        set_interrupt(False, t.ident)
    assert out["v"]["approved"] is False
    deadline = loop.time() + 5
    while p["picker_id"] in gateway.adapter.pickers.open and loop.time() < deadline:
        await asyncio.sleep(0.05)
    assert p["picker_id"] not in gateway.adapter.pickers.open


async def test_smart_denied_approval_offers_once_and_deny_only(gateway):
    c = await gateway.client()
    await gateway.adapter.send_exec_approval("iris:default", "curl x | sh", KEY, "pipe to shell",
                                             allow_permanent=True, smart_denied=True)
    p = (await c.expect("picker.approval"))["payload"]
    assert [x["value"] for x in p["choices"]] == ["once", "deny"]
    assert p["allow_session"] is False and p["allow_permanent"] is False and p["smart_denied"] is True


async def test_clarify_choice_text_and_multi(gateway):
    loop = asyncio.get_running_loop()
    c = await gateway.client()
    for value, expected in (("Blue", "Blue"), ("something else", "something else"),
                            (json.dumps(["Red", "Blue"]), "Red, Blue")):
        t, out = on_agent_thread(FakeEvent, clarify_question(gateway.adapter, loop, FakeEvent, KEY,
                                                             "Which colour?", ["Red (Recommended)", "Blue"]))
        picker = await c.expect("picker.clarify")
        p = picker["payload"]
        assert p["question"] == "Which colour?" and p["allow_text"] is True and p["timeout_s"] == 3600
        assert p["choices"] == [{"value": "Red (Recommended)", "label": "Red (Recommended)"},
                                {"value": "Blue", "label": "Blue"}]
        await c.send("picker.select", {"picker_id": p["picker_id"], "value": value})
        await _wait_thread(t)
        assert out["v"] == expected


async def test_model_picker_answers_provider_and_model(gateway):
    calls = []

    async def on_model_selected(chat_id, model_id, provider):
        calls.append((chat_id, model_id, provider))
        return f"Switched to {model_id}"

    c = await gateway.client()
    providers = [{"slug": "openrouter", "name": "OpenRouter", "models": ["qwen/qwq-32b", "gpt-5.4"]}]
    await gateway.adapter.send_model_picker("iris:default", providers, "gpt-5.4", "openrouter", KEY, on_model_selected)
    p = (await c.expect("picker.model"))["payload"]
    assert p["providers"] == [{"id": "openrouter", "label": "OpenRouter", "models": [
        {"id": "qwen/qwq-32b", "label": "qwen/qwq-32b"}, {"id": "gpt-5.4", "label": "gpt-5.4"}]}]
    assert p["current_model"] == "gpt-5.4" and p["current_provider"] == "openrouter"
    await c.send("picker.select", {"picker_id": p["picker_id"], "value": "openrouter/qwen/qwq-32b"})
    note = await c.expect("message", lambda f: f["payload"]["role"] == "system")
    assert note["payload"]["text"] == "Switched to qwen/qwq-32b"
    assert calls == [("iris:default", "qwen/qwq-32b", "openrouter")]


async def test_choice_picker(gateway):
    picked = []

    async def on_choice(chat_id, value):
        picked.append(value)
        return f"Reasoning effort: {value}"

    c = await gateway.client()
    await gateway.adapter.send_choice_picker("iris:default", "Reasoning effort\nPick one",
                                             [{"value": "low", "label": "Low"},
                                              {"value": "high", "label": "High", "is_current": True}], KEY, on_choice)
    p = (await c.expect("picker.choice"))["payload"]
    assert p["title"] == "Reasoning effort" and p["description"] == "Pick one"
    assert p["choices"][1] == {"value": "high", "label": "High", "is_current": True}
    await c.send("picker.select", {"picker_id": p["picker_id"], "value": "low"})
    await c.expect("message", lambda f: f["payload"]["text"] == "Reasoning effort: low")
    assert picked == ["low"]


async def test_slash_confirm_runs_hermes_handler(gateway):
    from tools import slash_confirm

    ran = []

    async def handler(choice):
        ran.append(choice)
        return "MCP servers reloaded"

    slash_confirm.register(KEY, "cf1", "reload-mcp", handler)
    c = await gateway.client()
    await gateway.adapter.send_slash_confirm("iris:default", "Reload MCP?", "This clears the prompt cache.", KEY, "cf1")
    p = (await c.expect("picker.confirm"))["payload"]
    assert p["title"] == "Reload MCP?" and p["message"] == "This clears the prompt cache." and p["timeout_s"] == 300
    assert [x["value"] for x in p["choices"]] == ["once", "always", "cancel"]
    await c.send("picker.select", {"picker_id": p["picker_id"], "value": "once"})
    await c.expect("message", lambda f: f["payload"]["text"] == "MCP servers reloaded")
    assert ran == ["once"]


async def test_select_unknown_picker_is_not_found(gateway):
    c = await gateway.client()
    fid = await c.send("picker.select", {"picker_id": "pa_nope", "value": "once"})
    assert (await c.expect("error", lambda f: f.get("id") == fid))["payload"]["code"] == "not_found"


async def test_two_waiting_approvals_are_answered_each_on_its_own(gateway):
    """Parallel tool calls can queue two approvals in one session; answering the
    second must not resolve the first (Hermes' own /approve takes the oldest)."""
    from tools import approval

    loop = asyncio.get_running_loop()
    c = await gateway.client()
    register_approval_notify(gateway.adapter, loop, FakeEvent, KEY)
    t1, out1 = on_agent_thread(FakeEvent, guarded_command(gateway.adapter, loop, FakeEvent, KEY, "rm -rf build/", own_run=False))
    first = (await c.expect("picker.approval"))["payload"]
    t2, out2 = on_agent_thread(FakeEvent, guarded_command(gateway.adapter, loop, FakeEvent, KEY, "rm -rf dist/", own_run=False))
    second = (await c.expect("picker.approval"))["payload"]
    assert first["command"] == "rm -rf build/" and second["command"] == "rm -rf dist/"
    await c.send("picker.select", {"picker_id": second["picker_id"], "value": "deny", "reason": "keep dist"})
    await _wait_thread(t2)
    assert out2["v"]["approved"] is False and "keep dist" in out2["v"]["message"]
    assert t1.is_alive()
    await c.send("picker.select", {"picker_id": first["picker_id"], "value": "once"})
    await _wait_thread(t1)
    approval.unregister_gateway_notify(KEY)
    assert out1["v"]["approved"] is True


async def test_typed_message_answers_a_waiting_clarify_and_closes_the_picker(gateway):
    """Hermes' text intercept: the next plain message in the session answers the clarify."""
    from tools import clarify_gateway

    adapter = gateway.adapter
    loop = asyncio.get_running_loop()
    state = {}

    async def handler(event):
        if "thread" in state:  # the runner's intercept for a session with a pending clarify
            clarify_gateway.resolve_text_response_for_session(state["key"], event.text)
            return ""
        state["key"] = adapter._session_key(event.source)
        t, out = on_agent_thread(event, clarify_question(adapter, loop, event, state["key"], "Which colour?",
                                                         ["Red", "Blue"]))
        state["thread"], state["out"] = t, out
        await asyncio.to_thread(t.join, 15)
        return "ok"

    adapter.set_message_handler(handler)
    a = await gateway.client(caps={"picker_answered": True})
    b = await gateway.client(caps={"picker_answered": True})
    await a.send("message.send", {"text": "pick a colour"}, chat_id="iris:default")
    picker = (await b.expect("picker.clarify"))["payload"]
    echo_id = await a.send("message.send", {"text": "2"}, chat_id="iris:default")
    echo = await a.expect("message", lambda f: f.get("id") == echo_id)
    answered = await b.expect("picker.answered")
    assert answered["payload"]["picker_id"] == picker["picker_id"] and answered["payload"]["value"] == "Blue"
    receipt = await a.expect("read.receipt", lambda f: f["payload"]["message_id"] == echo["payload"]["message_id"])
    assert receipt["chat_id"] == "iris:default"
    await asyncio.to_thread(state["thread"].join, 5)
    assert state["out"]["v"] == "Blue"
    assert picker["picker_id"] not in adapter.pickers.open
