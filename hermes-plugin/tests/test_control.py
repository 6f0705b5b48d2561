"""agent.stop → Hermes /stop (turn_interrupted), agent.steer → /steer."""

import asyncio

from agent_double import stream_reply


async def test_stop_mid_turn_marks_the_reply_interrupted_everywhere(gateway):
    adapter = gateway.adapter
    stopped = asyncio.Event()
    seen = []

    async def handler(event):
        seen.append(event.text)
        if event.text == "/stop":
            stopped.set()
            return "⚡ Stopped."
        from gateway.stream_consumer import GatewayStreamConsumer, StreamConsumerConfig

        consumer = GatewayStreamConsumer(adapter=adapter, chat_id=event.source.chat_id,
                                         config=StreamConsumerConfig(edit_interval=0.0, buffer_threshold=1))
        task = asyncio.create_task(consumer.run())
        consumer.on_delta("partial answer")
        await stopped.wait()
        consumer.finish()
        await task
        return None

    adapter.set_message_handler(handler)
    a = await gateway.client()
    b = await gateway.client()
    await a.send("message.send", {"text": "write an essay"}, chat_id="iris:default")
    await a.expect("message.start")
    fid = await a.send("agent.stop", {}, chat_id="iris:default")
    stop = await b.expect("message.stop")
    assert stop["payload"]["interrupted"] is True and stop["payload"]["final_text"] == "partial answer"
    note = await a.expect("message", lambda f: f["payload"]["text"] == "⚡ Stopped.")
    assert note["payload"]["role"] == "system"
    idle = await a.expect("agent.idle", lambda f: f.get("id") == fid)
    assert idle["chat_id"] == "iris:default"
    assert seen == ["write an essay", "/stop"]


async def test_stop_when_idle_answers_idle_without_bothering_hermes(gateway):
    seen = []

    async def handler(event):
        seen.append(event.text)

    gateway.adapter.set_message_handler(handler)
    c = await gateway.client()
    fid = await c.send("agent.stop", {}, chat_id="iris:default")
    await c.expect("agent.idle", lambda f: f.get("id") == fid)
    assert seen == []


async def test_steer_reaches_hermes_as_slash_steer_while_busy(gateway):
    adapter = gateway.adapter
    release = asyncio.Event()
    seen = []

    async def handler(event):
        seen.append(event.text)
        if event.text.startswith("/steer"):
            release.set()
            return "⏩ Steered into the current run."
        await release.wait()
        return "done"

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "long job"}, chat_id="iris:default")
    await c.expect("agent.busy")
    await c.send("agent.steer", {"text": "focus on errors"}, chat_id="iris:default")
    await c.expect("message", lambda f: f["payload"]["text"] == "⏩ Steered into the current run.")
    await c.expect("message", lambda f: f["payload"]["text"] == "done")
    assert seen == ["long job", "/steer focus on errors"]


async def test_steer_without_a_turn_is_not_found(gateway):
    c = await gateway.client()
    fid = await c.send("agent.steer", {"text": "x"}, chat_id="iris:default")
    assert (await c.expect("error", lambda f: f.get("id") == fid))["payload"]["code"] == "not_found"
