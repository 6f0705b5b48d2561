"""Stand-ins for the parts of GatewayRunner a test turn needs.

The turn itself uses Hermes' real pieces: GatewayStreamConsumer drives the
adapter's send/edit_message exactly as the gateway does, and tool/LLM events
go through Hermes' real plugin hook dispatch (invoke_hook) on a worker thread
with the session's context variables set, as in the agent loop.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable, List, Optional

from gateway.session_context import clear_session_vars, set_session_vars
from gateway.stream_consumer import GatewayStreamConsumer, StreamConsumerConfig
from hermes_cli.plugins import invoke_hook


def metadata_for(event) -> Optional[dict]:
    return {"thread_id": event.source.thread_id} if event.source.thread_id else None


async def stream_reply(adapter, event, chunks: List[str]) -> None:
    consumer = GatewayStreamConsumer(
        adapter=adapter, chat_id=event.source.chat_id,
        config=StreamConsumerConfig(edit_interval=0.0, buffer_threshold=1, cursor=" ▉"),
        metadata=metadata_for(event),
    )
    task = asyncio.create_task(consumer.run())
    for chunk in chunks:
        consumer.on_delta(chunk)
        await asyncio.sleep(0.02)
    consumer.finish()
    await task


def on_agent_thread(event, fn: Callable[[], Any], session_key: str = "") -> Any:
    """Run ``fn`` on a worker thread bound to the event's session (like the agent)."""
    out: dict = {}

    def run() -> None:
        tokens = set_session_vars(platform="iris", chat_id=event.source.chat_id,
                                  thread_id=event.source.thread_id or "", session_key=session_key)
        try:
            out["v"] = fn()
        finally:
            clear_session_vars(tokens)

    t = threading.Thread(target=run)
    t.start()
    return t, out


async def run_on_agent_thread(event, fn: Callable[[], Any], session_key: str = "") -> Any:
    t, out = on_agent_thread(event, fn, session_key)
    await asyncio.to_thread(t.join)
    return out.get("v")


def tool_call(name: str, args: dict, result: str, call_id: str = "call_1", status: str = "ok") -> Callable[[], None]:
    def fire() -> None:
        invoke_hook("pre_tool_call", tool_name=name, args=args, tool_call_id=call_id, session_id="s")
        invoke_hook("post_tool_call", tool_name=name, args=args, result=result, tool_call_id=call_id,
                    session_id="s", duration_ms=1500, status=status)
    return fire


def api_call(model: str, prompt_tokens: int, output_tokens: int, provider: str = "",
             base_url: str = "") -> Callable[[], None]:
    """conversation_loop's ``post_api_request`` (usage as ``_usage_summary_for_api_request_hook`` gives it)."""
    def fire() -> None:
        invoke_hook("post_api_request", session_id="s", model=model, provider=provider, base_url=base_url,
                    usage={"input_tokens": prompt_tokens, "output_tokens": output_tokens,
                           "prompt_tokens": prompt_tokens, "total_tokens": prompt_tokens + output_tokens})
    return fire


def llm_done(model: str, reasoning: str) -> Callable[[], None]:
    def fire() -> None:
        invoke_hook("post_llm_call", session_id="s", model=model, conversation_history=[
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "", "reasoning": reasoning},
        ])
    return fire


def approval_bridge(adapter, loop, chat_id: str, thread_id: str = ""):
    """The notify callback GatewayRunner registers (run.py ``_approval_notify_sync``)."""
    meta = {"thread_id": thread_id} if thread_id else None

    def notify(approval_data: dict) -> None:
        fut = asyncio.run_coroutine_threadsafe(adapter.send_exec_approval(
            chat_id=chat_id, command=approval_data.get("command", ""), session_key=approval_data["_key"],
            description=approval_data.get("description", "dangerous command"), metadata=meta,
            allow_permanent=approval_data.get("allow_permanent", True),
            smart_denied=approval_data.get("smart_denied", False)), loop)
        assert fut.result(timeout=15).success

    return notify


def register_approval_notify(adapter, loop, event, session_key: str) -> None:
    """What GatewayRunner does once per agent run (unregistering wakes every waiter)."""
    from tools import approval

    bridge = approval_bridge(adapter, loop, event.source.chat_id, event.source.thread_id or "")
    approval.register_gateway_notify(session_key, lambda data: bridge(dict(data, _key=session_key)))


def guarded_command(adapter, loop, event, session_key: str, command: str, own_run: bool = True):
    """Hermes' real terminal guard (check_all_command_guards) in a gateway session.

    ``own_run``: the call is a run of its own (registers and unregisters the
    notify callback); False for one of several parallel tool calls of a run.
    """
    from tools import approval

    def run():
        tokens = set_session_vars(platform="iris", chat_id=event.source.chat_id,
                                  thread_id=event.source.thread_id or "", session_key=session_key)
        if own_run:
            register_approval_notify(adapter, loop, event, session_key)
        try:
            return approval.check_all_command_guards(command, "local")
        finally:
            if own_run:
                approval.unregister_gateway_notify(session_key)
            clear_session_vars(tokens)

    return run


def clarify_question(adapter, loop, event, session_key: str, question: str, choices):
    """run.py's ``_clarify_callback_sync``: register, send_clarify, block on the answer."""
    import uuid

    from tools import clarify_gateway

    def run():
        cid = uuid.uuid4().hex[:10]
        clarify_gateway.register(clarify_id=cid, session_key=session_key, question=question,
                                 choices=list(choices) if choices else None)
        meta = {"thread_id": event.source.thread_id} if event.source.thread_id else None
        fut = asyncio.run_coroutine_threadsafe(adapter.send_clarify(
            chat_id=event.source.chat_id, question=question, choices=list(choices) if choices else None,
            clarify_id=cid, session_key=session_key, metadata=meta), loop)
        assert fut.result(timeout=15).success
        timeout = clarify_gateway.get_clarify_timeout()
        return clarify_gateway.wait_for_response(cid, timeout=float(timeout))

    return run


class FakeEvent:
    """Just enough of a MessageEvent for the helpers above."""

    class source:
        chat_id = "iris:default"
        thread_id = None


def run_ended(interrupted: bool) -> Callable[[], None]:
    """The agent loop's last hook of a run (turn_finalizer: ``on_session_end``)."""
    def fire() -> None:
        invoke_hook("on_session_end", session_id="s", completed=not interrupted, interrupted=interrupted,
                    model="m", platform="iris")
    return fire


async def queued_behind_the_turn(adapter, lane, text: str, timeout: float = 5.0) -> None:
    """Wait (polling, with a deadline) until Hermes' pending event of ``lane`` holds ``text``.

    An echo only says the plugin handed the message over: the base adapter
    queues it after an await of its own."""
    key = adapter._lane_key(lane)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while text not in (getattr(adapter._pending_messages.get(key), "text", None) or "").split("\n"):
        assert loop.time() < deadline, f"{text!r} never queued behind the running turn"
        await asyncio.sleep(0.01)
