package sshserve

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strings"

	gossh "golang.org/x/crypto/ssh"
)

// Identity is an authorized key as a device: its fingerprint and name.
type Identity struct {
	// Fingerprint is the key's SHA256 fingerprint as ssh-keygen prints it.
	Fingerprint string
	// Name is the key's comment, or "ssh key <short fingerprint>".
	Name string
	key  []byte // the key's wire form
}

// dirName is a file-name-safe form of the fingerprint.
func (id Identity) dirName() string {
	sum := sha256.Sum256(id.key)
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// keyList is the parsed authorized keys file.
type keyList struct {
	ids      []Identity
	warnings []string // lines skipped, and why
}

// errNoKeys says the file has no usable key.
var errNoKeys = errors.New("no authorized key")

// loadKeys reads and parses an authorized_keys file.
func loadKeys(path string) (keyList, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return keyList{}, err
	}
	var kl keyList
	for n, line := range bytes.Split(b, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, comment, options, _, err := gossh.ParseAuthorizedKey(line)
		switch {
		case err != nil:
			kl.warnings = append(kl.warnings, fmt.Sprintf("%s line %d: not a public key: %v", path, n+1, err))
			continue
		case len(options) > 0:
			kl.warnings = append(kl.warnings, fmt.Sprintf("%s line %d: key options (%s) are not supported; key skipped",
				path, n+1, strings.Join(options, ",")))
			continue
		}
		fp := gossh.FingerprintSHA256(key)
		name := strings.TrimSpace(comment)
		if name == "" {
			name = "ssh key " + strings.TrimPrefix(fp, "SHA256:")[:8]
		}
		kl.ids = append(kl.ids, Identity{Fingerprint: fp, Name: name, key: key.Marshal()})
	}
	if len(kl.ids) == 0 {
		return kl, errNoKeys
	}
	return kl, nil
}

// find returns the identity of key, if it is in the list.
func (kl keyList) find(key gossh.PublicKey) (Identity, bool) {
	wire := key.Marshal()
	for _, id := range kl.ids {
		if bytes.Equal(id.key, wire) {
			return id, true
		}
	}
	return Identity{}, false
}

// NoKeysAdvice tells how to authorize a key in path.
func NoKeysAdvice(path string) string {
	return fmt.Sprintf("add the public key of each device allowed in, one per line, e.g.\n"+
		"  mkdir -p %s && cat ~/.ssh/id_ed25519.pub >> %s\n"+
		"(the comment at the end of the line names the device on the gateway)", dirOf(path), path)
}

func dirOf(path string) string {
	if i := strings.LastIndexByte(path, os.PathSeparator); i > 0 {
		return path[:i]
	}
	return "."
}
