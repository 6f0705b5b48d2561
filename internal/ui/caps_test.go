package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
)

// TestServerCapsOffAreHonoured: over a real socket, a gateway whose
// hello.ack says search, media and pickers are off gets none of those
// requests, and each entry point says so plainly: Ctrl+F and /search,
// Alt+A and /attach, answering a picker it sent anyway, and opening media
// it offered anyway.
func TestServerCapsOffAreHonoured(t *testing.T) {
	g := newScriptedGW(t)
	g.SetCaps(frame.ServerCaps{Search: frame.Ptr(false), Media: frame.Ptr(false), Pickers: frame.Ptr(false)})
	g.On(frame.TypeMessageSend, func(req frame.Frame) {
		g.Echo(req)
		g.Send(
			frame.Frame{Type: frame.TypeMessage, ChatID: req.ChatID, ThreadID: req.ThreadID, Payload: &frame.Message{
				MessageID: "m_2", Role: frame.RoleAssistant, Text: "a chart", Media: []frame.Media{
					{MediaID: "md_1", Kind: frame.MediaImage, Mime: "image/png", Size: 10, Filename: "chart.png"}}}},
			frame.Frame{Type: frame.TypePickerChoice, ChatID: req.ChatID, ThreadID: req.ThreadID, Payload: &frame.Picker{
				PickerID: "pc_1", Title: "Reasoning effort", Choices: []frame.Choice{{Value: "low", Label: "Low"}, {Value: "high", Label: "High"}}}})
	})
	e := g.dial()

	e.key('f', tea.ModCtrl)
	e.mustShow("this gateway does not offer search")
	if e.m.DialogOpen() == dialog.SearchID {
		t.Fatal("the search dialog opened on a gateway without search")
	}
	e.typeText("/search deploy")
	e.key(tea.KeyEnter, 0)
	e.mustShow("this gateway does not offer search")

	e.m.composer.Reset()
	e.key('a', tea.ModAlt)
	e.mustShow("this gateway does not accept attachments (media is off)")
	if e.m.DialogOpen() == dialog.FilePickerID {
		t.Fatal("the file picker opened on a gateway without media")
	}
	e.typeText("/attach " + writeFile(t, "notes.txt", []byte("hello")))
	e.key(tea.KeyEnter, 0)
	e.mustShow("this gateway does not accept attachments (media is off)")

	e.m.composer.Reset()
	e.typeText("effort?")
	e.key(tea.KeyEnter, 0)
	e.until("the picker the gateway sent anyway", func() bool { return e.m.DialogOpen() == dialog.PickerDialogID })
	e.typeText("1")
	e.mustShow("this gateway does not take picker answers")
	e.key(tea.KeyEscape, 0)

	e.key(tea.KeyTab, 0)
	e.send(tea.KeyPressMsg{Code: '[', Text: "["})
	e.send(tea.KeyPressMsg{Code: 'o', Text: "o"})
	e.mustShow("this gateway does not serve media downloads (media is off)")

	for _, typ := range []string{frame.TypeSearch, frame.TypeMediaUploadStart, frame.TypePickerSelect, frame.TypeMediaPull} {
		if got := g.Sent(typ); len(got) != 0 {
			t.Errorf("sent %d %s to a gateway that switched it off", len(got), typ)
		}
	}
}
