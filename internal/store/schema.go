package store

import (
	"database/sql"
	"fmt"
)

// migrations[i] brings the schema from version i to i+1. Append only: a
// released step is never edited, so every older database upgrades along
// the same path.
var migrations = []string{
	// 1: directory, transcript items, per-lane read state, gateway values.
	`CREATE TABLE channels (
		chat_id    TEXT NOT NULL,
		thread_id  TEXT NOT NULL,
		name       TEXT NOT NULL,
		kind       TEXT NOT NULL,
		is_default INTEGER NOT NULL,
		auto       INTEGER NOT NULL,
		ord        INTEGER NOT NULL,
		PRIMARY KEY (chat_id, thread_id)
	);
	CREATE TABLE items (
		id            INTEGER PRIMARY KEY,
		chat_id       TEXT NOT NULL,
		thread_id     TEXT NOT NULL,
		seq           REAL NOT NULL,
		kind          INTEGER NOT NULL,
		msg_id        TEXT,
		client_msg_id TEXT,
		ts            INTEGER NOT NULL,
		body          TEXT NOT NULL
	);
	CREATE INDEX items_lane ON items (chat_id, thread_id, seq, id);
	CREATE INDEX items_msg ON items (msg_id) WHERE msg_id IS NOT NULL;
	CREATE TABLE lanes (
		chat_id     TEXT NOT NULL,
		thread_id   TEXT NOT NULL,
		unread      INTEGER NOT NULL,
		server_more INTEGER NOT NULL,
		model       TEXT NOT NULL,
		runtime     TEXT NOT NULL,
		PRIMARY KEY (chat_id, thread_id)
	);
	CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
	// 2: drafts per lane, per-app settings, and an index for the outgoing
	// queue (placeholders not yet echoed).
	`CREATE TABLE drafts (
		chat_id   TEXT NOT NULL,
		thread_id TEXT NOT NULL,
		text      TEXT NOT NULL,
		PRIMARY KEY (chat_id, thread_id)
	);
	CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
	CREATE INDEX items_outbox ON items (client_msg_id) WHERE msg_id IS NULL AND client_msg_id IS NOT NULL;`,
	// 3: a lane's gap behind the newest history page (see ApplyHistory).
	`ALTER TABLE lanes ADD COLUMN gap TEXT NOT NULL DEFAULT '';`,
	// 4: items left open (a tool card still running when Iris stopped), so
	// the next run finds them without reading every transcript and settles
	// them once it has heard from the gateway.
	`ALTER TABLE items ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
	UPDATE items SET open = 1 WHERE json_valid(body) AND (json_extract(body, '$.tool.running') = 1
		OR json_extract(body, '$.msg.streaming') = 1);
	CREATE INDEX items_open ON items (chat_id, thread_id) WHERE open = 1;`,
}

// schemaVersion is the version this build writes.
var schemaVersion = len(migrations)

// migrate brings the database to schemaVersion, one transaction per step.
// A database newer than this build is refused rather than misread.
func migrate(conn *sql.DB) error {
	if _, err := conn.Exec(`CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("create version table: %w", err)
	}
	v, err := currentVersion(conn)
	if err != nil {
		return err
	}
	if v > schemaVersion {
		return fmt.Errorf("database schema v%d is newer than this Iris (v%d); upgrade Iris", v, schemaVersion)
	}
	for ; v < schemaVersion; v++ {
		if err := step(conn, v); err != nil {
			return fmt.Errorf("migrate schema v%d to v%d: %w", v, v+1, err)
		}
	}
	return nil
}

func currentVersion(conn *sql.DB) (int, error) {
	var v int
	err := conn.QueryRow(`SELECT version FROM schema_version`).Scan(&v)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// step runs migration v → v+1 and records the new version atomically.
func step(conn *sql.DB, v int) error {
	tx, err := conn.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(migrations[v]); err != nil {
		return err
	}
	if _, err := tx.Exec(`DELETE FROM schema_version`); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT INTO schema_version (version) VALUES (?)`, v+1); err != nil {
		return err
	}
	return tx.Commit()
}
