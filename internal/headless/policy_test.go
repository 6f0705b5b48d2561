package headless_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hermes/iris/internal/headless"
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
		{"second rule", "[[rule]]\ntype = \"approval\"\ncommand = [\"ls\"]\nanswer = \"once\"\n\n[[rule]]\ntype = \"approvals\"\nanswer = \"once\"\n",
			":7: rule[2].type: must be one of approval, clarify, confirm, choice, model"},
		{"bad regex", "[[rule]]\ntype = \"clarify\"\nquestion_regex = \"(\"\nanswer = \"deny\"\n",
			":3: rule[1].question_regex: error parsing regexp: missing closing ): `^(?:()$`"},
		{"no type", "[[rule]]\nquestion = \"x\"\nanswer = \"once\"\n",
			":1: rule[1].type: missing: a rule answers pickers of one type: approval, clarify, confirm, choice, model"},
		{"no answer", "[[rule]]\ntype = \"choice\"\n",
			":1: rule[1].answer: missing: say how the rule answers"},
		{"unknown key", "[[rule]]\ntype = \"choice\"\nanwser = \"low\"\n",
			":3: rule.anwser: unknown key (a policy is refused rather than half applied)"},
		{"removed key", "[[rule]]\ntype = \"approval\"\ncommand_regex = \"^git status\"\nanswer = \"once\"\n",
			`:3: rule.command_regex: removed: commands are matched word by word, e.g. command = ["git", "status"]`},
		{"bad toml", "[[rule]\ntype = \"choice\"\n",
			":1: "},
		{"glob and regex", "[[rule]]\ntype = \"clarify\"\nquestion = \"a*\"\nquestion_regex = \"^a\"\nanswer = \"x\"\n",
			":4: rule[1].question_regex: set a glob or a regular expression, not both"},
		{"approval by question", "[[rule]]\ntype = \"approval\"\nquestion = \"*build*\"\nanswer = \"once\"\n",
			":3: rule[1].question: an approval is matched by its command, never by its description"},
		{"approval without command", "[[rule]]\ntype = \"approval\"\nanswer = \"once\"\n",
			":1: rule[1].command: missing: an approval rule names the commands it answers"},
		{"command as a string", "[[rule]]\ntype = \"approval\"\ncommand = \"git status*\"\nanswer = \"once\"\n",
			":3: rule[1].command: must be a list of words"},
		{"command on a clarify", "[[rule]]\ntype = \"clarify\"\ncommand = [\"x\"]\nanswer = \"x\"\n",
			":3: rule[1].command: only approvals have a command; this rule is for clarify pickers"},
		{"approving any_arg", "[[rule]]\ntype = \"approval\"\ncommand = [\"make\", \"**\"]\nany_arg = [\"test\"]\nanswer = \"once\"\n",
			":4: rule[1].any_arg: only a deny rule may match by any_arg"},
		{"bad glob", "[[rule]]\ntype = \"approval\"\ncommand = [\"rm\", \"[a\"]\nanswer = \"once\"\n",
			`:3: rule[1].command: "[a": a [ is not closed by ]`},
		{"pattern starting with **", "[[rule]]\ntype = \"approval\"\ncommand = [\"**\"]\nanswer = \"deny\"\n",
			`:3: rule[1].command: a pattern starts with the command's name, not "**"`},
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
command = [["git", "status"], ["git", "log", "**"]]
answer = "once"

[[rule]]
type = "approval"
command = ["rm", "**"]
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
