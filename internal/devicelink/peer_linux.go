package devicelink

import (
	"fmt"
	"net"
	"os"
	"syscall"
)

// checkPeer refuses a connection whose other end runs as another user.
func checkPeer(conn *net.UnixConn, path string) error {
	raw, err := conn.SyscallConn()
	if err != nil {
		return err
	}
	var cred *syscall.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	}); err != nil {
		return err
	}
	if credErr != nil {
		return credErr
	}
	if int(cred.Uid) != os.Getuid() {
		return &ForeignError{Path: path, Why: fmt.Sprintf("the process at the other end (pid %d) runs as uid %d, not as you (uid %d)", cred.Pid, cred.Uid, os.Getuid())}
	}
	return nil
}
