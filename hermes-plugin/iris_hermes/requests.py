"""Device → gateway requests after the handshake (one handler per frame type)."""

from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple

from . import catalog
from .channels import Directory, auto_title
from .connection import Connection
from .conversation import Conversations
from .hub import Hub, error, frame
from .pickers import Pickers
from .store import Lane, Store
from .turns import Turns, new_id, now_ms

logger = logging.getLogger(__name__)

HISTORY_DEFAULT = 50
HISTORY_MAX = 200


def lane_of(f: Dict[str, Any]) -> Tuple[Optional[str], str]:
    """chat_id/thread_id from the envelope, else the payload (top level wins)."""
    p = f.get("payload") or {}
    chat_id = f.get("chat_id") or p.get("chat_id")
    thread_id = f.get("thread_id") or p.get("thread_id")
    return (str(chat_id) if chat_id else None), str(thread_id or "")


class NotFound(Exception):
    pass


class Requests:
    """Routes each request type; ``agent`` is the adapter (dispatch into Hermes)."""

    def __init__(self, store: Store, hub: Hub, directory: Directory, turns: Turns, pickers: Pickers,
                 agent: Any, media: Any, conversations: Conversations):
        self.store = store
        self.conversations = conversations
        self.hub = hub
        self.directory = directory
        self.turns = turns
        self.pickers = pickers
        self.agent = agent
        self.media = media
        self.stop_waiters: Dict[Lane, List[Tuple[Connection, int]]] = {}
        self.handlers: Dict[str, Callable[[Connection, Dict[str, Any], Optional[int]], Awaitable[None]]] = {
            "message.send": self.message_send,
            "agent.stop": self.agent_stop,
            "agent.steer": self.agent_steer,
            "picker.select": lambda c, f, i: self.pickers.select(c, f),
            "sync": self.sync,
            "history": self.history,
            "search": self.search,
            "message.delete": self.message_delete,
            "read.receipt": self.read_receipt,
            "channel.list": self.channel_list,
            "channel.create": self.channel_create,
            "channel.rename": self.channel_rename,
            "channel.set_default": self.channel_set_default,
            "channel.delete": self.channel_delete,
            "commands.catalog": self.commands_catalog,
            "commands.complete": self.commands_complete,
            "fcm.register": self.fcm_register,
            "media.upload.start": lambda c, f, i: self.media.upload_start(c, f, i),
            "media.upload.end": lambda c, f, i: self.media.upload_end(c, f, i),
            "media.pull": lambda c, f, i: self.media.pull(c, f, i),
        }

    async def dispatch(self, conn: Connection, f: Dict[str, Any]) -> None:
        handler = self.handlers.get(f["type"])
        if handler is None:
            return  # unknown types are ignored (forward compatibility)
        fid = f.get("id") if isinstance(f.get("id"), int) else None
        try:
            await handler(conn, f, fid)
        except NotFound as exc:
            conn.push(error("not_found", str(exc), fid))

    def _lane(self, f: Dict[str, Any]) -> Lane:
        chat_id, thread_id = lane_of(f)
        if not chat_id:
            raise NotFound(f"{f['type']} needs a chat_id")
        if self.directory.get((chat_id, thread_id)) is None:
            raise NotFound(f"unknown lane {chat_id}" + (f"/{thread_id}" if thread_id else ""))
        return chat_id, thread_id

    # -- conversation -------------------------------------------------------

    async def message_send(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        p = f["payload"]
        text = str(p.get("text") or "")
        refs = [str(r) for r in (p.get("media_refs") or []) if r]
        if not text.strip() and not refs:
            conn.push(error("unsupported", "message.send needs text or media_refs", fid))
            return
        lane = self._lane(f)
        attachments = self.media.take(refs)
        if attachments is None:
            raise NotFound("unknown media_ref")
        if p.get("auto_thread") is True and not lane[1] and text.strip() and not text.startswith("/"):
            ch = self.directory.create(auto_title(text), parent_chat_id=lane[0])
            self.hub.broadcast(self.directory.created_frame(ch, auto=True))
            lane = (ch.chat_id, ch.thread_id)
            self.agent.titles.minted(lane, ch.name)
        body: Dict[str, Any] = {"message_id": new_id("m"), "role": "user", "text": text, "ts": now_ms(),
                                "device_name": conn.device_name}
        if p.get("reply_to"):
            body["reply_to"] = p["reply_to"]
        if p.get("client_msg_id"):
            body["client_msg_id"] = p["client_msg_id"]
        if attachments:
            body["media"] = [a.wire() for a in attachments]
        self.turns.post(lane, body, origin=conn, id=fid)
        quoted = self.store.message(p["reply_to"]) if p.get("reply_to") else None
        clarify = self.pickers.oldest_clarify(lane)
        if clarify is not None:
            self.pickers.held.add(clarify.picker_id)
        try:
            await self.agent.dispatch_user(conn, lane, text, body["message_id"], attachments, p.get("reply_to"), quoted)
        finally:
            if clarify is not None:
                self.pickers.held.discard(clarify.picker_id)
        if clarify is not None and not self.pickers.still_waiting(clarify, {}):
            # Hermes answers a waiting clarify with the next typed message.
            self.pickers.answered_by_text(conn, clarify, text)
            self.agent.consumed(conn, lane, body["message_id"])

    async def agent_stop(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        lane = self._lane(f)
        if not self.agent.lane_busy(lane):
            if fid is not None:
                conn.push(frame("agent.idle", {}, id=fid, chat_id=lane[0], thread_id=lane[1], lane=True))
            return
        self.turns.mark_stopping(lane)
        if fid is not None:
            self.stop_waiters.setdefault(lane, []).append((conn, fid))
        await self.agent.dispatch_command(conn, lane, "/stop")
        self.pickers.withdraw_clarifies(lane)

    def take_stop_waiters(self, lane: Lane) -> List[Tuple[Connection, int]]:
        """The agent.stop requests the lane's agent.idle answers."""
        return self.stop_waiters.pop(lane, [])

    async def agent_steer(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        lane = self._lane(f)
        text = str(f["payload"].get("text") or "").strip()
        if not text:
            conn.push(error("unsupported", "agent.steer needs text", fid))
            return
        if not self.agent.lane_busy(lane):
            raise NotFound("no turn is running in this lane")
        await self.agent.dispatch_command(conn, lane, "/steer " + text)

    # -- sync / history / search -------------------------------------------

    async def sync(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        try:
            after = int(f["payload"].get("cursor") or 0)
        except (TypeError, ValueError):
            after = 0
        head = self.store.head()
        if after <= head:
            for cursor, stored in self.store.replay(after, conn.extensions):
                stored["cursor"] = cursor
                conn.push(stored)
        conn.push(frame("sync.done", {"cursor": head}, id=fid))

    async def history(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        lane = self._lane(f)
        p = f["payload"]
        try:
            limit = max(1, min(int(p.get("limit") or HISTORY_DEFAULT), HISTORY_MAX))
        except (TypeError, ValueError):
            limit = HISTORY_DEFAULT
        messages, has_more = await self.conversations.page(lane, p.get("before_message_id"), limit)
        payload: Dict[str, Any] = {"messages": messages, "has_more": has_more}
        if messages:
            payload["oldest_message_id"] = messages[0]["message_id"]
        conn.push(frame("history", payload, id=fid, chat_id=lane[0], thread_id=lane[1], lane=True))

    async def search(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        p = f["payload"]
        query = str(p.get("query") or "").strip()
        scope = "chat" if p.get("scope") == "chat" else "all"
        lane = self._lane(f) if scope == "chat" else None
        hits = await self.conversations.search(query, lane) if query else []
        conn.push(frame("search.results", {"query": query, "scope": scope, "hits": hits}, id=fid))

    async def message_delete(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        lane = self._lane(f)
        ids = [str(m) for m in (f["payload"].get("message_ids") or []) if m]
        if not ids:
            conn.push(error("unsupported", "message.delete needs message_ids", fid))
            return
        rows = await self.conversations.hermes_rows(lane, ids)
        self.store.delete_messages(lane, ids)
        await self.agent.forget_messages(lane, rows)
        self.hub.broadcast(frame("message.deleted", {"message_ids": ids}, id=fid,
                                 chat_id=lane[0], thread_id=lane[1], lane=True), origin=conn)

    async def read_receipt(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        chat_id, thread_id = lane_of(f)
        mid = f["payload"].get("message_id")
        if not chat_id or not mid:
            conn.push(error("unsupported", "read.receipt needs chat_id and message_id", fid))
            return
        receipt = frame("read.receipt", {"chat_id": chat_id, "message_id": mid}, chat_id=chat_id,
                        thread_id=thread_id, lane=True)
        self.store.park(receipt)
        for other in self.hub.connections:
            if other is not conn:
                other.push(receipt)
        if fid is not None:
            conn.push(dict(receipt, id=fid))

    async def fcm_register(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        if fid is not None:  # push is not served ("push":"none"); acknowledge only
            conn.push(frame("fcm.register", {}, id=fid))

    # -- channels -----------------------------------------------------------

    async def channel_list(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        conn.push(frame("channel.list", {"channels": self.directory.listing()}, id=fid))

    async def channel_create(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        p = f["payload"]
        name = str(p.get("name") or "").strip()
        if not name:
            conn.push(error("unsupported", "channel.create needs a name", fid))
            return
        parent = None
        if p.get("kind") == "thread":
            parent = p.get("parent_chat_id") or f.get("chat_id")
            if not parent or self.directory.get((str(parent), "")) is None:
                raise NotFound("a thread needs an existing parent_chat_id")
        ch = self.directory.create(name, parent_chat_id=str(parent) if parent else None)
        self.hub.broadcast(self.directory.created_frame(ch, id=fid), origin=conn)

    async def channel_rename(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        ch = self.directory.get(self._lane(f))
        name = str(f["payload"].get("name") or "").strip()
        if not name:
            conn.push(error("unsupported", "channel.rename needs a name", fid))
            return
        renamed = self.directory.rename(ch, name)
        if fid is not None:
            renamed["id"] = fid
        self.hub.broadcast(renamed, origin=conn)

    async def channel_set_default(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        lane = self._lane(f)
        if lane[1]:
            conn.push(error("unsupported", "a thread cannot be the default channel", fid))
            return
        self.directory.set_default(self.directory.get(lane))
        self.hub.broadcast(frame("channel.list", {"channels": self.directory.listing()}, id=fid), origin=conn)

    async def channel_delete(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        lane = self._lane(f)
        if not lane[1] and lane[0] == self.directory.default_chat_id:
            conn.push(error("unsupported", "the default channel cannot be deleted", fid))
            return
        gone = self.directory.delete(self.directory.get(lane))
        for ch in gone:
            await self.agent.forget_lane((ch.chat_id, ch.thread_id))
            is_target = (ch.chat_id, ch.thread_id) == lane
            self.hub.broadcast(frame("channel.deleted", {"chat_id": ch.chat_id, "thread_id": ch.thread_id or None},
                                     id=fid if is_target else None, chat_id=ch.chat_id,
                                     thread_id=ch.thread_id or None, lane=True), origin=conn)

    # -- commands -----------------------------------------------------------

    async def commands_catalog(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        conn.push(frame("commands.catalog", {"commands": catalog.catalog()}, id=fid))

    async def commands_complete(self, conn: Connection, f: Dict[str, Any], fid: Optional[int]) -> None:
        prefix = str(f["payload"].get("prefix") or "")
        conn.push(frame("commands.complete", {"prefix": prefix, "matches": catalog.complete(prefix)}, id=fid))
