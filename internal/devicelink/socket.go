package devicelink

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/hermes/iris/internal/safefile"
)

// maxSocketPath is the longest Unix socket path every platform Iris runs
// on accepts (sun_path is 104 bytes on the BSDs and macOS, 108 on Linux).
const maxSocketPath = 103

// ForeignError refuses a socket at the link's path that this process must
// not talk to: not a socket, another user's, open to other users, or a
// holder that is not of this user or of this profile's gateway.
type ForeignError struct {
	Path string
	Why  string
}

func (e *ForeignError) Error() string {
	return "refusing the device link socket " + e.Path + ": " + e.Why
}

// socketPath is where the link of the profile in dir listens: in dir
// itself, or, when that path is too long for a socket, in a private
// directory ($XDG_RUNTIME_DIR/iris, else iris-UID in the temporary
// directory) under a name derived from dir.
func socketPath(dir, name string, getenv func(string) string) (string, error) {
	p := filepath.Join(dir, name+".sock")
	if len(p) <= maxSocketPath {
		return p, nil
	}
	private := filepath.Join(os.TempDir(), "iris-"+strconv.Itoa(os.Getuid()))
	if rt := getenv("XDG_RUNTIME_DIR"); rt != "" {
		private = filepath.Join(rt, "iris")
	}
	sum := sha256.Sum256([]byte(p))
	short := filepath.Join(private, hex.EncodeToString(sum[:8])+".sock")
	if len(short) > maxSocketPath {
		return "", fmt.Errorf("the device link socket %s is too long for a Unix socket, and so is %s", p, short)
	}
	if err := safefile.PrivateDir(private); err != nil {
		return "", err
	}
	return short, nil
}

// checkSocket refuses what is at path unless it is a socket owned by uid
// that no other user may connect to. It returns fs.ErrNotExist when there
// is nothing.
func checkSocket(path string, uid int) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSocket == 0 {
		return &ForeignError{Path: path, Why: "it is not a socket (" + fi.Mode().Type().String() + "); move it away"}
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != uid {
		return &ForeignError{Path: path, Why: fmt.Sprintf("it belongs to uid %d, not to you (uid %d)", st.Uid, uid)}
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return &ForeignError{Path: path, Why: fmt.Sprintf("its mode %04o lets other users connect (an Iris link socket is 0600)", perm)}
	}
	return nil
}

// dialSocket connects to the holder at path after checking the socket and
// the peer. refused is set when no process listens there (a stale socket,
// or none).
func dialSocket(path string) (conn *net.UnixConn, refused bool, err error) {
	if err := checkSocket(path, os.Getuid()); err != nil {
		return nil, errors.Is(err, fs.ErrNotExist), err
	}
	conn, err = net.DialUnix("unix", nil, &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, fs.ErrNotExist), err
	}
	if err := checkPeer(conn, path); err != nil {
		conn.Close()
		return nil, false, err
	}
	return conn, false, nil
}

// listenSocket replaces whatever stale socket is at path (the caller holds
// the lock, so no holder serves it) with a listener of mode 0600. The
// socket is made under a temporary name and renamed into place, so that
// no process ever sees it with another mode.
func listenSocket(path string) (*net.UnixListener, error) {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	tmp := filepath.Join(filepath.Dir(path), "."+strconv.Itoa(os.Getpid())+".sock~") // no longer than path's name
	os.Remove(tmp)
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: tmp, Net: "unix"})
	if err != nil {
		return nil, err
	}
	ln.SetUnlinkOnClose(false)
	if err := os.Chmod(tmp, 0o600); err != nil {
		ln.Close()
		os.Remove(tmp)
		return nil, err
	}
	if err := os.Rename(tmp, path); err != nil {
		ln.Close()
		os.Remove(tmp)
		return nil, err
	}
	return ln, nil
}

// tryLock takes the profile's device lock without waiting; held reports
// that another process has it.
func tryLock(path string) (f *os.File, held bool, err error) {
	f, err = os.OpenFile(path, os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, true, nil
		}
		return nil, false, err
	}
	return f, false, nil
}
