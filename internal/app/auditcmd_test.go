package app

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/internal/audit"
)

// TestAuditCommandPrintsTheLog: `iris audit` prints the table, --since
// keeps the recent answers and --json the stored lines.
func TestAuditCommandPrintsTheLog(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	path := filepath.Join(t.TempDir(), audit.FileName)
	l := audit.New(path)
	for _, e := range []audit.Entry{
		{Time: now.Add(-48 * time.Hour), Gateway: "wss://gw/ws", Lane: "android:default", Type: "picker.approval",
			Subject: "rm -rf old", Answer: "deny", Result: audit.Accepted},
		{Time: now.Add(-time.Hour), Gateway: "wss://gw/ws", Lane: "android:default", Type: "picker.approval",
			Subject: "rm -rf ./dist", Answer: "once", Scope: "once", Result: audit.RejectedElsewhere},
	} {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut strings.Builder
	if code := printAudit(path, cliOptions{cmd: cmdAudit}, now, time.UTC, &out, &errOut); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "rm -rf old") || !strings.Contains(out.String(), "rejected-elsewhere") {
		t.Fatalf("table:\n%s", out.String())
	}
	out.Reset()
	printAudit(path, cliOptions{cmd: cmdAudit, auditSince: 24 * time.Hour, auditJSON: true}, now, time.UTC, &out, &errOut)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var e audit.Entry
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &e) != nil || e.Subject != "rm -rf ./dist" || e.Result != audit.RejectedElsewhere {
		t.Fatalf("json since 24h:\n%s", out.String())
	}
	// The real command reads the state directory; an empty one has no answers.
	out.Reset()
	if code := Run([]string{"audit"}, &out, &errOut); code != exitOK || out.String() != "no answers recorded\n" {
		t.Fatalf("exit %d, %q %q", code, out.String(), errOut.String())
	}
}
