package headless_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hermes/iris/headless"
)

// writePolicy writes a policy file in a temporary directory.
func writePolicy(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "policy.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPolicyErrorsNameFileLineAndKey(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"always", "[[rule]]\nname = \"x\"\ntype = \"approval\"\nanswer = \"always\"\n",
			`:4: rule[1].answer: a rule may never answer "always"; use "session" or "once"`},
		{"second rule", "[[rule]]\ntype = \"approval\"\nanswer = \"once\"\n\n[[rule]]\ntype = \"approvals\"\nanswer = \"once\"\n",
			":6: rule[2].type: must be one of approval, clarify, confirm, choice, model"},
		{"bad regex", "[[rule]]\ncommand_regex = \"(\"\nanswer = \"deny\"\n",
			":2: rule[1].command_regex: error parsing regexp: missing closing ): `(`"},
		{"matches all", "[[rule]]\nanswer = \"once\"\n",
			":2: rule[1].answer: the rule matches every picker: give it a type, lane, command or question"},
		{"no answer", "[[rule]]\ntype = \"choice\"\n",
			":1: rule[1].answer: missing: say how the rule answers"},
		{"unknown key", "[[rule]]\ntype = \"choice\"\nanwser = \"low\"\n",
			":3: rule.anwser: unknown key (a policy is refused rather than half applied)"},
		{"bad toml", "[[rule]\ntype = \"choice\"\n",
			":1: "},
		{"glob and regex", "[[rule]]\ncommand = \"rm *\"\ncommand_regex = \"^rm\"\nanswer = \"deny\"\n",
			":3: rule[1].command_regex: set a glob or a regular expression, not both"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writePolicy(t, tc.text)
			_, err := headless.LoadPolicy(path)
			if err == nil {
				t.Fatal("the policy was accepted")
			}
			if got := err.Error(); !strings.HasPrefix(got, path+tc.want) {
				t.Fatalf("error %q, want %s%s", got, path, tc.want)
			}
		})
	}
}

func TestPolicyAcceptsAGoodFile(t *testing.T) {
	pol, err := headless.LoadPolicy(writePolicy(t, `
[[rule]]
name = "read-only git"
type = "approval"
command = "git status*"
answer = "once"

[[rule]]
command_regex = "^rm "
answer = "deny"
reason = "no deletes from CI"
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(pol.Rules) != 2 || pol.Rules[0].Name != "read-only git" || pol.Rules[1].Name != "#2" {
		t.Fatalf("rules %+v", pol.Rules)
	}
}
