package app

import (
	"fmt"
	"io"
	"time"

	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/config"
)

// runAudit implements `iris audit`: it prints the answers given to pickers
// on this machine, oldest first, as a table or (--json) as JSON lines.
func runAudit(opts cliOptions, stdout, stderr io.Writer) int {
	return printAudit(config.DefaultPaths().AuditFile, opts, time.Now(), time.Local, stdout, stderr)
}

// printAudit prints the log at path; now and loc make it testable.
func printAudit(path string, opts cliOptions, now time.Time, loc *time.Location, stdout, stderr io.Writer) int {
	var since time.Time
	if opts.auditSince > 0 {
		since = now.Add(-opts.auditSince)
	}
	entries, bad, err := audit.Read(path, since)
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		return exitFailure
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "iris: %s: skipped %d unreadable line(s)\n", path, bad)
	}
	if opts.auditJSON {
		err = audit.WriteJSON(stdout, entries)
	} else {
		err = audit.WriteTable(stdout, entries, loc)
	}
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		return exitFailure
	}
	return exitOK
}
