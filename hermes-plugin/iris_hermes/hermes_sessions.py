"""Deletes reach Hermes' own session store, so no search trace survives.

``message.delete`` removes the messages' rows from Hermes' ``state.db`` (the
rows ``history`` lists them from, in whichever session of the lane) and drops
the cached agent, whose in-memory history still holds them. ``channel.delete``
deletes the lane's Hermes session and resets the key to a fresh one; without a
running GatewayRunner (tests, a gateway that failed to start) only the
plugin's own log is changed.
"""

from __future__ import annotations

import logging
from typing import Any, List, Optional

logger = logging.getLogger(__name__)


class HermesSessions:
    """The GatewayRunner's session store, reached through the adapter."""

    def __init__(self, adapter: Any):
        self.adapter = adapter

    def _runner(self) -> Any:
        return getattr(self.adapter, "gateway_runner", None)

    def _entry(self, session_key: str) -> Optional[Any]:
        store = getattr(self._runner(), "session_store", None)
        return getattr(store, "_entries", {}).get(session_key) if store is not None else None

    def forget_rows(self, session_key: str, row_ids: List[int]) -> int:
        """Delete transcript rows (any session of the lane) and drop the cached agent."""
        gone = self.adapter.transcripts.delete(row_ids)
        evict = getattr(self._runner(), "_evict_cached_agent", None)
        if gone and evict is not None:
            evict(session_key)
        return gone

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
