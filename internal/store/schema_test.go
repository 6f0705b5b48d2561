package store

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMigrations builds a database at every earlier schema version (0 is
// an empty file), with data where the schema allows it, and checks that
// Open upgrades it to the current version keeping the data.
func TestMigrations(t *testing.T) {
	for v := 0; v < schemaVersion; v++ {
		t.Run(fmt.Sprintf("from v%d", v), func(t *testing.T) {
			dir := t.TempDir()
			conn, err := sql.Open("sqlite", "file:"+filepath.Join(dir, FileName))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := conn.Exec(`CREATE TABLE schema_version (version INTEGER NOT NULL)`); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < v; i++ {
				if err := step(conn, i); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if i == 0 {
					seedV1(t, conn) // v1 data, carried through every later step
				}
			}
			conn.Close()

			s, err := Open(dir, Options{})
			if err != nil {
				t.Fatalf("open: %v", err)
			}
			if v >= 1 {
				wantTree(t, s, "*d Default")
				// The card an earlier run left running is found without
				// reading the lane first (migration 4 indexes it).
				if got := s.Unsettled(); len(got) != 1 || got[0] != def {
					t.Fatalf("unsettled lanes %v", got)
				}
				want(t, s, def, `assistant m1 "kept"`, `tool 1 terminal running`)
				if !s.Lane(def).HasMore {
					t.Fatal("lane state lost")
				}
				if s.Cursor() != 7 {
					t.Fatalf("cursor %d", s.Cursor())
				}
			}
			s.SetDraft(def, "new in v2")
			closeState(t, s)
			conn = rawDB(t, dir)
			if got := count(t, conn, `SELECT version FROM schema_version`); got != schemaVersion {
				t.Fatalf("version %d", got)
			}
			if got := count(t, conn, `SELECT COUNT(*) FROM schema_version`); got != 1 {
				t.Fatalf("%d version rows", got)
			}
			if got := count(t, conn, `SELECT COUNT(*) FROM drafts`); got != 1 {
				t.Fatalf("%d drafts", got)
			}
		})
	}
}

// seedV1 writes data in the shape of schema v1.
func seedV1(t *testing.T, conn *sql.DB) {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO channels VALUES ('d', '', 'Default', 'default', 1, 0, 0)`,
		`INSERT INTO items VALUES (1, 'd', '', 0, 0, 'm1', NULL, 1800000000000,
			'{"msg":{"id":"m1","role":"assistant","text":"kept","ts":"2027-01-15T08:00:00Z"}}')`,
		`INSERT INTO items VALUES (2, 'd', '', 1, 1, NULL, NULL, 1800000001000,
			'{"tool":{"index":1,"name":"terminal","running":true,"started":"2027-01-15T08:00:01Z"}}')`,
		`INSERT INTO lanes VALUES ('d', '', 0, 1, '', 'null')`,
		`INSERT INTO meta VALUES ('cursor', '7')`,
	} {
		if _, err := conn.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func TestOpenCreatesPrivateFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "iris", "work")
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer closeState(t, s)
	apply(t, s, helloAck)
	s.db.flush()
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v", fi.Mode().Perm())
	}
	for _, name := range []string{FileName, FileName + "-wal"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v", name, fi.Mode().Perm())
		}
	}
}
