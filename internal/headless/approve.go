package headless

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// Approve is `iris approve --policy FILE`: a long-running approver that
// answers pickers by the policy's rules and leaves the rest to humans.
type Approve struct {
	PolicyFile string
	DryRun     bool   // print what would be answered, answer nothing
	Explain    string // a command to check against the policy, rule by rule, instead
}

// run loads the policy (refusing to start on any error in it), then answers
// every pending and arriving picker a rule matches until ctx ends, and
// prints a summary line.
func (o *Approve) run(ctx context.Context, env *Env) error {
	pol, err := LoadPolicy(o.PolicyFile)
	if err != nil {
		return fail(ExitConfig, "%v", err)
	}
	if o.Explain != "" {
		pol.explain(env.Stdout, o.Explain)
		return nil
	}
	s, err := open(ctx, env, resume{})
	if err != nil {
		return err
	}
	defer s.close()
	a := newApprover(env, s, pol, env.Stdout)
	a.dry = o.DryRun
	a.pending(ctx)
	for {
		ev, err := s.next(ctx)
		switch {
		case ctx.Err() != nil:
			fmt.Fprintln(env.Stderr, "iris:", a.summary())
			return nil
		case errors.Is(err, wsclient.ErrClosed):
			return fail(ExitDelivery, "the connection closed; %s", a.summary())
		case err != nil:
			return err
		}
		if _, ok := ev.(*wsclient.FrameEvent); ok {
			a.pending(ctx)
		}
	}
}

// approver answers pickers by a policy.
type approver struct {
	env    *Env
	out    io.Writer // one line per decision
	s      *session
	pol    *Policy
	dry    bool
	seen   map[string]bool // pickers already decided (answered or left)
	counts map[string]int  // answers given, by value
	left   int             // pickers left to humans
	failed int             // answers not delivered
}

func newApprover(env *Env, s *session, pol *Policy, out io.Writer) *approver {
	return &approver{env: env, out: out, s: s, pol: pol, seen: map[string]bool{}, counts: map[string]int{}}
}

// pending decides every pending picker not decided yet.
func (a *approver) pending(ctx context.Context) {
	for _, l := range a.s.st.PendingLanes() {
		for _, p := range append([]store.Picker(nil), a.s.st.Pickers(l)...) {
			if !a.seen[p.PickerID] {
				a.seen[p.PickerID] = true
				a.decide(ctx, p)
			}
		}
	}
}

// decide answers p by the first matching rule, or leaves it to a human;
// it reports whether p was answered (a dry run answers nothing).
func (a *approver) decide(ctx context.Context, p store.Picker) bool {
	v := newPickerView(p, a.s.st, a.s.now())
	r := a.pol.match(p, a.s.st.Tree())
	out := a.out
	if r == nil {
		a.left++
		why := "no rule matches"
		if sh := parseShellCommand(p.Command).Shell; p.Type == frame.TypePickerApproval && len(sh) > 0 {
			why += "; the command holds " + strings.Join(sh, ", ")
		}
		fmt.Fprintf(out, "left to a human: %s (%s)\n", v.summary(), why)
		return false
	}
	if err := checkValue(p, r.Answer, false); err != nil {
		a.left++
		fmt.Fprintf(out, "left to a human: %s (rule %s: %v)\n", v.summary(), termsafe.Line(r.Name), err)
		return false
	}
	if a.dry {
		a.counts[r.Answer]++
		fmt.Fprintf(out, "would answer %s with %s (rule %s)\n", v.summary(), termsafe.Line(r.Answer), termsafe.Line(r.Name))
		return false
	}
	file := filepath.Base(a.pol.Path)
	who := answerer{via: fmt.Sprintf("policy %s rule %s", file, r.Name), policy: file, rule: r.Name}
	res, err := deliver(ctx, a.s, p, r.Answer, r.Reason, who)
	if err != nil {
		a.failed++
		fmt.Fprintf(out, "not answered: %s: %v\n", v.summary(), err)
		return false
	}
	a.counts[r.Answer]++
	note := ""
	if res == audit.NotConfirmed {
		note = "; sent, not confirmed"
	}
	fmt.Fprintf(out, "answered %s with %s (rule %s%s)\n", v.summary(), termsafe.Line(r.Answer), termsafe.Line(r.Name), note)
	return true
}

// summary is the line printed on exit.
func (a *approver) summary() string {
	total := 0
	var parts []string
	for v, n := range a.counts {
		total += n
		parts = append(parts, fmt.Sprintf("%d %s", n, termsafe.Line(v)))
	}
	sort.Strings(parts)
	verb := "answered"
	if a.dry {
		verb = "would have answered"
	}
	s := fmt.Sprintf("approve: %s %d", verb, total)
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s + fmt.Sprintf(", left %d to humans, %d not delivered", a.left, a.failed)
}
