"""The scripted model server, through the OpenAI client Hermes itself uses."""

import threading

import openai
import pytest

from scripted_model import ScriptedModel, Step, ToolCall


def client(model: ScriptedModel) -> openai.OpenAI:
    return openai.OpenAI(base_url=model.base_url, api_key="k", max_retries=0, timeout=10)


def collect(stream):
    text, reasoning, calls, finish = "", "", {}, None
    for chunk in stream:
        if not chunk.choices:
            continue
        choice = chunk.choices[0]
        delta = choice.delta
        text += delta.content or ""
        reasoning += (delta.model_extra or {}).get("reasoning_content") or ""
        for call in delta.tool_calls or []:
            slot = calls.setdefault(call.index, {"name": "", "arguments": ""})
            if call.function.name:
                slot["name"] = call.function.name
            slot["arguments"] += call.function.arguments or ""
        finish = choice.finish_reason or finish
    return text, reasoning, calls, finish


def test_streams_reasoning_text_and_a_tool_call_by_step(model):
    model.add("deploy", Step(reasoning="Think first.", text="Checking.",
                             tool_call=ToolCall("terminal", {"command": "echo hi"})),
              Step(text="All done."))
    c = client(model)
    first = [{"role": "user", "content": "please deploy"}]
    text, reasoning, calls, finish = collect(c.chat.completions.create(model="scripted-alpha", messages=first, stream=True))
    assert (text, reasoning, finish) == ("Checking.", "Think first.", "tool_calls")
    assert calls == {0: {"name": "terminal", "arguments": '{"command": "echo hi"}'}}

    second = first + [{"role": "assistant", "content": "Checking."}, {"role": "tool", "tool_call_id": "x", "content": "hi"}]
    text, _, calls, finish = collect(c.chat.completions.create(model="scripted-beta", messages=second, stream=True))
    assert (text, calls, finish) == ("All done.", {}, "stop")

    recorded = model.requests("deploy")
    assert [(r.step, r.model) for r in recorded] == [(0, "scripted-alpha"), (1, "scripted-beta")]
    assert recorded[1].tool_results() == ["hi"]


def test_unscripted_requests_get_the_fallback_and_are_recorded(model):
    reply = client(model).chat.completions.create(model="m", messages=[{"role": "user", "content": "title this"}])
    assert reply.choices[0].message.content == model.fallback_text
    assert model.requests()[0].script == ""


def test_newest_triggering_user_message_picks_the_script(model):
    model.add("alpha", Step(text="A"))
    model.add("beta", Step(text="B"))
    messages = [{"role": "user", "content": "alpha"}, {"role": "assistant", "content": "A"},
                {"role": "user", "content": "now beta"}]
    reply = client(model).chat.completions.create(model="m", messages=messages)
    assert reply.choices[0].message.content == "B"


def test_a_held_stream_waits_for_its_gate(model):
    model.add("slow", Step(text_before_hold="Part one. ", hold="g", text="Part two."))
    result = {}

    def run():
        result["text"] = collect(client(model).chat.completions.create(
            model="m", messages=[{"role": "user", "content": "slow"}], stream=True))[0]

    reader = threading.Thread(target=run)
    reader.start()
    assert model.gate("g").wait_reached(10)
    assert "text" not in result
    model.gate("g").release()
    reader.join(10)
    assert result["text"] == "Part one. Part two."


def test_wait_for_times_out_naming_what_it_saw(model):
    with pytest.raises(TimeoutError, match="no matching model request"):
        model.wait_for(lambda r: False, timeout=0.2)
