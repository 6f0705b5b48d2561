package gatewaysim

import (
	"context"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hermes/iris/frame"
)

// turn is one run of the scripted agent for one user message.
type turn struct {
	s      *Server
	lane   frame.Lane
	origin *conn
	user   frame.Message
	// retitle, if set, upgrades an auto thread's title after the reply.
	retitle func()

	ctx    context.Context
	cancel context.CancelFunc
	// stopped is set by agent.stop: the turn ends with the partial text.
	// A turn cancelled otherwise (lane deleted, server closing) ends
	// silently.
	stopped atomic.Bool
	steers  chan string
	done    chan struct{}
	tools   int           // tool calls so far (the index of tool.* frames)
	media   []frame.Media // media the turn offered, attached to the reply
	begun   time.Time
}

// abort cancels the turn; withStop asks it to end with message.stop and
// agent.idle rather than silently.
func (t *turn) abort(withStop bool) {
	if withStop {
		t.stopped.Store(true)
	}
	t.cancel()
}

// startTurnLocked starts the agent on user message m in lane l. Turns of one
// lane run one after another, in order. s.mu must be held.
func (s *Server) startTurnLocked(origin *conn, l frame.Lane, m frame.Message, retitle func()) {
	ctx, cancel := context.WithCancel(s.life)
	t := &turn{
		s: s, lane: l, origin: origin, user: m, retitle: retitle, ctx: ctx, cancel: cancel,
		steers: make(chan string, 16), done: make(chan struct{}), begun: s.cfg.Now(),
	}
	prev := s.tails[l]
	s.tails[l] = t
	s.bg.Go(func() {
		defer close(t.done)
		defer cancel()
		if prev != nil {
			select {
			case <-prev.done:
			case <-ctx.Done():
				return
			}
		}
		s.mu.Lock()
		s.turns[l] = t
		s.mu.Unlock()
		t.run()
		s.mu.Lock()
		if s.turns[l] == t {
			delete(s.turns, l) // a restart may have started another meanwhile
		}
		if s.tails[l] == t {
			delete(s.tails, l)
		}
		s.mu.Unlock()
	})
}

// run plays the script: receipt, busy, typing, tools and pickers, the
// streamed reply, idle.
func (t *turn) run() {
	t.s.mu.Lock()
	if t.s.dir.findLane(t.lane) == nil {
		t.s.mu.Unlock()
		return // deleted while the turn waited for its predecessor
	}
	t.s.sendToDeviceLocked(t.origin, laneFrame(0, frame.TypeReadReceipt, t.lane, &frame.ReadReceipt{MessageID: t.user.MessageID}))
	t.s.mu.Unlock()
	t.emit(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"})
	t.emit(frame.TypeTyping, &frame.Typing{On: frame.Ptr(true)})
	var reply string
	if strings.HasPrefix(strings.TrimSpace(t.user.Text), "/") {
		reply = t.slashCommand()
	} else {
		reply = composeReply(t.user, t.work())
	}
	if t.ctx.Err() == nil {
		t.stream(reply)
	}
	if t.ctx.Err() == nil && t.retitle != nil {
		t.retitle()
	}
	t.emitFinal(frame.TypeAgentIdle, &frame.Empty{})
	t.emitFinal(frame.TypeTypingStop, &frame.Empty{})
}

// work is the tool phase of an ordinary message: commentary, a terminal
// call, and the pickers its keywords ask for. It returns notes for the reply.
func (t *turn) work() []string {
	t.emit(frame.TypeCommentary, &frame.Commentary{MessageID: t.s.lockedID("m"), Text: "Let me inspect the workspace first."})
	t.runTool("git status --short", "M main.go\n?? notes.md")
	var notes []string
	if wantsImage(t.user.Text) {
		notes = append(notes, t.offerChart())
	}
	for _, step := range keywordPickers(t.user.Text) {
		if t.ctx.Err() != nil {
			return notes
		}
		notes = append(notes, step(t))
	}
	return notes
}

// runTool emits one terminal tool call, with agent.busy reason "tool" while
// it runs and "processing" again after it.
func (t *turn) runTool(command, output string) {
	t.tools++
	i := t.tools
	t.emit(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"})
	t.emit(frame.TypeToolStart, &frame.ToolStart{Index: i, Name: "terminal", Preview: command, Args: map[string]any{"command": command}})
	t.pause()
	t.emit(frame.TypeToolProgress, &frame.ToolProgress{Index: i, Name: "terminal", Note: "running…"})
	t.pause()
	t.emit(frame.TypeToolEnd, &frame.ToolEnd{Index: i, Name: "terminal", OK: frame.Ptr(true), Duration: frame.Ptr(0.4), OutputPreview: output})
	t.emit(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"})
}

// chunkRE splits a reply into words with their trailing whitespace.
var chunkRE = regexp.MustCompile(`\S+\s*`)

// wordsPerUpdate is how many words each message.update adds.
const wordsPerUpdate = 4

// stream sends the reply as message.start, growing message.update frames
// and message.stop, and stores it. Steers that arrive meanwhile are woven
// into the text; agent.stop ends it with the partial text.
func (t *turn) stream(reply string) {
	id := t.s.lockedID("m")
	start := &frame.MessageStart{MessageID: id, Role: frame.RoleAssistant}
	if t.s.rich() {
		start.ReplyTo, start.TS = frame.Some(t.user.MessageID), t.s.nowMS()
	}
	t.emit(frame.TypeMessageStart, start)
	words := chunkRE.FindAllString(reply, -1)
	var text strings.Builder
	for i := 0; i < len(words); i += wordsPerUpdate {
		select {
		case steer := <-t.steers:
			text.WriteString("\n\n> **Steer received:** " + steer + "\n> Adjusting the rest of this answer accordingly.\n\n")
		default:
		}
		for _, w := range words[i:min(i+wordsPerUpdate, len(words))] {
			text.WriteString(w)
		}
		t.emit(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: id, Text: text.String()})
		if !t.pause() {
			break
		}
	}
	t.finish(id, strings.TrimRight(text.String(), " \n"))
}

// finish sends message.stop with the metadata and stores the reply.
func (t *turn) finish(id, text string) {
	if !t.mayFinish() {
		return
	}
	s := t.s
	s.mu.Lock()
	model := s.model.model
	turns := len(s.store.lanes[t.lane])
	s.mu.Unlock()
	tokens := len(strings.Fields(text))
	latency := s.cfg.Now().Sub(t.begun).Seconds()
	rt := &frame.Runtime{
		Model: model, ContextPct: frame.Ptr(min(95, 8+turns)), Cwd: "~/src/iris",
		Latency: frame.Ptr(latency), Cost: frame.Ptr(float64(tokens) * 0.000002),
	}
	reasoning := "The user wrote " + quote(instantTitle(t.user.Text)) + ". I checked the workspace with a quick terminal call, then summarised what I found."
	msg := frame.Message{
		MessageID: id, Role: frame.RoleAssistant, Text: text, Reasoning: reasoning, Media: t.media,
		Model: model, Tokens: frame.Ptr(tokens), Runtime: rt,
	}
	if s.rich() {
		msg.ReplyTo = frame.Some(t.user.MessageID)
	}
	stop := &frame.MessageStop{
		MessageID: id, FinalText: text, Reasoning: reasoning, Model: model, Tokens: msg.Tokens, Runtime: rt,
		Interrupted: t.interrupted(),
	}
	// Stamped, stored and sent under one lock: a message sent once a
	// device has seen this stop is stored after the reply, with a later ts.
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dir.findLane(t.lane) == nil || !t.mayFinish() {
		return
	}
	msg.TS = s.nowMS()
	if s.rich() {
		stop.Media, stop.TS = t.media, msg.TS
	}
	s.store.add(t.lane, msg)
	s.broadcastLocked(laneFrame(0, frame.TypeMessageStop, t.lane, stop), nil)
}

// pause waits StreamInterval; it reports false when the turn was cancelled.
func (t *turn) pause() bool {
	if d := t.s.cfg.StreamInterval; d > 0 {
		timer := time.NewTimer(d)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-t.ctx.Done():
		}
	}
	return t.ctx.Err() == nil
}

// emit broadcasts an event of the running turn's lane; a cancelled turn
// emits nothing more.
func (t *turn) emit(typ string, payload any) {
	if t.ctx.Err() == nil {
		t.broadcast(typ, payload)
	}
}

// emitFinal broadcasts one of the frames that close a turn: also after
// agent.stop, but not after a silent cancel (lane deleted, server closing).
func (t *turn) emitFinal(typ string, payload any) {
	if t.mayFinish() {
		t.broadcast(typ, payload)
	}
}

// mayFinish reports whether the turn may still send its closing frames: it
// runs, or agent.stop ended it.
func (t *turn) mayFinish() bool { return t.ctx.Err() == nil || t.stopped.Load() }

// broadcast sends an event of the turn's lane to every device, unless the
// lane was deleted meanwhile.
func (t *turn) broadcast(typ string, payload any) {
	s := t.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dir.findLane(t.lane) == nil {
		return
	}
	s.broadcastLocked(laneFrame(0, typ, t.lane, payload), nil)
}

// RunningTurns returns how many lanes have an agent turn running or
// waiting to run.
func (s *Server) RunningTurns() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tails)
}

// lockedID returns a fresh id, taking s.mu.
func (s *Server) lockedID(prefix string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nextID(prefix)
}

// runningTurn resolves the lane request f names and returns it with its
// running turn (nil when the agent is idle there); ok is false when the
// lane is missing or unknown (answered not_found).
func (c *conn) runningTurn(f frame.Frame) (l frame.Lane, t *turn, ok bool) {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	e := c.laneLocked(f)
	if e == nil {
		return l, nil, false
	}
	return e.lane(), s.turns[e.lane()], true
}

func (c *conn) handleAgentStop(f frame.Frame) {
	l, t, ok := c.runningTurn(f)
	if !ok {
		return
	}
	if t != nil {
		t.abort(true)
		select {
		case <-t.done:
		case <-time.After(5 * time.Second):
		}
	}
	c.send(laneFrame(f.ID, frame.TypeAgentIdle, l, &frame.Empty{}))
}

// handleAgentSteer weaves the text into the running turn. The spec gives
// agent.steer no response: the rich dialect acknowledges it with a
// commentary, the spec dialect says nothing; both answer not_found when no
// turn runs.
func (c *conn) handleAgentSteer(f frame.Frame) {
	text := f.Payload.(*frame.AgentSteer).Text
	l, t, ok := c.runningTurn(f)
	if !ok {
		return
	}
	if t == nil {
		c.s.recvMu.Lock()
		c.s.refused = append(c.s.refused, text)
		c.s.recvMu.Unlock()
		c.sendError(f.ID, frame.CodeNotFound, "no agent turn is running in "+quote(l.String()))
		return
	}
	select {
	case t.steers <- text:
	default:
	}
	if c.s.rich() {
		c.send(laneFrame(f.ID, frame.TypeCommentary, l, &frame.Commentary{Text: "Steering noted: " + text}))
	}
}
