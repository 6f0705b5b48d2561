"""message.delete and channel.delete reach Hermes' real SessionStore / state.db."""

from types import SimpleNamespace


def _hermes(gateway, store):
    evicted = []
    gateway.adapter.gateway_runner = SimpleNamespace(
        session_store=store, _session_db=SimpleNamespace(_db=store._db), _evict_cached_agent=evicted.append)
    return store, evicted


async def test_message_delete_removes_the_rows_from_hermes_transcript(gateway, sessions):
    store, evicted = _hermes(gateway, sessions)
    adapter = gateway.adapter

    async def handler(event):
        entry = store.get_or_create_session(event.source)
        store.append_to_transcript(entry.session_id, {"role": "user", "content": event.text})
        store.append_to_transcript(entry.session_id, {"role": "assistant", "content": "noted: " + event.text})
        return "noted: " + event.text

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "secret plan"}, chat_id="iris:default")
    echo = await c.expect("message", lambda f: f["payload"]["role"] == "user")
    reply = await c.expect("message", lambda f: f["payload"]["role"] == "assistant")
    await c.expect("agent.idle")
    await c.send("message.send", {"text": "keep this"}, chat_id="iris:default")
    await c.expect("agent.idle")
    fid = await c.send("message.delete", {"message_ids": [echo["payload"]["message_id"], reply["payload"]["message_id"]]},
                       chat_id="iris:default")
    await c.expect("message.deleted", lambda f: f.get("id") == fid)
    key = adapter._lane_key(("iris:default", ""))
    transcript = store.load_transcript(store._entries[key].session_id)
    assert [m["content"] for m in transcript] == ["keep this", "noted: keep this"]
    assert evicted == [key]


async def test_channel_delete_deletes_the_hermes_session(gateway, sessions):
    store, evicted = _hermes(gateway, sessions)
    adapter = gateway.adapter

    async def handler(event):
        entry = store.get_or_create_session(event.source)
        store.append_to_transcript(entry.session_id, {"role": "user", "content": event.text})
        return "ok"

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("channel.create", {"name": "Scratch"})
    chat = (await c.expect("channel.created"))["payload"]["chat_id"]
    await c.send("message.send", {"text": "forget me"}, chat_id=chat)
    await c.expect("agent.idle")
    key = adapter._lane_key((chat, ""))
    old = store._entries[key].session_id
    fid = await c.send("channel.delete", {}, chat_id=chat)
    await c.expect("channel.deleted", lambda f: f.get("id") == fid)
    assert store._db.get_session(old) is None
    assert store._entries[key].session_id != old and store.load_transcript(store._entries[key].session_id) == []
    assert evicted == [key]
