package statusbar

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/ui/common"
)

func TestTransfersSegment(t *testing.T) {
	cases := []struct {
		name string
		ts   []Transfer
		want string
	}{
		{"none", nil, ""},
		{"running", []Transfer{{Label: "chart.png", Done: 40, Total: 100, Running: true}}, "⇅ chart.png 40%"},
		{"queue", []Transfer{{Label: "a.bin", Done: 5, Total: 10, Running: true}, {Label: "b.bin"}, {Label: "c.bin"}}, "⇅ a.bin 50% +2 queued"},
		{"unknown size", []Transfer{{Label: "x", Done: 2048, Running: true}}, "⇅ x 2.0 KiB"},
		{"waiting", []Transfer{{Label: "x"}}, "⇅ x queued"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := New(common.NewForTest(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
			m.SetSize(100, 1)
			m.SetConn(Conn{State: common.ConnOnline})
			m.SetTransfers(c.ts)
			v := ansi.Strip(m.View())
			if c.want == "" && strings.Contains(v, "⇅") || c.want != "" && !strings.Contains(v, c.want) {
				t.Fatalf("bar %q, want %q", v, c.want)
			}
		})
	}
}
