"""Auto-thread titles: the instant title is upgraded to Hermes' session title.

Hermes titles a new session in a background thread after its first exchange
(``agent.title_generator.maybe_auto_title`` writes ``sessions.title``). It
renames the thread only on Discord and Telegram, so for Iris the plugin looks
the title up once the first turn of an auto-minted thread is over, and
broadcasts ``channel.renamed`` (plus a ``channel_renamed`` notification).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Callable, Dict, Optional

from .channels import Directory
from .hub import Hub, frame
from .store import Lane

logger = logging.getLogger(__name__)

POLL_SECONDS = 0.5
WAIT_SECONDS = 90.0
TITLE_CHARS = 80


class Titles:
    """Auto-minted threads waiting for their semantic title."""

    def __init__(self, directory: Directory, hub: Hub, lookup: Callable[[str], Optional[str]]):
        self.directory = directory
        self.hub = hub
        self.lookup = lookup  # session key → Hermes' title, or None
        self.waiting: Dict[Lane, str] = {}
        self.tasks: Dict[Lane, asyncio.Task] = {}

    def minted(self, lane: Lane, instant: str) -> None:
        self.waiting[lane] = instant

    def turn_ended(self, lane: Lane, session_key: str) -> None:
        if lane in self.waiting and lane not in self.tasks:
            self.tasks[lane] = asyncio.create_task(self._await(lane, session_key))

    def cancel(self) -> None:
        for task in self.tasks.values():
            task.cancel()

    async def _await(self, lane: Lane, session_key: str) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        try:
            while time.monotonic() < deadline:
                title = await asyncio.to_thread(self.lookup, session_key)
                if title and title.strip():
                    self._rename(lane, title)
                    return
                await asyncio.sleep(POLL_SECONDS)
        except Exception:
            logger.debug("iris: no session title for %s", lane, exc_info=True)
        finally:
            self.waiting.pop(lane, None)
            self.tasks.pop(lane, None)

    def _rename(self, lane: Lane, title: str) -> None:
        ch = self.directory.get(lane)
        instant = self.waiting.get(lane)
        if ch is None or ch.name != instant:
            return  # deleted, or a person renamed it meanwhile
        name = " ".join(title.split())
        if len(name) > TITLE_CHARS:
            name = name[: TITLE_CHARS - 1].rstrip() + "…"
        if name == ch.name:
            return
        self.hub.broadcast(self.directory.rename(ch, name))
        self.hub.broadcast(frame("notification", {"kind": "channel_renamed", "title": name,
                                                  "body": f"Renamed thread to {name}", "ts": int(time.time() * 1000)},
                                 chat_id=lane[0], thread_id=lane[1], lane=True))


def hermes_title_lookup(adapter: Any) -> Callable[[str], Optional[str]]:
    """Session key → title through the running GatewayRunner's session store and SessionDB."""

    def lookup(session_key: str) -> Optional[str]:
        runner = getattr(adapter, "gateway_runner", None)
        store = getattr(runner, "session_store", None)
        db = getattr(runner, "_session_db", None)
        db = getattr(db, "_db", db)
        entry = getattr(store, "_entries", {}).get(session_key) if store is not None else None
        if entry is None or db is None:
            return None
        return db.get_session_title(entry.session_id)

    return lookup
