package e2e

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// The demo keeps nothing: after a session in which a picker was answered
// (an audit entry) and the log was written, no file is left in the XDG
// directories, and the demo's temporary directory is gone.
func TestDemoKeepsNothing(t *testing.T) {
	e := newEnv(t)
	e.height = 50
	tmp := filepath.Join(e.root, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	e.extra = append(e.extra, "TMPDIR="+tmp)
	r := e.start("--demo")
	r.waitShows("● online")
	r.askAndOpen("please rm the build directory", "Approve command?", armed)
	r.keys("1")
	r.waitShows("◆ approved once")
	r.quit()

	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		_ = filepath.WalkDir(e.xdg[v], func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				t.Errorf("the demo left %s", path)
			}
			return nil
		})
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("the demo left %d entries in its temporary directory, e.g. %s", len(left), left[0].Name())
	}
}
