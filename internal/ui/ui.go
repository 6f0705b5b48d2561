// Package ui is Iris's bubbletea model tree. The root Model is the only
// tea.Model: a router over parts it owns. It owns the dialog stack and
// routing (the key chain, keys.go), applies protocol frames to the store
// and hands the changes to its children (sidebar, transcript, composer,
// status bar, dialogs, and the media controller in internal/ui/mediactl, which works
// on the composer's and the transcript's chips through the actions it
// returns). The screen part (screen.go) owns layout, focus, theme, drawing
// and ticks, with one dirty set that the settle pass ending every Update
// brings up to date; the picker controller (pickerctl.go) the pickers on
// screen; the terminal (terminal.go) what the terminal reports of itself.
//
// # Wiring
//
// Package main (internal/app/client.go) builds a store.State and a wsclient.Client, then
//
//	m := ui.New(ui.Options{Gateway: client, State: st})
//	p := tea.NewProgram(m)
//
// and forwards the client's events to the program in batches from
// client.NextBatch wrapped in ClientEventsMsg (wsevents.go), the one message
// through which frames and connection changes reach the model; each batch is
// rendered once.
// Update and View never do I/O: all gateway calls run in tea.Cmds through
// the Gateway interface.
//
// The store is read the same way. Children see it through common.Store,
// whose reads are memory-only; only the root holds the *store.State and
// changes it. A lane's stored items come in pages (pages.go): the store
// says which read is needed (OpenPage when a lane is opened, LoadOlder at
// the top of the transcript), the read runs in a tea.Cmd on the store's
// writer goroutine, and Update applies the page it returns (ApplyPage).
// Until then the transcript shows what memory holds, with "↑ loading
// older…" above it while an older page is on its way. The store reducer's
// own reads (a change to a lane whose items were never read, a message not
// in memory, a replayed message older than everything held) are made ahead
// too (session.Scheduler, internal/session/schedule.go): a store call that would read (a batch of frames, a
// send, a settle, a history page) waits, with every later one to keep their
// order, while a tea.Cmd makes its reads on the writer goroutine
// (store.NeedFrame, ReadAhead); Update installs them (UseAhead) and makes
// the calls. Calls that need no read, as when an answer streams, are made
// at once.
package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/composer"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/internal/ui/drawer"
	"github.com/hermes/iris/internal/ui/mediactl"
	"github.com/hermes/iris/internal/ui/sidebar"
	"github.com/hermes/iris/internal/ui/statusbar"
	"github.com/hermes/iris/internal/ui/transcript"
)

// Options configure the root model. Only State is required.
type Options struct {
	Gateway Gateway
	// PaceEvents, when set, is told the transcript's redraw interval
	// whenever it changes (twice as long while an answer streams), so the
	// gateway's events come in batches at that pace
	// (wsclient.Client.SetBatchEvery) and no update is decoded that no
	// redraw would show.
	PaceEvents func(time.Duration)
	State      *store.State
	// Theme forces dark or light; auto (or "") follows the terminal's
	// background colour.
	Theme themes.Name
	// ForceTheme says Theme was asked for on the command line for this
	// run: it beats the choice remembered in the store (/theme,
	// /settings), which otherwise wins over Theme.
	ForceTheme bool
	// NoColor drops all colour (NO_COLOR).
	NoColor bool
	// Settings are the default view settings (the config file's); nil means
	// common.DefaultSettings(). Toggles the user made at run time are
	// remembered in State and win over them.
	Settings *common.Settings
	// KeyMap overrides the default bindings (see keymap.Apply).
	KeyMap *keymap.KeyMap
	// Now and Location are the clock and the zone of timestamps; tests fix
	// them. Defaults: time.Now and time.Local.
	Now      func() time.Time
	Location *time.Location
	// RequestTimeout bounds every gateway request. Default 30 s.
	RequestTimeout time.Duration
	// Media configures attachments and received media (package mediactl).
	Media MediaOptions
	// TokenSource says where the token came from, as config.Config's
	// TokenSource does ("flag" or "--token", "env IRIS_TOKEN",
	// "token_file PATH", "token_command"); a rejected token names it.
	TokenSource string
	// Warnings are problems found in the configuration (a file others can
	// read, unknown keys): shown in a banner at start, so they are seen
	// while Iris runs and not only on stderr after it quits.
	Warnings []string
	// Audit records every picker answer given here (nil: none is kept);
	// GatewayURL names the gateway in it (credentials are dropped).
	Audit      AuditLog
	GatewayURL string
	// PickersFile is where the pending pickers are published for the
	// headless commands (pickerpublish.go); "" publishes none.
	PickersFile string
	// DeviceName names this device in its picker answers ("by", extension
	// picker_answered, answeredby.go); "" leaves it to the gateway.
	DeviceName string
	// NotifyRepeats are the gaps between the repeats of a picker's
	// notification while it waits and the terminal is unfocused; the last
	// gap repeats until the picker ends. Empty: no repeats.
	NotifyRepeats []time.Duration
	// ProgramsOff, when set, is why Iris starts no program of its own
	// ($VISUAL/$EDITOR, $PAGER): over `iris serve --ssh` the environment is
	// the SSH client's and the program would run on the server, where an
	// editor or a pager opens a shell.
	ProgramsOff string
	// Inline runs without the alternate screen (--inline): each finished
	// message is printed into the terminal's own scrollback, and only the
	// live part (a streaming reply, dialogs, composer, status) is redrawn.
	Inline bool
}

// focusArea is the component that receives keys.
type focusArea int

const (
	focusComposer focusArea = iota
	focusTranscript
	focusSidebar
)

// String names the focus area.
func (f focusArea) String() string {
	switch f {
	case focusTranscript:
		return "transcript"
	case focusSidebar:
		return "sidebar"
	}
	return "composer"
}

// Model is the root of the UI.
type Model struct {
	com  *common.Common
	st   *store.State // the store; children get the read-only view in com.Store
	opts Options
	gw   Gateway

	scr  *screen   // layout, focus, theme, drawing and its ticks (screen.go)
	term *terminal // the terminal's environment, colours and focus (terminal.go)

	sidebar    *sidebar.Model
	transcript *transcript.Model
	composer   *composer.Model
	status     *statusbar.Model
	drawer     *drawer.Model
	dialogs    dialog.Stack
	laneIndex  dialog.LaneIndex // the switcher's list of lanes, kept between openings

	pick       *pickerCtl      // the pickers on screen: dialog, card, keyboard (pickerctl.go)
	find       *searcher       // the search dialog, its requests and a jump to a hit (searching.go)
	cat        *commandCatalog // the gateway's slash commands for the drawer (catalog.go)
	autoThread bool            // the next message asks for a new thread
	escClosed  bool            // the last key was an Esc that closed something
	quitArmed  bool            // the last key was a Ctrl+C that warned of unfinished work (quitguard.go)
	recall     recallState     // ↑/↓ through the lane's sent messages (recall.go)
	notes      *notifier       // bells, desktop notifications and the window title (notify.go)
	progs      *programs       // the editor and the pager (programs.go)
	clip       *clipboard      // the copy keys (copy.go)

	lane frame.Lane  // the focused lane
	link *connection // the connection's state as shown, and why it failed (connection.go)

	storage *storageWatch // what the user was told about the store's disk (storage.go)

	media *mediactl.Model // attachments, transfers, received media; media.go carries out its actions

	drafts draftState // the focused lane's draft is saved as it changes (drafts.go)

	held *session.Scheduler[tea.Cmd] // store calls waiting for the database read they need (session/schedule.go)

	eng *session.Engine // the device session: what is not about the screen (engine.go)
}

// New builds the root model. It does no I/O.
func New(opts Options) *Model {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Location == nil {
		opts.Location = time.Local
	}
	if opts.RequestTimeout <= 0 {
		opts.RequestTimeout = 30 * time.Second
	}
	if opts.State == nil {
		opts.State = store.New(store.Options{Now: opts.Now})
	}
	km := keymap.Default()
	if opts.KeyMap != nil {
		km = *opts.KeyMap
	}
	settings := loadSettings(opts.State, opts.Settings)
	com := &common.Common{KeyMap: km, Store: opts.State, Settings: &settings, Now: opts.Now, Loc: opts.Location}
	theme := opts.Theme
	if !opts.ForceTheme { // the choice remembered in the store wins
		theme = loadTheme(opts.State, theme)
	}
	m := &Model{com: com, st: opts.State, opts: opts, gw: opts.Gateway, term: newTerminal(opts.Media.Getenv)}
	m.scr = &screen{com: com, term: m.term, theme: theme, inlineMode: opts.Inline, noColor: opts.NoColor, tick: realTick, dirty: needRedraw, pace: opts.PaceEvents}
	m.link = &connection{com: com, scr: m.scr, timeout: opts.RequestTimeout, tokenSource: opts.TokenSource}
	m.eng = newEngine(m)
	m.held = session.NewScheduler(m.eng, session.Hooks[tea.Cmd]{Applied: m.applyChange, Event: m.handleClientEvent, Batch: tea.Batch, Run: workCmd})
	m.scr.applyTheme()
	m.media = mediactl.New(com, opts.Media, opts.Gateway)
	m.sidebar = sidebar.New(com)
	m.transcript = transcript.New(com)
	m.composer = composer.New(com)
	m.status = statusbar.New(com)
	m.link.status = m.status
	m.status.SetTyping(true) // the composer starts focused
	m.drawer = drawer.New(com)
	m.scr.panes = panes{sidebar: m.sidebar, transcript: m.transcript, composer: m.composer, status: m.status, drawer: m.drawer, dialogs: &m.dialogs}
	m.pick = newPickerCtl(com, m.scr)
	m.find = &searcher{com: com, scr: m.scr}
	m.cat = &commandCatalog{st: opts.State, drawer: m.drawer}
	if opts.Gateway != nil {
		m.find.eng, m.cat.eng = m.eng, m.eng
	}
	m.progs = &programs{com: com, term: m.term, off: opts.ProgramsOff}
	m.clip = &clipboard{com: com, term: m.term}
	m.storage = &storageWatch{com: com, st: opts.State, scr: m.scr}
	m.notes = newNotifier(com, opts.State, m.term, m.scr, opts.NotifyRepeats)
	m.scr.cards = m.pick
	m.sidebar.SetSpinner(spinnerFrames[0])
	m.transcript.SetSpinner(spinnerFrames[0])
	m.sidebar.Refresh()
	m.composer.SetValue(opts.State.Draft(frame.Lane{})) // typed before any channel was known: switchLane takes it along
	if l := opts.State.Focused(); l.ChatID != "" {
		m.switchLane(l)
	} else if l := opts.State.DefaultLane(); l.ChatID != "" {
		m.switchLane(l)
	}
	return m
}

// newEngine builds the device session of m's options; its clock is the
// UI's, and a failed request's cause says how long the gateway has been
// silent (connection.cause).
func newEngine(m *Model) *session.Engine {
	o := m.opts
	return session.New(session.Options{Conn: o.Gateway, State: o.State, RequestTimeout: o.RequestTimeout,
		Now: func() time.Time { return m.com.Now() }, Audit: o.Audit, GatewayURL: o.GatewayURL,
		DeviceName: o.DeviceName, PickersFile: o.PickersFile, Cause: m.link.cause,
		ResendHint: " (" + m.com.KeyMap.Global.Resend.Help().Key + " sends it again)"})
}

// Init asks the terminal for its background colour (theme choice).
func (m *Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, m.openLaneCmd(m.lane), m.storage.check(), m.scr.showWarnings(m.opts.Warnings))
}

// Update hands msg to its handler (route), then settles.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.route(msg)
	return m, tea.Batch(cmd, m.settle())
}

// settle is the one pass that ends every Update: it takes the steps that
// follow what the handlers changed in passing, each once, in order. The
// screen first (its dirty set: the sidebar, the geometry, the flush tick),
// then what depends on where the panes now are.
func (m *Model) settle() tea.Cmd {
	return tea.Batch(
		m.scr.settle(),
		// Previews fit a moved transcript; iTerm2 images are drawn again
		// after it moved or an overlay over them closed.
		m.mediaDone(m.media.Layout(m.scr.mediaScreen(), m.scr.tick)),
		m.drafts.changed(m.st, m.lane, m.composer.Value(), m.scr.tick), // a changed draft is saved once it settles
		m.scr.spinTick(),          // a spinner that came into view starts turning
		m.scr.inlineAfterUpdate(), // --inline prints what finished
	)
}

// route dispatches a message to its handler.
func (m *Model) route(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.scr.update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.FocusMsg:
		if m.term.focused() {
			return m.pick.termFocused()
		}
		return nil
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		return m.handlePaste(msg)
	case tea.MouseWheelMsg:
		return m.handleWheel(msg)
	case tea.MouseClickMsg:
		return m.handleClick(msg)
	case editorDoneMsg:
		return m.editorDone(msg)
	case pagerDoneMsg:
		return m.progs.paged(msg)
	case ClientEventsMsg:
		return m.handleClientEvents(msg)
	case session.History:
		return m.held.Reduce(session.Call(func() tea.Cmd { return m.handleHistory(msg) }, msg.Needs(m.st)))
	case pageLoadedMsg:
		return m.handlePage(msg)
	case session.Ahead:
		return m.held.Ahead(msg)
	case session.Sent:
		return m.handleSent(msg)
	case session.Steered: // settling a lane no turn ran in reads it first
		return m.held.Reduce(m.held.OnLane(msg.Lane, func() tea.Cmd { return m.run(m.eng.Handle(msg)) }))
	case reconcileMsg:
		return m.handleReconcile(msg)
	case session.ChannelCreated:
		return m.handleChannelCreated(msg)
	case tea.EnvMsg: // the terminal's environment: the editor's, the pager's, and the previews'
		m.term.update(msg)
		return m.updateMedia(msg)
	case mediactl.Msg: // the media controller's own, a media key's command
		return m.updateMedia(msg)
	case dialog.FilePickerMsg:
		return m.handleFilePickerMsg(msg)
	case drawer.PathsMsg:
		m.drawer.SetPaths(msg)
		return nil
	case dialog.SearchTypedMsg:
		act, cmd := m.find.typed(msg)
		return tea.Batch(cmd, m.handleAction(act))
	case dialog.PickerArmedMsg:
		m.pick.armed(msg)
		return nil
	case session.Reply: // what the engine's work brought back (engine.go)
		return m.run(m.eng.Handle(msg))
	case notifyRepeatMsg:
		return m.notes.handleNotifyRepeat()
	case pickerExpiryMsg:
		return m.handlePickerExpiry()
	case catalogLoadedMsg:
		m.cat.loaded(msg)
		return nil
	case completionsLoadedMsg:
		m.drawer.SetCompletions(msg.prefix, msg.cmds)
		return nil
	case searchDoneMsg:
		m.find.answered(msg)
		return nil
	case common.InfoMsg:
		m.status.Update(msg)
		return m.scr.clockTick()
	case draftSaveMsg:
		if m.drafts.due(msg) {
			m.SaveDraft()
		}
		return nil
	case storageCheckMsg:
		return m.storage.recheck()
	}
	return nil
}

// Focus returns the name of the focused area (for tests and debugging).
func (m *Model) Focus() string { return m.scr.focus.String() }

// Lane returns the focused lane.
func (m *Model) Lane() frame.Lane { return m.lane }

// Settings returns the current view settings.
func (m *Model) Settings() common.Settings { return *m.com.Settings }

// DialogOpen returns the ID of the topmost dialog, or "".
func (m *Model) DialogOpen() string {
	if d := m.dialogs.Top(); d != nil {
		return d.ID()
	}
	return ""
}

// Composer returns the current draft.
func (m *Model) Composer() string { return m.composer.Value() }
