package mediactl

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"
)

// Media transfers run one at a time (binary frames carry no id, so the
// connection can carry only one), in the order they were asked for. Each
// runs in a goroutine started by a tea.Cmd; its progress reaches Update as
// transferProgressMsg through a watcher that a tea.Cmd waits on, so Update
// never blocks and progress from a fast transfer coalesces.

// job is the work of one transfer. It reports progress and returns the
// message Update gets when it ends.
type job func(ctx context.Context, progress func(done, total int64)) tea.Msg

// transfer is one queued or running transfer.
type transfer struct {
	id          int
	label       string // sanitised name shown in the status bar
	mediaID     string // a pull's media_id ("" for uploads)
	attachID    int    // an upload's composer chip (0 for pulls)
	done, total int64
	running     bool
	cancel      context.CancelFunc
	run         job
}

// transfers is the queue; the first one runs.
type transfers struct {
	list   []*transfer
	nextID int
}

// transferProgressMsg reports bytes moved by the running transfer.
type transferProgressMsg struct {
	id          int
	done, total int64
	w           *watcher
}

// transferDoneMsg ends a transfer with what its job returned.
type transferDoneMsg struct {
	id     int
	result tea.Msg
}

// watcher hands a running job's progress and result to Update.
type watcher struct {
	mu          sync.Mutex
	done, total int64
	changed     chan struct{} // one pending notification at most
	finished    chan tea.Msg
}

func newWatcher() *watcher {
	return &watcher{changed: make(chan struct{}, 1), finished: make(chan tea.Msg, 1)}
}

func (w *watcher) progress(done, total int64) {
	w.mu.Lock()
	w.done, w.total = done, total
	w.mu.Unlock()
	select {
	case w.changed <- struct{}{}:
	default:
	}
}

// next waits for the job's next progress report or its end.
func (w *watcher) next(id int) tea.Cmd {
	return func() tea.Msg {
		select {
		case r := <-w.finished:
			return transferDoneMsg{id: id, result: r}
		case <-w.changed:
			w.mu.Lock()
			defer w.mu.Unlock()
			return transferProgressMsg{id: id, done: w.done, total: w.total, w: w}
		}
	}
}

// enqueue adds a transfer and starts it when nothing runs.
func (c *call) enqueue(t *transfer) tea.Cmd {
	q := &c.transfers
	q.nextID++
	t.id = q.nextID
	q.list = append(q.list, t)
	return c.startNextTransfer()
}

// startNextTransfer starts the first queued transfer if none runs.
func (c *call) startNextTransfer() tea.Cmd {
	q := &c.transfers
	if len(q.list) == 0 || q.list[0].running {
		return nil
	}
	t := q.list[0]
	ctx, cancel := context.WithCancel(context.Background())
	t.running, t.cancel = true, cancel
	w := newWatcher()
	run, id := t.run, t.id
	c.onTransferProgress(t)
	return func() tea.Msg {
		go func() { w.finished <- run(ctx, w.progress) }()
		return w.next(id)()
	}
}

// handleTransferProgress records progress and waits for more.
func (c *call) handleTransferProgress(msg transferProgressMsg) tea.Cmd {
	if t := c.transfer(msg.id); t != nil {
		t.done, t.total = msg.done, msg.total
		c.onTransferProgress(t)
	}
	return msg.w.next(msg.id)
}

// handleTransferDone removes the finished transfer, hands its result on
// and starts the next one.
func (c *call) handleTransferDone(msg transferDoneMsg) tea.Cmd {
	q := &c.transfers
	for i, t := range q.list {
		if t.id == msg.id {
			t.cancel()
			q.list = append(q.list[:i], q.list[i+1:]...)
			break
		}
	}
	var cmd tea.Cmd
	if r, ok := msg.result.(Msg); ok {
		cmd = c.handle(r)
	}
	return tea.Batch(cmd, c.startNextTransfer())
}

// cancelTransfer stops a transfer: a running one is cancelled (its job
// returns soon with context.Canceled), a queued one is dropped at once.
// It returns false when there is no such transfer.
func (c *call) cancelTransfer(match func(*transfer) bool) (tea.Cmd, bool) {
	q := &c.transfers
	for i, t := range q.list {
		if !match(t) {
			continue
		}
		if t.running {
			t.cancel()
			return nil, true
		}
		q.list = append(q.list[:i], q.list[i+1:]...)
		return c.onTransferDropped(t), true
	}
	return nil, false
}

// transfer returns the transfer with id, or nil.
func (m *Model) transfer(id int) *transfer {
	for _, t := range m.transfers.list {
		if t.id == id {
			return t
		}
	}
	return nil
}

func (transferProgressMsg) isMediaMsg() {}
func (transferDoneMsg) isMediaMsg()     {}
