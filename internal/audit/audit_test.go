package audit

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/internal/termsafe"
)

var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

func entry(min int, subject string, r Result) Entry {
	return Entry{Time: t0.Add(time.Duration(min) * time.Minute), Gateway: "wss://gw.example/ws", Lane: "android:default",
		Type: "picker.approval", Subject: subject, Answer: "once", Scope: "once", Result: r}
}

func TestAppendReadSince(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "iris", FileName)
	l := New(path)
	for i, r := range []Result{Accepted, RejectedElsewhere, Failed} {
		if err := l.Append(entry(i*60, "rm -rf build/", r)); err != nil {
			t.Fatal(err)
		}
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, %v", st.Mode(), err)
	}
	if st, _ := os.Stat(filepath.Dir(path)); st.Mode().Perm() != 0o700 {
		t.Fatalf("dir mode %v", st.Mode())
	}
	all, bad, err := Read(path, time.Time{})
	if err != nil || bad != 0 || len(all) != 3 || all[1].Result != RejectedElsewhere || !all[0].Time.Equal(t0) {
		t.Fatalf("%+v %d %v", all, bad, err)
	}
	recent, _, _ := Read(path, t0.Add(time.Hour))
	if len(recent) != 2 || recent[0].Result != RejectedElsewhere {
		t.Fatalf("since: %+v", recent)
	}
}

func TestReadMissingAndTornLines(t *testing.T) {
	dir := t.TempDir()
	if es, bad, err := Read(filepath.Join(dir, "none"), time.Time{}); err != nil || bad != 0 || es != nil {
		t.Fatalf("%v %d %v", es, bad, err)
	}
	good, _ := json.Marshal(entry(0, "ls", Accepted))
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, append(append(good, '\n'), []byte("{\"time\":\"2026-12\n\n")...), 0o600); err != nil {
		t.Fatal(err)
	}
	es, bad, err := Read(path, time.Time{})
	if err != nil || bad != 1 || len(es) != 1 {
		t.Fatalf("%v %d %v", es, bad, err)
	}
}

func TestAppendTightensAWideFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := New(path).Append(entry(0, "ls", Accepted)); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", st.Mode())
	}
}

func TestAppendErrorIsReturned(t *testing.T) {
	dir := t.TempDir() // the log path is a directory: opening it fails
	if err := New(dir).Append(entry(0, "ls", Accepted)); err == nil || !strings.Contains(err.Error(), "audit log") {
		t.Fatalf("err %v", err)
	}
}

func TestGatewayURLDropsCredentials(t *testing.T) {
	for in, want := range map[string]string{
		"wss://alice:s3cret@gw.example:8443/ws?token=s3cret#frag": "wss://gw.example:8443/ws",
		"ws://127.0.0.1:8765/ws":                                  "ws://127.0.0.1:8765/ws",
		"::not a url":                                             "(unparsable URL)",
	} {
		if got := GatewayURL(in); got != want {
			t.Errorf("GatewayURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOutputIsSafeForTheTerminal(t *testing.T) {
	e := entry(0, "rm -rf \x1b]0;evil\x07 \u202e\u0085x", Accepted)
	var js bytes.Buffer
	if err := WriteJSON(&js, []Entry{e}); err != nil {
		t.Fatal(err)
	}
	if err := termsafe.Verify(js.String()); err != nil {
		t.Fatalf("json: %v: %q", err, js.String())
	}
	var back Entry
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Subject != e.Subject {
		t.Fatalf("round trip %q, %v", back.Subject, err)
	}
	var tb bytes.Buffer
	named := entry(1, "ls", Failed)
	named.LaneName = "Cron Reports"
	if err := WriteTable(&tb, []Entry{e, named}, time.UTC); err != nil {
		t.Fatal(err)
	}
	if err := termsafe.Verify(tb.String()); err != nil {
		t.Fatalf("table: %v: %q", err, tb.String())
	}
	lines := strings.Split(strings.TrimSpace(tb.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "TIME") || !strings.Contains(lines[1], "2026-12-01 09:00:00") ||
		!strings.Contains(lines[2], "failed") || !strings.Contains(lines[1], "approval") ||
		!strings.Contains(lines[1], "android:default") || !strings.Contains(lines[2], "Cron Reports") {
		t.Fatalf("table:\n%s", tb.String())
	}
	var empty bytes.Buffer
	_ = WriteTable(&empty, nil, time.UTC)
	if empty.String() != "no answers recorded\n" {
		t.Fatalf("%q", empty.String())
	}
}

func TestScopeOf(t *testing.T) {
	for _, tc := range []struct{ typ, value, want string }{
		{"picker.approval", "session", "session"}, {"picker.approval", "deny", ""},
		{"picker.confirm", "always", "always"}, {"picker.clarify", "once", ""},
	} {
		if got := ScopeOf(tc.typ, tc.value); got != tc.want {
			t.Errorf("ScopeOf(%q, %q) = %q", tc.typ, tc.value, got)
		}
	}
}

func TestAppendRefusesSymbolicLinks(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "authorized_keys")
	if err := os.WriteFile(victim, []byte("keep\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, FileName)
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	if err := New(path).Append(entry(0, "ls", Accepted)); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Append through a link = %v, want a refusal", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep\n" {
		t.Fatalf("the link's target was written: %q", data)
	}
}
