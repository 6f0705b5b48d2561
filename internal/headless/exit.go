package headless

import (
	"errors"
	"fmt"
)

// Exit codes of the headless commands (documented in the README and each
// command's --help). 1 to 5 mean what they mean for the TUI.
const (
	ExitOK               = 0
	ExitFailure          = 1
	ExitUsage            = 2
	ExitConfig           = 3
	ExitAuth             = 4   // the gateway rejected the token
	ExitProtocol         = 5   // the gateway speaks another protocol version, or its handshake cannot be used
	ExitDelivery         = 6   // delivery failed or unknown (also: gateway unreachable)
	ExitTurnFailed       = 7   // the turn ended with an error or was stopped
	ExitPickerWaiting    = 8   // a picker waits for an answer (send --wait)
	ExitUnknownChannel   = 9   // --channel names no channel
	ExitAmbiguousChannel = 10  // --channel names several channels
	ExitEmpty            = 11  // nothing to send (empty text or stdin)
	ExitUnknownPicker    = 12  // no pending picker has that id
	ExitRefused          = 13  // answer refused: not a choice, or always without --permanent
	ExitInterrupted      = 130 // SIGINT or SIGTERM
)

// exitError is a failure with its exit code and the one line explaining it.
// status, when set, is the --json end event's status (else derived from
// the code).
type exitError struct {
	code   int
	msg    string
	status string
}

func (e *exitError) Error() string { return e.msg }

// fail returns an exitError with a formatted message.
func fail(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// codeOf maps err to its exit code: ExitOK for nil, ExitFailure when it
// carries none.
func codeOf(err error) int {
	if err == nil {
		return ExitOK
	}
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	return ExitFailure
}
