"""Media: device uploads → Hermes' attachment cache; agent files → media.offer/pull.

One transfer at a time per connection (binary frames carry no id). Uploads
are cached with Hermes' ``cache_media_bytes`` so the agent gets them exactly
as it gets a Telegram photo or a Discord file (``MessageEvent.media_urls``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import mimetypes
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .hub import Hub, error, frame
from .store import Lane, Store

MAX_UPLOAD_BYTES = 64 * 1024 * 1024
CHUNK_BYTES = 256 * 1024
_KINDS = {"image", "video", "audio", "file"}


@dataclass
class Attachment:
    """A cached file and how it is described on the wire."""

    media_id: str
    path: str
    kind: str
    mime: str
    size: int
    filename: str

    def wire(self) -> Dict[str, Any]:
        return {"media_id": self.media_id, "kind": self.kind, "mime": self.mime,
                "size": self.size, "filename": self.filename}


@dataclass
class _Upload:
    ref: str
    fid: Optional[int]
    kind: str
    mime: str
    size: int
    filename: str
    data: bytearray = field(default_factory=bytearray)
    refused: bool = False


class Media:
    """Upload state per connection, finished uploads by ref; pullable files live in the store."""

    def __init__(self, hub: Hub, store: Store):
        self.hub = hub
        self.store = store
        self._uploads: Dict[Any, _Upload] = {}
        self.ready: Dict[str, Attachment] = {}
        self._seq = 0

    async def upload_start(self, conn: Any, f: Dict[str, Any], fid: Optional[int]) -> None:
        p = f["payload"]
        ref = str(p.get("media_ref") or "")
        size = int(p.get("size") or 0)
        if not ref:
            conn.push(error("unsupported", "media.upload.start needs media_ref", fid))
            return
        if size > MAX_UPLOAD_BYTES:
            conn.push(error("media_too_large", f"uploads are limited to {MAX_UPLOAD_BYTES} bytes", fid))
            return
        kind = str(p.get("kind") or "file")
        self._uploads[conn] = _Upload(ref, fid, kind if kind in _KINDS else "file",
                                      str(p.get("mime") or "application/octet-stream"), size,
                                      os.path.basename(str(p.get("filename") or ref)))

    async def binary(self, conn: Any, data: bytes) -> None:
        up = self._uploads.get(conn)
        if up is None or up.refused:
            return
        up.data.extend(data)
        if len(up.data) > MAX_UPLOAD_BYTES:
            up.refused = True
            conn.push(error("media_too_large", f"uploads are limited to {MAX_UPLOAD_BYTES} bytes", up.fid))

    async def upload_end(self, conn: Any, f: Dict[str, Any], fid: Optional[int]) -> None:
        up = self._uploads.pop(conn, None)
        p = f["payload"]
        if up is None or up.ref != str(p.get("media_ref") or ""):
            conn.push(error("not_found", "no upload in progress for that media_ref", fid))
            return
        if up.refused:
            return
        data = bytes(up.data)
        want = str(p.get("sha256") or "").lower()
        if (want and hashlib.sha256(data).hexdigest() != want) or (up.size and len(data) != up.size):
            conn.push(error("internal", "upload size or sha256 mismatch", fid))
            return
        from gateway.platforms.base import cache_media_bytes

        default_kind = {"file": "document"}.get(up.kind, up.kind)
        cached = cache_media_bytes(data, filename=up.filename, mime_type=up.mime, default_kind=default_kind)
        if cached is None:
            conn.push(error("unsupported", "Hermes refused that file (not a valid image?)", fid))
            return
        self.ready[up.ref] = Attachment(up.ref, cached.path, up.kind, cached.media_type, len(data), up.filename)
        conn.push(frame("media.upload.ack", {"ok": True, "media_ref": up.ref}, id=fid))

    def take(self, refs: List[str]) -> Optional[List[Attachment]]:
        """The finished uploads for ``refs`` (consumed), or None if one is unknown.

        Sent in a message, an upload is part of the conversation: every device
        may pull it, also after a restart."""
        if any(r not in self.ready for r in refs):
            return None
        taken = [self.ready.pop(r) for r in refs]
        for att in taken:
            self.store.add_media(att.media_id, dataclasses.asdict(att))
        return taken

    def offer(self, lane: Lane, path: str, kind: str) -> Attachment:
        """Make an agent file pullable and announce it in its lane."""
        self._seq += 1
        mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
        att = Attachment(f"md_{os.getpid():x}_{self._seq}", path, kind, mime,
                         os.path.getsize(path), os.path.basename(path))
        self.store.add_media(att.media_id, dataclasses.asdict(att))
        self.hub.broadcast(frame("media.offer", att.wire(), chat_id=lane[0], thread_id=lane[1], lane=True))
        return att

    async def pull(self, conn: Any, f: Dict[str, Any], fid: Optional[int]) -> None:
        record = self.store.media(str(f["payload"].get("media_id") or ""))
        att = Attachment(**record) if record else None
        if att is None or not os.path.isfile(att.path):
            conn.push(error("not_found", "unknown media_id", fid))
            return
        with open(att.path, "rb") as fh:
            data = fh.read()
        for at in range(0, len(data), CHUNK_BYTES):
            conn.push_binary(data[at:at + CHUNK_BYTES])
        conn.push(frame("media.pull.end", {"ok": True, "media_id": att.media_id, "size": len(data),
                                           "sha256": hashlib.sha256(data).hexdigest()}, id=fid))
