package ui

import (
	"errors"

	"github.com/hermes/iris/internal/store"
)

// What the gateway's hello.ack server_caps switch off. A cap the gateway
// leaves out counts as on (Iris's choice, the spec does not say: older
// gateways send fewer caps); only an explicit false turns a feature off,
// and then the UI says so instead of sending what the gateway cannot
// serve.
var (
	errNoSearch  = errors.New("this gateway does not offer search")
	errNoPickers = errors.New("this gateway does not take picker answers (pickers are off): answer in a message instead")
)

// capOff reports whether a server cap is explicitly false.
func capOff(c *bool) bool { return c != nil && !*c }

// searchOff reports whether the gateway said it offers no search.
func searchOff(st *store.State) bool { return capOff(st.Caps().Search) }

// mediaOff reports whether the gateway said it takes no media.
func mediaOff(st *store.State) bool { return capOff(st.Caps().Media) }

// pickersOff reports whether the gateway said it serves no pickers.
func pickersOff(st *store.State) bool { return capOff(st.Caps().Pickers) }
