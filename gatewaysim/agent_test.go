package gatewaysim

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

func TestScriptedAgentSequence(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	id := c.request(frame.TypeMessageSend, defaultLane, &frame.MessageSend{Text: "how is the build?", ClientMsgID: "cm_1"})
	fs := c.until(isType(frame.TypeTypingStop))
	want := []string{
		frame.TypeMessage, frame.TypeReadReceipt, frame.TypeAgentBusy, frame.TypeTyping, frame.TypeCommentary,
		frame.TypeAgentBusy, frame.TypeToolStart, frame.TypeToolProgress, frame.TypeToolEnd, frame.TypeAgentBusy,
		frame.TypeMessageStart, frame.TypeMessageUpdate, frame.TypeMessageStop, frame.TypeAgentIdle, frame.TypeTypingStop,
	}
	must(t, slices.Equal(compact(types(fs)), want), "sequence\n got %v\nwant %v", compact(types(fs)), want)
	echo := fs[0].Payload.(*frame.Message)
	must(t, fs[0].ID == id && echo.Role == frame.RoleUser && echo.ClientMsgID == "cm_1" && echo.Text == "how is the build?", "echo %+v", fs[0])
	must(t, fs[1].Payload.(*frame.ReadReceipt).MessageID == echo.MessageID, "read.receipt %+v", fs[1].Payload)
	for i, reason := range map[int]string{2: "processing", 5: "tool", 9: "processing"} {
		must(t, fs[i].Payload.(*frame.AgentBusy).Reason == reason, "busy %d: %+v, want %s", i, fs[i].Payload, reason)
	}
	for _, f := range fs {
		must(t, f.Lane() == defaultLane, "%s in lane %v", f.Type, f.Lane())
		if f.Type != frame.TypeMessage {
			must(t, f.ID == 0, "%s carries id %d", f.Type, f.ID)
		}
	}
	start := fs[6].Payload.(*frame.ToolStart)
	end := fs[8].Payload.(*frame.ToolEnd)
	must(t, start.Name == "terminal" && start.Args["command"] == start.Preview && end.Index == start.Index && *end.OK, "tool %+v %+v", start, end)
	stop := stopOf(t, fs)
	rt := stop.Runtime
	must(t, stop.Reasoning != "" && stop.Model == "qwen3-27b" && *stop.Tokens > 0, "stop %+v", stop)
	must(t, rt != nil && rt.Model == stop.Model && rt.ContextPct != nil && rt.Cwd != "" && rt.Latency != nil && rt.Cost != nil, "runtime %+v", rt)
}

// compact drops repeated message.update and tool.progress frames from a type
// list, for comparing sequences.
func compact(ts []string) []string {
	return slices.CompactFunc(ts, func(a, b string) bool { return a == b && (a == frame.TypeMessageUpdate || a == frame.TypeToolProgress) })
}

func TestStreamUpdatesGrowToFinalText(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	fs := c.turn(defaultLane, "tell me something")
	stop := stopOf(t, fs)
	prev := ""
	n := 0
	for _, f := range fs {
		if u, ok := f.Payload.(*frame.MessageUpdate); ok {
			must(t, u.MessageID == stop.MessageID && strings.HasPrefix(u.Text, prev) && len(u.Text) > len(prev), "update %d does not grow", n)
			prev = u.Text
			n++
		}
	}
	must(t, n > 10, "only %d updates", n)
	must(t, strings.TrimRight(prev, " \n") == stop.FinalText, "final text differs from the last update")
	for _, md := range []string{"## ", "- ", "```go", "| check | result |", "**"} {
		must(t, strings.Contains(stop.FinalText, md), "reply lacks %q", md)
	}
}

func TestStreamIntervalPacesUpdates(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.StreamInterval = 2 * time.Millisecond })
	c, _ := connect(t, url, "dev_a")
	start := time.Now()
	fs := c.turn(defaultLane, "hi")
	updates := 0
	for _, f := range fs {
		if f.Type == frame.TypeMessageUpdate {
			updates++
		}
	}
	must(t, time.Since(start) >= time.Duration(updates)*2*time.Millisecond, "%d updates in %v", updates, time.Since(start))
}

// pickerTurn sends text and reads until the picker of type typ.
func pickerTurn(c *client, text, typ string) *frame.Picker {
	c.t.Helper()
	c.send(defaultLane, text)
	return c.expect(typ).Payload.(*frame.Picker)
}

// answer selects value in picker p and reads the rest of the turn. Any
// frame answering the select must be its ack (rich dialect; the spec
// dialect sends none).
func answer(c *client, p *frame.Picker, value string) []frame.Frame {
	c.t.Helper()
	id := c.request(frame.TypePickerSelect, defaultLane, &frame.PickerSelect{PickerID: p.PickerID, Value: value})
	fs := c.until(isType(frame.TypeAgentIdle))
	for _, f := range fs {
		must(c.t, f.ID != id || f.Type == frame.TypePickerSelect, "picker.select answered %s %+v", f.Type, f.Payload)
	}
	return fs
}

func TestApprovalPicker(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	p := pickerTurn(c, "please rm -rf build/ now", frame.TypePickerApproval)
	must(t, p.Command == "rm -rf build/ now" && p.Description != "" && *p.AllowPermanent && *p.TimeoutS == 300, "approval %+v", p)
	stop := stopOf(t, answer(c, p, "deny"))
	must(t, strings.Contains(stop.FinalText, "did **not** run `rm -rf build/ now`"), "deny not reflected: %s", stop.FinalText)

	p = pickerTurn(c, "rm old.log", frame.TypePickerApproval)
	fs := answer(c, p, "once")
	must(t, strings.Contains(stopOf(t, fs).FinalText, "I ran `rm old.log`"), "approval not reflected")
	ran := false
	for _, f := range fs {
		if ts, ok := f.Payload.(*frame.ToolStart); ok && ts.Preview == "rm old.log" {
			ran = true
		}
	}
	must(t, ran, "approved command not run as a tool: %v", types(fs))

	// A "session" approval is remembered: the next rm runs without a picker.
	p = pickerTurn(c, "rm a.tmp", frame.TypePickerApproval)
	answer(c, p, "session")
	fs = c.turn(defaultLane, "rm b.tmp")
	must(t, !slices.Contains(types(fs), frame.TypePickerApproval), "asked again after a session approval")
	must(t, strings.Contains(stopOf(t, fs).FinalText, "I ran `rm b.tmp` (approved: session)"), "remembered approval not reflected")

	// "confirm" and "format" contain "rm" but are not the rm command.
	must(t, rmCommand("please confirm the format") == "", "rm matched inside a word")
}

func TestOtherPickers(t *testing.T) {
	cases := []struct {
		text, typ, value, want string
		check                  func(*frame.Picker) bool
	}{
		{"can you clarify this", frame.TypePickerClarify, "my own words", "You clarified: *my own words*",
			func(p *frame.Picker) bool { return p.Question != "" && *p.AllowText && len(p.Choices) == 3 }},
		{"confirm the change", frame.TypePickerConfirm, "cancel", "Cancelled",
			func(p *frame.Picker) bool { return p.Title != "" && p.Message != "" && len(p.Choices) == 3 }},
		{"choose an effort", frame.TypePickerChoice, "high", "Reasoning effort is now **high**",
			func(p *frame.Picker) bool { return len(p.Choices) == 4 && *p.Choices[2].IsCurrent }},
		{"/reasoning", frame.TypePickerChoice, "low", "Reasoning effort is now **low**",
			func(p *frame.Picker) bool { return p.Title == "Reasoning effort" }},
		{"/model", frame.TypePickerModel, "openai/gpt-5.4", "Switched to **gpt-5.4**",
			func(p *frame.Picker) bool {
				return p.CurrentModel == "qwen3-27b" && p.CurrentProvider == "local" && len(p.Providers) == 3 && p.Providers[0].Models[0].ID == "qwen3-27b"
			}},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			_, url := newTestServer(t, nil)
			c, _ := connect(t, url, "dev_a")
			p := pickerTurn(c, tc.text, tc.typ)
			must(t, p.PickerID != "" && tc.check(p), "picker %+v", p)
			stop := stopOf(t, answer(c, p, tc.value))
			must(t, strings.Contains(stop.FinalText, tc.want), "reply %q lacks %q", stop.FinalText, tc.want)
		})
	}
}

func TestModelSwitchChangesRuntime(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	c.turn(defaultLane, "/model anthropic/claude-sonnet-4.5")
	stop := stopOf(t, c.turn(defaultLane, "hello"))
	must(t, stop.Model == "claude-sonnet-4.5" && stop.Runtime.Model == "claude-sonnet-4.5", "model %q runtime %+v", stop.Model, stop.Runtime)
}

func TestPickerSelectUnknownOrAnswered(t *testing.T) {
	_, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")
	id := a.request(frame.TypePickerSelect, frame.Lane{}, &frame.PickerSelect{PickerID: "pa_999", Value: "once"})
	a.expectError(id, frame.CodeNotFound)

	p := pickerTurn(a, "rm x", frame.TypePickerApproval)
	other := b.expect(frame.TypePickerApproval).Payload.(*frame.Picker)
	must(t, other.PickerID == p.PickerID, "picker not on every device")
	answer(a, p, "deny")
	id = b.request(frame.TypePickerSelect, defaultLane, &frame.PickerSelect{PickerID: p.PickerID, Value: "once"})
	b.expectError(id, frame.CodeNotFound)
}

func TestPickerTimeoutCountsAsRefusal(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.PickerTimeout = time.Millisecond })
	c, _ := connect(t, url, "dev_a")
	stop := stopOf(t, c.turn(defaultLane, "rm -rf /tmp/x"))
	must(t, strings.Contains(stop.FinalText, "did **not** run"), "timeout ran the command: %s", stop.FinalText)
}

func TestAgentStopEndsWithPartialText(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.StreamInterval = 20 * time.Millisecond })
	c, _ := connect(t, url, "dev_a")
	c.send(defaultLane, "write a long answer")
	c.expect(frame.TypeMessageUpdate)
	id := c.request(frame.TypeAgentStop, defaultLane, nil)
	fs := c.until(func(f frame.Frame) bool { return f.ID == id })
	must(t, fs[len(fs)-1].Type == frame.TypeAgentIdle, "stop answered %s", fs[len(fs)-1].Type)
	stop := stopOf(t, fs)
	full := composeReply(frame.Message{Text: "write a long answer"}, nil)
	must(t, stop.FinalText != "" && len(stop.FinalText) < len(full)-10, "final text not partial (%d of %d)", len(stop.FinalText), len(full))
	ts := compact(types(fs))
	i := slices.Index(ts, frame.TypeMessageStop)
	must(t, i >= 0 && slices.Contains(ts[i:], frame.TypeAgentIdle), "order %v", ts)

	// The stopped reply is in history with its partial text.
	hid := c.request(frame.TypeHistory, defaultLane, &frame.HistoryRequest{})
	h := c.response(hid).Payload.(*frame.History)
	must(t, h.Messages[len(h.Messages)-1].Text == stop.FinalText, "history %+v", h.Messages)

	// Stopping an idle lane is harmless.
	id = c.request(frame.TypeAgentStop, defaultLane, nil)
	must(t, c.response(id).Type == frame.TypeAgentIdle, "idle stop")
}

func TestAgentStopWhileWaitingForPicker(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	p := pickerTurn(c, "rm stuff", frame.TypePickerApproval)
	id := c.request(frame.TypeAgentStop, defaultLane, nil)
	fs := c.until(func(f frame.Frame) bool { return f.ID == id })
	must(t, slices.Contains(types(fs), frame.TypeAgentIdle) && !slices.Contains(types(fs), frame.TypeMessageStart), "frames %v", types(fs))
	id = c.request(frame.TypePickerSelect, defaultLane, &frame.PickerSelect{PickerID: p.PickerID, Value: "once"})
	c.expectError(id, frame.CodeNotFound)
}

func TestAgentSteerIsReflected(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	id := c.request(frame.TypeAgentSteer, defaultLane, &frame.AgentSteer{Text: "nothing runs"})
	c.expectError(id, frame.CodeNotFound)

	// Hold the turn at a picker so the steer lands deterministically.
	p := pickerTurn(c, "clarify the plan", frame.TypePickerClarify)
	id = c.request(frame.TypeAgentSteer, defaultLane, &frame.AgentSteer{Text: "focus on the error case"})
	ack := c.response(id)
	must(t, ack.Type == frame.TypeCommentary && strings.Contains(ack.Payload.(*frame.Commentary).Text, "focus on the error case"), "steer ack %+v", ack)
	stop := stopOf(t, answer(c, p, "summary"))
	must(t, strings.Contains(stop.FinalText, "**Steer received:** focus on the error case"), "steer not reflected: %s", stop.FinalText)
}

func TestTurnsOfOneLaneRunInOrder(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	c.send(defaultLane, "first")
	c.send(defaultLane, "second")
	fs := c.until(func(f frame.Frame) bool {
		return f.Type == frame.TypeMessageStop && strings.Contains(f.Payload.(*frame.MessageStop).FinalText, "second")
	})
	var stops []string
	for _, f := range fs {
		if s, ok := f.Payload.(*frame.MessageStop); ok {
			stops = append(stops, s.FinalText)
		}
	}
	must(t, len(stops) == 2 && strings.Contains(stops[0], "first"), "stops %q", stops)
}

func TestSlashCommands(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	for text, want := range map[string]string{
		"/status":         "model: `qwen3-27b`",
		"/reset":          "`/new` done",
		"/nonsense":       "Unknown command `/nonsense`",
		"/reasoning high": "Reasoning effort is now **high**",
	} {
		fs := c.turn(defaultLane, text)
		must(t, !slices.Contains(types(fs), frame.TypeToolStart), "%s ran a tool", text)
		must(t, strings.Contains(stopOf(t, fs).FinalText, want), "%s: %q", text, stopOf(t, fs).FinalText)
	}
}
