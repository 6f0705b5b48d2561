package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// An approval is answered only by a deliberate act, and a clarify
// answer is what the user typed. These tests type as a person does: bursts
// of keys with pauses between them. The pauses are the human timing under
// test, not synchronisation, which is by polling the pane and the
// simulator.

const (
	// humanPause is a pause in typing, long enough for an approval to
	// arm between two bursts of keys.
	humanPause = 800 * time.Millisecond
	// idleFor is long enough for the user to count as idle (2 s without a
	// key and an empty composer).
	idleFor = 2500 * time.Millisecond
	// armed is the hint of an approval that accepts answers.
	armed = "↑↓ then enter, to answer"
	// clarifyArmed is the hint of a clarify that accepts answers.
	clarifyArmed = "then enter · alt+1"
)

// bursts types each burst at once, pausing between them.
func (r *run) bursts(bursts ...string) {
	r.e.t.Helper()
	for i, b := range bursts {
		if i > 0 {
			time.Sleep(humanPause)
		}
		r.typeText(b)
	}
}

// askAndOpen sends text, whose answer asks a picker. It follows the user's
// own message, so it opens by itself; should it wait as a card, alt+p opens
// it. Once it shows every one of shows it is armed.
func (r *run) askAndOpen(text string, shows ...string) {
	r.e.t.Helper()
	r.typeLine(text)
	r.openWaiting(shows...)
}

// openWaiting waits for a picker that shows every one of shows, open or
// as its card (then alt+p opens it), until it shows them open and armed.
func (r *run) openWaiting(shows ...string) {
	r.e.t.Helper()
	const card = "waiting · alt+p to answer"
	s := r.waitFor("the picker or its card", func(s string) bool { return strings.Contains(s, card) || containsAll(s, shows...) })
	if strings.Contains(s, card) {
		r.keys("M-p")
	}
	r.waitShows(shows...)
}

// answer presses keys and expects the first picker.select the simulator
// receives to carry value want; it returns that answer.
func (r *run) answer(sim *gatewaysim.Server, want string, keys ...string) *frame.PickerSelect {
	r.e.t.Helper()
	r.keys(keys...)
	sel := waitReceived(r.e.t, sim, func(f frame.Frame) bool { return f.Type == frame.TypePickerSelect }).Payload.(*frame.PickerSelect)
	if sel.Value != want {
		r.e.t.Fatalf("picker.select value %q, want %q", sel.Value, want)
	}
	return sel
}

// noPickerSelect fails if the simulator received any picker.select.
func noPickerSelect(t *testing.T, sim *gatewaysim.Server) {
	t.Helper()
	for _, f := range sim.Received() {
		if f.Type == frame.TypePickerSelect {
			t.Fatalf("a picker.select reached the gateway: %+v", f.Payload)
		}
	}
}

// offerApproval shows an approval in the default lane, as the agent does.
func offerApproval(sim *gatewaysim.Server, id, command string) {
	sim.Broadcast(frame.Frame{Type: frame.TypePickerApproval, ChatID: frame.Some(gatewaysim.DefaultChatID), ThreadID: frame.OrNull(""),
		Payload: &frame.Picker{PickerID: id, Command: command, Description: "recursive delete", AllowPermanent: frame.Ptr(true), TimeoutS: frame.Ptr(300.0)}})
}

// The approval the message asks for opens while the
// user goes on typing in bursts. Nothing answers it, every character stays
// in the composer, and alt+p then answers it deliberately.
func TestApprovalOpeningWhileTypingInBursts(t *testing.T) {
	r, sim := startOnline(t)
	r.typeLine("please rm -rf ./tmp3")
	r.bursts("also", " check logs", " for 3 days", " 3", " please")
	r.waitShows("◆ Approval waiting · alt+p to answer", "rm -rf ./tmp3")
	r.waitShows("also check logs for 3 days 3 please")
	time.Sleep(humanPause) // the user reads the card
	noPickerSelect(t, sim)
	if s := r.screen(); strings.Contains(s, "Approve command?") || strings.Contains(s, "approved") {
		t.Fatalf("the approval took the keyboard or was answered:\n%s", s)
	}
	r.keys("M-p")
	r.waitShows("Approve command?", armed)
	r.answer(sim, "deny", "4")
	r.waitShows("◆ denied: rm -rf ./tmp3", "also check logs for 3 days 3 please")
}

// A digit typed just as an approval appears to an idle user: the approval
// is arming, so the digit goes to the composer and the approval waits.
func TestDigitTypedAsApprovalAppears(t *testing.T) {
	r, sim := startOnline(t)
	time.Sleep(idleFor)
	offerApproval(sim, "pa_e2e_1", "rm -rf ./dist2")
	r.typeText("1")
	r.bursts(" more thing")
	r.waitShows("◆ Approval waiting", "1 more thing")
	time.Sleep(humanPause)
	noPickerSelect(t, sim)

	// A digit typed into a non-empty composer as the next approval appears.
	offerApproval(sim, "pa_e2e_2", "rm -rf ./dist3")
	r.typeText("2")
	r.waitShows("1 more thing2")
	time.Sleep(humanPause)
	noPickerSelect(t, sim)
}

// Enter pressed while an approval arms (the user meant to send a message):
// nothing is answered and nothing is lost; the approval then answers a
// deliberate key.
func TestEnterDuringArming(t *testing.T) {
	r, sim := startOnline(t)
	time.Sleep(idleFor)
	offerApproval(sim, "pa_e2e_3", "rm -rf ./cache")
	// Enter as soon as it shows; an Enter that reached Iris before the
	// approval would be typing, and the approval would wait as a card.
	r.waitShows("Approve command?")
	r.keys("Enter")
	time.Sleep(200 * time.Millisecond) // a second, human-paced Enter
	r.keys("Enter")
	r.waitShows("Approve command?", "rm -rf ./cache", armed)
	time.Sleep(humanPause)
	noPickerSelect(t, sim)
	// Enter with nothing highlighted only says so.
	r.keys("Enter")
	r.waitShows("nothing is highlighted")
	noPickerSelect(t, sim)
	r.answer(sim, "once", "Down", "Enter")
}

// "3 days" typed in a clarify is the answer, not choice 3.
func TestClarifyTypedAnswerStartingWithADigit(t *testing.T) {
	r, sim := startOnline(t)
	r.askAndOpen("can you clarify this", "What kind of answer do you want?", clarifyArmed)
	r.bursts("3", " days")
	r.waitShows("› 3 days")
	r.answer(sim, "3 days", "Enter")
	r.waitShows("answered “3 days”", "You clarified: 3 days")
}

// Hermes' clarify shape: bare-string choices with a recommended first one;
// alt+1 picks it while digits stay text.
func TestHermesClarifyRecommended(t *testing.T) {
	r, sim := startOnline(t)
	r.askAndOpen("deploy the api", "Where should I deploy?", "staging ★ recommended", " left", clarifyArmed)
	r.answer(sim, "staging (Recommended)", "M-1")
	r.waitShows("You clarified: staging (Recommended)")
}

// Hermes' smart-denied approval offers only "once" and the denies; a deny
// with a typed reason reaches the agent, which quotes it back.
func TestSmartDeniedApprovalDenyWithReason(t *testing.T) {
	r, sim := startOnline(t)
	r.askAndOpen("ask the guardian", "The guardian denied this", "3   Deny with a reason…", armed)
	if s := r.screen(); strings.Contains(s, "Allow for this session") || strings.Contains(s, "Always allow") {
		t.Fatalf("a smart-denied approval offers a wider scope:\n%s", s)
	}
	r.keys("3")
	r.waitShows("Deny with a reason:")
	r.bursts("pin the", " script's hash")
	if sel := r.answer(sim, "deny", "Enter"); sel.Reason != "pin the script's hash" {
		t.Fatalf("picker.select %+v", sel)
	}
	r.waitShows("reason: “pin the script's hash”", `you denied it ("pin the script's`)
}

// A multi-select clarify: space toggles, Enter sends a JSON array; it never
// expires, so it shows no time left.
func TestMultiSelectClarify(t *testing.T) {
	r, sim := startOnline(t)
	r.askAndOpen("check the environments", "Which environments should I check?", "[ ] canary", "space toggle · enter send")
	if s := r.screen(); strings.Contains(s, " left") {
		t.Fatalf("a picker without timeout shows a time left:\n%s", s)
	}
	r.keys("Down", "Space", "Down", "Down", "Space")
	r.waitShows("[x] staging", "[x] production")
	r.answer(sim, `["staging","production"]`, "Enter")
	r.waitShows("You picked: staging, production")
}
