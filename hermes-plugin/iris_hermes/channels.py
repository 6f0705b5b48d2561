"""The channel directory: channels and threads, each a Hermes chat/session.

A channel ``iris:chan_N`` is a Hermes chat (``source.chat_id``); a thread
``t_N`` of it is a Hermes thread (``source.thread_id``), so Hermes keeps one
session per lane.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .hub import Hub, frame
from .store import DEFAULT_CHAT_ID, Channel, Lane, Store

AUTO_TITLE_CHARS = 40


class Directory:
    """channel.* operations; every change is broadcast and parked."""

    def __init__(self, store: Store, hub: Hub):
        self.store = store
        self.hub = hub

    @property
    def default_chat_id(self) -> str:
        return self.store.meta("default_chat_id", DEFAULT_CHAT_ID)

    def listing(self) -> List[Dict[str, Any]]:
        return [c.wire(self.default_chat_id) for c in self.store.channels()]

    def get(self, lane: Lane) -> Optional[Channel]:
        return self.store.channel(lane)

    def create(self, name: str, parent_chat_id: Optional[str] = None) -> Channel:
        """A new channel, or with ``parent_chat_id`` a thread of that channel."""
        if parent_chat_id:
            ch = Channel(parent_chat_id, f"t_{self.store.next_number('thread')}", name, "thread", parent_chat_id)
        else:
            ch = Channel(f"iris:chan_{self.store.next_number('channel')}", "", name, "channel", None)
        self.store.add_channel(ch)
        return ch

    def created_frame(self, ch: Channel, id: Optional[int] = None, auto: bool = False) -> Dict[str, Any]:
        payload = ch.wire(self.default_chat_id)
        if auto:
            payload["auto"] = True
        return frame("channel.created", payload, id=id, chat_id=ch.chat_id, thread_id=ch.thread_id or None, lane=True)

    def rename(self, ch: Channel, name: str) -> Dict[str, Any]:
        self.store.rename_channel((ch.chat_id, ch.thread_id), name)
        renamed = Channel(ch.chat_id, ch.thread_id, name, ch.kind, ch.parent_chat_id)
        return frame("channel.renamed", renamed.wire(self.default_chat_id),
                     chat_id=ch.chat_id, thread_id=ch.thread_id or None, lane=True)

    def set_default(self, ch: Channel) -> None:
        self.store.set_meta("default_chat_id", ch.chat_id)

    def delete(self, ch: Channel) -> List[Channel]:
        """Hard-delete a lane (a channel takes its threads along); returns what went."""
        gone = [] if ch.thread_id else self.store.threads_of(ch.chat_id)
        gone.append(ch)
        for c in gone:
            self.store.delete_lane((c.chat_id, c.thread_id))
        return gone


def auto_title(text: str) -> str:
    """An instant thread title derived from the first message."""
    line = " ".join(text.split())
    return line if len(line) <= AUTO_TITLE_CHARS else line[: AUTO_TITLE_CHARS - 1].rstrip() + "…"
