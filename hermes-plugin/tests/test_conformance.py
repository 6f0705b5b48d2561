"""Spec rules the conformance kit checks: one response (or error) per request id."""

import asyncio


REQUESTS = [
    ("message.send", {"text": "hello"}, {"chat_id": "iris:default"}, "message"),
    ("history", {"limit": 5}, {"chat_id": "iris:default"}, "history"),
    ("search", {"query": "hello", "scope": "all"}, {}, "search.results"),
    ("channel.list", {}, {}, "channel.list"),
    ("channel.create", {"name": "Conf", "kind": "channel"}, {}, "channel.created"),
    ("commands.catalog", {}, {}, "commands.catalog"),
    ("commands.complete", {"prefix": "/he"}, {}, "commands.complete"),
    ("sync", {"cursor": 0}, {}, "sync.done"),
    ("ping", {"ts": 1}, {}, "pong"),
    ("agent.stop", {}, {"chat_id": "iris:default"}, None),  # answered by agent.idle
    ("message.delete", {"message_ids": ["m_gone"]}, {"chat_id": "iris:default"}, "message.deleted"),
    ("history", {}, {"chat_id": "iris:nowhere"}, "error"),
    ("picker.select", {"picker_id": "px", "value": "once"}, {}, "error"),
    ("media.pull", {"media_id": "md_none"}, {}, "error"),
]


async def test_every_request_gets_exactly_one_answer_with_its_id(gateway):
    async def handler(event):
        return "hi"

    gateway.adapter.set_message_handler(handler)
    c = await gateway.client()
    sent = {}
    for type_, payload, env, expected in REQUESTS:
        fid = await c.send(type_, payload, **env)
        sent[fid] = (type_, expected)
    # Everything answers in order of arrival on one connection except the turn
    # itself; wait until every id has been answered, then settle once more.
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while loop.time() < deadline:
        answered = {f.get("id") for f in c.frames if f.get("id") in sent}
        if answered == set(sent):
            break
        await c._read(deadline - loop.time())
    await c.send("ping", {"ts": 2}, id=999)
    await c.expect("pong", lambda f: f.get("id") == 999)
    for fid, (type_, expected) in sent.items():
        answers = [f for f in c.frames if f.get("id") == fid]
        assert len(answers) == 1, (type_, answers)
        if expected is not None:
            assert answers[0]["type"] == expected, (type_, answers[0])
        else:
            assert answers[0]["type"] == "agent.idle", (type_, answers[0])


async def test_live_frames_carry_no_cursor_and_replayed_ones_do(gateway):
    async def handler(event):
        return "hi"

    gateway.adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "x"}, chat_id="iris:default")
    await c.expect("agent.idle")
    assert not [f for f in c.frames if "cursor" in f]
    fid = await c.send("sync", {"cursor": 0})
    await c.expect("sync.done", lambda f: f.get("id") == fid)
    replayed = [f for f in c.frames if "cursor" in f]
    assert replayed and all(isinstance(f["cursor"], int) for f in replayed)
