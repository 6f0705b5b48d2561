package common

import (
	"strings"

	"github.com/sahilm/fuzzy"
)

// TextMatch is how well a query matches one of an item's texts (its name,
// aliases, labels): the ranking the drawer and the model picker share.
type TextMatch struct {
	Target int   // the index of the text that matched
	Hits   []int // byte offsets of the matched characters in it
	Prefix bool  // the text starts with the query (case-insensitive)
	Score  int   // the fuzzy score when not a prefix (higher is better)
}

// BestMatch matches q against an item's texts: a case-insensitive prefix
// of one (the first such) beats any fuzzy match; among fuzzy matches the
// best score wins. An empty q is a prefix of the first text.
func BestMatch(q string, targets []string) (TextMatch, bool) {
	lq := strings.ToLower(q)
	for i, t := range targets {
		if strings.HasPrefix(strings.ToLower(t), lq) {
			hits := make([]int, len(q))
			for j := range hits {
				hits[j] = j
			}
			return TextMatch{Target: i, Hits: hits, Prefix: true}, true
		}
	}
	lowered := make([]string, len(targets))
	for i, t := range targets {
		lowered[i] = strings.ToLower(t)
	}
	found := fuzzy.Find(lq, lowered)
	if len(found) == 0 {
		return TextMatch{}, false
	}
	return TextMatch{Target: found[0].Index, Hits: found[0].MatchedIndexes, Score: found[0].Score}, true
}

// Better reports whether m ranks before o: a prefix before a fuzzy match,
// then the higher score; equal matches keep their order.
func (m TextMatch) Better(o TextMatch) bool {
	if m.Prefix != o.Prefix {
		return m.Prefix
	}
	return !m.Prefix && m.Score > o.Score
}
