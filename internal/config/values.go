package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The typed values below validate themselves while the file is decoded, so
// that a bad value is reported with its line and key, like a syntax error.

// Theme is a theme name as written in the file.
type Theme string

// UnmarshalText accepts only the names in Themes.
func (v *Theme) UnmarshalText(b []byte) error { return decodeEnum((*string)(v), b, Themes) }

// Verbosity is a tool_verbosity value as written in the file.
type Verbosity string

// UnmarshalText accepts only the values in ToolVerbosities.
func (v *Verbosity) UnmarshalText(b []byte) error {
	return decodeEnum((*string)(v), b, ToolVerbosities)
}

// SendMode is a send_mode value as written in the file.
type SendMode string

// UnmarshalText accepts only the values in SendModes.
func (v *SendMode) UnmarshalText(b []byte) error { return decodeEnum((*string)(v), b, SendModes) }

// URL is a gateway URL as written in the file.
type URL string

// UnmarshalTOML accepts only a string that CheckURL accepts.
func (v *URL) UnmarshalTOML(data any) error {
	s, ok := data.(string)
	if !ok {
		return errors.New(`the url must be a string like "wss://host/path"`)
	}
	if err := CheckURL(s); err != nil {
		return err
	}
	*v = URL(s)
	return nil
}

func decodeEnum(dst *string, b []byte, allowed []string) error {
	s := string(b)
	if !slices.Contains(allowed, s) {
		return fmt.Errorf("%q is not one of %s", s, strings.Join(allowed, ", "))
	}
	*dst = s
	return nil
}

// Duration is a positive duration as written in the file ("90s", "5m").
type Duration time.Duration

// UnmarshalText accepts a Go duration string greater than zero.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil || v <= 0 {
		return fmt.Errorf("%q is not a positive duration such as \"90s\" or \"5m\"", string(b))
	}
	*d = Duration(v)
	return nil
}

// MarshalText writes the duration as Go formats it ("5m0s").
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }
