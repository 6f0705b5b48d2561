package dialog

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/hermes/iris/internal/themes"
)

// shellKind classifies one token of a shell command for highlighting.
type shellKind int

const (
	shellSpace shellKind = iota
	shellWord
	shellProgram
	shellFlag
	shellString
	shellVariable
	shellOperator
	shellComment
)

// shellToken is one token of a command line.
type shellToken struct {
	kind shellKind
	text string
}

// shellOperators are the characters that end a word and stand alone.
const shellOperators = "|&;<>()"

// shellTokens splits one line of (already sanitised) shell into tokens. It
// is a highlighter, not a parser: unbalanced quotes run to the end of the
// line, and anything unknown is a plain word. Concatenating the tokens'
// text gives back the line unchanged.
func shellTokens(line string) []shellToken {
	var toks []shellToken
	program := true // the next word names a program
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			j := i
			for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
				j++
			}
			toks = append(toks, shellToken{shellSpace, line[i:j]})
			i = j
		case c == '#':
			toks = append(toks, shellToken{shellComment, line[i:]})
			i = len(line)
		case strings.IndexByte(shellOperators, c) >= 0:
			j := i
			for j < len(line) && strings.IndexByte(shellOperators, line[j]) >= 0 {
				j++
			}
			toks = append(toks, shellToken{shellOperator, line[i:j]})
			op := line[i:j]
			program = strings.ContainsAny(op, "|;(") || strings.Trim(op, "&") == ""
			i = j
		default:
			j := wordEnd(line, i)
			word := line[i:j]
			kind := classifyWord(word, program)
			if kind == shellProgram {
				program = false
			}
			toks = append(toks, shellToken{kind, word})
			i = j
		}
	}
	return toks
}

// wordEnd returns the end of the word starting at i: the next unquoted
// blank or operator. Quotes keep blanks inside the word; a backslash escapes
// the next byte.
func wordEnd(line string, i int) int {
	var quote byte
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			quote = c
		case c == ' ' || c == '\t' || strings.IndexByte(shellOperators, c) >= 0:
			return i
		}
	}
	return min(i, len(line))
}

func classifyWord(w string, program bool) shellKind {
	switch {
	case w[0] == '\'' || w[0] == '"':
		return shellString
	case w[0] == '$':
		return shellVariable
	case program && strings.Contains(w, "=") && !strings.ContainsAny(w[:strings.IndexByte(w, '=')], "'\"$/"):
		return shellVariable // an environment assignment before the program
	case program:
		return shellProgram
	case w[0] == '-':
		return shellFlag
	}
	return shellWord
}

// highlightShell renders one sanitised command line with the dialog's
// shell styles; blanks and plain words take base (the Command style without
// its padding) so the background stays continuous.
func highlightShell(st themes.DialogStyles, base lipgloss.Style, line string) string {
	var b strings.Builder
	for _, t := range shellTokens(line) {
		b.WriteString(shellStyle(st, base, t.kind).Render(t.text))
	}
	return b.String()
}

func shellStyle(st themes.DialogStyles, base lipgloss.Style, k shellKind) lipgloss.Style {
	switch k {
	case shellProgram:
		return st.ShellProgram
	case shellFlag:
		return st.ShellFlag
	case shellString:
		return st.ShellString
	case shellVariable:
		return st.ShellVariable
	case shellOperator:
		return st.ShellOperator
	case shellComment:
		return st.ShellComment
	}
	return base
}
