"""Listener settings: PlatformConfig.extra, overridden by IRIS_* env vars."""

from __future__ import annotations

import ipaddress
import os
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Optional

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
_TRUE = {"1", "true", "yes", "on"}


class InsecureListenerError(ValueError):
    """A plain (non-TLS) listener on a non-loopback address was not allowed."""


@dataclass(frozen=True)
class Settings:
    """Where and how the device-protocol listener serves."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    tls_cert: str = ""
    tls_key: str = ""
    allow_insecure: bool = False
    state_dir: Optional[Path] = None

    @property
    def tls(self) -> bool:
        return bool(self.tls_cert and self.tls_key)

    def check(self) -> None:
        """Refuse a plain listener that is reachable beyond this machine."""
        if self.tls or self.allow_insecure or is_loopback(self.host):
            return
        raise InsecureListenerError(
            f"refusing a plain ws:// listener on {self.host}: device tokens would "
            "cross the network unencrypted. Set tls_cert/tls_key (IRIS_TLS_CERT/"
            "IRIS_TLS_KEY), listen on 127.0.0.1, or opt in with "
            "allow_insecure: true (IRIS_ALLOW_INSECURE=1)."
        )

    def ssl_context(self) -> Optional[ssl.SSLContext]:
        if not self.tls:
            return None
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.load_cert_chain(self.tls_cert, self.tls_key)
        return ctx


def is_loopback(host: str) -> bool:
    """True for localhost and loopback IP literals."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return str(value or "").strip().lower() in _TRUE


def load(extra: Mapping[str, Any] | None, env: Mapping[str, str] | None = None) -> Settings:
    """Build Settings from a platform's ``extra`` block and the environment."""
    extra = dict(extra or {})
    env = os.environ if env is None else env
    host = env.get("IRIS_HOST") or str(extra.get("host") or DEFAULT_HOST)
    # 0 is a real choice (any free port), not "unset".
    port = int(env.get("IRIS_PORT") or (extra["port"] if extra.get("port") is not None else DEFAULT_PORT))
    insecure = env.get("IRIS_ALLOW_INSECURE")
    state_dir = env.get("IRIS_STATE_DIR") or extra.get("state_dir")
    return Settings(
        host=host,
        port=port,
        tls_cert=env.get("IRIS_TLS_CERT") or str(extra.get("tls_cert") or ""),
        tls_key=env.get("IRIS_TLS_KEY") or str(extra.get("tls_key") or ""),
        allow_insecure=_truthy(insecure) if insecure is not None else _truthy(extra.get("allow_insecure")),
        state_dir=Path(state_dir) if state_dir else None,
    )


def state_dir(settings: Settings) -> Path:
    """The plugin's files live in HERMES_HOME/iris (0700)."""
    if settings.state_dir is not None:
        path = settings.state_dir
    else:
        from hermes_constants import get_hermes_home

        path = Path(get_hermes_home()) / "iris"
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path
