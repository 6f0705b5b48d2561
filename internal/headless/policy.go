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

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/store"
)

// Policy is the approver's rule file: [[rule]] tables, deny rules first and
// then the others, each group in file order; the first that matches a
// picker answers it, and a picker no rule matches is left to a human.
type Policy struct {
	Path  string
	Rules []Rule // in file order
	order []*Rule
}

// Rule matches pickers of one type and says how to answer them. Every
// matcher that is set must match.
type Rule struct {
	Name          string   `toml:"name"`
	Type          string   `toml:"type"`           // approval, clarify, confirm, choice or model (required)
	Lane          string   `toml:"lane"`           // a channel's id or name, or a thread's id
	Command       any      `toml:"command"`        // approval: a word pattern, or a list of them
	AnyArg        []string `toml:"any_arg"`        // approval: globs, one of which some argument matches
	Shell         bool     `toml:"shell"`          // approval: the command may hold shell syntax
	Question      string   `toml:"question"`       // glob on the whole question, title or message
	QuestionRegex string   `toml:"question_regex"` // regular expression on the whole of it
	Answer        string   `toml:"answer"`         // deny, once, session, or a choice's value or text
	Reason        string   `toml:"reason"`         // sent with the answer; the agent reads it on deny

	commands []wordPattern    // Command, compiled
	anyArg   []*regexp.Regexp // AnyArg, compiled
	question *regexp.Regexp
}

// wordPattern is one pattern of a rule's command: a glob per word (nil
// for **, any number of words).
type wordPattern struct {
	words []string // as written
	globs []*regexp.Regexp
}

// pickerTypes are the values of Rule.Type.
var pickerTypes = []string{"approval", "clarify", "confirm", "choice", "model"}

// denyValue is the answer that refuses an approval.
const denyValue = "deny"

// removedKeys are keys of earlier policies, with what to write instead.
var removedKeys = map[string]string{
	"command_regex": `removed: commands are matched word by word, e.g. command = ["git", "status"] (see iris approve --help)`,
}

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
		msg := cmp.Or(removedKeys[k[len(k)-1]], "unknown key (a policy is refused rather than half applied)")
		return nil, &config.FileError{Path: path, Line: keyLine(data, k), Key: k.String(), Msg: msg}
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
	for _, deny := range []bool{true, false} {
		for i := range p.Rules {
			if r := &p.Rules[i]; (r.Answer == denyValue) == deny {
				p.order = append(p.order, r)
			}
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
	case r.Type == "":
		return keyError{"type", "missing: a rule answers pickers of one type: " + strings.Join(pickerTypes, ", ")}
	case !slices.Contains(pickerTypes, r.Type):
		return keyError{"type", "must be one of " + strings.Join(pickerTypes, ", ")}
	}
	var err error
	if r.commands, err = wordPatterns(r.Command); err != nil {
		return keyError{"command", err.Error()}
	}
	for _, g := range r.AnyArg {
		re, err := compileGlob(g, false)
		if err != nil {
			return keyError{"any_arg", fmt.Sprintf("%q: %v", g, err)}
		}
		r.anyArg = append(r.anyArg, re)
	}
	if r.Type == "approval" {
		switch {
		case r.Question != "" || r.QuestionRegex != "":
			return keyError{cmp.Or(ifSet(r.Question, "question"), "question_regex"),
				"an approval is matched by its command, never by its description (the agent's words)"}
		case r.AnyArg != nil && r.Answer != denyValue:
			return keyError{"any_arg", "only a deny rule may match by any_arg"}
		case r.commands == nil && r.AnyArg == nil:
			return keyError{"command", `missing: an approval rule names the commands it answers, e.g. command = ["git", "status"]`}
		}
	} else if r.commands != nil || r.AnyArg != nil || r.Shell {
		return keyError{cmp.Or(ifSet(r.Command != nil, "command"), ifSet(r.AnyArg != nil, "any_arg"), "shell"),
			"only approvals have a command; this rule is for " + r.Type + " pickers"}
	}
	if r.Question != "" && r.QuestionRegex != "" {
		return keyError{"question_regex", "set a glob or a regular expression, not both"}
	}
	if r.QuestionRegex != "" {
		if r.question, err = regexp.Compile("^(?:" + r.QuestionRegex + ")$"); err != nil {
			return keyError{"question_regex", err.Error()}
		}
	} else if r.Question != "" {
		if r.question, err = compileGlob(r.Question, false); err != nil {
			return keyError{"question", err.Error()}
		}
	}
	return nil
}

// ifSet is key when set holds (a non-zero value), else "".
func ifSet[T comparable](set T, key string) string {
	var zero T
	if set == zero {
		return ""
	}
	return key
}

// wordPatterns compiles a rule's command: one pattern (a list of words)
// or a list of them; each word a glob (see compileGlob; * stays within a
// path component), or ** for any number of words.
func wordPatterns(v any) ([]wordPattern, error) {
	list, ok := v.([]any)
	switch {
	case v == nil:
		return nil, nil
	case !ok || len(list) == 0:
		return nil, errors.New(`must be a list of words, e.g. ["git", "status"], or a list of such lists`)
	}
	if _, nested := list[0].([]any); !nested {
		list = []any{list}
	}
	var out []wordPattern
	for _, item := range list {
		words, ok := item.([]any)
		if !ok || len(words) == 0 {
			return nil, errors.New(`mixes words and lists: write ["git", "status"] or [["git", "status"], ["git", "log"]]`)
		}
		var pat wordPattern
		for _, w := range words {
			s, ok := w.(string)
			if !ok {
				return nil, fmt.Errorf("%v is not a string", w)
			}
			var re *regexp.Regexp
			if s != anyWords {
				var err error
				if re, err = compileGlob(s, true); err != nil {
					return nil, fmt.Errorf("%q: %v", s, err)
				}
			}
			pat.words, pat.globs = append(pat.words, s), append(pat.globs, re)
		}
		if pat.globs[0] == nil {
			return nil, errors.New(`a pattern starts with the command's name, not "**"`)
		}
		out = append(out, pat)
	}
	return out, nil
}

// match returns the first rule matching p (deny rules first), or nil.
// tree is the channel directory, for lanes named by name.
func (pol *Policy) match(p store.Picker, tree []store.ChannelNode) *Rule {
	cmd := parseShellCommand(p.Command)
	for _, r := range pol.order {
		if ok, _ := r.test(p, cmd, tree); ok {
			return r
		}
	}
	return nil
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
