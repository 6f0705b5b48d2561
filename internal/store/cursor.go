package store

// ResetCursor lowers the sync cursor to c after the gateway's cursor went
// backwards (it was reset or restored: wsclient's CursorResetEvent). The
// cursor otherwise only moves forward; from c it grows again with what
// the resync replays. A c at or above the cursor changes nothing. A
// gateway that went back lost what it held: the pickers pending here are
// withdrawn.
func (s *State) ResetCursor(c int64) Change {
	s.begin()
	if c >= 0 && c < s.cursor.Load() {
		s.cursor.Store(c)
		s.chg.Status = true
		s.dirtyMeta(metaCursor)
		s.withdrawAll()
	}
	return s.end()
}
