package sshserve

import (
	gossh "golang.org/x/crypto/ssh"
)

// MaxWidth and MaxHeight cap the window a client may ask for, in cells.
// The program draws into buffers of width × height cells (about 120 bytes
// each), so an unclamped 3000×3000 window alone costs a gigabyte; capped,
// a session's screen stays under about 20 MB.
const (
	MaxWidth  = 500
	MaxHeight = 300
)

// ptyRequest is the payload of a "pty-req" (RFC 4254 section 6.2).
type ptyRequest struct {
	Term          string
	Columns, Rows uint32
	Width, Height uint32 // pixels
	Modes         string
}

// windowChange is the payload of a "window-change" (RFC 4254 section 6.7).
type windowChange struct {
	Columns, Rows uint32
	Width, Height uint32 // pixels
}

// clampWindow rewrites the size in a pty-req or window-change request to
// at most MaxWidth × MaxHeight, before the SSH library or the program
// see it. Other requests, and payloads that do not parse (which the
// library refuses), are left alone.
func clampWindow(r *gossh.Request) {
	switch r.Type {
	case "pty-req":
		var p ptyRequest
		if gossh.Unmarshal(r.Payload, &p) == nil && clampCells(&p.Columns, &p.Rows, &p.Width, &p.Height) {
			r.Payload = gossh.Marshal(p)
		}
	case "window-change":
		var w windowChange
		if gossh.Unmarshal(r.Payload, &w) == nil && clampCells(&w.Columns, &w.Rows, &w.Width, &w.Height) {
			r.Payload = gossh.Marshal(w)
		}
	}
}

// clampCells caps columns and rows, scaling the pixel sizes with them so
// cell sizes stay as the client meant; it says whether anything changed.
func clampCells(cols, rows, width, height *uint32) bool {
	changed := false
	if *cols > MaxWidth {
		*width = uint32(uint64(*width) * MaxWidth / uint64(*cols))
		*cols, changed = MaxWidth, true
	}
	if *rows > MaxHeight {
		*height = uint32(uint64(*height) * MaxHeight / uint64(*rows))
		*rows, changed = MaxHeight, true
	}
	return changed
}
