package mediactl

import (
	"testing"

	"github.com/hermes/iris/internal/ui/common"
)

// TestDetachRemovesTheSelectedChip: the detach key removes the selected
// attachment; with none selected it does nothing.
func TestDetachRemovesTheSelectedChip(t *testing.T) {
	r := newRoot(t, Options{})
	r.attach("a.txt", "aaa")
	r.attach("b.txt", "bb")
	r.acts = nil
	r.update(Command{op: opDetach})
	if len(r.acts) != 0 {
		t.Fatalf("nothing selected, asked for %+v", r.acts)
	}
	r.f.SelectedAttachment = 2
	r.update(Command{op: opDetach})
	if len(r.acts) != 1 || r.acts[0] != (common.ActionRemoveAttachment{ID: 2}) {
		t.Fatalf("asked for %+v", r.acts)
	}
}

// TestDetachStopsAMessageWaitingForTheConnection: sent offline, the
// message waits; detach stops it, the chips are ready again and nothing
// goes out when the connection comes back.
func TestDetachStopsAMessageWaitingForTheConnection(t *testing.T) {
	r := newRoot(t, Options{})
	r.attach("a.txt", "aaa")
	r.f.Online = false
	r.update(Send{Text: "later"})
	if r.f.Attachments[0].State != common.AttachWaiting {
		t.Fatalf("offline chip %+v", r.f.Attachments[0])
	}
	r.f.SelectedAttachment = 1
	r.acts, r.infos = nil, nil
	r.update(Command{op: opDetach})
	if r.f.Attachments[0].State != common.AttachReady {
		t.Fatalf("chip after detach %+v", r.f.Attachments[0])
	}
	if got := r.infos[len(r.infos)-1].Text; got != "not sending: the draft and its attachments stay" {
		t.Fatalf("status %q", got)
	}
	r.f.Online = true
	r.acts = nil
	r.update(Resume{})
	for _, a := range r.acts {
		if _, ok := a.(common.ActionSendUploaded); ok {
			t.Fatalf("the stopped message went out: %+v", r.acts)
		}
	}
}
