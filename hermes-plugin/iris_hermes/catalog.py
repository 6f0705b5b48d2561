"""``commands.catalog`` / ``commands.complete`` from Hermes' COMMAND_REGISTRY."""

from __future__ import annotations

from typing import Any, Dict, List


def catalog() -> List[Dict[str, Any]]:
    """Gateway-available registry commands plus plugin slash commands."""
    from hermes_cli.commands import (
        COMMAND_REGISTRY,
        _is_gateway_available,
        _iter_plugin_command_entries,
        _resolve_config_gates,
    )

    gates = _resolve_config_gates()
    out: List[Dict[str, Any]] = []
    for cmd in COMMAND_REGISTRY:
        if not _is_gateway_available(cmd, gates):
            continue
        out.append({
            "name": "/" + cmd.name,
            "description": cmd.description,
            "args_hint": cmd.args_hint,
            "category": cmd.category,
            # Underscore twins (reload_mcp for reload-mcp) are internal spellings.
            "aliases": ["/" + a for a in cmd.aliases
                        if a.replace("-", "_") != cmd.name.replace("-", "_")],
        })
    for name, description, args_hint in _iter_plugin_command_entries():
        out.append({"name": "/" + name, "description": description, "args_hint": args_hint,
                    "category": "Plugin", "aliases": []})
    return out


def complete(prefix: str, limit: int = 20) -> List[Dict[str, Any]]:
    """Commands whose name or an alias starts with ``prefix`` (leading slash optional)."""
    want = "/" + prefix.strip().lstrip("/").lower()
    matches = []
    for cmd in catalog():
        names = [cmd["name"], *cmd["aliases"]]
        if any(n.lower().startswith(want) for n in names):
            matches.append({"name": cmd["name"], "description": cmd["description"], "args_hint": cmd["args_hint"]})
    return matches[:limit]
