package store

import (
	"github.com/hermes/iris/wsclient/frame"
)

// The journal hooks record what a mutating call changed for the database.
// A memory-only State (db == nil) keeps everything in memory and the hooks
// do nothing.

// db is the SQLite backing of a persistent State.
type db struct{}

// dirty marks item it of lane ln for writing.
func (s *State) dirty(ln *Lane, it *Item) {}

// forget marks a removed item for deletion.
func (s *State) forget(it *Item) {}

// forgetMessage deletes message id wherever it is stored.
func (s *State) forgetMessage(id string) {}

// forgetLane deletes a lane's rows, directory entry and draft.
func (s *State) forgetLane(l frame.Lane) {}

// dirtyChannel marks a directory entry for writing.
func (s *State) dirtyChannel(c *channel) {}

// dirtyMeta marks a gateway-level value (cursor, catalog) for writing.
func (s *State) dirtyMeta(key string) {}

// dirtyDraft marks lane l's draft for writing.
func (s *State) dirtyDraft(l frame.Lane) {}

// dirtySetting marks a setting for writing.
func (s *State) dirtySetting(key string) {}

// commit hands the recorded writes to the writer as one transaction.
func (s *State) commit() {}

// loadLane fills a lane just created in memory with its newest stored items.
func (s *State) loadLane(ln *Lane) {}

// knownElsewhere reports whether message id is stored for lane ln outside
// the items held in memory.
func (s *State) knownElsewhere(ln *Lane, id string) bool { return false }

// pageIn prepends the next older stored page of ln; false if none.
func (s *State) pageIn(ln *Lane) bool { return false }

// Keys of gateway-level values.
const (
	metaCursor  = "cursor"
	metaCatalog = "catalog"
)
