package ui

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
)

// defaultPager reads a long message's full text when $PAGER is not set.
const defaultPager = "less"

// newestOverflow returns the newest message of the focused lane whose text
// was cut at store.TextCap and kept whole in a file.
func (m *Model) newestOverflow() (*store.Overflow, bool) {
	ln := m.com.Store.Lane(m.lane)
	for i := ln.Len() - 1; i >= 0; i-- {
		if it := ln.Item(i); it.Msg != nil && it.Msg.Overflow != nil && it.Msg.Overflow.Path != "" {
			return it.Msg.Overflow, true
		}
	}
	return nil, false
}

// openOverflow shows the whole text of the lane's newest cut message in
// the terminal's $PAGER (less by default), Iris suspended meanwhile.
func (m *Model) openOverflow(o *store.Overflow) tea.Cmd {
	pager := strings.Fields(m.media.opts.Getenv("PAGER"))
	if len(pager) == 0 {
		pager = []string{defaultPager}
	}
	cmd := exec.Command(pager[0], append(pager[1:], o.Path)...)
	return tea.ExecProcess(cmd, func(err error) tea.Msg {
		if err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) { // a pager's own exit status is its business
				return common.InfoMsg{Level: common.LevelError, Text: fmt.Sprintf("$PAGER %s: %v", pager[0], err)}
			}
		}
		return nil
	})
}
