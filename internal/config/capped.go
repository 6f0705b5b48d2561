package config

import (
	"bytes"
	"errors"
)

// errOverCap is the write error of a full cappedBuffer.
var errOverCap = errors.New("output over the cap")

// cappedBuffer is an io.Writer that keeps at most max bytes. The first write
// past the cap sets exceeded, calls over (which stops the writer) and fails,
// so a flood never grows memory.
type cappedBuffer struct {
	buf      bytes.Buffer
	max      int
	over     func()
	exceeded bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.buf.Len(); len(p) > room {
		b.buf.Write(p[:room])
		if !b.exceeded {
			b.exceeded = true
			b.over()
		}
		return room, errOverCap
	}
	return b.buf.Write(p)
}

// String returns what was kept.
func (b *cappedBuffer) String() string { return b.buf.String() }
