package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// Keys go where the user means: typed at human timing into the real binary,
// a key meant for a picker answers it and never reaches the agent.

// afterAltP is how long after Alt+P a person types the answer's digit:
// well inside the 400 ms a picker that opens by itself takes to arm.
const afterAltP = 200 * time.Millisecond

// waitPicker waits for the picker showing every one of shows, or its card,
// and fails if it came as a card: it followed the user's own message.
func (r *run) waitPicker(shows ...string) {
	r.e.t.Helper()
	const card = "waiting · alt+p to answer"
	s := r.waitFor("the picker or its card", func(s string) bool { return strings.Contains(s, card) || containsAll(s, shows...) })
	if strings.Contains(s, card) {
		r.e.t.Fatalf("the picker the user's own message asked for waits as a card:\n%s", s)
	}
}

// sentTexts lists the user texts the simulator got (sent or steered).
func sentTexts(sim *gatewaysim.Server) []string {
	var out []string
	for _, f := range sim.Received() {
		if text := sentText(f); text != "" {
			out = append(out, text)
		}
	}
	return out
}

// Alt+P, then a digit 200 ms later, answers the approval; the draft typed
// meanwhile is kept and the next Enter sends only the draft.
func TestAltPThenADigitAnswers(t *testing.T) {
	r, sim := startOnline(t)
	r.typeLine("please rm -rf ./out")
	r.typeText("note to self") // typing on: the approval waits as a card
	r.waitShows("◆ Approval waiting · alt+p to answer", "note to self")
	r.keys("M-p")
	time.Sleep(afterAltP) // human timing under test
	r.answer(sim, "once", "1")
	r.waitShows("◆ approved once: rm -rf ./out")
	r.keys("Enter") // sends (or steers into the running turn) the draft, and only it
	waitReceived(t, sim, func(f frame.Frame) bool { return sentText(f) == "note to self" })
	if got := sentTexts(sim); len(got) != 2 {
		t.Fatalf("sent %q, want the request and the draft", got)
	}
}

// The approval a request asks for opens at once (the Enter that sent the
// request is not typing); a letter in it answers nothing, keeps it open
// and says which keys answer, and so does a sentence with a digit in it;
// after a pause its number answers.
func TestOwnRequestOpensTheApprovalAndLettersKeepIt(t *testing.T) {
	r, sim := startOnline(t)
	r.typeLine("please rm -rf ./tmp3")
	r.waitPicker("Approve command?", "rm -rf ./tmp3", armed)
	r.typeText("y")
	r.waitShows("“y” answers nothing: 1-5 picks · ↑↓ then enter · esc hides", "Approve command?")
	time.Sleep(humanPause)
	r.typeText("9")
	r.waitShows("“9” answers nothing", "Approve command?")
	r.typeText("let me check 1 thing") // a sentence: its digit answers nothing
	r.waitShows("“g” answers nothing", "Approve command?")
	time.Sleep(humanPause) // the user reads the notice
	noPickerSelect(t, sim)
	r.answer(sim, "deny", "4")
	r.waitShows("◆ denied: rm -rf ./tmp3")
	if s := r.screen(); strings.Contains(s, "y9") || strings.Contains(s, "check 1") {
		t.Fatalf("keys meant for the approval reached the composer:\n%s", s)
	}
	if got := sentTexts(sim); len(got) != 1 {
		t.Fatalf("sent %q", got)
	}
}

// In a question, "2" + Enter picks choice 2, as the row's number says.
func TestClarifyNumberPicksTheChoice(t *testing.T) {
	r, sim := startOnline(t)
	r.typeLine("deploy the api")
	r.waitPicker("Where should I deploy?", "2   canary", clarifyArmed)
	r.typeText("2")
	r.waitShows("enter picks canary")
	r.answer(sim, "canary", "Enter")
	r.waitShows("You clarified: canary")
}
