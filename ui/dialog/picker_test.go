package dialog

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/themes"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/wsclient/frame"
)

// Picker frames as the simulator sends them, plus edge cases.
const (
	approvalJS       = `{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_1","command":"FOO=1 rm -rf \"./build dir\" | tee $LOG # cleanup","description":"recursive delete","allow_permanent":true,"timeout_s":300}}`
	approvalNoPermJS = `{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_2","command":"rm -rf /tmp/x","description":"recursive delete","allow_permanent":false}}`
	clarifyJS        = `{"type":"picker.clarify","chat_id":"c","payload":{"picker_id":"pq_1","question":"What kind of answer do you want?","allow_text":true,"timeout_s":600,"choices":[{"value":"summary","label":"A short summary"},{"value":"detailed","label":"A detailed walkthrough"},{"value":"code","label":"Just the code"},{"value":"tests","label":"Tests"},{"value":"fifth","label":"Never shown"}]}}`
	confirmJS        = `{"type":"picker.confirm","chat_id":"c","payload":{"picker_id":"pf_1","title":"Apply changes?","message":"This rewrites 3 files in the workspace."}}`
	modelJS          = `{"type":"picker.model","chat_id":"c","payload":{"picker_id":"pm_1","title":"Switch model","current_model":"qwen3-27b","current_provider":"local","providers":[{"id":"local","label":"Local","models":[{"id":"qwen3-27b","label":"Qwen3 27B"},{"id":"llama-3.3-70b","label":"Llama 3.3 70B"}]},{"id":"openai","label":"OpenAI","models":[{"id":"gpt-5.4","label":"GPT-5.4"},{"id":"gpt-5.4-mini","label":"GPT-5.4 mini"}]}]}}`
	choiceJS         = `{"type":"picker.choice","chat_id":"c","payload":{"picker_id":"pc_1","title":"Reasoning effort","choices":[{"value":"none","label":"None"},{"value":"low","label":"Low"},{"value":"medium","label":"Medium","is_current":true},{"value":"high","label":"High"}]}}`
)

func TestPickerAnswers(t *testing.T) {
	cases := []struct {
		name, js string
		keys     []string
		value    string
		record   string
	}{
		{"approval enter is once", approvalJS, []string{"enter"}, "once", `approved once: FOO=1 rm -rf "./build dir" | tee $LOG # cleanup`},
		{"approval digit", approvalJS, []string{"2"}, "session", `approved for the session: FOO=1 rm -rf "./build dir" | tee $LOG # cleanup`},
		{"approval j j enter", approvalJS, []string{"j", "j", "enter"}, "always", `approved always: FOO=1 rm -rf "./build dir" | tee $LOG # cleanup`},
		{"approval down up", approvalJS, []string{"down", "down", "up", "enter"}, "session", `approved for the session: FOO=1 rm -rf "./build dir" | tee $LOG # cleanup`},
		{"approval deny", approvalJS, []string{"4"}, "deny", `denied: FOO=1 rm -rf "./build dir" | tee $LOG # cleanup`},
		{"approval without always", approvalNoPermJS, []string{"3"}, "deny", "denied: rm -rf /tmp/x"},
		{"approval k stops at top", approvalNoPermJS, []string{"k", "k", "enter"}, "once", "approved once: rm -rf /tmp/x"},
		{"clarify digit", clarifyJS, []string{"2"}, "detailed", "answered A detailed walkthrough: What kind of answer do you want?"},
		{"clarify digit past four is nothing", clarifyJS, []string{"5", "1"}, "summary", "answered A short summary: What kind of answer do you want?"},
		{"clarify free text", clarifyJS, []string{"down", "down", "down", "down", "j", "2", " ", "k", "enter"}, "j2 k", "answered “j2 k”: What kind of answer do you want?"},
		{"clarify empty text is not sent", clarifyJS, []string{"down", "down", "down", "down", "enter", "up", "enter"}, "tests", "answered Tests: What kind of answer do you want?"},
		{"confirm defaults", confirmJS, []string{"3"}, "cancel", "cancelled: Apply changes?"},
		{"confirm once", confirmJS, []string{"enter"}, "once", "confirmed (Once): Apply changes?"},
		{"model current", modelJS, []string{"enter"}, "local/qwen3-27b", "chose model: local/qwen3-27b"},
		{"model down crosses provider", modelJS, []string{"down", "down", "enter"}, "openai/gpt-5.4", "chose model: openai/gpt-5.4"},
		{"model filter", modelJS, []string{"m", "i", "n", "i", "enter"}, "openai/gpt-5.4-mini", "chose model: openai/gpt-5.4-mini"},
		{"model filter digits and jk type", modelJS, []string{"3", "3", "enter"}, "local/llama-3.3-70b", "chose model: local/llama-3.3-70b"},
		{"choice starts at current", choiceJS, []string{"enter"}, "medium", "chose Medium: Reasoning effort"},
		{"choice k", choiceJS, []string{"k", "enter"}, "low", "chose Low: Reasoning effort"},
		{"choice digit", choiceJS, []string{"4"}, "high", "chose High: Reasoning effort"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			com := testCom(t, themes.Dark)
			pk := queued(t, com, tc.js)
			p := armed(t, com, pk)
			var act common.Action
			for _, k := range tc.keys {
				if act != nil {
					t.Fatalf("answered before %q: %#v", k, act)
				}
				act, _ = p.Update(press(k))
			}
			want := common.ActionSelectPicker{Lane: frame.Lane{ChatID: "c"}, PickerID: pk.PickerID, Value: tc.value, Record: tc.record}
			if act != want {
				t.Fatalf("got %#v\nwant %#v", act, want)
			}
		})
	}
}

func TestPickerAllowPermanentHidesAlways(t *testing.T) {
	com := testCom(t, themes.Dark)
	p := armed(t, com, queued(t, com, approvalNoPermJS))
	v := ansi.Strip(p.View())
	if strings.Contains(v, "Always") || !strings.Contains(v, "3   Deny") {
		t.Fatalf("view:\n%s", v)
	}
}

func TestPickerEscHidesEvenUnarmed(t *testing.T) {
	com := testCom(t, themes.Dark)
	pk := queued(t, com, approvalJS)
	p := NewPicker(com, pk, instantTick)
	act, _ := p.Update(press("esc"))
	if act != (common.ActionHidePicker{Lane: pk.Lane, PickerID: "pa_1"}) {
		t.Fatalf("%#v", act)
	}
	if len(com.Store.Pickers(pk.Lane)) != 1 {
		t.Fatal("hiding answered the picker")
	}
}

func TestPickerArming(t *testing.T) {
	com := testCom(t, themes.Dark)
	pk := queued(t, com, approvalJS)
	var ticks []PickerArmedMsg
	tick := func(_ time.Duration, msg tea.Msg) tea.Cmd {
		ticks = append(ticks, msg.(PickerArmedMsg))
		return nil
	}
	p := NewPicker(com, pk, tick)
	p.SetSize(80, 30)
	p.Show()
	if !strings.Contains(ansi.Strip(p.View()), "arming…") {
		t.Fatal("unarmed picker does not say it is arming")
	}
	// Keys in flight: Enter and a digit do nothing but restart the delay.
	for _, k := range []string{"enter", "1", "down"} {
		if act, _ := p.Update(press(k)); act != nil {
			t.Fatalf("%q answered an unarmed picker: %#v", k, act)
		}
	}
	if len(ticks) != 4 {
		t.Fatalf("ticks %v", ticks)
	}
	// The first three ticks are stale: a key came after each.
	for _, m := range ticks[:3] {
		p.Update(m)
		if p.Armed() {
			t.Fatalf("stale %v armed the picker", m)
		}
	}
	p.Update(PickerArmedMsg{PickerID: "other", Gen: ticks[3].Gen})
	if p.Armed() {
		t.Fatal("another picker's tick armed it")
	}
	p.Update(ticks[3])
	if !p.Armed() || strings.Contains(ansi.Strip(p.View()), "arming…") {
		t.Fatal("not armed after a quiet delay")
	}
	// The cursor did not move while unarmed.
	if act, _ := p.Update(press("enter")); act.(common.ActionSelectPicker).Value != "once" {
		t.Fatalf("%#v", act)
	}
	// Showing it again (after hiding) re-arms from scratch.
	p.Show()
	if p.Armed() {
		t.Fatal("Show kept it armed")
	}
}

func TestPickerQueuePosition(t *testing.T) {
	com := testCom(t, themes.Dark)
	pk := queued(t, com, approvalJS)
	queued(t, com, clarifyJS)
	p := armed(t, com, pk)
	if v := ansi.Strip(p.View()); !strings.Contains(v, "Approve command?  1 of 2") {
		t.Fatalf("view:\n%s", v)
	}
}

func TestPickerSanitisesWireText(t *testing.T) {
	com := testCom(t, themes.Dark)
	js := `{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_x","title":"T\u001b]0;pwned\u0007","command":"rm \u001b[2J -rf","description":"d\u009b31m","choices":[{"value":"once","label":"ok\u001b[31m"}]}}`
	p := armed(t, com, queued(t, com, js))
	if err := termsafe.Verify(p.View()); err != nil {
		t.Fatal(err)
	}
	act, _ := p.Update(press("enter"))
	if err := termsafe.Verify(act.(common.ActionSelectPicker).Record); err != nil {
		t.Fatal(err)
	}
}

func TestShellTokens(t *testing.T) {
	line := `FOO=1 rm -rf "./build dir" 'a b' x\ y | tee $LOG >out; ls -l # done`
	var b strings.Builder
	var got []string
	for _, tok := range shellTokens(line) {
		b.WriteString(tok.text)
		if tok.kind != shellSpace {
			got = append(got, fmt.Sprintf("%d:%s", tok.kind, tok.text))
		}
	}
	if b.String() != line {
		t.Fatalf("tokens lose text: %q", b.String())
	}
	want := []string{
		fmt.Sprintf("%d:FOO=1", shellVariable), fmt.Sprintf("%d:rm", shellProgram), fmt.Sprintf("%d:-rf", shellFlag),
		fmt.Sprintf("%d:\"./build dir\"", shellString), fmt.Sprintf("%d:'a b'", shellString), fmt.Sprintf("%d:x\\ y", shellWord),
		fmt.Sprintf("%d:|", shellOperator), fmt.Sprintf("%d:tee", shellProgram), fmt.Sprintf("%d:$LOG", shellVariable),
		fmt.Sprintf("%d:>", shellOperator), fmt.Sprintf("%d:out;", shellWord),
	}
	if strings.Join(got[:len(want)-1], " ") != strings.Join(want[:len(want)-1], " ") {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
	if got[len(got)-1] != fmt.Sprintf("%d:# done", shellComment) {
		t.Fatalf("comment: %v", got)
	}
	for _, odd := range []string{`"unterminated`, `\`, `a\`, `'x`, `;;`, `=`, `$`} {
		b.Reset()
		for _, tok := range shellTokens(odd) {
			b.WriteString(tok.text)
		}
		if b.String() != odd {
			t.Fatalf("%q became %q", odd, b.String())
		}
	}
}

func TestPickerGolden(t *testing.T) {
	kinds := []struct{ name, js string }{
		{"approval", approvalJS}, {"approval_no_always", approvalNoPermJS}, {"clarify", clarifyJS},
		{"confirm", confirmJS}, {"model", modelJS}, {"choice", choiceJS},
	}
	for _, th := range []themes.Name{themes.Dark, themes.Light} {
		for _, k := range kinds {
			t.Run(string(th)+"/"+k.name, func(t *testing.T) {
				com := testCom(t, th)
				p := armed(t, com, queued(t, com, k.js))
				golden.RequireEqual(t, p.View())
			})
		}
		t.Run(string(th)+"/arming", func(t *testing.T) {
			com := testCom(t, th)
			p := NewPicker(com, queued(t, com, approvalJS), instantTick)
			p.SetSize(60, 24)
			golden.RequireEqual(t, p.View())
		})
	}
}
