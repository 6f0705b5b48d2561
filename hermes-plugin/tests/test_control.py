"""agent.stop → Hermes /stop (turn_interrupted), agent.steer → /steer."""

import asyncio


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
    assert "reply_to" not in note["payload"]  # the /stop sent for agent.stop is no message of the lane
    idle = await a.expect("agent.idle", lambda f: f.get("id") == fid)
    assert idle["chat_id"] == "iris:default"
    assert "id" not in await b.expect("agent.idle")
    await a.send("ping", {})
    await a.none_of("agent.idle", settle_on="pong")  # the answer is the lane's one agent.idle
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


async def test_busy_ack_is_a_system_message_and_the_new_message_runs_next(gateway):
    """GatewayRunner's busy handler acks a message sent mid-turn (busy_input_mode)."""
    adapter = gateway.adapter
    release = asyncio.Event()
    seen = []

    async def handler(event):
        seen.append(event.text)
        if event.text == "first":
            await release.wait()
        return f"re: {event.text}"

    async def busy(event, session_key):
        await adapter._send_with_retry(chat_id=event.source.chat_id, content="⚡ Interrupting current task.",
                                       reply_to=event.message_id)
        release.set()
        return False  # let the base adapter queue it behind the running turn

    adapter.set_message_handler(handler)
    adapter.set_busy_session_handler(busy)
    c = await gateway.client()
    await c.send("message.send", {"text": "first"}, chat_id="iris:default")
    await c.expect("agent.busy")
    await c.send("message.send", {"text": "second"}, chat_id="iris:default")
    ack = await c.expect("message", lambda f: f["payload"]["text"].startswith("⚡"))
    assert ack["payload"]["role"] == "system"
    first = await c.expect("message", lambda f: f["payload"]["text"] == "re: first")
    second = await c.expect("message", lambda f: f["payload"]["text"] == "re: second")
    assert first["payload"]["role"] == second["payload"]["role"] == "assistant"
    # Replies to messages the devices have keep quoting them.
    sent = {f["payload"]["text"]: f["payload"]["message_id"] for f in c.frames
            if f["type"] == "message" and f["payload"].get("role") == "user"}
    assert ack["payload"]["reply_to"] == sent["second"]
    assert first["payload"]["reply_to"] == sent["first"] and second["payload"]["reply_to"] == sent["second"]
    assert seen == ["first", "second"]


async def test_interrupting_message_answered_inside_the_running_turn_is_the_agent_speaking(gateway):
    """busy_input_mode interrupt: Hermes acks, then answers the new message within the same
    processing (no on_processing_start for it); only the ack is system."""
    adapter = gateway.adapter
    got_second = asyncio.Event()
    state = {}

    async def handler(event):
        await got_second.wait()
        second = state["event"]
        await adapter._send_with_retry(chat_id=second.source.chat_id, content="re: second",
                                       reply_to=second.message_id)
        return None

    async def busy(event, session_key):
        await adapter._send_with_retry(chat_id=event.source.chat_id, content="⚡ Interrupting current task.",
                                       reply_to=event.message_id)
        state["event"] = event
        got_second.set()
        return True  # the runner took it into the running turn

    adapter.set_message_handler(handler)
    adapter.set_busy_session_handler(busy)
    c = await gateway.client()
    await c.send("message.send", {"text": "first"}, chat_id="iris:default")
    await c.expect("agent.busy")
    await c.send("message.send", {"text": "second"}, chat_id="iris:default")
    echo = await c.expect("message", lambda f: f["payload"]["text"] == "second")
    ack = await c.expect("message", lambda f: f["payload"]["text"].startswith("⚡"))
    assert ack["payload"]["role"] == "system"
    receipt = await c.expect("read.receipt", lambda f: f["payload"]["message_id"] == echo["payload"]["message_id"])
    assert receipt["chat_id"] == "iris:default"
    answer = await c.expect("message", lambda f: f["payload"]["text"] == "re: second")
    assert answer["payload"]["role"] == "assistant"


async def test_a_reply_a_busy_mode_message_interrupted_stops_as_interrupted_and_the_answer_does_not(gateway):
    """busy_input_mode interrupt: the runner interrupts the agent, whose run ends
    ``interrupted``; the stream consumer then finalizes the cut reply."""
    from gateway.stream_consumer import GatewayStreamConsumer, StreamConsumerConfig

    from agent_double import run_ended, run_on_agent_thread, stream_reply

    adapter = gateway.adapter
    got_second = asyncio.Event()
    state = {}

    async def handler(event):
        consumer = GatewayStreamConsumer(adapter=adapter, chat_id=event.source.chat_id,
                                         config=StreamConsumerConfig(edit_interval=0.0, buffer_threshold=1))
        task = asyncio.create_task(consumer.run())
        consumer.on_delta("a long essay about")
        await got_second.wait()
        await run_on_agent_thread(event, run_ended(interrupted=True))
        consumer.finish()
        await task
        await stream_reply(adapter, state["event"], ["Sure, ", "shorter."])
        await run_on_agent_thread(event, run_ended(interrupted=False))
        return None

    async def busy(event, session_key):
        state["event"] = event
        got_second.set()
        return True

    adapter.set_message_handler(handler)
    adapter.set_busy_session_handler(busy)
    a = await gateway.client()
    b = await gateway.client()
    await a.send("message.send", {"text": "write an essay"}, chat_id="iris:default")
    await a.expect("message.start")
    await a.send("message.send", {"text": "make it shorter"}, chat_id="iris:default")
    cut = await b.expect("message.stop")
    assert cut["payload"]["final_text"] == "a long essay about" and cut["payload"]["interrupted"] is True
    answer = await b.expect("message.stop")
    assert answer["payload"]["final_text"] == "Sure, shorter." and "interrupted" not in answer["payload"]
    await b.expect("agent.idle")


async def test_model_command_turn_stays_busy_until_its_picker_is_answered(gateway):
    """Hermes' /model returns at once and leaves the picker open; idle waits for the answer."""
    adapter = gateway.adapter

    async def on_model_selected(chat_id, model_id, provider):
        return f"Model switched to {model_id}"

    async def handler(event):
        assert event.text == "/model"
        await adapter.send_model_picker(event.source.chat_id, [{"slug": "p", "name": "P", "models": ["m2"]}],
                                        "m1", "p", "key", on_model_selected)
        return None

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "/model"}, chat_id="iris:default")
    picker = await c.expect("picker.model")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 5
    while ("iris:default", "") in adapter.turns.turns and loop.time() < deadline:
        await asyncio.sleep(0.01)
    assert ("iris:default", "") in adapter.turns.held_idle
    await c.send("ping", {})
    await c.none_of("agent.idle", settle_on="pong")
    c.frames.clear()
    await c.send("picker.select", {"picker_id": picker["payload"]["picker_id"], "value": "p/m2"})
    await c.expect("agent.idle")
    before_idle = [f["type"] for f in c.frames]
    assert "picker.select" in before_idle and "message" in before_idle  # ack and answer precede idle
    note = await c.expect("message", lambda f: f["payload"]["role"] == "system")
    assert note["payload"]["text"] == "Model switched to m2"


async def test_stop_withdraws_a_waiting_clarify(gateway):
    """Hermes' /stop does not wake a clarify wait; the plugin withdraws it (as /new does)."""
    from agent_double import clarify_question, on_agent_thread

    adapter = gateway.adapter
    loop = asyncio.get_running_loop()
    done = {}

    async def handler(event):
        if event.text == "/stop":
            return "⚡ Stopped."
        t, out = on_agent_thread(event, clarify_question(adapter, loop, event, "key-c", "Which colour?", ["Red"]))
        done["thread"], done["out"] = t, out
        await asyncio.to_thread(t.join, 15)
        return None

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "pick a colour"}, chat_id="iris:default")
    picker = (await c.expect("picker.clarify"))["payload"]
    fid = await c.send("agent.stop", {}, chat_id="iris:default")
    await c.expect("agent.idle", lambda f: f.get("id") == fid)
    await asyncio.to_thread(done["thread"].join, 5)
    assert not done["thread"].is_alive()
    assert done["out"]["v"] == ""  # Hermes' "no answer" (session-boundary cancel)
    sel = await c.send("picker.select", {"picker_id": picker["picker_id"], "value": "Red"})
    assert (await c.expect("error", lambda f: f.get("id") == sel))["payload"]["code"] == "not_found"


async def test_tool_events_after_the_turn_ended_do_not_revive_busy(gateway):
    """After /stop Hermes ends the turn at once; the agent thread reports its tool later."""
    from agent_double import FakeEvent, run_on_agent_thread, tool_call

    c = await gateway.client()
    await run_on_agent_thread(FakeEvent, tool_call("terminal", {"command": "sleep 1"}, '{"output": ""}'))
    await c.expect("tool.end")
    await c.send("ping", {})
    await c.none_of("agent.busy", settle_on="pong")
    assert not gateway.adapter.lane_busy(("iris:default", ""))


async def test_messages_hermes_merged_into_one_pending_turn_all_get_their_receipt(gateway):
    """Without a busy handler the base adapter merges text sent mid-turn into one pending event."""
    from agent_double import queued_behind_the_turn

    adapter = gateway.adapter
    release = asyncio.Event()
    seen = []

    async def handler(event):
        seen.append(event.text)
        if len(seen) == 1:
            await release.wait()
        return "ok"

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "one"}, chat_id="iris:default")
    await c.expect("agent.busy")
    ids = []
    for text in ("two", "three"):
        await c.send("message.send", {"text": text}, chat_id="iris:default")
        ids.append((await c.expect("message", lambda f, t=text: f["payload"]["text"] == t))["payload"]["message_id"])
        await queued_behind_the_turn(adapter, ("iris:default", ""), text)
    release.set()
    for mid in ids:
        receipt = await c.expect("read.receipt", lambda f, m=mid: f["payload"]["message_id"] == m)
        assert receipt["chat_id"] == "iris:default"
    assert seen == ["one", "two\nthree"]
