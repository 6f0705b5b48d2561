"""Durable outbox + sync across a restart, history, search, delete, channels, commands, media."""

import hashlib

from conftest import make_adapter, open_client
from iris_hermes.tokens import TokenStore


async def _reply(gateway, text="answer"):
    async def handler(event):
        return f"{text}: {event.text}"

    gateway.adapter.set_message_handler(handler)


async def test_sync_replays_missed_frames_with_cursor_and_survives_restart(tmp_path):
    state = tmp_path / "iris"
    adapter = make_adapter(state)
    assert await adapter.connect()
    token = TokenStore(state).create("laptop")

    async def handler(event):
        return "pong: " + event.text

    adapter.set_message_handler(handler)
    c = await open_client(f"ws://127.0.0.1:{adapter.port}", token)
    ack = await c.expect("hello.ack")
    start_cursor = ack["payload"]["sync_cursor"]
    await c.send("message.send", {"text": "one"}, chat_id="iris:default")
    await c.expect("agent.idle")
    await c.close()
    await adapter.disconnect()

    again = make_adapter(state)
    assert await again.connect()
    try:
        d = await open_client(f"ws://127.0.0.1:{again.port}", token)
        ack2 = await d.expect("hello.ack")
        assert ack2["payload"]["sync_cursor"] > start_cursor
        fid = await d.send("sync", {"cursor": start_cursor})
        done = await d.expect("sync.done", lambda f: f.get("id") == fid)
        assert done["payload"]["cursor"] == ack2["payload"]["sync_cursor"]
        replayed = [f for f in d.frames if "cursor" in f]
        texts = [f["payload"].get("text") for f in replayed if f["type"] == "message"]
        assert texts == ["one", "pong: one"]
        assert all(start_cursor < f["cursor"] <= done["payload"]["cursor"] for f in replayed)
        assert [f["cursor"] for f in replayed] == sorted(f["cursor"] for f in replayed)
        assert not [f for f in replayed if f["type"] in ("message.start", "message.update")]
        d.frames.clear()
        fid = await d.send("sync", {"cursor": done["payload"]["cursor"]})
        await d.expect("sync.done", lambda f: f.get("id") == fid)
        assert not [f for f in d.frames if "cursor" in f]
        h = await d.send("history", {"limit": 50}, chat_id="iris:default")
        hist = await d.expect("history", lambda f: f.get("id") == h)
        assert [m["text"] for m in hist["payload"]["messages"]] == ["one", "pong: one"]
        s = await d.send("search", {"query": "pong", "scope": "all"})
        res = await d.expect("search.results", lambda f: f.get("id") == s)
        assert [hit["snippet"] for hit in res["payload"]["hits"]] == ["pong: one"]
        await d.close()
    finally:
        await again.disconnect()


async def test_history_pages_oldest_to_newest(gateway):
    await _reply(gateway)
    c = await gateway.client()
    for n in range(3):
        await c.send("message.send", {"text": f"q{n}"}, chat_id="iris:default")
        await c.expect("agent.idle")
    h = await c.send("history", {"limit": 4}, chat_id="iris:default")
    page = (await c.expect("history", lambda f: f.get("id") == h))["payload"]
    assert [m["text"] for m in page["messages"]] == ["answer: q0", "q1", "answer: q1", "q2", "answer: q2"][-4:]
    assert page["has_more"] is True
    h2 = await c.send("history", {"limit": 4, "before_message_id": page["oldest_message_id"]}, chat_id="iris:default")
    older = (await c.expect("history", lambda f: f.get("id") == h2))["payload"]
    assert [m["text"] for m in older["messages"]] == ["q0", "answer: q0"] and older["has_more"] is False


async def test_message_delete_broadcasts_and_removes_from_history_and_search(gateway):
    await _reply(gateway)
    a = await gateway.client()
    b = await gateway.client()
    await a.send("message.send", {"text": "secret plan"}, chat_id="iris:default")
    echo = await a.expect("message", lambda f: f["payload"]["role"] == "user")
    await a.expect("agent.idle")
    mid = echo["payload"]["message_id"]
    fid = await a.send("message.delete", {"message_ids": [mid]}, chat_id="iris:default")
    assert (await a.expect("message.deleted"))["id"] == fid
    other = await b.expect("message.deleted")
    assert other["payload"]["message_ids"] == [mid] and "id" not in other
    s = await a.send("search", {"query": "secret plan", "scope": "all"})
    hits = (await a.expect("search.results", lambda f: f.get("id") == s))["payload"]["hits"]
    assert [h["message_id"] for h in hits if h["message_id"] == mid] == [] and len(hits) == 1
    h = await a.send("history", {}, chat_id="iris:default")
    msgs = (await a.expect("history", lambda f: f.get("id") == h))["payload"]["messages"]
    assert mid not in [m["message_id"] for m in msgs]


async def test_read_receipt_is_broadcast_to_the_other_devices(gateway):
    a = await gateway.client()
    b = await gateway.client()
    await a.send("read.receipt", {"chat_id": "iris:default", "message_id": "m_1"}, id=None)
    got = await b.expect("read.receipt")
    assert got["payload"] == {"chat_id": "iris:default", "message_id": "m_1"}
    await a.send("ping", {})
    await a.none_of("read.receipt", settle_on="pong")


async def test_channel_create_rename_default_delete(gateway):
    a = await gateway.client()
    b = await gateway.client()
    fid = await a.send("channel.create", {"name": "Reports", "kind": "channel"})
    created = await a.expect("channel.created")
    assert created["id"] == fid and created["payload"]["kind"] == "channel"
    chat = created["payload"]["chat_id"]
    assert chat.startswith("iris:chan_")
    await b.expect("channel.created")
    await a.send("channel.create", {"name": "Weekly", "kind": "thread", "parent_chat_id": chat})
    thread = (await a.expect("channel.created"))["payload"]
    assert thread["kind"] == "thread" and thread["chat_id"] == chat and thread["parent_chat_id"] == chat
    await a.send("channel.rename", {"name": "Cron Reports"}, chat_id=chat)
    assert (await b.expect("channel.renamed"))["payload"]["name"] == "Cron Reports"
    fid = await a.send("channel.set_default", {}, chat_id=chat)
    listing = await a.expect("channel.list", lambda f: f.get("id") == fid)
    default = [c for c in listing["payload"]["channels"] if c["is_default"]]
    assert [c["chat_id"] for c in default] == [chat]
    err_id = await a.send("channel.delete", {}, chat_id=chat)
    assert (await a.expect("error", lambda f: f.get("id") == err_id))["payload"]["code"] == "unsupported"
    await a.send("channel.set_default", {}, chat_id="iris:default")
    await a.expect("channel.list")
    fid = await a.send("channel.delete", {}, chat_id=chat)
    first = await b.expect("channel.deleted")
    assert first["thread_id"] == thread["thread_id"]
    second = await a.expect("channel.deleted", lambda f: f.get("id") == fid)
    assert second["chat_id"] == chat and second["thread_id"] is None
    lid = await a.send("channel.list", {})
    names = [c["name"] for c in (await a.expect("channel.list", lambda f: f.get("id") == lid))["payload"]["channels"]]
    assert names == ["Default"]


async def test_commands_catalog_and_complete_come_from_hermes_registry(gateway):
    from hermes_cli.commands import COMMAND_REGISTRY

    c = await gateway.client()
    fid = await c.send("commands.catalog", {})
    cmds = (await c.expect("commands.catalog", lambda f: f.get("id") == fid))["payload"]["commands"]
    by_name = {x["name"]: x for x in cmds}
    new = next(d for d in COMMAND_REGISTRY if d.name == "new")
    assert by_name["/new"]["description"] == new.description and by_name["/new"]["aliases"] == ["/reset"]
    assert "/clear" not in by_name  # cli_only
    fid = await c.send("commands.complete", {"prefix": "/mod"})
    matches = (await c.expect("commands.complete", lambda f: f.get("id") == fid))["payload"]["matches"]
    assert "/model" in [m["name"] for m in matches]


async def test_media_upload_reaches_hermes_as_attachment_and_agent_files_can_be_pulled(gateway, tmp_path):
    seen = []

    async def handler(event):
        seen.append(event)
        return None

    gateway.adapter.set_message_handler(handler)
    c = await gateway.client()
    data = b"hello, world\n" * 100
    fid = await c.send("media.upload.start", {"media_ref": "mu_1", "kind": "file", "mime": "text/plain",
                                              "size": len(data), "filename": "notes.txt"})
    await c.ws.send(data[:700])
    await c.ws.send(data[700:])
    await c.send("media.upload.end", {"media_ref": "mu_1", "sha256": hashlib.sha256(data).hexdigest()}, id=fid)
    ack = await c.expect("media.upload.ack")
    assert ack["id"] == fid and ack["payload"] == {"ok": True, "media_ref": "mu_1"}
    await c.send("message.send", {"text": "read this", "media_refs": ["mu_1"]}, chat_id="iris:default")
    echo = await c.expect("message", lambda f: f["payload"]["role"] == "user")
    assert echo["payload"]["media"][0]["filename"] == "notes.txt"
    await c.expect("agent.idle")
    with open(seen[0].media_urls[0], "rb") as fh:
        assert fh.read() == data
    out = tmp_path / "report.txt"
    out.write_bytes(b"agent output")
    await gateway.adapter.send_document("iris:default", str(out), caption="here you go")
    offer = await c.expect("media.offer")
    msg = await c.expect("message", lambda f: f["payload"].get("media"))
    assert msg["payload"]["text"] == "here you go"
    pid = await c.send("media.pull", {"media_id": offer["payload"]["media_id"]})
    end = await c.expect("media.pull.end", lambda f: f.get("id") == pid)
    assert b"".join(c.binary) == b"agent output" and end["payload"]["ok"] is True


async def test_upload_hash_mismatch_is_refused(gateway):
    c = await gateway.client()
    fid = await c.send("media.upload.start", {"media_ref": "mu_2", "kind": "file", "size": 3, "filename": "a"})
    await c.ws.send(b"abc")
    await c.send("media.upload.end", {"media_ref": "mu_2", "sha256": "00"}, id=fid)
    assert (await c.expect("error", lambda f: f.get("id") == fid))["payload"]["code"] == "internal"


async def test_sent_uploads_and_offered_files_can_be_pulled_by_every_device_after_a_restart(gateway, tmp_path):
    async def handler(event):
        return None

    gateway.adapter.set_message_handler(handler)
    a = await gateway.client()
    data = bytes(range(256)) * 40
    fid = await a.send("media.upload.start", {"media_ref": "mu_pic", "kind": "file", "size": len(data),
                                              "filename": "blob.bin"})
    await a.ws.send(data)
    await a.send("media.upload.end", {"media_ref": "mu_pic", "sha256": hashlib.sha256(data).hexdigest()}, id=fid)
    await a.expect("media.upload.ack")
    await a.send("message.send", {"text": "see attached", "media_refs": ["mu_pic"]}, chat_id="iris:default")
    media_id = (await a.expect("message", lambda f: f["payload"]["role"] == "user"))["payload"]["media"][0]["media_id"]
    await a.expect("agent.idle")
    out = tmp_path / "report.txt"
    out.write_bytes(b"agent output")
    await gateway.adapter.send_document("iris:default", str(out))
    offered = (await a.expect("media.offer"))["payload"]["media_id"]
    await a.close()
    await gateway.adapter.disconnect()
    again = make_adapter(tmp_path / "iris")
    assert await again.connect()
    try:
        gateway.adapter = again
        b = await gateway.client()
        for mid, want in ((media_id, data), (offered, b"agent output")):
            b.binary.clear()
            pid = await b.send("media.pull", {"media_id": mid})
            end = await b.expect("media.pull.end", lambda f: f.get("id") == pid)
            assert b"".join(b.binary) == want and end["payload"]["sha256"] == hashlib.sha256(want).hexdigest()
    finally:
        await again.disconnect()
