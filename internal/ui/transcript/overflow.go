package transcript

import (
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/store"
)

// overflowNote is the line under a message cut at store.TextCap: how much
// more there is, and how to read it.
func (r *renderer) overflowNote(o *store.Overflow) string {
	st := r.com.Styles.Transcript
	more := "… " + media.SizeLabel(o.Bytes) + " more"
	if o.Path == "" {
		return st.Time.Render(more + " (not kept)")
	}
	return st.Time.Render(more + ": press " + r.com.KeyMap.Media.Open.Help().Key + " in the transcript to open it in $PAGER")
}
