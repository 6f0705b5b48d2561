package drawer

import (
	"sort"
	"strings"

	"github.com/hermes/iris/internal/ui/common"
)

// match is one row of the drawer: a command (or one of its subcommands)
// that matches the typed text.
type match struct {
	entry      int    // index into entries
	completion string // the composer text Tab puts in
	alias      string // the alias that matched, "" when the name did
	hits       []int  // byte offsets of matched characters in completion
	prefix     bool   // the query is a prefix (ranks first)
	score      int    // fuzzy score (higher is better)
	order      int    // position in the catalog, for stable ties
	path       bool   // a file path of /attach, not a command
}

// refilter recomputes the matches for the current text and whether the
// drawer is open: the text must be one line starting with "/", either one
// word (command names) or a command with subcommands plus one partial word.
func (m *Model) refilter() {
	m.matches = m.matches[:0]
	m.open = false
	if !m.active() {
		m.cur.SetLen(0)
		return
	}
	word, rest, hasArg := strings.Cut(m.text, " ")
	if !hasArg {
		m.matches = m.nameMatches(word)
	} else if e := m.exact(word); e >= 0 && !strings.Contains(rest, " ") {
		m.matches = m.subMatches(e, word, rest)
	}
	if hasArg && len(m.matches) == 0 {
		m.matches = m.pathMatches()
	}
	m.open = len(m.matches) > 0
	m.cur.SetLen(len(m.matches))
}

// active reports whether the text is a command being typed that Esc has
// not dismissed.
func (m *Model) active() bool {
	return strings.HasPrefix(m.text, "/") && !strings.Contains(m.text, "\n") && m.text != m.dismissed
}

// exact returns the entry invoked by word (name, alias or forced client
// name), or -1.
func (m *Model) exact(word string) int {
	for i, e := range m.entries {
		if strings.EqualFold(e.Invoke, word) || containsFold(e.Aliases, word) {
			return i
		}
	}
	return -1
}

// nameMatches matches word against every entry's invocation and aliases;
// "//x" matches only Iris's commands.
func (m *Model) nameMatches(word string) []match {
	clientOnly := strings.HasPrefix(word, ClientPrefix)
	var out []match
	for i, e := range m.entries {
		if clientOnly && !e.Client {
			continue
		}
		invoke := e.Invoke
		if clientOnly {
			invoke = ClientPrefix + strings.TrimPrefix(e.Name, "/")
		}
		targets := append([]string{invoke}, e.Aliases...)
		if best, ok := bestMatch(word, targets); ok {
			best.entry, best.order = i, i
			if best.completion != invoke {
				best.alias = best.completion
			}
			out = append(out, best)
		}
	}
	rank(out)
	return out
}

// subMatches matches the partial argument against entry e's subcommands.
func (m *Model) subMatches(e int, word, arg string) []match {
	var out []match
	for i, s := range m.entries[e].Subs {
		if mt, ok := bestMatch(arg, []string{s}); ok {
			mt.entry, mt.order = e, i
			mt.completion = word + " " + s
			for j := range mt.hits {
				mt.hits[j] += len(word) + 1
			}
			out = append(out, mt)
		}
	}
	rank(out)
	return out
}

// bestMatch matches q against targets (common.BestMatch) as a drawer row.
func bestMatch(q string, targets []string) (match, bool) {
	tm, ok := common.BestMatch(q, targets)
	if !ok {
		return match{}, false
	}
	return match{completion: targets[tm.Target], hits: tm.Hits, prefix: tm.Prefix, score: tm.Score}, true
}

// rank orders prefix matches first (catalog order), then fuzzy matches by
// score.
func rank(ms []match) {
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.prefix != b.prefix {
			return a.prefix
		}
		if !a.prefix && a.score != b.score {
			return a.score > b.score
		}
		return a.order < b.order
	})
}
