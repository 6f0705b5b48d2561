"""message.send → Hermes MessageEvent; the reply → message.start/update/stop."""

import asyncio

from agent_double import llm_done, run_on_agent_thread, stream_reply, tool_call


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


async def test_streamed_reply_with_tool_and_reasoning(gateway):
    adapter = gateway.adapter

    async def handler(event):
        await stream_reply(adapter, event, ["Let me ", "check. "])
        await run_on_agent_thread(event, tool_call("terminal", {"command": "pytest -q"}, "12 passed"))
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
