"""history and search from Hermes' session store (state.db), merged with the plugin's log."""

from types import SimpleNamespace

from conftest import make_adapter

LANE = "iris:default"


def session_of(adapter, store, chat_id=LANE, thread_id=None):
    """The lane's Hermes session, keyed as the gateway keys it for the plugin's source."""
    source = adapter.build_source(chat_id=chat_id, chat_name="Default", chat_type="dm", user_id="laptop",
                                  user_name="testbox", thread_id=thread_id)
    return store.get_or_create_session(source).session_id


def turn(store, session_id, user, assistant, at):
    store.append_to_transcript(session_id, {"role": "user", "content": user, "timestamp": at})
    store.append_to_transcript(session_id, {"role": "assistant", "content": assistant, "timestamp": at + 1})


async def history(c, chat_id=LANE, thread_id=None, **payload):
    env = {"chat_id": chat_id}
    if thread_id:
        env["thread_id"] = thread_id
    fid = await c.send("history", payload, **env)
    return (await c.expect("history", lambda f: f.get("id") == fid))["payload"]


async def search(c, query, **payload):
    fid = await c.send("search", {"query": query, **payload})
    return (await c.expect("search.results", lambda f: f.get("id") == fid))["payload"]["hits"]


async def test_turns_hermes_has_from_before_the_plugin_are_the_history(gateway, sessions):
    sid = session_of(gateway.adapter, sessions)
    turn(sessions, sid, "what is 2+2", "4", 1_700_000_000)
    turn(sessions, sid, "and 3+3", "6", 1_700_000_100)
    sessions.append_to_transcript(sid, {"role": "tool", "content": "{}", "tool_call_id": "x", "timestamp": 1_700_000_102})
    c = await gateway.client()
    page = await history(c)
    msgs = page["messages"]
    assert [(m["role"], m["text"]) for m in msgs] == [("user", "what is 2+2"), ("assistant", "4"),
                                                       ("user", "and 3+3"), ("assistant", "6")]
    assert msgs[0]["ts"] == 1_700_000_000_000 and all(m["message_id"].startswith("h_") for m in msgs)
    assert page["oldest_message_id"] == msgs[0]["message_id"] and page["has_more"] is False
    assert [m["message_id"] for m in (await history(c))["messages"]] == [m["message_id"] for m in msgs]


async def test_ids_survive_a_restart_and_a_transcript_rewrite(gateway, sessions, tmp_path):
    sid = session_of(gateway.adapter, sessions)
    turn(sessions, sid, "first", "one", 1_700_000_000)
    turn(sessions, sid, "second", "two", 1_700_000_010)
    c = await gateway.client()
    before = [m["message_id"] for m in (await history(c))["messages"]]
    await c.close()
    await gateway.adapter.disconnect()
    # Hermes' /retry and our message.delete rewrite the transcript: new row ids.
    sessions.rewrite_transcript(sid, sessions.load_transcript(sid))
    again = make_adapter(tmp_path / "iris")
    assert await again.connect()
    try:
        gateway.adapter = again
        c2 = await gateway.client()
        assert [m["message_id"] for m in (await history(c2))["messages"]] == before
    finally:
        await again.disconnect()


async def test_a_turn_the_plugin_logged_is_listed_once_with_the_devices_ids(gateway, sessions):
    adapter = gateway.adapter
    sid = session_of(adapter, sessions)
    turn(sessions, sid, "older question", "older answer", 1_600_000_000)

    async def handler(event):
        # What the runner persists for this turn (the user text as Hermes got it).
        import time

        now = time.time()
        turn(sessions, sid, event.text, "Hi there", now)
        return "Hi there"

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "hello", "client_msg_id": "c1"}, chat_id=LANE)
    echo = await c.expect("message", lambda f: f["payload"]["role"] == "user")
    reply = await c.expect("message", lambda f: f["payload"]["role"] == "assistant")
    await c.expect("agent.idle")
    adapter.post_system((LANE, ""), "Model switched.")
    msgs = (await history(c))["messages"]
    assert [(m["role"], m["text"]) for m in msgs] == [
        ("user", "older question"), ("assistant", "older answer"), ("user", "hello"), ("assistant", "Hi there"),
        ("system", "Model switched.")]
    assert msgs[2]["message_id"] == echo["payload"]["message_id"] and msgs[2]["client_msg_id"] == "c1"
    assert msgs[3]["message_id"] == reply["payload"]["message_id"] and "runtime" in msgs[3]


async def test_pages_walk_back_with_before_message_id_and_limits_cap(gateway, sessions):
    sid = session_of(gateway.adapter, sessions)
    for i in range(130):
        turn(sessions, sid, f"q{i}", f"a{i}", 1_700_000_000 + 10 * i)
    c = await gateway.client()
    newest = await history(c)
    assert len(newest["messages"]) == 50 and newest["has_more"] is True
    assert newest["messages"][-1]["text"] == "a129"
    assert len((await history(c, limit=500))["messages"]) == 200
    walked, before = [], None
    while True:
        page = await history(c, limit=70, **({"before_message_id": before} if before else {}))
        walked = page["messages"] + walked
        if not page["has_more"]:
            break
        assert page["oldest_message_id"] == page["messages"][0]["message_id"]
        before = page["oldest_message_id"]
    assert [m["text"] for m in walked[:3]] == ["q0", "a0", "q1"] and len(walked) == 260
    assert len({m["message_id"] for m in walked}) == 260
    empty = await history(c, limit=5, before_message_id=walked[0]["message_id"])
    assert empty["messages"] == [] and empty["has_more"] is False


async def test_every_session_of_the_lane_counts_but_not_other_lanes(gateway, sessions):
    adapter = gateway.adapter
    sid = session_of(adapter, sessions)
    turn(sessions, sid, "before /new", "ok", 1_700_000_000)
    key = next(iter(sessions._entries))
    new_sid = sessions.reset_session(key).session_id
    turn(sessions, new_sid, "after /new", "fine", 1_700_000_100)
    fid = await (c := await gateway.client()).send("channel.create", {"name": "Work", "kind": "channel"})
    work = (await c.expect("channel.created", lambda f: f.get("id") == fid))["chat_id"]
    turn(sessions, session_of(adapter, sessions, chat_id=work), "work question", "work answer", 1_700_000_050)
    sessions_of_telegram = sessions._db.create_session("tg1", source="telegram", chat_id=LANE)
    sessions._db.append_message(sessions_of_telegram, role="user", content="not iris", timestamp=1_700_000_060)
    assert [m["text"] for m in (await history(c))["messages"]] == ["before /new", "ok", "after /new", "fine"]
    assert [m["text"] for m in (await history(c, chat_id=work))["messages"]] == ["work question", "work answer"]


async def test_threads_have_their_own_transcript(gateway, sessions):
    c = await gateway.client()
    fid = await c.send("channel.create", {"name": "T", "kind": "thread", "parent_chat_id": LANE})
    thread = (await c.expect("channel.created", lambda f: f.get("id") == fid))["thread_id"]
    turn(sessions, session_of(gateway.adapter, sessions, thread_id=thread), "in the thread", "yes", 1_700_000_000)
    turn(sessions, session_of(gateway.adapter, sessions), "in the channel", "yes", 1_700_000_000)
    assert [m["text"] for m in (await history(c, thread_id=thread))["messages"]] == ["in the thread", "yes"]


async def test_turns_hermes_took_back_are_gone_with_the_devices_copy(gateway, sessions):
    adapter = gateway.adapter
    sid = session_of(adapter, sessions)
    turn(sessions, sid, "keep me", "kept", 1_700_000_000)

    async def handler(event):
        import time

        turn(sessions, sid, event.text, "regret", time.time())
        return "regret"

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "undo me"}, chat_id=LANE)
    await c.expect("agent.idle")
    assert len((await history(c))["messages"]) == 4
    assert sessions.rewind_session(sid, 1)["turns_undone"] == 1  # Hermes' /undo
    assert [m["text"] for m in (await history(c))["messages"]] == ["keep me", "kept"]


async def test_gateway_prefixes_compaction_and_cron_mirrors_are_shown_as_the_device_saw_them(gateway, sessions):
    from agent.context_compressor import SUMMARY_PREFIX

    sid = session_of(gateway.adapter, sessions)
    sessions.append_to_transcript(sid, {"role": "user", "timestamp": 1_700_000_000,
                                        "content": '[Replying to: "the plan"]\n\nwhy that plan?'})
    sessions.append_to_transcript(sid, {"role": "assistant", "content": "Because.", "timestamp": 1_700_000_001})
    sessions.append_to_transcript(sid, {"role": "user", "timestamp": 1_700_000_002,
                                        "content": "[Cron delivery: nightly]\nBackup done."})
    # In-place compaction: the old rows are archived, a summary and the kept
    # tail are inserted again (same timestamps).
    tail = sessions.load_transcript(sid)[-1:]
    sessions._db.archive_and_compact(sid, [{"role": "user", "content": SUMMARY_PREFIX + " stuff",
                                            "timestamp": 1_700_000_003}] + tail)
    c = await gateway.client()
    msgs = (await history(c))["messages"]
    assert [(m["role"], m["text"]) for m in msgs] == [
        ("user", "why that plan?"), ("assistant", "Because."), ("cron", "Backup done.")]


async def test_search_finds_hermes_turns_with_the_ids_history_gives(gateway, sessions):
    adapter = gateway.adapter
    c = await gateway.client()
    fid = await c.send("channel.create", {"name": "Ops", "kind": "channel"})
    ops = (await c.expect("channel.created", lambda f: f.get("id") == fid))["chat_id"]
    turn(sessions, session_of(adapter, sessions), "deploy the app", "Done.", 1_700_000_000)
    turn(sessions, session_of(adapter, sessions, chat_id=ops), "when is the DEPLOY window", "Friday", 1_700_000_100)
    adapter.post_system((LANE, ""), "deploy finished")
    hits = await search(c, "deploy", scope="all")
    assert [(h["chat_id"], h["role"]) for h in hits] == [(LANE, "system"), (ops, "user"), (LANE, "user")]
    in_history = {m["message_id"] for m in (await history(c))["messages"]}
    assert hits[2]["message_id"] in in_history and "deploy the app" in hits[2]["snippet"]
    assert hits[0]["ts"] >= hits[1]["ts"] >= hits[2]["ts"]
    chat_hits = await search(c, "deploy", scope="chat", chat_id=ops)
    assert [h["chat_id"] for h in chat_hits] == [ops]
    fid = await c.send("channel.delete", {}, chat_id=ops)
    await c.expect("channel.deleted", lambda f: f.get("id") == fid)
    assert ops not in {h["chat_id"] for h in await search(c, "deploy", scope="all")}


async def test_the_running_gateways_session_db_is_the_one_read(gateway, sessions, tmp_path):
    from hermes_state import SessionDB

    elsewhere = SessionDB(tmp_path / "elsewhere.db")
    sid = elsewhere.create_session("s_else", source="iris", chat_id=LANE)
    elsewhere.append_message(sid, role="user", content="from the runner's db", timestamp=1_700_000_000)
    turn(sessions, session_of(gateway.adapter, sessions), "from HERMES_HOME", "x", 1_700_000_000)
    gateway.adapter.gateway_runner = SimpleNamespace(session_store=SimpleNamespace(_db=elsewhere))
    c = await gateway.client()
    assert [m["text"] for m in (await history(c))["messages"]] == ["from the runner's db"]
    elsewhere.close()


async def test_deleting_a_hermes_turn_removes_its_rows_from_every_session_of_the_lane(gateway, sessions):
    adapter = gateway.adapter
    evicted = []
    adapter.gateway_runner = SimpleNamespace(session_store=sessions, _evict_cached_agent=evicted.append)
    sid = session_of(adapter, sessions)
    turn(sessions, sid, "secret from before", "noted", 1_700_000_000)
    key = next(iter(sessions._entries))
    turn(sessions, sessions.reset_session(key).session_id, "keep", "kept", 1_700_000_100)
    c = await gateway.client()
    old = (await history(c))["messages"][:2]
    fid = await c.send("message.delete", {"message_ids": [m["message_id"] for m in old]}, chat_id=LANE)
    await c.expect("message.deleted", lambda f: f.get("id") == fid)
    assert [m["text"] for m in (await history(c))["messages"]] == ["keep", "kept"]
    assert sessions._db.search_messages("secret") == [] and sessions.load_transcript(sid) == []
    assert sessions._db.get_session(sid)["message_count"] == 0
    assert evicted == [adapter._lane_key((LANE, ""))]


async def test_messages_hermes_merged_into_one_turn_are_listed_as_the_devices_sent_them(gateway, sessions):
    import asyncio
    import time

    from agent_double import queued_behind_the_turn

    adapter = gateway.adapter
    sid = session_of(adapter, sessions)
    release = asyncio.Event()

    async def handler(event):
        if event.text == "one":
            await release.wait()
        turn(sessions, sid, event.text, "re: " + event.text.replace("\n", " + "), time.time())
        return "re: " + event.text.replace("\n", " + ")

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "one"}, chat_id=LANE)
    await c.expect("agent.busy")
    for text in ("two", "three"):
        await c.send("message.send", {"text": text}, chat_id=LANE)
        await c.expect("message", lambda f, t=text: f["payload"]["text"] == t)
        await queued_behind_the_turn(adapter, (LANE, ""), text)
    release.set()
    await c.expect("message", lambda f: f["payload"]["text"] == "re: two + three")
    await c.expect("agent.idle")
    msgs = (await history(c))["messages"]
    assert [m["text"] for m in msgs] == ["one", "two", "three", "re: one", "re: two + three"]
    assert not [m for m in msgs if m["message_id"].startswith("h_")]


async def test_a_long_reply_the_stream_consumer_split_is_listed_as_its_pieces(gateway, sessions):
    import time

    from agent_double import stream_reply

    adapter = gateway.adapter
    sid = session_of(adapter, sessions)
    words = [f"word{i}" for i in range(1200)]  # longer than Hermes' 4096-character message limit
    reply = " ".join(words)

    async def handler(event):
        turn(sessions, sid, event.text, reply, time.time())
        await stream_reply(adapter, event, [" ".join(words[i:i + 100]) + " " for i in range(0, len(words), 100)])
        return None

    adapter.set_message_handler(handler)
    c = await gateway.client()
    await c.send("message.send", {"text": "tell me a lot"}, chat_id=LANE)
    await c.expect("agent.idle")
    msgs = (await history(c))["messages"]
    assert len(msgs) > 2 and [m["role"] for m in msgs] == ["user"] + ["assistant"] * (len(msgs) - 1)
    assert "".join("".join(m["text"].split()) for m in msgs[1:]) == "".join(words)
    assert not [m for m in msgs if m["message_id"].startswith("h_")]
