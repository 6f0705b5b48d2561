package headless

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/hermes/iris/config"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
)

// Policy is the approver's rule file: [[rule]] tables tried in order; the
// first that matches a picker answers it, and a picker no rule matches is
// left to a human.
type Policy struct {
	Path  string
	Rules []Rule
}

// Rule matches pickers and says how to answer them. Every matcher that is
// set must match; a rule sets at least one.
type Rule struct {
	Name          string `toml:"name"`
	Type          string `toml:"type"`           // approval, clarify, confirm, choice or model
	Lane          string `toml:"lane"`           // channel or thread name or id
	Command       string `toml:"command"`        // glob on the approval's command (* matches anything)
	CommandRegex  string `toml:"command_regex"`  // regular expression on the command
	Question      string `toml:"question"`       // glob on the question, title or message
	QuestionRegex string `toml:"question_regex"` // regular expression on it
	Answer        string `toml:"answer"`         // deny, once, session, or a choice's value or text
	Reason        string `toml:"reason"`         // sent with the answer; the agent reads it on deny

	command, question *regexp.Regexp
}

// pickerTypes are the values of Rule.Type.
var pickerTypes = []string{"approval", "clarify", "confirm", "choice", "model"}

// LoadPolicy reads and checks a policy file. Every error names the file,
// the line and the key.
func LoadPolicy(path string) (*Policy, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	var raw struct {
		Rules []Rule `toml:"rule"`
	}
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&raw)
	if err != nil {
		return nil, config.TOMLError(path, data, err)
	}
	if keys := md.Undecoded(); len(keys) > 0 {
		k := keys[0]
		return nil, &config.FileError{Path: path, Line: keyLine(data, k), Key: k.String(), Msg: "unknown key (a policy is refused rather than half applied)"}
	}
	if len(raw.Rules) == 0 {
		return nil, &config.FileError{Path: path, Msg: "no [[rule]]: the approver would answer nothing"}
	}
	p := &Policy{Path: path, Rules: raw.Rules}
	for i := range p.Rules {
		if err := p.Rules[i].check(); err != nil {
			var ke keyError
			errors.As(err, &ke)
			return nil, &config.FileError{Path: path, Line: ruleKeyLine(data, i, ke.key), Key: fmt.Sprintf("rule[%d].%s", i+1, ke.key), Msg: ke.msg}
		}
		if p.Rules[i].Name == "" {
			p.Rules[i].Name = fmt.Sprintf("#%d", i+1)
		}
	}
	return p, nil
}

// keyError is a rule's problem with one of its keys.
type keyError struct{ key, msg string }

func (e keyError) Error() string { return e.key + ": " + e.msg }

// check validates the rule and compiles its matchers.
func (r *Rule) check() error {
	switch {
	case r.Answer == "":
		return keyError{"answer", "missing: say how the rule answers"}
	case r.Answer == permanentValue:
		return keyError{"answer", `a rule may never answer "always"; use "session" or "once"`}
	case r.Type != "" && !slices.Contains(pickerTypes, r.Type):
		return keyError{"type", "must be one of " + strings.Join(pickerTypes, ", ")}
	case r.Type == "" && r.Lane == "" && r.Command == "" && r.CommandRegex == "" && r.Question == "" && r.QuestionRegex == "":
		return keyError{"answer", "the rule matches every picker: give it a type, lane, command or question"}
	}
	var err error
	if r.command, err = matcher(r.Command, r.CommandRegex); err != nil {
		return keyError{"command_regex", err.Error()}
	}
	if r.question, err = matcher(r.Question, r.QuestionRegex); err != nil {
		return keyError{"question_regex", err.Error()}
	}
	return nil
}

// matcher compiles a glob or a regular expression (nil when neither).
func matcher(glob, re string) (*regexp.Regexp, error) {
	switch {
	case glob != "" && re != "":
		return nil, errors.New("set a glob or a regular expression, not both")
	case re != "":
		return regexp.Compile(re)
	case glob != "":
		q := regexp.QuoteMeta(glob)
		q = strings.ReplaceAll(q, `\*`, ".*")
		q = strings.ReplaceAll(q, `\?`, ".")
		return regexp.MustCompile("^" + q + "$"), nil
	}
	return nil, nil
}

// match returns the first rule matching p in lane laneName, or nil.
func (pol *Policy) match(p store.Picker, laneName string) *Rule {
	for i := range pol.Rules {
		if r := &pol.Rules[i]; r.matches(p, laneName) {
			return r
		}
	}
	return nil
}

func (r *Rule) matches(p store.Picker, laneName string) bool {
	typ := strings.TrimPrefix(p.Type, "picker.")
	q := cmp.Or(p.Question, p.Title, p.Message, p.Description)
	switch {
	case r.Type != "" && r.Type != typ:
		return false
	case r.Lane != "" && !strings.EqualFold(r.Lane, laneName) && r.Lane != laneID(p.Lane):
		return false
	case r.command != nil && (p.Type != frame.TypePickerApproval || !r.command.MatchString(p.Command)):
		return false
	case r.question != nil && !r.question.MatchString(q):
		return false
	}
	return true
}

// ruleKeyLine finds the line of key in the i-th [[rule]] (0-based), or of
// the table's header when the key is not written there.
func ruleKeyLine(data []byte, i int, key string) int {
	header, n := 0, -1
	for ln, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			if n == i {
				break
			}
			if strings.HasPrefix(t, "[[rule]]") {
				n++
				header = ln + 1
			}
			continue
		}
		if n == i && strings.HasPrefix(t, key) && strings.HasPrefix(strings.TrimSpace(t[len(key):]), "=") {
			return ln + 1
		}
	}
	return header
}

// keyLine finds the line of an unknown key k (its last part), 0 if not
// found.
func keyLine(data []byte, k toml.Key) int {
	last := k[len(k)-1]
	for ln, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, last) && strings.HasPrefix(strings.TrimSpace(t[len(last):]), "=") {
			return ln + 1
		}
	}
	return 0
}
