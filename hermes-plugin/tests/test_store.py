"""The outbox: cursors only grow (also across reopen), retention keeps the newest."""

from iris_hermes.store import Store


def test_cursors_grow_across_reopen_and_retention_keeps_newest(tmp_path):
    s = Store(tmp_path, keep=5)
    cursors = [s.park({"type": "message", "chat_id": "iris:default", "payload": {"message_id": f"m{i}"}})
               for i in range(12)]
    assert cursors == sorted(cursors) and len(set(cursors)) == 12
    assert [c for c, _ in s.replay(0, [])] == cursors[-5:]
    s.close()
    again = Store(tmp_path, keep=5)
    assert again.park({"type": "message", "payload": {}}) > cursors[-1]


def test_extension_frames_replay_only_to_devices_that_asked(tmp_path):
    s = Store(tmp_path)
    s.park({"type": "picker.answered", "payload": {"picker_id": "p"}}, cap="picker_answered")
    s.park({"type": "message", "payload": {"message_id": "m"}})
    assert [f["type"] for _, f in s.replay(0, [])] == ["message"]
    assert [f["type"] for _, f in s.replay(0, ["picker_answered"])] == ["picker.answered", "message"]
