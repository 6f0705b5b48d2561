package ui

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/markdown"
)

// clipboard copies what the user asks for: the selected message, one of
// its code blocks (asking which when there are several: the next digit
// key answers), the lane's last reply. Copying goes through OSC 52: the
// terminal puts the text on the system clipboard, which works over SSH
// too. Iris writes it only when the user presses a copy key (never for
// anything from the wire), with the text sanitised (termsafe.Text) and
// base64-encoded.
type clipboard struct {
	com    *common.Common
	term   *terminal
	choice []string // code blocks offered by the copy-code key, waiting for a digit
}

// osc52 is the sequence that sets the clipboard to text. Inside tmux
// (inTmux) it is sent twice: plainly, which tmux takes into its paste
// buffer and passes on when its set-clipboard option is on, and wrapped
// in tmux's DCS passthrough, which reaches the outer terminal when
// allow-passthrough is on.
func osc52(text string, inTmux bool) string {
	seq := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\x07"
	if !inTmux {
		return seq
	}
	return seq + "\x1bPtmux;" + strings.ReplaceAll(seq, "\x1b", "\x1b\x1b") + "\x1b\\"
}

// copyText puts text on the clipboard (OSC 52, passed through tmux when
// the terminal runs in it) and says what and how much was copied in the
// status bar.
func (c *clipboard) copyText(what, text string) tea.Cmd {
	text = termsafe.Text(text)
	if text == "" {
		return common.ReportError(errors.New("nothing to copy: " + what + " is empty"))
	}
	seq := osc52(text, c.term.env("TMUX") != "")
	return tea.Batch(tea.Raw(seq), common.ReportInfo("copied "+what+" ("+media.SizeLabel(int64(len(text)))+")"))
}

// copySelected copies the source text (the markdown) of it, the selected
// message.
func (c *clipboard) copySelected(it *store.Item) tea.Cmd {
	if it == nil {
		return noSelection(c.com.KeyMap)
	}
	return c.copyText("the message", it.Msg.Text)
}

// noSelection says how to select a message first.
func noSelection(km keymap.KeyMap) tea.Cmd {
	t := km.Transcript
	return common.ReportError(errors.New("no message selected: select one with " + t.Up.Help().Key + "/" + t.Down.Help().Key))
}

// copyCode copies the code block of it, the selected message; with several
// it asks for the block's number (the next digit key, see choiceKey).
func (c *clipboard) copyCode(it *store.Item) tea.Cmd {
	if it == nil {
		return noSelection(c.com.KeyMap)
	}
	blocks := markdown.CodeBlocks(it.Msg.Text)
	switch {
	case len(blocks) == 0:
		return common.ReportError(errors.New("the selected message has no code block"))
	case len(blocks) == 1:
		return c.copyText("the code block", blocks[0])
	}
	c.choice = blocks
	digits := c.com.KeyMap.Picker.Digit.Keys()
	return common.ReportInfo("copy which code block? press " + digits[0] + "–" + digits[min(len(blocks), len(digits))-1])
}

// choiceKey takes the digit that picks a code block after the copy-code
// key; any other key drops the question (and is handled as usual: ok
// false).
func (c *clipboard) choiceKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	blocks := c.choice
	c.choice = nil
	i := keymap.Position(msg, c.com.KeyMap.Picker.Digit)
	if blocks == nil || i < 0 {
		return nil, false
	}
	if i >= len(blocks) {
		return common.ReportError(errors.New("no code block " + msg.String())), true
	}
	return c.copyText("code block "+strconv.Itoa(i+1), blocks[i]), true
}

// copyLastReply copies the newest finished reply of lane ln.
func (c *clipboard) copyLastReply(ln *store.Lane) tea.Cmd {
	if ln != nil {
		for i := ln.Len() - 1; i >= 0; i-- {
			if it := ln.Item(i); isReply(it) {
				return c.copyText("the last reply", it.Msg.Text)
			}
		}
	}
	return common.ReportError(errors.New("no reply to copy in this lane"))
}

// isReply reports whether it is a finished message from the agent.
func isReply(it *store.Item) bool {
	return it.Kind == store.KindMessage && it.Msg != nil && it.Msg.Role == frame.RoleAssistant && !it.Msg.Streaming && it.Msg.Text != ""
}
