package store

import (
	"slices"
	"time"

	"github.com/hermes/iris/frame"
)

// Banner kinds made by the store; notification banners carry the
// notification's own kind (cron, approval, generic, ...).
const (
	// BannerPicker: a picker arrived for a lane that is not focused.
	BannerPicker = "picker"
	// BannerStatus: the gateway announced a restart (or another state).
	BannerStatus = "status"
	// BannerError: the gateway sent an error frame.
	BannerError = "error"
)

// Banner is a transient notice for the UI to show once (TakeBanners).
type Banner struct {
	Lane  frame.Lane
	Kind  string
	Title string
	Body  string
	TS    time.Time
	// Replayed banners came from a sync replay: they happened while Iris
	// was away, so the UI may show them quietly (no desktop notification).
	Replayed bool
}

// TakeBanners returns the queued banners, oldest first, and empties the
// queue.
func (s *State) TakeBanners() []Banner {
	b := s.banners
	s.banners = nil
	return b
}

func (s *State) banner(b Banner) {
	if b.TS.IsZero() {
		b.TS = s.now()
	}
	s.banners = append(s.banners, b)
	s.chg.Banners = true
}

// Status returns the gateway's last announced state (frame.StateOnline,
// StateRestarting, StateDegraded) or "" before any status frame.
func (s *State) Status() string { return s.status }

// Caps returns the server caps from the last hello.ack.
func (s *State) Caps() frame.ServerCaps { return s.caps }

// Cursor returns the sync cursor to send in the next sync: the highest
// cursor applied or announced by sync.done, or, for a new device, the
// sync_cursor of hello.ack. Unlike the rest of State it may be called from
// any goroutine (wsclient reads it when it connects).
func (s *State) Cursor() int64 { return s.cursor.Load() }

// Catalog returns the slash-command catalog (read-only).
func (s *State) Catalog() []frame.Command { return s.catalog }

// SetCatalog replaces the slash-command catalog.
func (s *State) SetCatalog(cmds []frame.Command) Change {
	s.begin()
	s.setCatalog(cmds)
	return s.end()
}

func (s *State) setCatalog(cmds []frame.Command) {
	s.catalog = slices.Clone(cmds)
	s.chg.Catalog = true
	s.dirtyMeta(metaCatalog)
}

// advanceCursor moves the cursor forward (never back).
func (s *State) advanceCursor(c int64) {
	if c > s.cursor.Load() {
		s.cursor.Store(c)
		s.chg.Status = true
		s.dirtyMeta(metaCursor)
	}
}

// applyHelloAck records caps and the directory; a new device starts its
// cursor at sync_cursor.
func (s *State) applyHelloAck(a *frame.HelloAck) {
	s.caps = a.ServerCaps
	if s.cursor.Load() == 0 {
		s.advanceCursor(a.SyncCursor)
	}
	if a.Channels != nil {
		s.replaceDirectory(a.Channels)
	}
	s.chg.Status = true
}

// applyStatus records the gateway state; "restarting" posts a notice in the
// focused lane at once and raises a banner.
func (s *State) applyStatus(st *frame.Status) {
	if st.State == s.status && st.State != frame.StateRestarting {
		return
	}
	s.status = st.State
	s.chg.Status = true
	if st.State == frame.StateRestarting {
		l := s.focus
		if l.ChatID == "" {
			l = s.DefaultLane()
		}
		s.addNotice(l, "Gateway restarting")
		s.banner(Banner{Lane: l, Kind: BannerStatus, Title: "Gateway restarting"})
	}
}

// AddNotice appends a client-made notice to lane l's transcript. Notices
// live in memory only.
func (s *State) AddNotice(l frame.Lane, text string) Change {
	s.begin()
	s.addNotice(l, text)
	return s.end()
}

func (s *State) addNotice(l frame.Lane, text string) {
	if ln := s.lane(l); ln != nil && l.ChatID != "" {
		s.add(ln, ln.Len(), &Item{Kind: KindNotice, Text: text, TS: s.now()})
	}
}

// Draft returns lane l's unsent composer text.
func (s *State) Draft(l frame.Lane) string { return s.drafts[l] }

// SetDraft stores lane l's composer text ("" clears it).
func (s *State) SetDraft(l frame.Lane, text string) {
	if s.drafts[l] == text {
		return
	}
	if text == "" {
		delete(s.drafts, l)
	} else {
		s.drafts[l] = text
	}
	s.dirtyDraft(l)
	s.commit()
}

// Setting returns a per-app setting (runtime footer, tool verbosity, theme,
// ...; keys are the UI's) and whether it is set.
func (s *State) Setting(key string) (string, bool) {
	v, ok := s.settings[key]
	return v, ok
}

// SetSetting stores a per-app setting.
func (s *State) SetSetting(key, value string) {
	if v, ok := s.settings[key]; ok && v == value {
		return
	}
	s.settings[key] = value
	s.dirtySetting(key)
	s.commit()
}
