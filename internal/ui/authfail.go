package ui

import (
	"errors"
	"strings"
	"time"

	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/termsafe"
)

// The rejected-token banner stays up (the failure is final) and wraps to
// a few rows so a long token_file path and the gateway's words fit.
const (
	authBannerTTL  = 24 * time.Hour
	authBannerRows = 3
)

// tokenRejected raises a banner that says where the rejected token came
// from (in full) and what the gateway said, and returns the short name of
// that place for the status bar, which must fit 80 columns.
func (c *connection) tokenRejected(err error) (fix string) {
	full := c.tokenSource
	if full == "flag" {
		full = "--token"
	}
	fix = full
	if strings.HasPrefix(full, "token_file ") {
		fix = "token_file" // the path goes in the banner
	}
	text := "the gateway rejected the token"
	if full != "" {
		text += " from " + full + "; fix it, then restart Iris"
	} else {
		fix = "the token"
		text += "; fix it (iris config path shows where it comes from), then restart Iris"
	}
	var ae *session.AuthError
	if errors.As(err, &ae) && ae.Message != "" {
		text += " · gateway said: " + ae.Message
	}
	c.scr.showBanner(banner{text: termsafe.Line(text), isErr: true, until: c.com.Now().Add(authBannerTTL), rows: authBannerRows})
	return fix
}
