"""message.send → Hermes MessageEvent; the reply → message.start/update/stop."""

import asyncio

from agent_double import api_call, llm_done, run_on_agent_thread, stream_reply, tool_call


async def test_message_send_echoes_with_client_msg_id_and_reaches_hermes(gateway):
    seen = []

    async def handler(event):
        seen.append(event)
        return "Hello from Hermes"

    gateway.adapter.set_message_handler(handler)
    a = await gateway.client()
    b = await gateway.client()
    fid = await a.send("message.send", {"text": "hi there", "client_msg_id": "c1"}, chat_id="iris:default")
    echo = await a.expect("message", lambda f: f["payload"]["role"] == "user")
    assert echo["id"] == fid and echo["payload"]["client_msg_id"] == "c1" and echo["payload"]["text"] == "hi there"
    other = await b.expect("message", lambda f: f["payload"]["role"] == "user")
    assert "id" not in other
    receipt = await a.expect("read.receipt")
    assert receipt["payload"]["message_id"] == echo["payload"]["message_id"]
    await a.expect("agent.busy")
    reply = await a.expect("message", lambda f: f["payload"]["role"] == "assistant")
    assert reply["payload"]["text"] == "Hello from Hermes"
    assert reply["chat_id"] == "iris:default" and reply["thread_id"] is None
    assert "runtime" in reply["payload"]
    await a.expect("agent.idle")
    ev = seen[0]
    assert ev.text == "hi there" and ev.source.chat_id == "iris:default" and ev.source.thread_id is None
    assert ev.source.user_name == "testbox" and ev.source.user_id == "laptop"


async def test_streamed_reply_with_tool_and_reasoning(gateway, hermes_home):
    (hermes_home / "config.yaml").write_text("model:\n  context_length: 1000\n")
    adapter = gateway.adapter

    async def handler(event):
        await run_on_agent_thread(event, api_call("openai/gpt-5.4", 300, 7))
        await stream_reply(adapter, event, ["Let me ", "check. "])
        await run_on_agent_thread(event, tool_call("terminal", {"command": "pytest -q"}, "12 passed"))
        await run_on_agent_thread(event, api_call("openai/gpt-5.4", 380, 5))
        await run_on_agent_thread(event, llm_done("openai/gpt-5.4", "The user wants tests."))
        await stream_reply(adapter, event, ["All ", "tests ", "pass."])
        return None

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "run the tests"}, chat_id="iris:default")
    start = await c.expect("message.start")
    mid = start["payload"]["message_id"]
    assert start["payload"]["role"] == "assistant"
    update = await c.expect("message.update", lambda f: f["payload"]["message_id"] == mid)
    assert "▉" not in update["payload"]["text"]
    stop = await c.expect("message.stop", lambda f: f["payload"]["message_id"] == mid)
    assert stop["payload"]["final_text"] == "Let me check. "
    ts = await c.expect("tool.start")
    assert ts["payload"] == {"index": 1, "name": "terminal", "preview": "pytest -q", "args": {"command": "pytest -q"}}
    te = await c.expect("tool.end")
    assert te["payload"]["index"] == 1 and te["payload"]["ok"] is True
    assert te["payload"]["duration"] == 1.5 and te["payload"]["output_preview"] == "12 passed"
    start2 = await c.expect("message.start")
    stop2 = await c.expect("message.stop", lambda f: f["payload"]["message_id"] == start2["payload"]["message_id"])
    assert stop2["payload"]["final_text"] == "All tests pass."
    assert stop2["payload"]["reasoning"] == "The user wants tests."
    assert stop2["payload"]["model"] == "gpt-5.4" and stop2["payload"]["runtime"]["model"] == "gpt-5.4"
    assert stop2["payload"]["tokens"] == 12 and stop2["payload"]["runtime"]["context_pct"] == 38
    await c.expect("agent.idle")


async def test_runtime_has_hermes_cost_of_the_turn_and_the_running_agents_context(gateway):
    from types import SimpleNamespace

    adapter = gateway.adapter
    key = adapter._lane_key(("iris:default", ""))
    agent = SimpleNamespace(context_compressor=SimpleNamespace(context_length=1000))
    adapter.gateway_runner = SimpleNamespace(_running_agents={key: agent})

    async def handler(event):
        # Hermes' official price list: gpt-5.6-sol at $5 / $30 per million tokens in / out.
        await run_on_agent_thread(event, api_call("gpt-5.6-sol", 300, 7, provider="openai"), key)
        await run_on_agent_thread(event, api_call("gpt-5.6-sol", 380, 5, provider="openai"), key)
        await stream_reply(adapter, event, ["Done."])
        return None

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "go"}, chat_id="iris:default")
    runtime = (await c.expect("message.stop"))["payload"]["runtime"]
    assert runtime["cost"] == 0.00376 and runtime["context_pct"] == 38 and runtime["model"] == "gpt-5.6-sol"
    await c.expect("agent.idle")


async def test_a_call_hermes_cannot_price_leaves_the_cost_out(gateway):
    adapter = gateway.adapter

    async def handler(event):
        await run_on_agent_thread(event, api_call("gpt-5.6-sol", 300, 7, provider="openai"))
        await run_on_agent_thread(event, api_call("qwen3-27b", 300, 7, provider="custom"))
        await stream_reply(adapter, event, ["Done."])
        return None

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "go"}, chat_id="iris:default")
    runtime = (await c.expect("message.stop"))["payload"]["runtime"]
    assert "cost" not in runtime and "context_pct" not in runtime and runtime["model"] == "qwen3-27b"
    await c.expect("agent.idle")


async def test_updates_coalesce_under_backpressure_but_stop_is_kept(gateway):
    from iris_hermes.connection import Connection

    class Stalled:
        def __init__(self):
            self.sent = []
            self.gate = asyncio.Event()

        async def send(self, data):
            await self.gate.wait()
            self.sent.append(data)

        async def close(self, *a):
            pass

    ws = Stalled()
    conn = Connection(ws, "laptop", "box", "dev", {})
    conn.start()
    conn.push({"type": "message.start", "payload": {"message_id": "m1"}})
    for i in range(50):
        conn.push({"type": "message.update", "chat_id": "c", "payload": {"message_id": "m1", "text": "x" * i}})
    conn.push({"type": "message.stop", "payload": {"message_id": "m1", "final_text": "done"}})
    assert conn.pending() <= 3
    ws.gate.set()
    await conn.flush()
    import json
    types = [json.loads(s)["type"] for s in ws.sent]
    assert types[-1] == "message.stop" and types.count("message.update") <= 2
    last_update = [json.loads(s) for s in ws.sent if json.loads(s)["type"] == "message.update"][-1]
    assert last_update["payload"]["text"] == "x" * 49


async def test_auto_thread_mints_thread_and_turn_runs_in_it(gateway):
    seen = []

    async def handler(event):
        seen.append(event)
        return "ok"

    gateway.adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "plan the deploy of the api service", "auto_thread": True},
                 chat_id="iris:default")
    created = await c.expect("channel.created")
    assert created["payload"]["auto"] is True and created["payload"]["kind"] == "thread"
    tid = created["payload"]["thread_id"]
    echo = await c.expect("message", lambda f: f["payload"]["role"] == "user")
    assert echo["thread_id"] == tid and echo["chat_id"] == "iris:default"
    reply = await c.expect("message", lambda f: f["payload"]["role"] == "assistant")
    assert reply["thread_id"] == tid
    assert seen[0].source.thread_id == tid


async def test_message_send_to_unknown_lane_is_not_found(gateway):
    c = await gateway.client()
    fid = await c.send("message.send", {"text": "x"}, chat_id="iris:nope")
    err = await c.expect("error")
    assert err["id"] == fid and err["payload"]["code"] == "not_found"


async def test_cron_delivery_has_role_cron_and_a_notification(gateway):
    c = await gateway.client()
    # Hermes' cron scheduler marks its deliveries with the job id in metadata.
    await gateway.adapter.send("iris:default", "Nightly report: all green", metadata={"job_id": "job_7"})
    await c.expect("agent.busy", lambda f: f["payload"]["reason"] == "cron")
    msg = await c.expect("message")
    assert msg["payload"]["role"] == "cron" and msg["payload"]["text"] == "Nightly report: all green"
    note = await c.expect("notification")
    assert note["payload"]["kind"] == "cron"
    await c.expect("agent.idle")


def test_default_channel_is_hermes_home_channel(tmp_path):
    from conftest import make_adapter

    adapter = make_adapter(tmp_path / "iris")
    home = adapter.config.home_channel
    assert home.chat_id == "iris:default" and home.platform.value == "iris"


def test_tool_output_preview_takes_hermes_json_output():
    from iris_hermes.turns import output_preview

    assert output_preview('{"output": "sunny-42", "exit_code": 0, "error": null}') == "sunny-42"
    assert output_preview('{"output": "", "error": "BLOCKED: denied"}') == "BLOCKED: denied"
    assert output_preview('{"question": "Which?", "user_response": "Blue"}') == "Blue"  # clarify
    assert output_preview("x" * 500).startswith("…") and len(output_preview("x" * 500)) == 200


async def test_auto_thread_is_renamed_to_hermes_session_title(gateway, tmp_path):
    """Hermes titles the session in the background; the thread gets that title."""
    from types import SimpleNamespace

    from gateway.session import build_session_key
    from hermes_state import SessionDB

    db = SessionDB(tmp_path / "state.db")
    db.create_session("s1", "iris")
    keys = []

    class Entries(dict):
        def get(self, key, default=None):
            keys.append(key)
            return SimpleNamespace(session_id="s1")

    gateway.adapter.gateway_runner = SimpleNamespace(session_store=SimpleNamespace(_entries=Entries()),
                                                     _session_db=SimpleNamespace(_db=db))
    events = []

    async def handler(event):
        events.append(event)
        return "ok"

    gateway.adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "plan the deploy of the api service", "auto_thread": True},
                 chat_id="iris:default")
    created = await c.expect("channel.created")
    await c.expect("agent.idle")
    db.set_session_title("s1", "API deploy plan")
    renamed = await c.expect("channel.renamed")
    assert renamed["payload"]["name"] == "API deploy plan"
    assert renamed["thread_id"] == created["payload"]["thread_id"]
    note = await c.expect("notification")
    assert note["payload"]["kind"] == "channel_renamed"
    assert keys[0] == build_session_key(events[0].source)


async def test_reply_to_carries_the_quoted_text_to_hermes(gateway):
    seen = []

    async def handler(event):
        seen.append(event)
        return "answer one"

    gateway.adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "first"}, chat_id="iris:default")
    reply = await c.expect("message", lambda f: f["payload"]["role"] == "assistant")
    await c.expect("agent.idle")
    await c.send("message.send", {"text": "why?", "reply_to": reply["payload"]["message_id"]}, chat_id="iris:default")
    await c.expect("agent.idle")
    assert seen[1].reply_to_message_id == reply["payload"]["message_id"]
    assert seen[1].reply_to_text == "answer one" and seen[1].reply_to_is_own_message is True


async def test_edits_of_a_finished_bubble_never_fail_or_duplicate(gateway):
    """Hermes may finalize-edit a reply it sent whole: same text is a no-op, new text corrects it."""
    adapter = gateway.adapter
    c = await gateway.client()
    sent = await adapter.send("iris:default", "Whole reply")
    first = await c.expect("message")
    assert (await adapter.edit_message("iris:default", sent.message_id, "Whole reply", finalize=True)).success
    assert (await adapter.edit_message("iris:default", sent.message_id, "Whole reply, fixed", finalize=True)).success
    fixed = await c.expect("message")
    assert fixed["payload"]["message_id"] == first["payload"]["message_id"]
    assert fixed["payload"]["text"] == "Whole reply, fixed"
    await c.send("ping", {})
    await c.none_of("message", settle_on="pong")
    h = await c.send("history", {}, chat_id="iris:default")
    msgs = (await c.expect("history", lambda f: f.get("id") == h))["payload"]["messages"]
    assert [m["text"] for m in msgs] == ["Whole reply, fixed"]


async def test_hermes_deleting_its_bubble_reaches_every_device_and_history(gateway):
    adapter = gateway.adapter
    c = await gateway.client()
    sent = await adapter.send("iris:default", "⏳ Working — 2 min")
    await c.expect("message")
    assert await adapter.delete_message("iris:default", sent.message_id) is True
    gone = await c.expect("message.deleted")
    assert gone["payload"]["message_ids"] == [sent.message_id] and gone["chat_id"] == "iris:default"
    h = await c.send("history", {}, chat_id="iris:default")
    assert (await c.expect("history", lambda f: f.get("id") == h))["payload"]["messages"] == []
