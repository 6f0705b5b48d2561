package mediactl

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The controller learns about the composer's and the transcript's chips
// only from Facts and changes them only through the actions it returns:
// it imports none of the components that hold them, nor the root (the
// status bar's Transfer is only the plain value it fills for the root).
func TestImportsNoSibling(t *testing.T) {
	siblings := []string{"ui", "ui/composer", "ui/transcript", "ui/dialog", "ui/drawer", "ui/sidebar"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, s := range siblings {
				if path == "github.com/hermes/iris/"+s {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no source file read")
	}
}
