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


def on_agent_thread(event, fn: Callable[[], Any]) -> Any:
    """Run ``fn`` on a worker thread bound to the event's session (like the agent)."""
    out: dict = {}

    def run() -> None:
        tokens = set_session_vars(platform="iris", chat_id=event.source.chat_id,
                                  thread_id=event.source.thread_id or "")
        try:
            out["v"] = fn()
        finally:
            clear_session_vars(tokens)

    t = threading.Thread(target=run)
    t.start()
    return t, out


async def run_on_agent_thread(event, fn: Callable[[], Any]) -> Any:
    t, out = on_agent_thread(event, fn)
    await asyncio.to_thread(t.join)
    return out.get("v")


def tool_call(name: str, args: dict, result: str, call_id: str = "call_1", status: str = "ok") -> Callable[[], None]:
    def fire() -> None:
        invoke_hook("pre_tool_call", tool_name=name, args=args, tool_call_id=call_id, session_id="s")
        invoke_hook("post_tool_call", tool_name=name, args=args, result=result, tool_call_id=call_id,
                    session_id="s", duration_ms=1500, status=status)
    return fire


def llm_done(model: str, reasoning: str) -> Callable[[], None]:
    def fire() -> None:
        invoke_hook("post_llm_call", session_id="s", model=model, conversation_history=[
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "", "reasoning": reasoning},
        ])
    return fire
