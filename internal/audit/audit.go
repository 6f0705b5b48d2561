// Package audit is the local record of every picker answer given on this
// device: one JSON object per line, appended to a file only its owner can
// read (mode 0600) under the XDG state directory. It never holds the
// token; the gateway is recorded by its URL without credentials, query or
// fragment.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hermes/iris/internal/safefile"
)

// FileName is the audit log's name in the state directory.
const FileName = "audit.jsonl"

// Result is what the gateway made of an answer.
type Result string

// The results an answer can have.
const (
	// Accepted: the gateway took the answer.
	Accepted Result = "accepted"
	// RejectedElsewhere: the gateway refused it because another device had
	// already answered (not_found).
	RejectedElsewhere Result = "rejected-elsewhere"
	// Expired: the gateway refused it because it came as the picker ran
	// out (not_found at the picker's deadline).
	Expired Result = "expired"
	// Failed: the answer was not sent (offline, the write failed); the
	// picker stayed answerable. (Before the protocol notes settled
	// requests without a response, a timeout was recorded so too.)
	Failed Result = "failed"
	// NotConfirmed: the answer was sent, and neither the gateway (the spec
	// gives picker.select no response) nor the agent's next step has
	// confirmed it yet; a later "accepted" entry may follow.
	NotConfirmed Result = "not-confirmed"
	// Refused: the gateway refused it with an error other than not_found.
	Refused Result = "refused"
)

// Entry is one answer given on this device.
type Entry struct {
	Time    time.Time `json:"time"`
	Gateway string    `json:"gateway"` // URL without credentials (see GatewayURL)
	Lane    string    `json:"lane"`    // chat_id, or chat_id/thread_id
	// LaneName is the channel's (or thread's) name when it was answered.
	LaneName string `json:"lane_name,omitempty"`
	Type     string `json:"type"`    // the picker's frame type, e.g. picker.approval
	Subject  string `json:"subject"` // the command, question or title answered
	Answer   string `json:"answer"`  // the value sent in picker.select
	Scope    string `json:"scope,omitempty"`
	Result   Result `json:"result"`
	Reason   string `json:"reason,omitempty"` // why it failed
	// Via is who answered when it was not the TUI's keyboard: "iris
	// answer", "iris --linear", or "policy FILE rule NAME" for iris
	// approve.
	Via string `json:"via,omitempty"`
	// PickerID is the gateway's picker_id. With Device, Policy and Rule
	// (iris approve's policy file base name and rule) it lets the TUI say
	// who answered a picker when the gateway cannot (see FindAnswer).
	PickerID string `json:"picker_id,omitempty"`
	Device   string `json:"device,omitempty"`
	Policy   string `json:"policy,omitempty"`
	Rule     string `json:"rule,omitempty"`
}

// Log appends entries to one file. It is safe for concurrent use.
type Log struct {
	path string
	mu   sync.Mutex
}

// New returns the log kept at path; nothing is created until the first
// Append.
func New(path string) *Log { return &Log{path: path} }

// Path is the log file's path.
func (l *Log) Path() string { return l.path }

// Append writes e as one line. The directory is created (0700) and the
// file kept at mode 0600 even if it was created wider; a symbolic link or
// another user's file or directory there is refused (see safefile).
func (l *Log) Append(e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := safefile.PrivateDir(filepath.Dir(l.path)); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	f, err := safefile.OpenAppend(l.path)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return nil
}

// Read returns the entries of the log at path written at or after since
// (all for the zero time), oldest first. A missing file has no entries. A
// line that is not an entry (a torn write) is skipped and counted in bad.
func Read(path string, since time.Time) (entries []Entry, bad int, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("audit log: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), len(data)+1)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var e Entry
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Time.IsZero() {
			bad++
			continue
		}
		if !e.Time.Before(since) {
			entries = append(entries, e)
		}
	}
	return entries, bad, sc.Err()
}

// GatewayURL is u without user info, query or fragment, where a token could
// hide; a URL that does not parse is recorded as "(unparsable URL)".
func GatewayURL(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return "(unparsable URL)"
	}
	p.User, p.RawQuery, p.ForceQuery, p.Fragment, p.RawFragment = nil, "", false, "", ""
	return p.String()
}
