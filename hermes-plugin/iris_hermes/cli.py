"""``python -m iris_hermes token create|revoke|list`` (also ``hermes iris token ...``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional

from . import settings as settings_mod
from .hooks import PLATFORM
from .tokens import TokenStore


def setup_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``token`` subcommands to ``parser``."""
    parser.add_argument("--state-dir", help="plugin state dir (default: $HERMES_HOME/iris)")
    sub = parser.add_subparsers(dest="iris_cmd")
    tok = sub.add_parser("token", help="manage device tokens")
    tsub = tok.add_subparsers(dest="token_cmd")
    create = tsub.add_parser("create", help="make a token for a device (printed once)")
    create.add_argument("name", help="device name, e.g. laptop")
    revoke = tsub.add_parser("revoke", help="revoke a device's token")
    revoke.add_argument("name")
    tsub.add_parser("list", help="list devices (names only; tokens are not stored)")
    parser.set_defaults(func=run)


def configured_extra(home: Path) -> dict:
    """``platforms.iris.extra`` of ``home``/config.yaml, the block the adapter gets."""
    path = home / "config.yaml"
    if not path.exists():
        return {}
    import yaml

    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f) or {}
    platform = ((data.get("platforms") or {}).get(PLATFORM) or {}) if isinstance(data, dict) else {}
    extra = platform.get("extra") if isinstance(platform, dict) else None
    return dict(extra) if isinstance(extra, dict) else {}


def _store(args: argparse.Namespace) -> TokenStore:
    from hermes_constants import get_hermes_home

    s = settings_mod.load(configured_extra(Path(get_hermes_home())), env=None)
    if getattr(args, "state_dir", None):
        s = settings_mod.Settings(state_dir=Path(args.state_dir))
    return TokenStore(settings_mod.state_dir(s))


def run(args: argparse.Namespace) -> int:
    cmd = getattr(args, "token_cmd", None)
    if getattr(args, "iris_cmd", None) != "token" or cmd is None:
        print("usage: token create NAME | token revoke NAME | token list", file=sys.stderr)
        return 2
    store = _store(args)
    if cmd == "create":
        token = store.create(args.name)
        print(token)
        print(
            f"device {args.name!r}: token shown once; only its sha256 is kept in {store.path}",
            file=sys.stderr,
        )
        return 0
    if cmd == "revoke":
        if store.revoke(args.name):
            print(f"revoked {args.name!r}; its open connections close", file=sys.stderr)
            return 0
        print(f"no device named {args.name!r}", file=sys.stderr)
        return 1
    for device in store.list():
        print(device.name)
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iris_hermes")
    setup_parser(parser)
    args = parser.parse_args(argv)
    return run(args)
