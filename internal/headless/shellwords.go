package headless

import (
	"fmt"
	"slices"
	"strings"
)

// shellCommand is an approval's command split into words as a POSIX shell
// would split it, quotes and backslashes removed.
type shellCommand struct {
	// Words are the words; when Shell is not empty, operators and
	// redirections are words of their own and substitutions, variables
	// and globs are left in their words as written.
	Words []string
	// Shell names the shell syntax found, the first of each kind: with
	// any, the words are not what the shell would run, so only a rule
	// that allows shell syntax may match.
	Shell []string
}

// Shell syntax, as named in explanations.
const (
	synSeparator = "a second command (; & && || or a newline)"
	synPipe      = "a pipe (|)"
	synRedirect  = "a redirection (< or >)"
	synSubshell  = "a subshell (( or ))"
	synSubst     = "a command substitution ($( or `)"
	synVariable  = "a variable or parameter expansion ($)"
	synGlob      = "a glob (* ? or [)"
	synBrace     = "a brace expansion ({ or })"
	synTilde     = "a home directory (~)"
	synComment   = "a comment (#)"
	synAssign    = "a variable assignment before the command"
	synQuote     = "an unterminated quote"
	synControl   = "a control character"
)

// parseShellCommand splits cmd. It never fails: what it cannot take as
// plain words it names in Shell.
func parseShellCommand(cmd string) shellCommand {
	p := &shellParser{}
	p.run(cmd)
	return shellCommand{Words: p.words, Shell: p.shell}
}

type shellParser struct {
	words   []string
	shell   []string
	cur     strings.Builder
	inWord  bool // a word is started (even an empty one, from '')
	command bool // no word of the current command seen yet but assignments
}

func (p *shellParser) note(syntax string) {
	if !slices.Contains(p.shell, syntax) {
		p.shell = append(p.shell, syntax)
	}
}

// end finishes the current word.
func (p *shellParser) end() {
	if !p.inWord {
		return
	}
	w := p.cur.String()
	if p.command && isAssignment(w) {
		p.note(synAssign)
	} else {
		p.command = false
	}
	p.words = append(p.words, w)
	p.cur.Reset()
	p.inWord = false
}

// operator ends the word and adds op as a word of its own.
func (p *shellParser) operator(op, syntax string) {
	p.end()
	p.note(syntax)
	p.words = append(p.words, op)
	p.command = syntax == synSeparator || syntax == synPipe
}

func (p *shellParser) add(r rune) {
	p.cur.WriteRune(r)
	p.inWord = true
}

func (p *shellParser) run(cmd string) {
	p.command = true
	rs := []rune(cmd)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		next := rune(0)
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		if r < 0x20 && r != '\t' && r != '\n' || r == 0x7f {
			p.note(synControl)
		}
		switch {
		case r == ' ' || r == '\t':
			p.end()
		case r == '\n' || r == '\r':
			p.operator(";", synSeparator)
		case r == ';' || r == '&' || r == '|':
			op := string(r)
			if next == r || r == '|' && next == '&' {
				op += string(next)
				i++
			}
			syntax := synSeparator
			if op == "|" || op == "|&" {
				syntax = synPipe
			}
			p.operator(op, syntax)
		case r == '<' || r == '>':
			op := string(r)
			if next == '>' || next == '<' || next == '&' || next == '|' {
				op += string(next)
				i++
			}
			p.operator(op, synRedirect)
		case r == '(' || r == ')':
			p.operator(string(r), synSubshell)
		case r == '\\':
			if next == '\n' {
				p.note(synSeparator)
			}
			if i+1 < len(rs) {
				p.add(next)
				i++
			} else {
				p.add(r)
			}
		case r == '\'':
			end := slices.Index(rs[i+1:], '\'')
			if end < 0 {
				p.note(synQuote)
				end = len(rs) - i - 1
			}
			p.literal(rs[i+1 : i+1+end])
			i += end + 1
			p.inWord = true
		case r == '"':
			i = p.doubleQuoted(rs, i+1)
			p.inWord = true
		case r == '`':
			p.note(synSubst)
			p.add(r)
		case r == '$':
			p.dollar(next)
			p.add(r)
		case r == '*' || r == '?' || r == '[':
			p.note(synGlob)
			p.add(r)
		case r == '{' || r == '}':
			p.note(synBrace)
			p.add(r)
		case r == '~' && (!p.inWord || strings.HasSuffix(p.cur.String(), "=") || strings.HasSuffix(p.cur.String(), ":")):
			p.note(synTilde)
			p.add(r)
		case r == '#' && !p.inWord:
			p.note(synComment)
			p.add(r)
		default:
			p.add(r)
		}
	}
	p.end()
}

// literal adds quoted text, noting control characters and newlines in it.
func (p *shellParser) literal(rs []rune) {
	for _, r := range rs {
		switch {
		case r == '\n' || r == '\r':
			p.note(synSeparator)
		case r < 0x20 && r != '\t' || r == 0x7f:
			p.note(synControl)
		}
		p.cur.WriteRune(r)
	}
}

// doubleQuoted reads a "..." string from rs[i:] (after the opening quote)
// and returns the index of the closing quote.
func (p *shellParser) doubleQuoted(rs []rune, i int) int {
	for ; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '"':
			return i
		case r == '\\' && i+1 < len(rs) && strings.ContainsRune("$`\"\\\n", rs[i+1]):
			i++
			if rs[i] == '\n' {
				p.note(synSeparator)
			}
			p.cur.WriteRune(rs[i])
		case r == '`':
			p.note(synSubst)
			p.cur.WriteRune(r)
		case r == '$':
			next := rune(0)
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			p.dollar(next)
			p.cur.WriteRune(r)
		default:
			p.literal(rs[i : i+1])
		}
	}
	p.note(synQuote)
	return i
}

// dollar notes what a $ followed by next starts.
func (p *shellParser) dollar(next rune) {
	switch {
	case next == '(':
		p.note(synSubst)
	case next == '{' || next == '\'' || next == '"' || next == '_' || strings.ContainsRune("?*@#!$-", next) ||
		next >= 'a' && next <= 'z' || next >= 'A' && next <= 'Z' || next >= '0' && next <= '9':
		p.note(synVariable)
	}
}

// isAssignment says w is NAME=value, which the shell takes as a variable
// for the command rather than the command.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// String shows the words as a list, for explanations.
func (c shellCommand) String() string {
	q := make([]string, len(c.Words))
	for i, w := range c.Words {
		q[i] = fmt.Sprintf("%q", w)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
