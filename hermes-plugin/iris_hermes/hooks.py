"""Hermes plugin hooks → structured tool events, reasoning and the footer.

Hermes renders tool progress and reasoning into chat text for its other
platforms; the device protocol wants them structured. The agent fires
``pre_tool_call`` / ``post_tool_call`` / ``post_api_request`` (token usage, cost) /
``post_llm_call`` / ``on_session_end`` (was the run interrupted) on its worker
thread with the session's platform and chat in context variables
(``gateway.session_context``); these callbacks find the Iris lane there and
hand the event to the live adapter's loop. Sessions of other platforms are
ignored.
"""

from __future__ import annotations

import weakref
from typing import Any, Optional, Tuple

PLATFORM = "iris"

_adapter_ref: Optional[weakref.ReferenceType] = None


def bind(adapter: Any) -> None:
    """Route hook events to ``adapter`` (the one serving devices now)."""
    global _adapter_ref
    _adapter_ref = weakref.ref(adapter)


def unbind(adapter: Any) -> None:
    global _adapter_ref
    if _adapter_ref is not None and _adapter_ref() is adapter:
        _adapter_ref = None


def _target() -> Tuple[Any, Optional[Tuple[str, str]]]:
    adapter = _adapter_ref() if _adapter_ref is not None else None
    if adapter is None:
        return None, None
    from gateway.session_context import get_session_env

    if get_session_env("HERMES_SESSION_PLATFORM") != PLATFORM:
        return None, None
    chat_id = get_session_env("HERMES_SESSION_CHAT_ID")
    if not chat_id:
        return None, None
    return adapter, (chat_id, get_session_env("HERMES_SESSION_THREAD_ID") or "")


def on_pre_tool_call(tool_name: str = "", args: Any = None, tool_call_id: str = "", **_: Any) -> None:
    adapter, lane = _target()
    if adapter is not None:
        adapter.from_agent_thread(adapter.turns.tool_start, lane, tool_call_id, tool_name,
                                  args if isinstance(args, dict) else {})


def on_post_tool_call(tool_name: str = "", result: Any = None, tool_call_id: str = "",
                      duration_ms: Any = None, status: str = "ok", **_: Any) -> None:
    adapter, lane = _target()
    if adapter is not None:
        duration = (float(duration_ms) / 1000.0) if isinstance(duration_ms, (int, float)) and duration_ms else None
        adapter.from_agent_thread(adapter.turns.tool_end, lane, tool_call_id, tool_name,
                                  status != "error", duration, result)


def on_post_llm_call(model: str = "", conversation_history: Any = None, **_: Any) -> None:
    adapter, lane = _target()
    if adapter is not None:
        adapter.from_agent_thread(adapter.turns.llm_done, lane, str(model or ""),
                                  list(conversation_history or []))


def on_post_api_request(model: str = "", provider: str = "", base_url: str = "", usage: Any = None,
                        **_: Any) -> None:
    adapter, lane = _target()
    if adapter is not None and isinstance(usage, dict):
        from gateway.session_context import get_session_env

        from .usage import call_cost, running_context_length

        # Priced here, on the agent's thread: a price lookup may ask the endpoint.
        cost = call_cost(str(model or ""), str(provider or ""), str(base_url or ""), usage)
        length = running_context_length(getattr(adapter, "gateway_runner", None),
                                        get_session_env("HERMES_SESSION_KEY"))
        adapter.from_agent_thread(adapter.turns.api_usage, lane, str(model or ""), dict(usage), cost, length)


def on_session_end(interrupted: bool = False, **_: Any) -> None:
    """End of every agent run; ``interrupted``: an interrupt (a busy-mode message, /stop) cut it short."""
    adapter, lane = _target()
    if adapter is not None and interrupted:
        adapter.from_agent_thread(adapter.turns.interrupted, lane)


def register(ctx: Any) -> None:
    ctx.register_hook("pre_tool_call", on_pre_tool_call)
    ctx.register_hook("post_tool_call", on_post_tool_call)
    ctx.register_hook("post_llm_call", on_post_llm_call)
    ctx.register_hook("post_api_request", on_post_api_request)
    ctx.register_hook("on_session_end", on_session_end)
