package common

import (
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Store is the read-only view of the store the children get in
// Common.Store: the reads they make, all from memory (none touches the
// database, so View may call them). The root holds the *store.State
// itself and is the only one that changes it.
type Store interface {
	// Lane returns lane l's marks and the items held in memory (never nil).
	Lane(l frame.Lane) *store.Lane
	// Tree is the channel directory in display order.
	Tree() []store.ChannelNode
	// Entry is lane l's directory entry, if listed.
	Entry(l frame.Lane) (store.ChannelNode, bool)
	// ChannelName is lane l's name in the directory, or "".
	ChannelName(l frame.Lane) string
	// DirectoryVersion changes whenever the directory does.
	DirectoryVersion() uint64
	// DirectoryEdits lists the lanes edited in place since version since;
	// false when entries were added, removed or reordered meanwhile.
	DirectoryEdits(since uint64) ([]frame.Lane, bool)
	// Pickers are lane l's pending pickers, oldest first.
	Pickers(l frame.Lane) []store.Picker
	// AllPickers are every lane's pending pickers.
	AllPickers() []store.Picker
	// UnreadCounts are the unread counts of the lanes that have any.
	UnreadCounts() map[frame.Lane]int
	// Status is the gateway's last reported status.
	Status() string
	// Catalog is the gateway's command catalog.
	Catalog() []frame.Command
}

var _ Store = (*store.State)(nil)
