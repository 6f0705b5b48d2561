package common

import "testing"

// TestBestMatch: a prefix of any text beats a fuzzy match of an earlier
// one; among fuzzy matches the best score wins; no match is reported.
func TestBestMatch(t *testing.T) {
	m, ok := BestMatch("lla", []string{"local models", "Llama 3.3"})
	if !ok || !m.Prefix || m.Target != 1 || len(m.Hits) != 3 {
		t.Fatalf("prefix of the second text: %+v, %v", m, ok)
	}
	fz, ok := BestMatch("l3", []string{"Llama 3.3"})
	if !ok || fz.Prefix || fz.Target != 0 {
		t.Fatalf("fuzzy match: %+v, %v", fz, ok)
	}
	if !m.Better(fz) || fz.Better(m) {
		t.Fatal("a prefix does not rank before a fuzzy match")
	}
	if worse := (TextMatch{Score: fz.Score - 1}); !fz.Better(worse) || worse.Better(fz) {
		t.Fatal("a higher fuzzy score does not rank first")
	}
	if _, ok := BestMatch("zz", []string{"Llama 3.3", "qwen"}); ok {
		t.Fatal("no text has z, yet it matched")
	}
	if e, ok := BestMatch("", []string{"a", "b"}); !ok || !e.Prefix || e.Target != 0 {
		t.Fatalf("empty query: %+v, %v", e, ok)
	}
}
