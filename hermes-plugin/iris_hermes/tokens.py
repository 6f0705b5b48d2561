"""Per-device tokens. Only their sha256 hashes are stored, in a 0600 file."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

TOKEN_PREFIX = "iris_"
FILE_NAME = "devices.json"


@dataclass(frozen=True)
class Device:
    """One paired device: its name and the hash of its token."""

    name: str
    token_sha256: str
    created: int


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def redact(token: str) -> str:
    """A token as it may appear in logs: its first characters only."""
    return (token[:9] + "…") if token else ""


class TokenStore:
    """Reads and writes ``devices.json`` (mode 0600) in the state dir."""

    def __init__(self, directory: Path):
        self.path = Path(directory) / FILE_NAME

    def list(self) -> List[Device]:
        try:
            raw = json.loads(self.path.read_text("utf-8"))
        except FileNotFoundError:
            return []
        return [Device(d["name"], d["token_sha256"], int(d.get("created", 0))) for d in raw.get("devices", [])]

    def create(self, name: str) -> str:
        """Mint a token for ``name`` (replacing its old one) and return it once."""
        name = name.strip()
        if not name:
            raise ValueError("a device needs a name")
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        devices = [d for d in self.list() if d.name != name]
        devices.append(Device(name, hash_token(token), int(time.time())))
        self._write(devices)
        return token

    def revoke(self, name: str) -> bool:
        devices = self.list()
        kept = [d for d in devices if d.name != name]
        if len(kept) == len(devices):
            return False
        self._write(kept)
        return True

    def authenticate(self, token: str) -> Optional[Device]:
        """The device the token belongs to, or None (constant-time compare)."""
        if not token:
            return None
        digest = hash_token(token)
        found = None
        for device in self.list():
            if hmac.compare_digest(device.token_sha256, digest):
                found = device
        return found

    def _write(self, devices: List[Device]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        body = json.dumps(
            {"devices": [d.__dict__ for d in devices]}, indent=2, sort_keys=True
        )
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".devices.")
        try:
            os.fchmod(fd, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(body)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
