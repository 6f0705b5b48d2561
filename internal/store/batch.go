package store

import (
	"database/sql"

	"github.com/hermes/iris/frame"
)

// batch is the writes of one mutating call, snapshotted on the UI
// goroutine and executed by the writer in one transaction (possibly folded
// with the batches queued behind it). Because a frame's cursor is recorded
// in the same batch as the frame's effects, the stored cursor is never
// ahead of the stored data.
type batch struct {
	dirty     map[int64]dirtyItem // items to upsert, snapshotted at commit
	rows      []itemRow
	deleteIDs []int64
	deleteMsg []msgRef
	settle    []settleRows // stored open items to close, before the upserts
	dropLanes []frame.Lane
	chans     map[frame.Lane]*channel // directory entries to upsert, snapshotted at commit
	channels  []channelRow
	lanes     []laneRow
	meta      map[string]string
	drafts    map[frame.Lane]string // "" deletes
	settings  map[string]string

	seq     int64         // its number, in the order sent (0 for flush markers)
	written chan struct{} // closed once written (flush markers)
	retry   bool          // a flush marker that also retries held writes now
	read    func()        // a flush marker that reads this once what is before it is written (PageRead)
}

// settleRows closes a lane's stored open items with cut (Settle): the
// rows not read into memory; those read are written with the batch.
type settleRows struct {
	lane frame.Lane
	cut  Cut
}

type dirtyItem struct {
	lane frame.Lane
	it   *Item
}

func newBatch() *batch {
	return &batch{dirty: map[int64]dirtyItem{}, chans: map[frame.Lane]*channel{}, meta: map[string]string{},
		drafts: map[frame.Lane]string{}, settings: map[string]string{}}
}

// empty reports whether the batch writes nothing.
func (b *batch) empty() bool {
	return len(b.dirty) == 0 && len(b.rows) == 0 && len(b.deleteIDs) == 0 && len(b.deleteMsg) == 0 && len(b.settle) == 0 &&
		len(b.dropLanes) == 0 && len(b.channels) == 0 && len(b.lanes) == 0 && len(b.meta) == 0 &&
		len(b.drafts) == 0 && len(b.settings) == 0
}

// exec runs the batch's statements in tx: deletions first, then upserts.
func (b *batch) exec(tx *txn) error {
	for _, l := range b.dropLanes {
		// A channel's flat lane takes its threads with it.
		where, args := ` WHERE chat_id = ? AND thread_id = ?`, []any{l.ChatID, l.ThreadID}
		if l.ThreadID == "" {
			where, args = ` WHERE chat_id = ?`, args[:1]
		}
		for _, table := range []string{"items", "lanes", "drafts", "channels"} {
			if err := tx.exec(`DELETE FROM `+table+where, args...); err != nil {
				return err
			}
		}
	}
	for _, id := range b.deleteIDs {
		if err := tx.exec(`DELETE FROM items WHERE id = ?`, id); err != nil {
			return err
		}
	}
	for _, m := range b.deleteMsg {
		if err := tx.exec(`DELETE FROM items WHERE msg_id = ? AND chat_id = ? AND thread_id = ?`,
			m.id, m.lane.ChatID, m.lane.ThreadID); err != nil {
			return err
		}
	}
	for _, st := range b.settle {
		if err := tx.exec(`UPDATE items INDEXED BY items_open SET open = 0, body = CASE
				WHEN json_type(body, '$.tool') IS NOT NULL THEN json_set(body, '$.tool.running', json('false'), '$.tool.cut', ?)
				ELSE json_set(body, '$.msg.streaming', json('false'), '$.msg.cut', ?) END
			WHERE chat_id = ? AND thread_id = ? AND open = 1`, st.cut, st.cut, st.lane.ChatID, st.lane.ThreadID); err != nil {
			return err
		}
	}
	for _, r := range b.rows {
		if err := tx.exec(`INSERT INTO items (id, chat_id, thread_id, seq, kind, msg_id, client_msg_id, ts, body, open)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, msg_id = excluded.msg_id,
				client_msg_id = excluded.client_msg_id, ts = excluded.ts, body = excluded.body, open = excluded.open`,
			r.id, r.lane.ChatID, r.lane.ThreadID, r.seq, r.kind, r.msgID, r.clientMsgID, r.ts, string(r.body), r.open); err != nil {
			return err
		}
	}
	if err := b.execDirectory(tx); err != nil {
		return err
	}
	return b.execValues(tx)
}

// execDirectory upserts the directory entries that changed; each keeps the
// position it got when it was added, so nothing else is rewritten.
func (b *batch) execDirectory(tx *txn) error {
	for _, c := range b.channels {
		if err := tx.exec(`INSERT INTO channels (chat_id, thread_id, name, kind, is_default, auto, ord)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, thread_id) DO UPDATE SET name = excluded.name,
			kind = excluded.kind, is_default = excluded.is_default, auto = excluded.auto, ord = excluded.ord`,
			c.lane.ChatID, c.lane.ThreadID, c.Name, c.Kind, c.Default, c.Auto, c.ord); err != nil {
			return err
		}
	}
	return nil
}

// execValues writes lane state, gateway values, drafts and settings.
func (b *batch) execValues(tx *txn) error {
	for _, r := range b.lanes {
		if err := tx.exec(`INSERT INTO lanes (chat_id, thread_id, unread, server_more, model, runtime, gap)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, thread_id) DO UPDATE SET unread = excluded.unread,
			server_more = excluded.server_more, model = excluded.model, runtime = excluded.runtime, gap = excluded.gap`,
			r.lane.ChatID, r.lane.ThreadID, r.unread, r.serverMore, r.model, r.runtime, r.gap); err != nil {
			return err
		}
	}
	for k, v := range b.meta {
		if err := tx.exec(`INSERT INTO meta (key, value) VALUES (?, ?)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
			return err
		}
	}
	for k, v := range b.settings {
		if err := tx.exec(`INSERT INTO settings (key, value) VALUES (?, ?)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, v); err != nil {
			return err
		}
	}
	for l, text := range b.drafts {
		q := `INSERT INTO drafts (chat_id, thread_id, text) VALUES (?, ?, ?)
			ON CONFLICT (chat_id, thread_id) DO UPDATE SET text = excluded.text`
		args := []any{l.ChatID, l.ThreadID, text}
		if text == "" {
			q, args = `DELETE FROM drafts WHERE chat_id = ? AND thread_id = ?`, args[:2]
		}
		if err := tx.exec(q, args...); err != nil {
			return err
		}
	}
	return nil
}

// txn is a write transaction that prepares each statement once, however
// many rows of a group use it.
type txn struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

func (t *txn) exec(q string, args ...any) error {
	st := t.stmts[q]
	if st == nil {
		var err error
		if st, err = t.tx.Prepare(q); err != nil {
			return err
		}
		t.stmts[q] = st
	}
	_, err := st.Exec(args...)
	return err
}
