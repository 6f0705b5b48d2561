package dialog

import (
	"strings"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/wsclient/frame"
)

// LaneIndex is every lane of the directory as the channel switcher lists
// it: the sanitised label and its lower-cased search key. It is built once
// per directory change (the store's DirectoryVersion) and kept by the root
// model between openings of the switcher, so opening it and typing cost
// one scan of the keys, not a rebuild, with 100,000 channels.
type LaneIndex struct {
	built   bool
	ver     uint64
	entries []entry
	keys    []string           // entries' keys, apart so a scan reads only them
	at      map[frame.Lane]int // lane → entry
}

// entry is one lane the switcher can open.
type entry struct {
	lane  frame.Lane
	label string // sanitised "channel" or "channel › thread"
}

// refresh rebuilds the index if the directory changed since it was built.
func (x *LaneIndex) refresh(st *store.State) {
	if x.built && x.ver == st.DirectoryVersion() {
		return
	}
	x.entries, x.keys = x.entries[:0], x.keys[:0]
	x.at = map[frame.Lane]int{}
	for _, n := range st.Tree() {
		name := termsafe.Line(n.Name)
		x.add(n.Lane, name)
		for _, t := range n.Threads {
			x.add(t.Lane, name+" › "+termsafe.Line(t.Name))
		}
	}
	x.built, x.ver = true, st.DirectoryVersion()
}

func (x *LaneIndex) add(l frame.Lane, label string) {
	x.at[l] = len(x.entries)
	x.entries = append(x.entries, entry{lane: l, label: label})
	x.keys = append(x.keys, strings.ToLower(label))
}
