package ui

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/wstest"
	"github.com/hermes/iris/wsclient"
)

// bigMessageSize is the size of each message in the bounded-memory test:
// the 31 MiB a hostile gateway sent.
const bigMessageSize = 31 << 20

// heapBudget is what Iris may hold after eight such messages.
const heapBudget = 200 << 20

// bigServer is a scripted gateway on a real socket: the handshake, then
// count messages of bigMessageSize bytes of text each, built one after the
// other in a single buffer, so that the server itself holds one at most.
func bigServer(t *testing.T, count int) string {
	t.Helper()
	return wstest.Serve(t, func(ws *websocket.Conn) {
		for _, want := range []string{frame.TypeHello, frame.TypeSync} {
			_, data, err := ws.ReadMessage()
			if err != nil {
				return
			}
			f, err := frame.Decode(data, frame.FromClient)
			if err != nil || f.Type != want {
				return
			}
			reply := frame.Frame{ID: f.ID, Type: frame.TypeHelloAck, Payload: &frame.HelloAck{SyncCursor: 1,
				Channels: []frame.Channel{{ChatID: chat, Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)}}}}
			if want == frame.TypeSync {
				reply = frame.Frame{ID: f.ID, Type: frame.TypeSyncDone, Payload: &frame.SyncDone{Cursor: 1}}
			}
			data, _ = frame.Encode(reply)
			if ws.WriteMessage(websocket.TextMessage, data) != nil {
				return
			}
		}
		line := []byte(`a long log line from a runaway tool, again and again\n`)
		buf := make([]byte, 0, bigMessageSize+256)
		for i := range count {
			buf = append(buf[:0], `{"type":"message","cursor":`+strconv.Itoa(i+2)+`,"chat_id":"`+chat+
				`","thread_id":null,"payload":{"message_id":"big`+strconv.Itoa(i)+`","role":"assistant","ts":1800000000000,"text":"`...)
			for len(buf) < bigMessageSize {
				buf = append(buf, line...)
			}
			buf = append(buf, `"}}`...)
			if ws.WriteMessage(websocket.TextMessage, buf) != nil {
				return
			}
		}
		buf = nil
		for { // keep the connection until the client leaves
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	})
}

// heapAfterGC is the live heap once garbage is collected.
func heapAfterGC() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// Eight 31 MiB messages from the gateway, over a real socket, through the
// client, the store (SQLite in a temporary directory) and the transcript's
// rendering: each keeps store.TextCap of text, the rest is written to a
// file, and the heap stays under 200 MB. Reopening the store is quick and
// small too.
func TestBigMessagesKeepMemoryBounded(t *testing.T) {
	const count = 8
	url := bigServer(t, count)
	dir := t.TempDir()
	st, err := store.Open(dir, store.Options{Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	base := heapAfterGC()
	client, err := wsclient.New(wsclient.Config{URL: url, Token: "t", DeviceID: "dev_big", Cursor: st.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := make(chan struct{})
	go func() { defer close(done); _ = client.Run(ctx) }()

	m := benchModel(st, 120, 40)
	start := time.Now()
	for st.Lane(frame.Lane{ChatID: chat}).Len() < count {
		evs, err := client.NextBatch(ctx, 256)
		if err != nil {
			t.Fatalf("after %d messages: %v", st.Lane(frame.Lane{ChatID: chat}).Len(), err)
		}
		_, cmd := m.Update(ClientEventsMsg(evs))
		readPages(m, cmd)
		m.Update(flushMsg{})
		_ = m.View()
	}
	took := time.Since(start)
	heap := heapAfterGC() - min(base, heapAfterGC())
	t.Logf("%d × 31 MiB messages in %v; heap after GC %d MiB over the start", count, took, heap>>20)
	if heap > heapBudget {
		t.Errorf("heap after %d big messages: %d MiB, budget %d MiB", count, heap>>20, heapBudget>>20)
	}
	ln := st.Lane(frame.Lane{ChatID: chat})
	last := ln.Item(ln.Len() - 1).Msg
	if len(last.Text) > store.TextCap || last.Overflow == nil || last.Overflow.Path == "" {
		t.Fatalf("the last message keeps %d bytes, overflow %+v", len(last.Text), last.Overflow)
	}
	if fi, err := os.Stat(last.Overflow.Path); err != nil || fi.Size() != int64(len(last.Text))+last.Overflow.Bytes || fi.Size() < 30<<20 {
		t.Fatalf("the full text file: %v", err)
	}
	if !strings.Contains(m.View().Content, "MiB more: press o in the transcript to open it in $PAGER") {
		t.Fatalf("the cut is not shown:\n%s", m.View().Content)
	}
	cancel()
	<-done
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	start = time.Now()
	st, err = store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if n := openLane(st, frame.Lane{ChatID: chat}).Len(); n != count {
		t.Fatalf("%d messages after reopening", n)
	}
	open := time.Since(start)
	reheap := heapAfterGC() - min(base, heapAfterGC())
	t.Logf("reopened in %v; heap %d MiB", open, reheap>>20)
	if reheap > heapBudget/4 {
		t.Errorf("reopening holds %d MiB", reheap>>20)
	}
}
