package common

import "strconv"

// Count writes n and noun, plural with an "s" unless n is 1: "1 line",
// "3 lines".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
