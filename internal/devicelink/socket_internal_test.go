package devicelink

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestASocketOfAnotherUserIsRefused: a socket at the path owned by
// someone else is refused, naming its owner (the check compares the real
// socket's owner with the user the process runs as; here that user is
// taken to be another one).
func TestASocketOfAnotherUserIsRefused(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "dev.sock")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if err := os.Chmod(sock, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := checkSocket(sock, os.Getuid()); err != nil {
		t.Fatalf("this user's own 0600 socket: %v", err)
	}
	me := os.Getuid() + 1
	err = checkSocket(sock, me)
	var fe *ForeignError
	if !errors.As(err, &fe) || !strings.Contains(fe.Why, fmt.Sprintf("belongs to uid %d, not to you (uid %d)", os.Getuid(), me)) {
		t.Fatalf("got %v", err)
	}
}

// TestALongDataDirPathPutsTheSocketInAPrivateDir: a profile whose socket
// path would not fit a Unix socket gets one in $XDG_RUNTIME_DIR/iris.
func TestALongDataDirPathPutsTheSocketInAPrivateDir(t *testing.T) {
	rt := t.TempDir()
	long := filepath.Join(t.TempDir(), strings.Repeat("d", 120))
	p, err := socketPath(long, "dev", func(k string) string {
		if k == "XDG_RUNTIME_DIR" {
			return rt
		}
		return ""
	})
	if err != nil || filepath.Dir(p) != filepath.Join(rt, "iris") || len(p) > maxSocketPath {
		t.Fatalf("socket path %q, %v", p, err)
	}
	if short, _ := socketPath(t.TempDir(), "dev", os.Getenv); filepath.Base(short) != "dev.sock" {
		t.Fatalf("a short data dir's socket is %q, not in the dir", short)
	}
}
