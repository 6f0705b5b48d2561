package headless

import (
	"fmt"
	"io"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// explain prints how the policy treats command as an approval's: the words
// it parses into, the shell syntax found, each rule in the order tried
// (deny rules first) with why it does or does not match, and the outcome.
// The picker is in no lane: rules for a lane say so.
func (pol *Policy) explain(w io.Writer, command string) {
	p := store.Picker{Type: frame.TypePickerApproval, Picker: frame.Picker{Command: command}}
	cmd := parseShellCommand(command)
	fmt.Fprintf(w, "command: %s\n", termsafe.Line(command))
	fmt.Fprintf(w, "words:   %s\n", termsafe.Line(cmd.String()))
	if len(cmd.Shell) > 0 {
		fmt.Fprintf(w, "shell:   %s\n", strings.Join(cmd.Shell, "; "))
	}
	var first *Rule
	for _, r := range pol.order {
		ok, why := r.test(p, cmd, nil)
		verdict := "no"
		if ok {
			verdict = "matches"
			if first == nil {
				first = r
			}
		}
		fmt.Fprintf(w, "rule %s (%s): %s: %s\n", termsafe.Line(r.Name), termsafe.Line(r.Answer), verdict, why)
	}
	switch {
	case first == nil:
		fmt.Fprintln(w, "outcome: left to a human (no rule matches)")
	case first.Answer == denyValue:
		fmt.Fprintf(w, "outcome: denied (rule %s)\n", termsafe.Line(first.Name))
	default:
		fmt.Fprintf(w, "outcome: answered %s (rule %s)\n", termsafe.Line(first.Answer), termsafe.Line(first.Name))
	}
}
