package headless

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// anyWords, as a word of a command pattern, matches any number of words.
const anyWords = "**"

// test says whether r answers p, whose command is cmd, and why: what
// matched, or the first thing that did not. tree is the channel
// directory (nil when unknown).
func (r *Rule) test(p store.Picker, cmd shellCommand, tree []store.ChannelNode) (bool, string) {
	typ := strings.TrimPrefix(p.Type, "picker.")
	if r.Type != typ {
		return false, fmt.Sprintf("it is for %s pickers", r.Type)
	}
	if r.Lane != "" {
		if ok, why := r.inLane(p, tree); !ok {
			return false, why
		}
	}
	var matched []string
	if typ == "approval" {
		// Denying more is safe: deny rules see shell syntax too, with
		// operators as words of their own.
		if len(cmd.Shell) > 0 && !r.Shell && r.Answer != denyValue {
			return false, "the command holds " + strings.Join(cmd.Shell, ", ") + ", and the rule does not allow shell syntax (shell = true)"
		}
		if r.commands != nil {
			i := slices.IndexFunc(r.commands, func(pat wordPattern) bool { return matchWords(pat.globs, cmd.Words) })
			if i < 0 {
				return false, "no command pattern matches the words " + termsafe.Line(cmd.String())
			}
			matched = append(matched, "the words match "+patternString(r.commands[i].words))
		}
		if r.anyArg != nil {
			arg, i := r.matchingArg(cmd.Words)
			if i < 0 {
				return false, "no argument matches any_arg " + patternString(r.AnyArg)
			}
			matched = append(matched, fmt.Sprintf("argument %q matches %q", termsafe.Line(arg), termsafe.Line(r.AnyArg[i])))
		}
	}
	if r.question != nil {
		q := cmp.Or(p.Question, p.Title, p.Message)
		if !r.question.MatchString(q) {
			return false, fmt.Sprintf("the question %q does not match", termsafe.Line(q))
		}
		matched = append(matched, "the question matches")
	}
	if len(matched) == 0 {
		matched = append(matched, "every "+r.Type+" picker matches")
	}
	return true, strings.Join(matched, "; ")
}

// inLane says p is in the rule's lane: a channel named by its id or by its
// name (the user's; it must name one channel only), or a thread named by
// its id. Threads are never matched by name: their titles are the agent's.
func (r *Rule) inLane(p store.Picker, tree []store.ChannelNode) (bool, string) {
	if r.Lane == laneID(p.Lane) {
		return true, ""
	}
	if tree == nil {
		return false, fmt.Sprintf("it is for lane %q (not checked here)", termsafe.Line(r.Lane))
	}
	var named []string
	for _, n := range tree {
		if n.Lane.ThreadID == "" && strings.EqualFold(n.Name, r.Lane) { // a thread may be listed at top level
			named = append(named, n.Lane.ChatID)
		}
	}
	switch {
	case len(named) > 1:
		return false, fmt.Sprintf("%d channels are named %q: name the lane by its id", len(named), termsafe.Line(r.Lane))
	case len(named) == 1 && p.Lane.ThreadID == "" && p.Lane.ChatID == named[0]:
		return true, ""
	}
	return false, fmt.Sprintf("it is for lane %q, and the picker is in %s", termsafe.Line(r.Lane), termsafe.Line(laneID(p.Lane)))
}

// matchWords matches words against a pattern, word by word; a nil glob
// (**) matches any number of words. It takes len(globs) × len(words)
// steps, however many ** there are.
func matchWords(globs []*regexp.Regexp, words []string) bool {
	// ok[j]: globs[:i] match words[:j], for the i of the loop.
	ok := make([]bool, len(words)+1)
	ok[0] = true
	for _, g := range globs {
		next := make([]bool, len(words)+1)
		for j := range next {
			switch {
			case g == nil:
				next[j] = ok[j] || j > 0 && next[j-1]
			case j > 0:
				next[j] = ok[j-1] && g.MatchString(words[j-1])
			}
		}
		ok = next
	}
	return ok[len(words)]
}

// matchingArg finds an argument (a word after the command's name) that
// one of the rule's any_arg globs matches, and that glob's index (-1:
// none).
func (r *Rule) matchingArg(words []string) (string, int) {
	for _, w := range words[min(1, len(words)):] {
		for i, g := range r.anyArg {
			if g.MatchString(w) {
				return w, i
			}
		}
	}
	return "", -1
}

// patternString shows a pattern as written in the policy.
func patternString(words []string) string {
	return termsafe.Line(shellCommand{Words: words}.String())
}
