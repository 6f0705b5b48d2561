package transcript

import (
	"fmt"
	"strings"

	"github.com/hermes/iris/internal/store"
)

// A long message of the user's (a pasted log, a file) is folded to its
// first foldKeep rows with a line counting the rest, so it does not push
// the conversation off the screen; Transcript.Expand on the selected
// message shows it in full and folds it back.
const (
	foldOver = 12 // rows of text above which a message folds
	foldKeep = 8  // rows a folded message shows
)

// fold cuts body (the message's rendered text) to foldKeep rows and a
// "… N more lines" line, unless it is short, it was unfolded, or it goes
// to the terminal's scrollback (--inline), where it cannot be unfolded.
func (r *renderer) fold(it *store.Item, body string) string {
	if r.unfolded[it] || r.printed[it] || strings.Count(body, "\n") < foldOver {
		delete(r.folded, it)
		return body
	}
	r.folded[it] = true
	rows := strings.SplitN(body, "\n", foldKeep+1)
	rest := strings.Count(rows[foldKeep], "\n") + 1
	more := fmt.Sprintf("… %d more lines (%s expand)", rest, r.com.KeyMap.Transcript.Expand.Help().Key)
	return strings.Join(rows[:foldKeep], "\n") + "\n" + r.com.Styles.Transcript.Time.Render(more)
}

// ToggleFold shows the selected message of the user's in full when it is
// folded, and folds it again. It reports false when the selected message
// is not one that folds.
func (m *Model) ToggleFold() bool {
	it := m.Selected()
	if it == nil || !m.folded[it] && !m.unfolded[it] {
		return false
	}
	toggle(&m.unfolded, it)
	delete(m.cache, it)
	return true
}
