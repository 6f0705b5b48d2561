package dialog

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

var defaultLane = frame.Lane{ChatID: "iris:default"}

func TestChannelsMenuOffers(t *testing.T) {
	com := testCom(t, themes.Dark)
	applyJSON(t, com, directoryJS)
	cases := []struct {
		lane frame.Lane
		ops  []string
	}{
		{defaultLane, []string{OpNewChannel, OpNewThread, OpRename}}, // never delete or re-default the default
		{opsLane, []string{OpNewChannel, OpNewThread, OpRename, OpDefault, OpDelete}},
		{threadLane, []string{OpNewChannel, OpNewThread, OpRename, OpDelete}},
	}
	for _, tc := range cases {
		if got := NewChannels(com, tc.lane).Ops(); !slices.Equal(got, tc.ops) {
			t.Errorf("%v: ops %v, want %v", tc.lane, got, tc.ops)
		}
	}
	// /channel delete on the default channel opens the menu instead.
	c := NewChannelOp(com, defaultLane, OpDelete)
	c.SetSize(80, 24)
	if v := ansi.Strip(c.View()); strings.Contains(v, "Delete") || !strings.Contains(v, "New channel") {
		t.Fatalf("view:\n%s", v)
	}
}

// sent returns the frame of an ActionSendFrame that closes the dialog.
func sent(t *testing.T, act common.Action) frame.Frame {
	t.Helper()
	a, ok := act.(common.ActionSendFrame)
	if !ok || !a.Close {
		t.Fatalf("not a closing send: %#v", act)
	}
	return a.Frame
}

func TestChannelsOperations(t *testing.T) {
	com := testCom(t, themes.Dark)
	applyJSON(t, com, directoryJS)

	c := NewChannels(com, opsLane)
	c.Update(press("1"))
	if act, _ := c.Update(press("enter")); act != nil {
		t.Fatal("an empty name was sent")
	}
	typeText(c, "Cron")
	f := sent(t, first(c.Update(press("enter"))))
	if p := f.Payload.(*frame.ChannelCreate); f.Type != frame.TypeChannelCreate || p.Name != "Cron" || p.Kind != frame.KindChannel {
		t.Fatalf("%+v %+v", f, p)
	}

	c = NewChannels(com, threadLane)
	c.Update(press("j"))
	c.Update(press("enter")) // new thread, in the thread's channel
	typeText(c, "Retro")
	f = sent(t, first(c.Update(press("enter"))))
	if p := f.Payload.(*frame.ChannelCreate); p.Kind != frame.KindThread || p.ParentChatID != frame.Some("iris:chan_1") || p.Name != "Retro" {
		t.Fatalf("%+v", p)
	}

	c = NewChannelOp(com, threadLane, OpRename)
	if !strings.Contains(ansi.Strip(c.View()), "Deploy plan") {
		t.Fatal("rename does not start from the current name")
	}
	c.Update(press("backspace"))
	c.Update(press("backspace"))
	c.Update(press("backspace"))
	c.Update(press("backspace"))
	typeText(c, "Rollout")
	f = sent(t, first(c.Update(press("enter"))))
	if f.Type != frame.TypeChannelRename || f.ChatID.Val != "iris:chan_1" || f.ThreadID.Val != "t_1" || f.Payload.(*frame.ChannelRename).Name != "Deploy Rollout" {
		t.Fatalf("%+v %+v", f, f.Payload)
	}

	c = NewChannels(com, opsLane)
	f = sent(t, first(c.Update(press("4"))))
	if f.Type != frame.TypeChannelSetDef || f.ChatID.Val != "iris:chan_1" {
		t.Fatalf("%+v", f)
	}
	c = NewChannelOp(com, opsLane, OpDefault)
	f = sent(t, first(c.Update(press("enter"))))
	if f.Type != frame.TypeChannelSetDef {
		t.Fatalf("%+v", f)
	}
}

func TestChannelsDeleteConfirmation(t *testing.T) {
	com := testCom(t, themes.Dark)
	applyJSON(t, com, directoryJS,
		`{"type":"message","chat_id":"iris:chan_1","thread_id":"t_1","payload":{"message_id":"m1","role":"user","text":"hi","ts":1}}`,
		`{"type":"message","chat_id":"iris:chan_1","payload":{"message_id":"m2","role":"user","text":"hi","ts":2}}`)
	c := NewChannels(com, opsLane)
	c.SetSize(80, 24)
	c.Update(press("5"))
	v := ansi.Strip(c.View())
	for _, want := range []string{"Delete “Ops”?", "2 threads", "“Deploy plan”", "“Incident”", "(2 loaded here)", "cannot be undone"} {
		if !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(v, "│", "")), " "), want) {
			t.Fatalf("confirmation lacks %q:\n%s", want, v)
		}
	}
	// Cancel is highlighted first: Enter right away deletes nothing.
	if act, _ := c.Update(press("enter")); act != (common.ActionClose{}) {
		t.Fatalf("%#v", act)
	}
	c = NewChannelOp(com, opsLane, OpDelete)
	c.Update(press("k"))
	f := sent(t, first(c.Update(press("enter"))))
	if f.Type != frame.TypeChannelDelete || f.ChatID.Val != "iris:chan_1" || f.ThreadID.Valid {
		t.Fatalf("%+v", f)
	}
}

func first[A, B any](a A, _ B) A { return a }

func TestChannelsGolden(t *testing.T) {
	for _, th := range []themes.Name{themes.Dark, themes.Light} {
		for name, op := range map[string]string{"menu": "", "delete": OpDelete, "rename": OpRename} {
			t.Run(string(th)+"/"+name, func(t *testing.T) {
				com := testCom(t, th)
				applyJSON(t, com, directoryJS)
				c := NewChannelOp(com, opsLane, op)
				c.SetSize(80, 24)
				golden.RequireEqual(t, c.View())
			})
		}
	}
}
