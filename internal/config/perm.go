package config

import (
	"fmt"
	"os"
)

// permWarning returns a warning when the file at path can be read or
// written by others than its owner, and "" otherwise (or when it cannot be
// inspected; reading it reports that).
func permWarning(what, path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	if mode := st.Mode().Perm(); mode&0o077 != 0 {
		return fmt.Sprintf("%s %s is accessible by others than its owner (mode %04o); fix with: chmod 600 %s",
			what, path, mode, path)
	}
	return ""
}
