package ui

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/keymap"
	"github.com/hermes/iris/media"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/markdown"
)

// Copying goes through OSC 52: the terminal puts the text on the system
// clipboard, which works over SSH too. Iris writes it only when the user
// presses a copy key (never for anything from the wire), with the text
// sanitised (termsafe.Text) and base64-encoded.

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

// copyText puts text on the clipboard and says what and how much was
// copied in the status bar.
func (m *Model) copyText(what, text string) tea.Cmd {
	text = termsafe.Text(text)
	if text == "" {
		return common.ReportError(errors.New("nothing to copy: " + what + " is empty"))
	}
	seq := osc52(text, m.term.env("TMUX") != "")
	return tea.Batch(tea.Raw(seq), common.ReportInfo("copied "+what+" ("+media.SizeLabel(int64(len(text)))+")"))
}

// copySelected copies the selected message's source text (its markdown).
func (m *Model) copySelected() tea.Cmd {
	it := m.transcript.Selected()
	if it == nil {
		return m.noSelection()
	}
	return m.copyText("the message", it.Msg.Text)
}

// noSelection says how to select a message first.
func (m *Model) noSelection() tea.Cmd {
	t := m.com.KeyMap.Transcript
	return common.ReportError(errors.New("no message selected: select one with " + t.Up.Help().Key + "/" + t.Down.Help().Key))
}

// copyCode copies the selected message's code block; with several it asks
// for the block's number (the next digit key, see codeChoiceKey).
func (m *Model) copyCode() tea.Cmd {
	it := m.transcript.Selected()
	if it == nil {
		return m.noSelection()
	}
	blocks := markdown.CodeBlocks(it.Msg.Text)
	switch {
	case len(blocks) == 0:
		return common.ReportError(errors.New("the selected message has no code block"))
	case len(blocks) == 1:
		return m.copyText("the code block", blocks[0])
	}
	m.codeChoice = blocks
	digits := m.com.KeyMap.Picker.Digit.Keys()
	return common.ReportInfo("copy which code block? press " + digits[0] + "–" + digits[min(len(blocks), len(digits))-1])
}

// codeChoiceKey takes the digit that picks a code block after the
// copy-code key; any other key drops the question (and is handled as
// usual: ok false).
func (m *Model) codeChoiceKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	blocks := m.codeChoice
	m.codeChoice = nil
	i := keymap.Position(msg, m.com.KeyMap.Picker.Digit)
	if blocks == nil || i < 0 {
		return nil, false
	}
	if i >= len(blocks) {
		return common.ReportError(errors.New("no code block " + msg.String())), true
	}
	return m.copyText("code block "+strconv.Itoa(i+1), blocks[i]), true
}

// copyLastReply copies the focused lane's newest finished reply.
func (m *Model) copyLastReply() tea.Cmd {
	if ln := m.st.Lane(m.lane); ln != nil {
		for i := ln.Len() - 1; i >= 0; i-- {
			if it := ln.Item(i); isReply(it) {
				return m.copyText("the last reply", it.Msg.Text)
			}
		}
	}
	return common.ReportError(errors.New("no reply to copy in this lane"))
}

// isReply reports whether it is a finished message from the agent.
func isReply(it *store.Item) bool {
	return it.Kind == store.KindMessage && it.Msg != nil && it.Msg.Role == frame.RoleAssistant && !it.Msg.Streaming && it.Msg.Text != ""
}
