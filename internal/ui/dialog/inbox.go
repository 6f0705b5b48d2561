package dialog

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/list"
)

// InboxID is the ID of the approval inbox.
const InboxID = "inbox"

// inboxRows is how many pending pickers the inbox lists at a time.
const inboxRows = 12

// inboxKinds name the picker kinds in the inbox.
var inboxKinds = map[string]string{
	frame.TypePickerApproval: "approval",
	frame.TypePickerClarify:  "question",
	frame.TypePickerConfirm:  "confirm",
	frame.TypePickerModel:    "model",
	frame.TypePickerChoice:   "choice",
}

// Inbox is the approval inbox (/pickers, or Alt+P when the focused lane
// has nothing waiting): every pending picker of every lane, oldest first,
// with its lane, age and time left. Enter opens the highlighted one in its
// lane (ActionOpenPicker), where it is answered as usual; the inbox itself
// never answers. It reads the store on every render, so it follows pickers
// arriving and ending while it is open.
type Inbox struct {
	com           *common.Common
	width, height int
	cur           list.Cursor // over the pending pickers
}

var _ Dialog = (*Inbox)(nil)

// NewInbox returns the inbox over the store's pending pickers.
func NewInbox(com *common.Common) *Inbox {
	b := &Inbox{com: com}
	b.cur.SetRows(inboxRows)
	return b
}

// ID names the dialog.
func (b *Inbox) ID() string { return InboxID }

// SetSize sets the screen size the dialog fits in.
func (b *Inbox) SetSize(w, h int) { b.width, b.height = w, h }

func (b *Inbox) innerWidth() int { return min(max(b.width-8, 40), 96) }

// pending is the current list, with the cursor kept inside it.
func (b *Inbox) pending() []store.Picker {
	ps := b.com.Store.AllPickers()
	b.cur.SetLen(len(ps))
	return ps
}

// Update moves the highlight, opens the highlighted picker, or closes.
func (b *Inbox) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	ps := b.pending()
	if b.cur.Update(msg, listKeys(b.com, true)) {
		return nil, nil
	}
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	km := b.com.KeyMap.Picker
	switch {
	case key.Matches(kp, km.Close):
		return common.ActionClose{}, nil
	case key.Matches(kp, km.Select):
		if i := b.cur.Index(); i < len(ps) {
			return common.ActionOpenPicker{Lane: ps[i].Lane, PickerID: ps[i].PickerID}, nil
		}
	}
	return nil, nil
}

// View renders one row per pending picker: kind, lane, what it asks, age
// and time left.
func (b *Inbox) View() string {
	st := b.com.Styles.Dialog
	w := b.innerWidth()
	ps := b.pending()
	lines := []string{st.Title.Render("Waiting for your answer") + st.Muted.Render("  "+strconv.Itoa(len(ps))), ""}
	if len(ps) == 0 {
		lines = append(lines, st.Muted.Render("Nothing is waiting."))
	}
	now := b.com.Now()
	first, end := b.cur.Window()
	for i := first; i < end; i++ {
		lines = append(lines, b.row(ps[i], now, w, i == b.cur.Index()))
	}
	if len(ps) > inboxRows {
		lines = append(lines, st.Muted.Render(fmt.Sprintf("  %d more", len(ps)-inboxRows)))
	}
	hint := common.HelpLine(b.ShortHelp()...)
	lines = append(lines, "", st.Hint.Render(ansi.Truncate(hint, w, "…")))
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// row is one picker: "kind  lane  summary   age · left".
func (b *Inbox) row(p store.Picker, now time.Time, w int, selected bool) string {
	st := b.com.Styles.Dialog
	kind := inboxKinds[p.Type]
	if kind == "" {
		kind = "question"
	}
	left := TimeLeft(p, now)
	if left == "" {
		left = "no time limit"
	}
	when := Age(now.Sub(p.Arrived)) + " ago · " + left
	switch {
	case p.Failed != "":
		when = "not delivered · " + when
	case p.Unconfirmed:
		when = "not confirmed · " + when
	}
	lane := ansi.Truncate(b.laneLabel(p.Lane), 32, "…")
	head := fmt.Sprintf("  %-8s  %s  ", kind, lane)
	room := w - ansi.StringWidth(head) - ansi.StringWidth(when) - 2
	summary := ansi.Truncate(termsafe.Line(p.Summary()), max(room, 1), "…")
	gap := strings.Repeat(" ", max(w-ansi.StringWidth(head+summary+when), 1))
	text := head + summary + gap + when
	if selected {
		return st.Selected.Width(w).Render(ansi.Truncate("›"+text[1:], w, "…"))
	}
	return st.Item.Render(ansi.Truncate(text, w, "…"))
}

// laneLabel is the lane's name, "channel › thread" for a thread.
func (b *Inbox) laneLabel(l frame.Lane) string {
	name := func(l frame.Lane) string {
		if ln := b.com.Store.Lane(l); ln != nil && ln.Name != "" {
			return termsafe.Line(ln.Name)
		}
		return termsafe.Line(l.ChatID)
	}
	if l.ThreadID == "" {
		return name(l)
	}
	return name(frame.Lane{ChatID: l.ChatID}) + " › " + name(l)
}

// Age is a short duration for people: "12s", "4m", "1h 5m".
func Age(d time.Duration) string {
	d = max(d, 0)
	switch {
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + "s"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + "m"
	}
	return fmt.Sprintf("%dh %dm", int(d/time.Hour), int(d%time.Hour/time.Minute))
}

// ShortHelp lists the inbox's keys.
func (b *Inbox) ShortHelp() []key.Binding {
	km := b.com.KeyMap.Picker
	return []key.Binding{common.Moves(km.Up, km.Down), common.Described(km.Select, "answer in its channel"),
		common.Described(km.Close, "close")}
}

// FullHelp lists the inbox's keys.
func (b *Inbox) FullHelp() [][]key.Binding { return [][]key.Binding{b.ShortHelp()} }
