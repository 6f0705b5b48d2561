"""IrisAdapter: a Hermes platform adapter whose "platform" is the device protocol."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable, Dict, List, Optional

from gateway.config import Platform
from gateway.platforms.base import BasePlatformAdapter, MessageEvent, MessageType, SendResult

from . import hooks
from . import settings as settings_mod
from .channels import Directory
from .connection import Connection
from .conversation import Conversations
from .hermes_sessions import HermesSessions
from .hub import Hub, frame
from .media import Attachment, Media
from .pickers import Pickers
from .requests import Requests
from .server import FLUSH_TIMEOUT, DeviceServer
from .store import DEFAULT_CHAT_ID, Lane, Store
from .titles import Titles, hermes_title_lookup
from .tokens import TokenStore
from .transcripts import Transcripts, hermes_db_path
from .turns import Turns, new_id, now_ms
from .usage import configured_context_length

logger = logging.getLogger(__name__)

PLATFORM = hooks.PLATFORM
_MEDIA_TYPE = {"image": MessageType.PHOTO, "video": MessageType.VIDEO, "audio": MessageType.AUDIO,
               "file": MessageType.DOCUMENT}


_NOT_SERVING = SendResult(success=False, error="Iris listener is not running")


def _serving(method: Callable[..., Any]) -> Callable[..., Any]:
    """Hermes may still deliver while or after the platform disconnects: refuse cleanly."""
    import functools

    @functools.wraps(method)
    async def wrapper(self: "IrisAdapter", *args: Any, **kwargs: Any) -> Any:
        if self.server is None:
            return _NOT_SERVING
        return await method(self, *args, **kwargs)

    return wrapper


class IrisAdapter(BasePlatformAdapter):
    """Serves Iris devices; maps Hermes deliveries and prompts to protocol frames."""

    # The stream consumer must send the final edit even when the text did not
    # change: that edit is what becomes message.stop.
    REQUIRES_EDIT_FINALIZE = True
    supports_code_blocks = True
    splits_long_messages = True

    def __init__(self, config: Any, **_: Any):
        super().__init__(config=config, platform=Platform(PLATFORM))
        self.settings = settings_mod.load(getattr(config, "extra", None))
        if getattr(config, "home_channel", None) is None:
            # Without a home channel Hermes greets every new lane with a
            # "/sethome" notice and cron has nowhere to deliver: the default
            # channel is the natural home.
            from gateway.config import HomeChannel

            config.home_channel = HomeChannel(self.platform, DEFAULT_CHAT_ID, "Default")
        if not (getattr(config, "extra", None) or {}).get("restart_notification"):
            # Devices learn of a restart from `status restarting`; Hermes'
            # home-channel "gateway shutting down" text would only add noise.
            config.gateway_restart_notification = False
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        # User messages handed to Hermes that have not started processing yet.
        self._origins: Dict[str, Connection] = {}
        # Slash commands (typed, or sent for agent.stop/agent.steer).
        self._command_ids: set = set()
        self.server: Optional[DeviceServer] = None

    @property
    def name(self) -> str:
        return "Iris"

    @property
    def authorization_is_upstream(self) -> bool:
        # Every inbound message comes from a device that authenticated with a
        # per-device token at hello; there is no separate user allowlist.
        return True

    # -- lifecycle ----------------------------------------------------------

    async def connect(self, *, is_reconnect: bool = False) -> bool:
        try:
            self.settings.check()
        except settings_mod.InsecureListenerError as exc:
            self._set_fatal_error("insecure_listener", str(exc), retryable=False)
            return False
        directory = settings_mod.state_dir(self.settings)
        self.store = Store(directory)
        self.tokens = TokenStore(directory)
        self.hub = Hub(self.store)
        self.directory = Directory(self.store, self.hub)
        self.turns = Turns(self.store, self.hub, self._cursor, self._is_system_reply, configured_context_length)
        self.pickers = Pickers(self.hub, self.post_system, self._picker_closed, self.turns.busy)
        self.media = Media(self.hub, self.store)
        self.titles = Titles(self.directory, self.hub, hermes_title_lookup(self))
        self.sessions = HermesSessions(self)
        self.transcripts = Transcripts(hermes_db_path(self))
        conversations = Conversations(self.store, self.transcripts)
        self.requests = Requests(self.store, self.hub, self.directory, self.turns, self.pickers, self, self.media,
                                 conversations)
        self.server = DeviceServer(self.settings, self.tokens, self.hub, self.requests.dispatch,
                                   self.media.binary, lambda: {"channels": self.directory.listing()})
        try:
            await self.server.start()
        except OSError as exc:
            self.store.close()
            self._set_fatal_error("listen_failed", f"cannot listen on {self.settings.host}:{self.settings.port}: {exc}",
                                  retryable=True)
            return False
        self._loop = asyncio.get_running_loop()
        self.pickers.start()
        hooks.bind(self)
        self._mark_connected()
        return True

    async def disconnect(self) -> None:
        if self.server is None:
            return
        self.hub.live(frame("status", {"state": "restarting"}))
        await asyncio.gather(*(c.flush(FLUSH_TIMEOUT) for c in list(self.hub.connections)))
        self.pickers.stop()
        self.titles.cancel()
        hooks.unbind(self)
        await self.cancel_background_tasks()
        await self.server.stop()
        self.server = None
        self.store.close()
        self._mark_disconnected()

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.port

    def from_agent_thread(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the adapter's loop (hooks fire on agent threads)."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn, *args)

    def _cursor(self) -> str:
        runner = getattr(self, "gateway_runner", None)
        streaming = getattr(getattr(runner, "config", None), "streaming", None)
        if streaming is not None and getattr(streaming, "cursor", None) is not None:
            return streaming.cursor
        from gateway.config import DEFAULT_STREAMING_CURSOR

        return DEFAULT_STREAMING_CURSOR

    @staticmethod
    def _lane(chat_id: str, metadata: Optional[Dict[str, Any]]) -> Lane:
        thread_id = (metadata or {}).get("thread_id") if isinstance(metadata, dict) else None
        return str(chat_id), str(thread_id or "")

    # -- deliveries from Hermes --------------------------------------------

    @_serving
    async def send(self, chat_id: str, content: str, reply_to: Optional[str] = None,
                   metadata: Optional[Dict[str, Any]] = None) -> SendResult:
        lane = self._lane(chat_id, metadata)
        if isinstance(metadata, dict) and metadata.get("job_id"):
            return SendResult(success=True, message_id=self.turns.cron(lane, content or "", str(metadata["job_id"])))
        mid = self.turns.on_send(lane, content or "", reply_to)
        return SendResult(success=True, message_id=mid)

    @_serving
    async def edit_message(self, chat_id: str, message_id: str, content: str, *,
                           finalize: bool = False) -> SendResult:
        if not self.turns.on_edit(message_id, content or "", finalize):
            return SendResult(success=False, error="unknown or finished message")
        return SendResult(success=True, message_id=message_id)

    @_serving
    async def delete_message(self, chat_id: str, message_id: str) -> bool:
        """Hermes removes one of its bubbles (a replaced preview, an ephemeral notice)."""
        lane = self.store.message_lane(message_id)
        if lane is None:
            return False
        self.store.delete_messages(lane, [message_id])
        self.turns.finished.pop(message_id, None)
        self.hub.broadcast(frame("message.deleted", {"message_ids": [message_id]},
                                 chat_id=lane[0], thread_id=lane[1], lane=True))
        return True

    async def send_typing(self, chat_id: str, metadata: Any = None) -> None:
        lane = self._lane(chat_id, metadata)
        self.hub.live(frame("typing", {"on": True}, chat_id=lane[0], thread_id=lane[1], lane=True))

    async def get_chat_info(self, chat_id: str) -> Dict[str, Any]:
        ch = self.directory.get((chat_id, ""))
        return {"name": ch.name if ch else chat_id, "type": "dm"}

    def post_system(self, lane: Lane, text: str) -> None:
        self.turns.post(lane, {"message_id": new_id("m"), "role": "system", "text": text, "ts": now_ms()})

    @_serving
    async def _offer(self, chat_id: str, path: str, kind: str, caption: Optional[str],
                     metadata: Optional[Dict[str, Any]]) -> SendResult:
        lane = self._lane(chat_id, metadata)
        att = self.media.offer(lane, path, kind)
        body = {"message_id": new_id("m"), "role": "assistant", "text": caption or "", "ts": now_ms(),
                "media": [att.wire()]}
        self.turns.post(lane, body)
        return SendResult(success=True, message_id=body["message_id"])

    async def send_image_file(self, chat_id: str, image_path: str, caption: Optional[str] = None,
                              reply_to: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None,
                              **_: Any) -> SendResult:
        return await self._offer(chat_id, image_path, "image", caption, metadata)

    async def send_document(self, chat_id: str, file_path: str, caption: Optional[str] = None,
                            file_name: Optional[str] = None, reply_to: Optional[str] = None,
                            metadata: Optional[Dict[str, Any]] = None, **_: Any) -> SendResult:
        return await self._offer(chat_id, file_path, "file", caption, metadata)

    async def send_video(self, chat_id: str, video_path: str, caption: Optional[str] = None,
                         reply_to: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None,
                         **_: Any) -> SendResult:
        return await self._offer(chat_id, video_path, "video", caption, metadata)

    async def send_voice(self, chat_id: str, audio_path: str, caption: Optional[str] = None,
                         reply_to: Optional[str] = None, metadata: Optional[Dict[str, Any]] = None,
                         **_: Any) -> SendResult:
        return await self._offer(chat_id, audio_path, "audio", caption, metadata)

    # -- the five prompt hooks ---------------------------------------------

    @_serving
    async def send_exec_approval(self, chat_id: str, command: str, session_key: str,
                                 description: str = "dangerous command", metadata: Optional[dict] = None,
                                 allow_permanent: bool = True, smart_denied: bool = False) -> SendResult:
        from tools.approval import _get_approval_timeout

        pid = self.pickers.approval(self._lane(chat_id, metadata), session_key, command, description,
                                    allow_permanent, smart_denied, _get_approval_timeout())
        return SendResult(success=True, message_id=pid)

    @_serving
    async def send_clarify(self, chat_id: str, question: str, choices: Optional[list], clarify_id: str,
                           session_key: str, metadata: Optional[Dict[str, Any]] = None) -> SendResult:
        from tools.clarify_gateway import get_clarify_timeout

        pid = self.pickers.clarify(self._lane(chat_id, metadata), session_key, clarify_id, question,
                                   choices, get_clarify_timeout())
        return SendResult(success=True, message_id=pid)

    @_serving
    async def send_slash_confirm(self, chat_id: str, title: str, message: str, session_key: str,
                                 confirm_id: str, metadata: Optional[Dict[str, Any]] = None) -> SendResult:
        from tools.slash_confirm import DEFAULT_TIMEOUT_SECONDS

        pid = self.pickers.confirm(self._lane(chat_id, metadata), session_key, confirm_id, title, message,
                                   DEFAULT_TIMEOUT_SECONDS)
        return SendResult(success=True, message_id=pid)

    @_serving
    async def send_model_picker(self, chat_id: str, providers: list, current_model: str, current_provider: str,
                                session_key: str, on_model_selected: Any,
                                metadata: Optional[Dict[str, Any]] = None) -> SendResult:
        pid = self.pickers.model(self._lane(chat_id, metadata), session_key, providers, current_model,
                                 current_provider, on_model_selected)
        return SendResult(success=True, message_id=pid)

    @_serving
    async def send_choice_picker(self, chat_id: str, title: str, choices: list, session_key: str,
                                 on_choice_selected: Any, metadata: Optional[Dict[str, Any]] = None) -> SendResult:
        pid = self.pickers.choice(self._lane(chat_id, metadata), session_key, title, choices, on_choice_selected)
        return SendResult(success=True, message_id=pid)

    # -- turn lifecycle -----------------------------------------------------

    @staticmethod
    def _event_lane(event: MessageEvent) -> Lane:
        return str(event.source.chat_id), str(event.source.thread_id or "")

    async def on_processing_start(self, event: MessageEvent) -> None:
        lane = self._event_lane(event)
        command = (event.text or "").startswith("/")
        self.turns.begin(lane, command=command)
        if command:
            self._origins.pop(event.message_id or "", None)
            return
        # Text sent while the lane was busy waits in Hermes' one pending event
        # of the session, merged into it (base adapter, no busy handler): all
        # of the lane's waiting messages start processing now.
        waiting = [mid for mid in self._origins
                   if mid not in self._command_ids and self.store.message_lane(mid) == lane]
        for mid in waiting:
            self.consumed(self._origins[mid], lane, mid)

    async def on_processing_complete(self, event: MessageEvent, outcome: Any) -> None:
        lane = self._event_lane(event)
        turn = self.turns.turns.get(lane)
        # Hermes' /model, /reasoning, /reload-mcp return at once and leave their
        # picker waiting; the command "turn" lasts until it is answered, else
        # clients would take agent.idle for the picker being answered elsewhere.
        hold = turn is not None and turn.command and self.pickers.has_open(lane)
        self.turns.end(lane, hold_idle=hold, answer=self.requests.take_stop_waiters(lane))
        self._command_ids.discard(event.message_id)
        self.titles.turn_ended(lane, self._session_key(event.source))

    def _session_key(self, source: Any) -> str:
        """The key Hermes files this lane's session under (as handle_message computes it)."""
        from gateway.session import build_session_key

        return build_session_key(
            source,
            group_sessions_per_user=self.config.extra.get("group_sessions_per_user", True),
            thread_sessions_per_user=self.config.extra.get("thread_sessions_per_user", False),
        )

    def _picker_closed(self, picker: Any) -> None:
        if not self.pickers.has_open(picker.lane):
            self.turns.release_idle(picker.lane)

    def _is_system_reply(self, reply_to: Optional[str], growing: bool) -> bool:
        """Whether a send replying to ``reply_to`` is the gateway talking, not the agent.

        Replies to commands are. So is the first plain reply to a message Hermes
        has not started a turn for: its busy ack ("⚡ Interrupting…", "queued").
        In interrupt and steer mode Hermes then answers that message inside
        the running turn (no on_processing_start), so the first reply of any
        kind also counts as "received" and sends its read receipt.
        """
        if not reply_to:
            return False
        if reply_to in self._command_ids:
            return True
        conn = self._origins.get(reply_to)
        if conn is None:
            return False
        lane = self.store.message_lane(reply_to)
        self.consumed(conn, lane or (DEFAULT_CHAT_ID, ""), reply_to)
        return not growing

    def lane_busy(self, lane: Lane) -> bool:
        return lane in self.turns.turns

    # -- requests into Hermes -----------------------------------------------

    def _source(self, conn: Connection, lane: Lane) -> Any:
        ch = self.directory.get(lane)
        return self.build_source(chat_id=lane[0], chat_name=ch.name if ch else lane[0], chat_type="dm",
                                 user_id=conn.device, user_name=conn.device_name, thread_id=lane[1] or None)

    async def dispatch_user(self, conn: Connection, lane: Lane, text: str, message_id: str,
                            attachments: List[Attachment], reply_to: Optional[str],
                            quoted: Optional[Dict[str, Any]] = None) -> None:
        kind = attachments[0].kind if attachments else ""
        event = MessageEvent(
            text=text, message_type=_MEDIA_TYPE.get(kind, MessageType.TEXT), source=self._source(conn, lane),
            message_id=message_id, media_urls=[a.path for a in attachments],
            media_types=[a.mime for a in attachments], reply_to_message_id=reply_to,
            reply_to_text=(quoted or {}).get("text") or None,
            reply_to_is_own_message=(quoted or {}).get("role") == "assistant",
        )
        self._origins[message_id] = conn
        if text.startswith("/"):
            self._command_ids.add(message_id)
        await self.handle_message(event)

    def consumed(self, conn: Connection, lane: Lane, message_id: str) -> None:
        """Hermes took the message in (a turn started for it, or it joined one): its read receipt."""
        if self._origins.pop(message_id, None) is not None:
            conn.push(frame("read.receipt", {"message_id": message_id}, chat_id=lane[0], thread_id=lane[1], lane=True))

    async def dispatch_command(self, conn: Connection, lane: Lane, text: str) -> None:
        """A slash command on the device's behalf (agent.stop → /stop, agent.steer → /steer)."""
        event = MessageEvent(text=text, message_type=MessageType.COMMAND, source=self._source(conn, lane),
                             message_id=new_id("m"))
        self._command_ids.add(event.message_id)
        await self.handle_message(event)

    def _lane_key(self, lane: Lane) -> str:
        return self._session_key(self.build_source(chat_id=lane[0], chat_type="dm", thread_id=lane[1] or None))

    async def forget_lane(self, lane: Lane) -> None:
        """channel.delete: the lane's Hermes session goes too (deleted, key reset)."""
        try:
            await asyncio.to_thread(self.sessions.forget_lane, self._lane_key(lane))
        except Exception:
            logger.warning("iris: could not delete the Hermes session of %s", lane, exc_info=True)

    async def forget_messages(self, lane: Lane, row_ids: List[int]) -> None:
        """message.delete: the messages' rows leave Hermes' session store too."""
        if not row_ids:
            return
        try:
            await asyncio.to_thread(self.sessions.forget_rows, self._lane_key(lane), row_ids)
        except Exception:
            logger.warning("iris: could not delete messages from the Hermes session of %s", lane, exc_info=True)
