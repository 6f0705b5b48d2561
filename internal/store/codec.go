package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hermes/iris/frame"
)

// itemRow is an item as stored: indexed columns plus a JSON body.
type itemRow struct {
	id          int64
	lane        frame.Lane
	seq         float64
	kind        ItemKind
	msgID       sql.NullString
	clientMsgID sql.NullString
	ts          int64
	body        []byte
	open        bool // a running tool card (see migration 4)
}

// itemBody is the JSON body of an item row.
type itemBody struct {
	Msg       *Message      `json:"msg,omitempty"`
	Tool      *ToolCall     `json:"tool,omitempty"`
	Text      string        `json:"text,omitempty"`
	MessageID string        `json:"message_id,omitempty"`
	Outcome   PickerOutcome `json:"outcome,omitempty"`
	Key       string        `json:"key,omitempty"`
	Answer    *PickerAnswer `json:"answer,omitempty"`
}

// encodeItem snapshots an item for the writer.
func encodeItem(l frame.Lane, it *Item) (itemRow, error) {
	body, err := json.Marshal(itemBody{Msg: it.Msg, Tool: it.Tool, Text: it.Text,
		MessageID: it.MessageID, Outcome: it.Outcome, Key: it.key, Answer: it.Answer})
	if err != nil {
		return itemRow{}, fmt.Errorf("encode item %d: %w", it.id, err)
	}
	r := itemRow{id: it.id, lane: l, seq: it.seq, kind: it.Kind, ts: it.TS.UnixMilli(), body: body, open: isOpen(it)}
	if it.Msg != nil {
		r.msgID = sql.NullString{String: it.Msg.ID, Valid: it.Msg.ID != ""}
		r.clientMsgID = sql.NullString{String: it.Msg.ClientMsgID, Valid: it.Msg.ClientMsgID != ""}
	}
	if !r.msgID.Valid && it.key != "" {
		// Commentary and media offers are found by their dedupe key once
		// shed from memory (knownElsewhere), as messages by their id.
		r.msgID = sql.NullString{String: it.key, Valid: true}
	}
	return r, nil
}

// decodeItem rebuilds an item from its row.
func decodeItem(r itemRow) (*Item, error) {
	var b itemBody
	if err := json.Unmarshal(r.body, &b); err != nil {
		return nil, fmt.Errorf("stored item %d (lane %s, message %q) is unreadable: %w", r.id, r.lane, r.msgID.String, err)
	}
	it := &Item{Kind: r.kind, Msg: b.Msg, Tool: b.Tool, Text: b.Text, MessageID: b.MessageID,
		Outcome: b.Outcome, key: b.Key, Answer: b.Answer, TS: time.UnixMilli(r.ts), id: r.id, seq: r.seq}
	unsettledAnswer(it)
	return it, nil
}

// laneRow is a lane's read state and last-turn info.
type laneRow struct {
	lane       frame.Lane
	unread     int
	serverMore bool
	model      string
	runtime    string // JSON
	gap        string
}

func encodeLane(ln *Lane) laneRow {
	r := laneRow{lane: ln.Key, unread: ln.Unread, serverMore: ln.serverMore, model: ln.Model, runtime: "null", gap: ln.gap}
	if ln.Runtime != nil {
		if b, err := json.Marshal(ln.Runtime); err == nil {
			r.runtime = string(b)
		}
	}
	return r
}

// channelRow is a directory entry as written.
type channelRow struct {
	channel
	ord int
}
