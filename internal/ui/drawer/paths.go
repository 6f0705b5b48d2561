package drawer

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// AttachCommand is Iris's command that attaches a file; its argument
// completes to paths.
const AttachCommand = "/attach"

// maxPaths caps the directory entries kept for completion.
const maxPaths = 1000

// PathsMsg is a directory listing for /attach completion (ListDir's
// answer); the root hands it to SetPaths.
type PathsMsg struct {
	Dir   string   // the directory as the text names it ("" is the working directory)
	Names []string // its entries, sorted; directories end in "/"
	Err   error
}

// ListDir lists dir ("~/" is the home directory) in a command; the drawer
// never reads the file system itself. A non-empty path is read instead of
// dir (the answer still names dir), for a dir the caller resolved.
func ListDir(dir, path string) tea.Cmd {
	return func() tea.Msg {
		if path == "" {
			path = dir
			if rest, ok := strings.CutPrefix(dir, "~/"); ok {
				home, err := os.UserHomeDir()
				if err != nil {
					return PathsMsg{Dir: dir, Err: err}
				}
				path = filepath.Join(home, rest)
			}
		}
		if path == "" {
			path = "."
		}
		ents, err := os.ReadDir(path)
		names := make([]string, 0, min(len(ents), maxPaths))
		for _, e := range ents[:min(len(ents), maxPaths)] {
			n := e.Name()
			if e.IsDir() {
				n += "/"
			}
			names = append(names, n)
		}
		sort.Strings(names)
		return PathsMsg{Dir: dir, Names: names, Err: err}
	}
}

// pathState is the listing /attach completes from.
type pathState struct {
	dir   string   // the directory listed
	names []string // nil until a listing arrived
	asked string   // the directory last asked for
}

// attachArg is the argument of an /attach being typed; ok is false for
// any other text.
func (m *Model) attachArg() (string, bool) {
	word, arg, has := strings.Cut(m.text, " ")
	if !has || m.exact(word) < 0 || m.exact(word) != m.exact(AttachCommand) {
		return "", false
	}
	return arg, true
}

// splitPath splits a path being typed into its directory (with the
// trailing slash) and the partial name after it.
func splitPath(arg string) (dir, partial string) {
	i := strings.LastIndex(arg, "/")
	return arg[:i+1], arg[i+1:]
}

// pathWant returns the directory the text needs listed, once per
// directory.
func (m *Model) pathWant() (string, bool) {
	arg, ok := m.attachArg()
	if !ok || !m.active() {
		return "", false
	}
	dir, _ := splitPath(arg)
	if dir == m.paths.asked {
		return "", false
	}
	m.paths.asked = dir
	return dir, true
}

// SetPaths takes a listing for /attach completion; it is used only when it
// is for the directory the text names now.
func (m *Model) SetPaths(msg PathsMsg) {
	arg, ok := m.attachArg()
	if dir, _ := splitPath(arg); !ok || dir != msg.Dir {
		return
	}
	m.paths.dir, m.paths.names = msg.Dir, msg.Names
	if m.paths.names == nil {
		m.paths.names = []string{} // listed (maybe unreadable): nothing to offer
	}
	m.refilter()
}

// pathMatches completes the /attach argument from the listing. Hidden
// entries are offered only once a "." is typed.
func (m *Model) pathMatches() []match {
	arg, ok := m.attachArg()
	if !ok {
		return nil
	}
	dir, partial := splitPath(arg)
	if dir != m.paths.dir || m.paths.names == nil {
		return nil
	}
	word, _, _ := strings.Cut(m.text, " ")
	e, shift := m.exact(word), len(word)+1+len(dir)
	var out []match
	for i, n := range m.paths.names {
		if strings.HasPrefix(n, ".") && !strings.HasPrefix(partial, ".") {
			continue
		}
		if mt, ok := bestMatch(partial, []string{n}); ok {
			mt.entry, mt.order, mt.completion, mt.path = e, i, word+" "+dir+n, true
			for j := range mt.hits {
				mt.hits[j] += shift
			}
			out = append(out, mt)
		}
	}
	rank(out)
	return out
}
