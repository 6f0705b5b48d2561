package wsclient

import "github.com/hermes/iris/frame"

// fit returns f as this gateway may be sent it: an extension field
// (PROTOCOL-EXTENSIONS.md) goes only to a gateway whose hello.ack named
// the extension in server_caps. Today that is picker.select's `by`
// (picker_answered); callers always fill it in, so every sender (TUI,
// headless) is fitted here, per connection.
func (s *session) fit(f frame.Frame) frame.Frame {
	if p, ok := f.Payload.(*frame.PickerSelect); ok && p.By != nil && !frame.Offers(s.caps.PickerAnswered) {
		bare := *p
		bare.By = nil
		f.Payload = &bare
	}
	return f
}
