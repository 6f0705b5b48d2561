"""Durable state in SQLite: the outbox (cursors), the message log, channels, pullable media."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Tuple

DB_NAME = "iris.sqlite3"
# The outbox keeps the newest frames; a device offline for longer than that
# resyncs from history (a sync from a pruned cursor replays what is left).
OUTBOX_KEEP = 50_000
PRUNE_EVERY = 1_000
DEFAULT_CHAT_ID = "iris:default"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
  cursor INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  chat_id TEXT,
  thread_id TEXT,
  message_id TEXT,
  cap TEXT,
  frame TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_lane ON outbox(chat_id, thread_id);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id TEXT UNIQUE NOT NULL,
  chat_id TEXT NOT NULL,
  thread_id TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL,
  text TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_lane ON messages(chat_id, thread_id, seq);
CREATE TABLE IF NOT EXISTS channels (
  chat_id TEXT NOT NULL,
  thread_id TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  parent_chat_id TEXT,
  created REAL NOT NULL,
  PRIMARY KEY (chat_id, thread_id)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS media (media_id TEXT PRIMARY KEY, record TEXT NOT NULL);
"""

Lane = Tuple[str, str]  # (chat_id, thread_id or "")


@dataclass(frozen=True)
class Channel:
    """A directory entry: a channel (thread_id "") or a thread of one."""

    chat_id: str
    thread_id: str
    name: str
    kind: str
    parent_chat_id: Optional[str]

    def wire(self, default_chat_id: str) -> Dict[str, Any]:
        entry: Dict[str, Any] = {
            "chat_id": self.chat_id,
            "name": self.name,
            "kind": "default" if (self.chat_id == default_chat_id and not self.thread_id) else self.kind,
            "is_default": self.chat_id == default_chat_id and not self.thread_id,
            "parent_chat_id": self.parent_chat_id,
        }
        if self.thread_id:
            entry["thread_id"] = self.thread_id
        return entry


class Store:
    """All SQLite access. Used from the adapter's event loop only."""

    def __init__(self, directory: Path, keep: int = OUTBOX_KEEP):
        self.keep = keep
        self.path = Path(directory) / DB_NAME
        self.db = sqlite3.connect(self.path, check_same_thread=False)
        self.db.executescript(_SCHEMA)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.path.chmod(0o600)
        if self.channel((DEFAULT_CHAT_ID, "")) is None:
            self.add_channel(Channel(DEFAULT_CHAT_ID, "", "Default", "channel", None))
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    # -- meta -------------------------------------------------------------

    def meta(self, key: str, default: str = "") -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (key, value))
        self.db.commit()

    def next_number(self, key: str) -> int:
        n = int(self.meta("seq:" + key, "0")) + 1
        self.set_meta("seq:" + key, str(n))
        return n

    # -- outbox -----------------------------------------------------------

    def park(self, frame: Dict[str, Any], cap: Optional[str] = None) -> int:
        """Append a frame to the outbox; returns its cursor."""
        payload = frame.get("payload") or {}
        cur = self.db.execute(
            "INSERT INTO outbox(type, chat_id, thread_id, message_id, cap, frame) VALUES(?,?,?,?,?,?)",
            (
                frame["type"],
                frame.get("chat_id"),
                frame.get("thread_id") or "",
                payload.get("message_id"),
                cap,
                json.dumps(frame, ensure_ascii=False),
            ),
        )
        cursor = int(cur.lastrowid)
        if cursor % PRUNE_EVERY == 0 or self.keep < PRUNE_EVERY:
            self.db.execute("DELETE FROM outbox WHERE cursor <= ?", (cursor - self.keep,))
        self.db.commit()
        return cursor

    def head(self) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(cursor), 0) FROM outbox").fetchone()
        return int(row[0])

    def replay(self, after: int, caps: Iterable[str]) -> List[Tuple[int, Dict[str, Any]]]:
        allowed = set(caps)
        rows = self.db.execute(
            "SELECT cursor, cap, frame FROM outbox WHERE cursor > ? ORDER BY cursor", (after,)
        ).fetchall()
        return [(c, json.loads(f)) for c, cap, f in rows if cap is None or cap in allowed]

    # -- message log (history / search) ------------------------------------

    def log_message(self, chat_id: str, thread_id: str, body: Dict[str, Any]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO messages(message_id, chat_id, thread_id, role, text, body) VALUES(?,?,?,?,?,?)",
            (
                body["message_id"], chat_id, thread_id or "", body.get("role", "assistant"),
                body.get("text") or "", json.dumps(body, ensure_ascii=False),
            ),
        )
        self.db.commit()

    def message_lane(self, message_id: str) -> Optional[Lane]:
        row = self.db.execute("SELECT chat_id, thread_id FROM messages WHERE message_id=?", (message_id,)).fetchone()
        return (row[0], row[1]) if row else None

    def message(self, message_id: str) -> Optional[Dict[str, Any]]:
        row = self.db.execute("SELECT body FROM messages WHERE message_id=?", (message_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def lane_log(self, lane: Lane) -> List[Dict[str, Any]]:
        """Every logged message of a lane, in the order logged."""
        rows = self.db.execute(
            "SELECT body FROM messages WHERE chat_id=? AND thread_id=? ORDER BY seq", (lane[0], lane[1] or "")
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def lanes_matching(self, query: str) -> List[Lane]:
        """Lanes with a logged message containing ``query`` (case-insensitive)."""
        rows = self.db.execute(
            "SELECT DISTINCT chat_id, thread_id FROM messages WHERE instr(lower(text), lower(?)) > 0", (query,)
        ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def delete_messages(self, lane: Lane, message_ids: List[str]) -> None:
        """Remove messages from the log and the outbox."""
        for mid in message_ids:
            self.db.execute(
                "DELETE FROM messages WHERE message_id=? AND chat_id=? AND thread_id=?",
                (mid, lane[0], lane[1] or ""),
            )
            self.db.execute("DELETE FROM outbox WHERE message_id=? AND type != 'message.deleted'", (mid,))
        self.db.commit()

    # -- media ------------------------------------------------------------

    def add_media(self, media_id: str, record: Dict[str, Any]) -> None:
        """A file devices may pull by ``media_id`` (an upload sent in a message, an agent's file)."""
        self.db.execute("INSERT OR REPLACE INTO media(media_id, record) VALUES(?, ?)",
                        (media_id, json.dumps(record, ensure_ascii=False)))
        self.db.commit()

    def media(self, media_id: str) -> Optional[Dict[str, Any]]:
        row = self.db.execute("SELECT record FROM media WHERE media_id=?", (media_id,)).fetchone()
        return json.loads(row[0]) if row else None

    # -- channels ---------------------------------------------------------

    def channels(self) -> List[Channel]:
        rows = self.db.execute(
            "SELECT chat_id, thread_id, name, kind, parent_chat_id FROM channels ORDER BY created"
        ).fetchall()
        return [Channel(*r) for r in rows]

    def channel(self, lane: Lane) -> Optional[Channel]:
        row = self.db.execute(
            "SELECT chat_id, thread_id, name, kind, parent_chat_id FROM channels WHERE chat_id=? AND thread_id=?",
            (lane[0], lane[1] or ""),
        ).fetchone()
        return Channel(*row) if row else None

    def add_channel(self, ch: Channel) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO channels(chat_id, thread_id, name, kind, parent_chat_id, created) VALUES(?,?,?,?,?,?)",
            (ch.chat_id, ch.thread_id, ch.name, ch.kind, ch.parent_chat_id, time.time()),
        )
        self.db.commit()

    def rename_channel(self, lane: Lane, name: str) -> None:
        self.db.execute("UPDATE channels SET name=? WHERE chat_id=? AND thread_id=?", (name, lane[0], lane[1] or ""))
        self.db.commit()

    def delete_lane(self, lane: Lane) -> None:
        """Hard delete: the directory row, its log and its outbox frames."""
        chat_id, thread_id = lane[0], lane[1] or ""
        self.db.execute("DELETE FROM channels WHERE chat_id=? AND thread_id=?", (chat_id, thread_id))
        self.db.execute("DELETE FROM messages WHERE chat_id=? AND thread_id=?", (chat_id, thread_id))
        self.db.execute(
            "DELETE FROM outbox WHERE chat_id=? AND thread_id=? AND type NOT LIKE 'channel.%'",
            (chat_id, thread_id),
        )
        self.db.commit()

    def threads_of(self, chat_id: str) -> List[Channel]:
        return [c for c in self.channels() if c.chat_id == chat_id and c.thread_id]


def snippet(text: str, query: str, width: int = 60) -> str:
    """The part of ``text`` around the first ``query`` match."""
    at = text.lower().find(query.lower())
    if at < 0:
        return text[:width]
    start = max(0, at - width // 2)
    end = min(len(text), at + len(query) + width // 2)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
