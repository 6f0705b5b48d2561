package markdown

import "strings"

// CodeBlocks returns the contents of src's fenced code blocks in order,
// without the fences (an unclosed last fence runs to the end, as CommonMark
// has it). The copy key takes one of them.
func CodeBlocks(src string) []string {
	var out []string
	var body []string
	fence, indent := "", 0
	for _, line := range strings.Split(src, "\n") {
		if fence == "" {
			if run := fenceOpen(line); run != "" {
				fence, indent, body = run, len(line)-len(strings.TrimLeft(line, " ")), nil
			}
			continue
		}
		if isFenceClose(line, fence) {
			out = append(out, strings.Join(body, "\n"))
			fence = ""
			continue
		}
		body = append(body, trimIndent(line, indent))
	}
	if fence != "" {
		out = append(out, strings.Join(body, "\n"))
	}
	return out
}

// trimIndent drops up to n leading spaces: a fence indented by n indents
// its content by as much.
func trimIndent(line string, n int) string {
	for i := 0; i < n && strings.HasPrefix(line, " "); i++ {
		line = line[1:]
	}
	return line
}
