package dialog

import (
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/filepicker"

	"github.com/hermes/iris/internal/media"
)

// labelled makes the picker's rows read like the attachment chips: a
// directory's name ends in "/", a file's is followed by its size in the
// chips' format (media.SizeLabel: "6.2 KiB"), instead of the listing's own
// decimal "6.3kB" (which it also printed for directories). The listing
// shows only names (ShowSize off); the styles' transforms add the rest,
// looking each visible name up in the directory shown (dir).
func labelled(fp *filepicker.Model, dir func() string) {
	fp.ShowSize = false
	label := func(row string) string {
		lead := len(row) - len(strings.TrimLeft(row, " "))
		name, link, hasLink := strings.Cut(row[lead:], " → ")
		info, err := os.Lstat(filepath.Join(dir(), name))
		switch {
		case err != nil:
		case info.IsDir():
			name += "/"
		case info.Mode().IsRegular():
			name += "  " + media.SizeLabel(info.Size())
		}
		if hasLink {
			name += " → " + link
		}
		return row[:lead] + name
	}
	s := &fp.Styles
	s.File = s.File.Transform(label)
	s.Directory = s.Directory.Transform(label)
	s.DisabledFile = s.DisabledFile.Transform(label)
	s.Selected = s.Selected.Transform(label)
	s.DisabledSelected = s.DisabledSelected.Transform(label)
}
