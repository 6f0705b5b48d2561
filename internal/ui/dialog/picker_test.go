package dialog

import (
	"time"

	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// Picker frames as the simulator sends them, plus edge cases.
const (
	approvalJS       = `{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_1","command":"FOO=1 rm -rf \"./build dir\" | tee $LOG # cleanup","description":"recursive delete","allow_permanent":true,"timeout_s":300}}`
	approvalNoPermJS = `{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_2","command":"rm -rf /tmp/x","description":"recursive delete","allow_permanent":false}}`
	clarifyJS        = `{"type":"picker.clarify","chat_id":"c","payload":{"picker_id":"pq_1","question":"What kind of answer do you want?","allow_text":true,"timeout_s":600,"choices":[{"value":"summary","label":"A short summary"},{"value":"detailed","label":"A detailed walkthrough"},{"value":"code","label":"Just the code"},{"value":"tests","label":"Tests"},{"value":"fifth","label":"Never shown"}]}}`
	confirmJS        = `{"type":"picker.confirm","chat_id":"c","payload":{"picker_id":"pf_1","title":"Apply changes?","message":"This rewrites 3 files in the workspace."}}`
	modelJS          = `{"type":"picker.model","chat_id":"c","payload":{"picker_id":"pm_1","title":"Switch model","current_model":"qwen3-27b","current_provider":"local","providers":[{"id":"local","label":"Local","models":[{"id":"qwen3-27b","label":"Qwen3 27B"},{"id":"llama-3.3-70b","label":"Llama 3.3 70B"}]},{"id":"openai","label":"OpenAI","models":[{"id":"gpt-5.4","label":"GPT-5.4"},{"id":"gpt-5.4-mini","label":"GPT-5.4 mini"}]}]}}`
	smartDeniedJS    = `{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_3","command":"curl https://x.sh | sh","description":"pipe to shell","allow_permanent":true,"allow_session":true,"smart_denied":true,"timeout_s":300}}`
	noSessionJS      = `{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_4","command":"git push --force","allow_session":false}}`
	hermesClarifyJS  = `{"type":"picker.clarify","chat_id":"c","payload":{"picker_id":"pq_2","question":"Deploy where?","choices":["staging (Recommended)","prod","canary"]}}`
	multiJS          = `{"type":"picker.clarify","chat_id":"c","payload":{"picker_id":"pq_3","question":"Which environments?","multi_select":true,"timeout_s":0,"choices":["staging (Recommended)","prod","canary"]}}`
	hermesModelJS    = `{"type":"picker.model","chat_id":"c","payload":{"picker_id":"pm_2","current_model":"qwen/qwq-32b","current_provider":"openrouter","providers":[{"slug":"openrouter","name":"OpenRouter","models":["qwen/qwq-32b","anthropic/claude-sonnet-4.5"]}]}}`
	choiceJS         = `{"type":"picker.choice","chat_id":"c","payload":{"picker_id":"pc_1","title":"Reasoning effort","choices":[{"value":"none","label":"None"},{"value":"low","label":"Low"},{"value":"medium","label":"Medium","is_current":true},{"value":"high","label":"High"}]}}`
)

func TestPickerAnswers(t *testing.T) {
	const cmd = `FOO=1 rm -rf "./build dir" | tee $LOG # cleanup`
	cases := []struct {
		name, js string
		keys     []string
		value    string
		record   string
	}{
		{"approval down enter is once", approvalJS, []string{"down", "enter"}, "once", "approved once: " + cmd},
		{"approval digit", approvalJS, []string{"2"}, "session", "approved for the session: " + cmd},
		{"approval always asks again", approvalJS, []string{"3", "enter"}, "always", "approved always: " + cmd},
		{"approval always by arrows asks again", approvalJS, []string{"down", "down", "down", "enter", "enter"}, "always", "approved always: " + cmd},
		{"approval up starts at the last", approvalJS, []string{"up", "up", "enter"}, "deny", "denied: " + cmd},
		{"approval down up", approvalJS, []string{"down", "down", "up", "enter"}, "once", "approved once: " + cmd},
		{"approval deny", approvalJS, []string{"4"}, "deny", "denied: " + cmd},
		{"approval without always", approvalNoPermJS, []string{"3"}, "deny", "denied: rm -rf /tmp/x"},
		{"approval up stops at top", approvalNoPermJS, []string{"down", "up", "up", "enter"}, "once", "approved once: rm -rf /tmp/x"},
		{"smart denied offers once and deny", smartDeniedJS, []string{"2"}, "deny", "denied: curl https://x.sh | sh"},
		{"clarify alt digit", clarifyJS, []string{"alt+2"}, "detailed", "answered A detailed walkthrough: What kind of answer do you want?"},
		{"clarify digits are text", clarifyJS, []string{"3", "space", "d", "a", "y", "s", "enter"}, "3 days", "answered “3 days”: What kind of answer do you want?"},
		{"clarify number then enter picks the row", clarifyJS, []string{"2", "enter"}, "detailed", "answered A detailed walkthrough: What kind of answer do you want?"},
		{"clarify number past the rows is text", clarifyJS, []string{"7", "enter"}, "7", "answered “7”: What kind of answer do you want?"},
		{"hermes clarify number picks the string", hermesClarifyJS, []string{"3", "enter"}, "canary", "answered canary: Deploy where?"},
		{"multi select number toggles the row", multiJS, []string{"alt+1", "2", "enter"}, `["staging (Recommended)","prod"]`, "answered staging, prod: Which environments?"},
		{"clarify alt digit past four is nothing", clarifyJS, []string{"alt+5", "alt+1"}, "summary", "answered A short summary: What kind of answer do you want?"},
		{"clarify down picks the first", clarifyJS, []string{"down", "enter"}, "summary", "answered A short summary: What kind of answer do you want?"},
		{"clarify up picks the last", clarifyJS, []string{"up", "enter"}, "tests", "answered Tests: What kind of answer do you want?"},
		{"clarify typing leaves the highlight", clarifyJS, []string{"down", "j", "2", "space", "k", "enter"}, "j2 k", "answered “j2 k”: What kind of answer do you want?"},
		{"clarify empty text is not sent", clarifyJS, []string{"enter", "up", "enter"}, "tests", "answered Tests: What kind of answer do you want?"},
		{"hermes clarify sends the string", hermesClarifyJS, []string{"down", "enter"}, "staging (Recommended)", "answered staging: Deploy where?"},
		{"multi select toggles", multiJS, []string{"down", "space", "down", "down", "space", "enter"}, `["staging (Recommended)","canary"]`, "answered staging, canary: Which environments?"},
		{"multi select untoggle", multiJS, []string{"down", "space", "space", "down", "space", "enter"}, `["prod"]`, "answered prod: Which environments?"},
		{"multi select highlighted only", multiJS, []string{"down", "down", "enter"}, `["prod"]`, "answered prod: Which environments?"},
		{"multi select alt digits toggle", multiJS, []string{"alt+3", "alt+1", "alt+3", "alt+2", "enter"}, `["staging (Recommended)","prod"]`, "answered staging, prod: Which environments?"},
		{"multi select typed text", multiJS, []string{"a", "l", "l", "enter"}, "all", "answered “all”: Which environments?"},
		{"multi select toggles keep the typed text", multiJS, []string{"d", "e", "v", "alt+1", "enter"}, `["staging (Recommended)","dev"]`, "answered staging, “dev”: Which environments?"},
		{"multi select highlight keeps the typed text", multiJS, []string{"d", "e", "v", "down", "enter"}, `["staging (Recommended)","dev"]`, "answered staging, “dev”: Which environments?"},
		{"confirm defaults", confirmJS, []string{"3"}, "cancel", "cancelled: Apply changes?"},
		{"confirm once", confirmJS, []string{"down", "enter"}, "once", "confirmed (Once): Apply changes?"},
		{"confirm always asks again", confirmJS, []string{"2", "enter"}, "always", "confirmed (Always): Apply changes?"},
		{"model current", modelJS, []string{"enter"}, "local/qwen3-27b", "chose model: local/qwen3-27b"},
		{"model down crosses provider", modelJS, []string{"down", "down", "enter"}, "openai/gpt-5.4", "chose model: openai/gpt-5.4"},
		{"model filter", modelJS, []string{"m", "i", "n", "i", "enter"}, "openai/gpt-5.4-mini", "chose model: openai/gpt-5.4-mini"},
		{"model filter finds the model, not its provider", modelJS, []string{"l", "l", "a", "enter"}, "local/llama-3.3-70b", "chose model: local/llama-3.3-70b"},
		{"model filter highlights the best match across providers", modelJS, []string{"o", "enter"}, "openai/gpt-5.4", "chose model: openai/gpt-5.4"},
		{"model filter digits type", modelJS, []string{"3", "3", "enter"}, "local/llama-3.3-70b", "chose model: local/llama-3.3-70b"},
		{"hermes model id with slash", hermesModelJS, []string{"down", "enter"}, "openrouter/anthropic/claude-sonnet-4.5", "chose model: openrouter/anthropic/claude-sonnet-4.5"},
		{"choice starts at current", choiceJS, []string{"enter"}, "medium", "chose Medium: Reasoning effort"},
		{"choice up", choiceJS, []string{"up", "enter"}, "low", "chose Low: Reasoning effort"},
		{"choice digit", choiceJS, []string{"4"}, "high", "chose High: Reasoning effort"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			com := testCom(t, themes.Dark)
			pk := queued(t, com, tc.js)
			p := armed(t, com, pk)
			for i, k := range tc.keys {
				act := keys(t, p, k)
				if act != nil && i < len(tc.keys)-1 {
					t.Fatalf("answered at %q: %#v", k, act)
				}
				if i == len(tc.keys)-1 {
					want := common.ActionSelectPicker{Lane: frame.Lane{ChatID: "c"}, PickerID: pk.PickerID, Value: tc.value, Record: tc.record}
					if act != want {
						t.Fatalf("got %#v\nwant %#v", act, want)
					}
				}
			}
		})
	}
}

// A clarify says what its keys do, and a number typed alone shows the row
// Enter picks.
func TestClarifyNumberSaysWhatEnterPicks(t *testing.T) {
	com := testCom(t, themes.Dark)
	p := armed(t, com, queued(t, com, clarifyJS))
	if v := ansi.Strip(p.View()); !strings.Contains(v, "type an answer or a number, then enter · alt+1-4 picks · esc hide") {
		t.Fatalf("view:\n%s", v)
	}
	keys(t, p, "2")
	if v := ansi.Strip(p.View()); !strings.Contains(v, "› 2   A detailed walkthrough") || !strings.Contains(v, "enter picks A detailed walkthrough · type on to write · esc hide") {
		t.Fatalf("view:\n%s", v)
	}
	keys(t, p, "space", "d")
	if v := ansi.Strip(p.View()); strings.Contains(v, "enter picks") || strings.Contains(v, "› 2   A detailed") {
		t.Fatalf("“2 d” still picks row 2:\n%s", v)
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
	// Keys in flight that are not characters do nothing but restart the delay.
	for _, k := range []string{"enter", "down", "up"} {
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
	// The highlight did not move while unarmed: nothing is highlighted yet.
	if act, _ := p.Update(press("down")); act != nil {
		t.Fatalf("%#v", act)
	}
	if act, _ := p.Update(press("enter")); act.(common.ActionSelectPicker).Value != "once" {
		t.Fatalf("%#v", act)
	}
	// Showing it again (after hiding) re-arms from scratch.
	p.Show()
	if p.Armed() {
		t.Fatal("Show kept it armed")
	}
}

// TestPickerGivesTypedCharactersBack: a character typed while the picker
// arms (the user was typing as it appeared) goes back to the composer and
// the picker gives up the keyboard.
func TestPickerGivesTypedCharactersBack(t *testing.T) {
	cases := []struct{ name, js, key string }{
		{"digit while arming", approvalJS, "3"},
		{"letter while arming", clarifyJS, "a"},
		{"space while arming", modelJS, "space"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			com := testCom(t, themes.Dark)
			pk := queued(t, com, tc.js)
			p := NewPicker(com, pk, instantTick)
			p.SetSize(80, 30)
			p.Show()
			act := keys(t, p, tc.key)
			want := common.ActionYieldPicker{Lane: pk.Lane, PickerID: pk.PickerID, Msg: press(tc.key)}
			if act != want {
				t.Fatalf("got %#v\nwant %#v", act, want)
			}
		})
	}
}

// TestPickerUnmatchedKeysKeepItOpen: in an armed picker without a typed
// answer, a letter or a digit that matches no row answers nothing, keeps
// the dialog (it never types into the composer) and says which keys answer.
func TestPickerUnmatchedKeysKeepItOpen(t *testing.T) {
	cases := []struct{ name, js, key, says string }{
		{"letter in an approval", approvalJS, "a", "“a” answers nothing: 1-5 picks · ↑↓ then enter · esc hides"},
		{"j in an approval", approvalJS, "j", "“j” answers nothing: 1-5 picks"},
		{"digit past the choices", approvalJS, "7", "“7” answers nothing: 1-5 picks"},
		{"letter in a confirm", confirmJS, "y", "“y” answers nothing: 1-3 picks"},
		{"letter in a choice", choiceJS, "k", "“k” answers nothing: 1-"},
		{"letter while confirming always", approvalJS, "3 x", "“x” answers nothing: enter confirms Always allow · esc goes back"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			com := testCom(t, themes.Dark)
			p := armed(t, com, queued(t, com, tc.js))
			if act := keys(t, p, strings.Fields(tc.key)...); act != nil {
				t.Fatalf("got %#v", act)
			}
			if v := ansi.Strip(p.View()); !strings.Contains(v, tc.says) {
				t.Fatalf("view lacks %q:\n%s", tc.says, v)
			}
		})
	}
}

// TestPickerWithNewsHintsNoAnswer: once the gateway reported the open
// picker answered, the hint no longer offers keys to answer it or says it
// stays pending: Esc closes it, and an answer from here is not sent.
func TestPickerWithNewsHintsNoAnswer(t *testing.T) {
	com := testCom(t, themes.Dark)
	p := armed(t, com, queued(t, com, approvalJS))
	p.SetNews("approved once: rm -rf build/ · reported by the gateway as laptop")
	v := ansi.Strip(p.View())
	if !strings.Contains(v, "esc closes · an answer from here is not sent") || strings.Contains(v, "stays pending") || strings.Contains(v, "to answer") {
		t.Fatalf("view:\n%s", v)
	}
}

// TestPickerEnterWithNothingHighlighted only shows a hint in an approval.
func TestPickerEnterWithNothingHighlighted(t *testing.T) {
	for _, js := range []string{approvalJS, confirmJS} {
		com := testCom(t, themes.Dark)
		p := armed(t, com, queued(t, com, js))
		if act := keys(t, p, "enter"); act != nil {
			t.Fatalf("enter answered: %#v", act)
		}
		if v := ansi.Strip(p.View()); !strings.Contains(v, "nothing is highlighted") || strings.Contains(v, "› ") {
			t.Fatalf("view:\n%s", v)
		}
	}
}

// TestPickerPermanentAsksAgain: "always" is only sent after a second,
// armed Enter; Esc or another key steps back.
func TestPickerPermanentAsksAgain(t *testing.T) {
	com := testCom(t, themes.Dark)
	var ticks []PickerArmedMsg
	tick := func(_ time.Duration, msg tea.Msg) tea.Cmd {
		ticks = append(ticks, msg.(PickerArmedMsg))
		return nil
	}
	pk := queued(t, com, approvalJS)
	p := NewPicker(com, pk, tick)
	p.SetSize(80, 30)
	p.Show()
	p.Update(ticks[len(ticks)-1])
	if act, _ := p.Update(press("3")); act != nil {
		t.Fatalf("3 answered at once: %#v", act)
	}
	if v := ansi.Strip(p.View()); !strings.Contains(v, "outlives the session") || !strings.Contains(v, "arming…") {
		t.Fatalf("no second question:\n%s", v)
	}
	if act, _ := p.Update(press("enter")); act != nil { // in flight: the confirmation is arming
		t.Fatalf("enter during arming answered: %#v", act)
	}
	p.Update(ticks[len(ticks)-1])
	if act, _ := p.Update(press("esc")); act != nil {
		t.Fatalf("esc: %#v", act)
	}
	if v := ansi.Strip(p.View()); strings.Contains(v, "outlives") || !strings.Contains(v, "Always allow") {
		t.Fatalf("esc did not step back:\n%s", v)
	}
	p.Update(press("3"))
	p.Update(ticks[len(ticks)-1])
	act, _ := p.Update(press("enter"))
	if a, ok := act.(common.ActionSelectPicker); !ok || a.Value != "always" {
		t.Fatalf("%#v", act)
	}
}

// TestPickerDenyWithReason: the reason is typed in the picker and sent
// with the deny.
func TestPickerDenyWithReason(t *testing.T) {
	com := testCom(t, themes.Dark)
	pk := queued(t, com, approvalJS)
	p := armed(t, com, pk)
	if act := keys(t, p, "5"); act != nil {
		t.Fatalf("%#v", act)
	}
	if act := keys(t, p, "enter"); act != nil {
		t.Fatalf("empty reason sent: %#v", act)
	}
	typeText(p, "use git clean 3x")
	if v := ansi.Strip(p.View()); !strings.Contains(v, "Deny with a reason:") || !strings.Contains(v, "use git clean 3x") {
		t.Fatalf("view:\n%s", v)
	}
	want := common.ActionSelectPicker{Lane: pk.Lane, PickerID: "pa_1", Value: "deny", Reason: "use git clean 3x",
		Record: `denied: FOO=1 rm -rf "./build dir" | tee $LOG # cleanup · reason: “use git clean 3x”`}
	if act := keys(t, p, "enter"); act != want {
		t.Fatalf("got %#v\nwant %#v", act, want)
	}
}

// TestPickerApprovalScopes: allow_session false and smart_denied drop the
// session and permanent answers, as Hermes does.
func TestPickerApprovalScopes(t *testing.T) {
	for js, want := range map[string]string{
		approvalJS:    "Allow once|Allow for this session|Always allow|Deny|Deny with a reason…",
		smartDeniedJS: "Allow once|Deny|Deny with a reason…",
		noSessionJS:   "Allow once|Deny|Deny with a reason…",
	} {
		com := testCom(t, themes.Dark)
		p := armed(t, com, queued(t, com, js))
		var got []string
		for _, r := range p.rows {
			got = append(got, r.label)
		}
		if strings.Join(got, "|") != want {
			t.Fatalf("%s: %v", js, got)
		}
	}
}

// TestPickerTimeLeftTicks: the time left follows the clock.
func TestPickerTimeLeftTicks(t *testing.T) {
	com := testCom(t, themes.Dark)
	now := fixedNow
	com.Now = func() time.Time { return now }
	p := armed(t, com, queued(t, com, approvalJS))
	for _, step := range []struct {
		after time.Duration
		want  string
	}{{0, "5:00 left"}, {time.Second, "4:59 left"}, {4*time.Minute + 58*time.Second, "0:01 left"}, {time.Hour, "0:00 left"}} {
		now = now.Add(step.after)
		if v := ansi.Strip(p.View()); !strings.Contains(v, step.want) {
			t.Fatalf("want %q:\n%s", step.want, v)
		}
	}
	if got := TimeLeft(store.Picker{Deadline: fixedNow.Add(time.Hour + 5*time.Minute)}, fixedNow); got != "1h05m left" {
		t.Fatal(got)
	}
	if got := TimeLeft(store.Picker{}, fixedNow); got != "" {
		t.Fatal(got)
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
	// The text shows, with visible placeholders where the controls were.
	v := ansi.Strip(p.View())
	for _, want := range []string{"T␛]0;pwned␇", "rm ␛[2J -rf", "d\uFFFD31m", "ok␛[31m"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
	act, _ := p.Update(press("1"))
	record := act.(common.ActionSelectPicker).Record
	if err := termsafe.Verify(record); err != nil {
		t.Fatal(err)
	}
	if want := "approved once: rm ␛[2J -rf"; record != want {
		t.Fatalf("record %q, want %q", record, want)
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
	kinds := []struct {
		name, js string
		keys     []string // pressed once armed
	}{
		{"approval", approvalJS, nil}, {"approval_no_always", approvalNoPermJS, nil}, {"clarify", clarifyJS, nil},
		{"confirm", confirmJS, nil}, {"model", modelJS, nil}, {"choice", choiceJS, nil},
		{"approval_smart_denied", smartDeniedJS, nil}, {"approval_no_session", noSessionJS, nil},
		{"approval_highlighted", approvalJS, []string{"down"}}, {"approval_nothing_highlighted", approvalJS, []string{"enter"}},
		{"approval_confirm_always", approvalJS, []string{"3"}}, {"approval_deny_reason", approvalJS, []string{"5", "n", "o", "p", "e"}},
		{"clarify_typed", clarifyJS, []string{"3", "space", "d", "a", "y", "s"}},
		{"clarify_hermes", hermesClarifyJS, nil}, {"clarify_multi", multiJS, []string{"down", "space", "down"}},
		{"model_hermes", hermesModelJS, nil},
	}
	for _, th := range []themes.Name{themes.Dark, themes.Light} {
		for _, k := range kinds {
			t.Run(string(th)+"/"+k.name, func(t *testing.T) {
				com := testCom(t, th)
				p := armed(t, com, queued(t, com, k.js))
				if act := keys(t, p, k.keys...); act != nil {
					t.Fatalf("answered: %#v", act)
				}
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

// TestPickerPaste: a paste is typed text: the answer of a clarify (even
// with a choice highlighted), the composer's for an approval.
func TestPickerPaste(t *testing.T) {
	com := testCom(t, themes.Dark)
	pk := queued(t, com, clarifyJS)
	p := armed(t, com, pk)
	keys(t, p, "down")
	if act, _ := p.Update(tea.PasteMsg{Content: "3 days"}); act != nil {
		t.Fatalf("%#v", act)
	}
	if a, ok := keys(t, p, "enter").(common.ActionSelectPicker); !ok || a.Value != "3 days" {
		t.Fatalf("%#v", a)
	}
	pk = queued(t, com, approvalJS)
	p = armed(t, com, pk)
	paste := tea.PasteMsg{Content: "1"}
	if act, _ := p.Update(paste); act != (common.ActionYieldPicker{Lane: pk.Lane, PickerID: pk.PickerID, Msg: paste}) {
		t.Fatalf("%#v", act)
	}
}

// An approval (or a confirm) that says allow_text still takes no typed
// answer: letters answer nothing and digits pick, so a sentence
// typed into an open approval ("yes do it" + Enter) never answers it.
func TestGuardedPickerIgnoresAllowText(t *testing.T) {
	for _, js := range []string{
		`{"type":"picker.approval","chat_id":"c","payload":{"picker_id":"pa_t","command":"rm -rf x","allow_text":true}}`,
		`{"type":"picker.confirm","chat_id":"c","payload":{"picker_id":"pc_t","title":"Apply?","allow_text":true}}`,
	} {
		com := testCom(t, themes.Dark)
		p := armed(t, com, queued(t, com, js))
		if act := keys(t, p, "y"); act != nil {
			t.Fatalf("%s: a letter did something: %#v", js, act)
		}
		if strings.Contains(ansi.Strip(p.View()), "Other answer") {
			t.Fatalf("%s offers a typed answer:\n%s", js, ansi.Strip(p.View()))
		}
	}
}
