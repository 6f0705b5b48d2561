"""Deletes reach Hermes' own session store, so no search trace survives.

``message.delete`` removes the matching user/assistant rows from the lane's
Hermes transcript (``SessionStore.rewrite_transcript``, as ``/retry`` does) and
drops the cached agent, whose in-memory history would otherwise write them
back. ``channel.delete`` deletes the lane's Hermes session and resets the key
to a fresh one. Both are best effort: without a running GatewayRunner (tests,
a gateway that failed to start) only the plugin's own log is changed.
"""

from __future__ import annotations

import logging
from typing import Any, Dict, List, Optional

logger = logging.getLogger(__name__)


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def without(transcript: List[Dict[str, Any]], deleted: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """``transcript`` minus one matching row (same role and text, newest first) per deleted message."""
    keep = list(transcript)
    for body in deleted:
        role, text = body.get("role"), (body.get("text") or "").strip()
        if role not in ("user", "assistant") or not text:
            continue
        for i in range(len(keep) - 1, -1, -1):
            row = keep[i]
            if row.get("role") == role and not row.get("tool_calls") and _content_text(row.get("content")).strip() == text:
                del keep[i]
                break
    return keep


class HermesSessions:
    """The GatewayRunner's session store, reached through the adapter."""

    def __init__(self, adapter: Any):
        self.adapter = adapter

    def _runner(self) -> Any:
        return getattr(self.adapter, "gateway_runner", None)

    def _entry(self, session_key: str) -> Optional[Any]:
        store = getattr(self._runner(), "session_store", None)
        return getattr(store, "_entries", {}).get(session_key) if store is not None else None

    def forget_messages(self, session_key: str, deleted: List[Dict[str, Any]]) -> bool:
        runner = self._runner()
        entry = self._entry(session_key)
        if entry is None:
            return False
        store = runner.session_store
        transcript = store.load_transcript(entry.session_id)
        kept = without(transcript, deleted)
        if len(kept) == len(transcript):
            return False
        ok = store.rewrite_transcript(entry.session_id, kept)
        evict = getattr(runner, "_evict_cached_agent", None)
        if evict is not None:
            evict(session_key)
        return bool(ok)

    def forget_lane(self, session_key: str) -> bool:
        runner = self._runner()
        entry = self._entry(session_key)
        if entry is None:
            return False
        db = getattr(runner, "_session_db", None)
        db = getattr(db, "_db", db)
        if db is not None:
            db.delete_session(entry.session_id)
        evict = getattr(runner, "_evict_cached_agent", None)
        if evict is not None:
            evict(session_key)
        runner.session_store.reset_session(session_key)
        return True
