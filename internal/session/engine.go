package session

import (
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/store"
)

// Options configure an Engine. Only State is required.
type Options struct {
	// Conn is the gateway connection; nil means not connected (an answer
	// fails as not delivered).
	Conn  Conn
	State *store.State
	// RequestTimeout bounds every request. Default 30 s.
	RequestTimeout time.Duration
	// Now is the clock of the audit log's entries. Default time.Now.
	Now func() time.Time
	// Audit records every picker answer given here (nil: none is kept);
	// one that is also an AnswerFinder attributes the pickers answered by
	// the other devices of this machine (attribute.go). GatewayURL names
	// the gateway in it (credentials are dropped).
	Audit      AuditLog
	GatewayURL string
	// DeviceName names this device in its picker answers ("by", extension
	// picker_answered) when the Answerer names none; "" leaves it to the
	// gateway.
	DeviceName string
	// PickersFile is where the pending pickers are published for the
	// headless commands (publish.go); "" publishes none.
	PickersFile string
	// Cause says in a few words why a request failed, for the message it
	// carried (the TUI adds how long the gateway has been silent).
	// Default: the error's text.
	Cause func(error) string
	// ResendHint follows a failed steer's notice: how to send it again
	// (the TUI's " (ctrl+r sends it again)"). Default "".
	ResendHint string
}

// Engine is one device's session over its store: every front-end of the
// device calls it from one goroutine (the TUI's Update, a headless
// command's).
type Engine struct {
	opts Options
	st   *store.State
	// answerers names who gave each answer in flight (the audit log's
	// via, device, policy and rule).
	answerers map[string]Answerer
	published published
	ids       *store.ClientMsgIDs // the client_msg_ids of the user's messages
	auto      map[string]bool     // messages asking for a new thread, until answered (outgoing.go)
	online    bool                // the connection is up (Connected)
	recon     store.Reconcile     // settling turns a reconnect left running
}

// New builds an engine over opts.State. It does no I/O.
func New(opts Options) *Engine {
	if opts.RequestTimeout <= 0 {
		opts.RequestTimeout = 30 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Cause == nil {
		opts.Cause = func(err error) string { return err.Error() }
	}
	return &Engine{opts: opts, st: opts.State, answerers: map[string]Answerer{}, ids: store.NewClientMsgIDs(), auto: map[string]bool{}}
}

// Recon is the reconciliation of the turns a reconnect left running
// (store.Reconcile), which the engine's steer settles with; the front-end
// runs its grace timer and history requests.
func (e *Engine) Recon() *store.Reconcile { return &e.recon }

// State is the store the engine works on.
func (e *Engine) State() *store.State { return e.st }

// RequestTimeout bounds every request the engine makes.
func (e *Engine) RequestTimeout() time.Duration { return e.opts.RequestTimeout }

// Conn is the gateway connection (nil when none).
func (e *Engine) Conn() Conn { return e.opts.Conn }

// Reply is a Work's answer that the engine handles (Engine.Handle).
type Reply interface{ handle(e *Engine) Result }

// Handle takes back what a Work returned.
func (e *Engine) Handle(r Reply) Result { return r.handle(e) }

// Changed is what a change of the store asks of the engine; the
// front-end calls it for every change, an entry point's Result.Change
// and an applied frame's alike (an entry point never runs it itself): each answer settled goes to the audit
// log, the pending pickers are published when they changed, and the
// pickers answered on another device are looked up in the audit log.
func (e *Engine) Changed(chg store.Change) Result {
	var r Result
	for _, a := range chg.Answers {
		r.run(e.auditWork(a))
	}
	r.run(e.publishWork())
	r.run(e.attributeWork())
	return r
}

// LaneName is the directory name of l, or its ids.
func LaneName(st *store.State, l frame.Lane) string {
	if ln := st.Lane(l); ln != nil && ln.Name != "" {
		return ln.Name
	}
	return l.String()
}

// AuditLog records the answers given to pickers on this device;
// *audit.Log satisfies it. Append is only ever called inside Work.
type AuditLog interface {
	Append(audit.Entry) error
}
