package dialog

import (
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
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
	threads map[string][]int   // channel's chat id → its threads' entries
}

// entry is one lane the switcher can open.
type entry struct {
	lane  frame.Lane
	label string // sanitised "channel" or "channel › thread"
}

// refresh brings the index up to date: entries renamed since it was built
// are relabelled (a channel's threads with it), anything else rebuilds it.
func (x *LaneIndex) refresh(st common.Store) {
	v := st.DirectoryVersion()
	if x.built && x.ver == v {
		return
	}
	if edits, ok := st.DirectoryEdits(x.ver); x.built && ok {
		for _, l := range edits {
			x.relabel(st, l)
			if l.ThreadID == "" {
				for _, i := range x.threads[l.ChatID] {
					x.relabel(st, x.entries[i].lane)
				}
			}
		}
		x.ver = v
		return
	}
	x.entries, x.keys = x.entries[:0], x.keys[:0]
	x.at, x.threads = map[frame.Lane]int{}, map[string][]int{}
	for _, n := range st.Tree() {
		name := termsafe.Line(n.Name)
		x.add(n.Lane, name)
		for _, t := range n.Threads {
			x.threads[n.Lane.ChatID] = append(x.threads[n.Lane.ChatID], len(x.entries))
			x.add(t.Lane, name+" › "+termsafe.Line(t.Name))
		}
	}
	x.built, x.ver = true, v
}

// relabel names lane l's entry again from the directory.
func (x *LaneIndex) relabel(st common.Store, l frame.Lane) {
	if i, ok := x.at[l]; ok {
		x.entries[i].label = common.LaneLabel(st, l)
		x.keys[i] = strings.ToLower(x.entries[i].label)
	}
}

func (x *LaneIndex) add(l frame.Lane, label string) {
	x.at[l] = len(x.entries)
	x.entries = append(x.entries, entry{lane: l, label: label})
	x.keys = append(x.keys, strings.ToLower(label))
}
