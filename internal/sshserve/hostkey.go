package sshserve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// loadHostKey reads the ed25519 host key at path, creating it (mode 0600,
// directory 0700) when it does not exist. created says it was just made.
func loadHostKey(path string) (signer gossh.Signer, created bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		b, err = newHostKey(path)
		created = true
	}
	if err != nil {
		return nil, false, fmt.Errorf("host key %s: %w", path, err)
	}
	signer, err = gossh.ParsePrivateKey(b)
	if err != nil {
		return nil, false, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, created, nil
}

// newHostKey writes a fresh ed25519 key in OpenSSH format and returns it.
func newHostKey(path string) ([]byte, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	block, err := gossh.MarshalPrivateKey(priv, "iris serve host key")
	if err != nil {
		return nil, err
	}
	b := pem.EncodeToMemory(block)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return nil, err
	}
	return b, f.Close()
}

// withHostKey is the server option that sets the host key.
func withHostKey(signer gossh.Signer) ssh.Option {
	return func(srv *ssh.Server) error {
		srv.AddHostKey(signer)
		return nil
	}
}
