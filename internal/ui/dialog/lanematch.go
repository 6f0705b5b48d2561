package dialog

import (
	"strings"
	"unicode/utf8"
)

// Fuzzy matching for the channel switcher, in one pass over each key with
// no allocation: a label matches when the query's characters appear in it
// in order (case-insensitively), and scores higher when they are
// contiguous, start words, or start the label. Scores are small integers,
// so ranking is a counting sort, linear in the number of lanes.

// maxScore bounds matchScore, so a counting sort can rank by it.
const maxScore = 1023

// matchScore reports whether key (lower-cased) contains the lower-cased
// query q as a subsequence, and how well: the better of the first
// contiguous occurrence and the greedy leftmost match.
func matchScore(key, q string) (int, bool) {
	greedy, ok := subsequenceScore(key, q)
	if !ok {
		return 0, false
	}
	best := greedy
	if i := strings.Index(key, q); i >= 0 {
		s := 3*len(q) + 2
		if wordStart(key, i) {
			s += 4
		}
		if i == 0 {
			s += 4
		}
		best = max(best, s)
	}
	// Shorter labels win ties: a closer match to what was typed.
	best = best*4 - min(len(key)/8, 3)
	return min(max(best, 0), maxScore), true
}

// subsequenceScore matches q's runes greedily, leftmost first: one point a
// rune, two more when it follows the previous match, two more at a word
// start.
func subsequenceScore(key, q string) (int, bool) {
	score, ki, prev := 0, 0, -2
	for _, qr := range q {
		var at, size int
		if qr < utf8.RuneSelf {
			// An ASCII byte never occurs inside a multi-byte rune.
			at, size = strings.IndexByte(key[ki:], byte(qr)), 1
		} else {
			var buf [utf8.UTFMax]byte
			size = utf8.EncodeRune(buf[:], qr)
			at = strings.Index(key[ki:], string(buf[:size]))
		}
		if at < 0 {
			return 0, false
		}
		at += ki
		score++
		if at == prev {
			score += 2
		}
		if wordStart(key, at) {
			score += 2
		}
		ki = at + size
		prev = ki
	}
	return score, true
}

// wordStart reports whether byte offset i of key starts a word.
func wordStart(key string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(key[:i])
	return r == ' ' || r == '-' || r == '_' || r == '.' || r == '/' || r == ':' || r == '›'
}
