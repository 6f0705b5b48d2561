package composer

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/ui/common"
)

func TestComposerKeys(t *testing.T) {
	cases := []struct {
		name  string
		keys  []tea.KeyPressMsg
		want  common.Action
		value string
	}{
		{"enter sends", []tea.KeyPressMsg{{Code: 'h', Text: "h"}, {Code: 'i', Text: "i"}, {Code: tea.KeyEnter}}, common.ActionSend{Text: "hi"}, ""},
		{"alt+enter is a newline", []tea.KeyPressMsg{{Code: 'a', Text: "a"}, {Code: tea.KeyEnter, Mod: tea.ModAlt}, {Code: 'b', Text: "b"}}, nil, "a\nb"},
		{"ctrl+j is a newline", []tea.KeyPressMsg{{Code: 'a', Text: "a"}, {Code: 'j', Mod: tea.ModCtrl}}, nil, "a\n"},
		{"blank is not sent", []tea.KeyPressMsg{{Code: ' ', Text: " "}, {Code: tea.KeyEnter}}, nil, " "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := New(common.NewForTest(time.Unix(0, 0)))
			m.SetSize(60, 0)
			var got common.Action
			for _, k := range c.keys {
				got, _ = m.Update(k)
			}
			if got != c.want || m.Value() != c.value {
				t.Fatalf("action %#v value %q; want %#v %q", got, m.Value(), c.want, c.value)
			}
		})
	}
}

func TestComposerBusyHint(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	m := New(com)
	m.SetSize(120, 0)
	h := m.Height()
	m.SetBusy(true, 2)
	if m.Height() != h+1 {
		t.Fatalf("hint line not counted: %d → %d", h, m.Height())
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "STEER") || !strings.Contains(v, "2 messages queued") {
		t.Fatalf("steer hint missing:\n%s", v)
	}
	com.Settings.BusyInput = common.BusyQueue
	if v = ansi.Strip(m.View()); !strings.Contains(v, "QUEUE") {
		t.Fatalf("queue hint missing:\n%s", v)
	}
	com.Settings.BusyInput = common.BusyGateway
	if v = ansi.Strip(m.View()); !strings.Contains(v, "GATEWAY") || !strings.Contains(v, "the gateway's busy mode decides") {
		t.Fatalf("gateway hint missing:\n%s", v)
	}
	if got := strings.Count(v, "\n") + 1; got != m.Height() {
		t.Fatalf("Height %d but View has %d rows", m.Height(), got)
	}
}
