"""A lane's conversation as Hermes' session store (``state.db``) holds it.

Hermes keeps every gateway session in ``$HERMES_HOME/state.db``: a
``sessions`` row per session (``source``, ``chat_id``, ``thread_id``; a new
one after ``/new`` or a reset, a child after compression) and its
``messages`` rows in insertion order. This reads them, read only, for
``history`` and ``search``: the user and assistant turns of every ``iris``
session of the lane, oldest first, tool rows and compaction summaries left
out, each with an id that survives a transcript rewrite.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Set

from agent.context_compressor import LEGACY_SUMMARY_PREFIX, SUMMARY_PREFIX
from agent.memory_manager import sanitize_context
from hermes_state import SessionDB

from .hooks import PLATFORM
from .store import Lane

_CRON_PREFIX = re.compile(r"\A\[Cron delivery: [^\]\n]*\]\n")
_REPLY_PREFIX = re.compile(r'\A\[Replying to(?: your previous message)?: ".*?"\]\n\n', re.S)

_LANE_ROWS = """
SELECT m.id, m.session_id, m.role, m.content, m.timestamp, m.reasoning, m.active, m.compacted
FROM messages m JOIN sessions s ON s.id = m.session_id
WHERE s.source = ? AND s.chat_id = ? AND COALESCE(s.thread_id, '') = ?
  AND m.role IN ('user', 'assistant')
ORDER BY s.started_at, m.session_id, m.id
"""

_LANES_MATCHING = """
SELECT DISTINCT s.chat_id, COALESCE(s.thread_id, '')
FROM messages m JOIN sessions s ON s.id = m.session_id
WHERE s.source = ? AND m.role IN ('user', 'assistant')
  AND (m.active = 1 OR m.compacted = 1) AND instr(lower(m.content), lower(?)) > 0
"""


@dataclass
class HermesMessage:
    """One user/assistant turn of a Hermes transcript, in protocol terms."""

    message_id: str
    role: str  # user, assistant or cron (a mirrored cron delivery)
    text: str  # as the device saw it: without the prefixes the gateway adds
    raw: str  # the stored content (a user turn may carry a reply/cron prefix)
    ts: int  # ms
    reasoning: str = ""
    # Taken back in Hermes (/undo, /retry): not part of the conversation any more.
    withdrawn: bool = False
    # The rows holding it: one, or more when compaction stored it again.
    row_ids: List[int] = field(default_factory=list)

    def body(self) -> Dict[str, Any]:
        body: Dict[str, Any] = {"message_id": self.message_id, "role": self.role, "text": self.text, "ts": self.ts}
        if self.reasoning:
            body["reasoning"] = self.reasoning
        return body


def _content_text(content: Any) -> str:
    decoded = SessionDB._decode_content(content)
    if isinstance(decoded, list):
        decoded = "\n".join(str(p.get("text", "")) for p in decoded if isinstance(p, dict) and p.get("type") == "text")
    if not isinstance(decoded, str):
        return ""
    return sanitize_context(decoded).strip()


def _is_summary(text: str) -> bool:
    return text.startswith(SUMMARY_PREFIX) or text.startswith(LEGACY_SUMMARY_PREFIX)


def _stable_id(session_id: str, role: str, timestamp: float, raw: str, seen: Set[str]) -> str:
    """Content-derived: a transcript rewrite (Hermes' /retry, /compress)
    re-inserts rows with new row ids but the same timestamps and content."""
    digest = hashlib.sha256(f"{session_id}\0{role}\0{timestamp!r}\0{raw}".encode()).hexdigest()[:16]
    mid, n = f"h_{digest}", 1
    while mid in seen:
        n += 1
        mid = f"h_{digest}_{n}"
    seen.add(mid)
    return mid


def _displayed(role: str, raw: str) -> tuple[str, str]:
    """(role, text) a device shows for a stored turn."""
    if role == "user":
        cron = _CRON_PREFIX.match(raw)
        if cron:
            return "cron", raw[cron.end():]
        reply = _REPLY_PREFIX.match(raw)
        if reply:
            return "user", raw[reply.end():]
    return role, raw


class Transcripts:
    """Read-only access to Hermes' ``state.db``; ``db_path`` says where it is now."""

    def __init__(self, db_path: Callable[[], Optional[Path]]):
        self.db_path = db_path

    def _connect(self) -> Optional[sqlite3.Connection]:
        path = self.db_path()
        if path is None or not path.exists():
            return None
        try:
            return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1.0)
        except sqlite3.Error:
            return None

    def lane(self, lane: Lane) -> List[HermesMessage]:
        """The lane's turns across all its Hermes sessions, oldest first."""
        db = self._connect()
        if db is None:
            return []
        try:
            rows = db.execute(_LANE_ROWS, (PLATFORM, lane[0], lane[1] or "")).fetchall()
        except sqlite3.Error:
            return []
        finally:
            db.close()
        out: List[HermesMessage] = []
        seen_ids: Set[str] = set()
        # Compaction and compression re-insert the kept tail of a transcript
        # (same role, content and timestamp): one turn, listed once.
        seen_turns: Dict[tuple, HermesMessage] = {}
        for row_id, session_id, role, content, timestamp, reasoning, active, compacted in rows:
            raw = _content_text(content)
            if not raw or _is_summary(raw):
                continue
            turn = (role, raw, timestamp)
            if turn in seen_turns:
                seen_turns[turn].row_ids.append(row_id)
                continue
            shown_role, text = _displayed(role, raw)
            out.append(HermesMessage(
                message_id=_stable_id(session_id, role, timestamp, raw, seen_ids), role=shown_role, text=text,
                raw=raw, ts=int(float(timestamp or 0) * 1000),
                reasoning=(reasoning or "").strip() if role == "assistant" else "",
                withdrawn=not active and not compacted, row_ids=[row_id],
            ))
            seen_turns[turn] = out[-1]
        return out

    def delete(self, row_ids: List[int]) -> int:
        """Remove rows from Hermes' store (and so from its full-text index)."""
        path = self.db_path()
        if not row_ids or path is None or not path.exists():
            return 0
        db = sqlite3.connect(path, timeout=5.0)
        try:
            marks = ",".join("?" * len(row_ids))
            sessions = [r[0] for r in db.execute(
                f"SELECT DISTINCT session_id FROM messages WHERE id IN ({marks})", list(row_ids))]
            gone = db.execute(f"DELETE FROM messages WHERE id IN ({marks})", list(row_ids)).rowcount
            db.executemany(
                "UPDATE sessions SET message_count = (SELECT COUNT(*) FROM messages m "
                "WHERE m.session_id = sessions.id AND m.active = 1) WHERE id = ?", [(sid,) for sid in sessions])
            db.commit()
            return gone
        finally:
            db.close()

    def lanes_matching(self, query: str) -> List[Lane]:
        """Lanes with a turn containing ``query`` (case-insensitive)."""
        db = self._connect()
        if db is None:
            return []
        try:
            return [(str(c), str(t)) for c, t in db.execute(_LANES_MATCHING, (PLATFORM, query)).fetchall()]
        except sqlite3.Error:
            return []
        finally:
            db.close()


def hermes_db_path(adapter: Any) -> Callable[[], Optional[Path]]:
    """The running gateway's session DB, else ``$HERMES_HOME/state.db``."""

    def path() -> Optional[Path]:
        runner = getattr(adapter, "gateway_runner", None)
        db = getattr(getattr(runner, "session_store", None), "_db", None)
        if getattr(db, "db_path", None):
            return Path(db.db_path)
        from hermes_constants import get_hermes_home

        return get_hermes_home() / "state.db"

    return path
