package gatewaysim

import (
	"strconv"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
)

// PostCron posts a role "cron" message to lane ("chat_id" or
// "chat_id/thread_id"; the default channel when empty or unknown), stores it
// in history and raises a cron notification on every device. When no agent
// turn runs in the lane, the job is framed by agent.busy {reason: cron} and
// agent.idle, as the agent runs it.
func (s *Server) PostCron(lane, text string) {
	chat, thread, _ := strings.Cut(lane, "/")
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.laneOrDefaultLocked(frame.Lane{ChatID: chat, ThreadID: thread})
	idle := s.tails[l] == nil
	if idle {
		s.broadcastLocked(laneFrame(0, frame.TypeAgentBusy, l, &frame.AgentBusy{Reason: "cron"}), nil)
	}
	msg := frame.Message{MessageID: s.nextID("m"), Role: frame.RoleCron, Text: text, TS: s.nowMS()}
	s.store.add(l, msg)
	s.broadcastLocked(laneFrame(0, frame.TypeMessage, l, &msg), nil)
	s.broadcastLocked(laneFrame(0, frame.TypeNotification, l, &frame.Notification{
		Kind: "cron", Title: "Cron", Body: instantTitle(text), TS: msg.TS,
	}), nil)
	if idle {
		s.broadcastLocked(laneFrame(0, frame.TypeAgentIdle, l, &frame.Empty{}), nil)
	}
}

// cronLoop posts a cron message every CronInterval until Close.
func (s *Server) cronLoop() {
	tick := time.NewTicker(s.cfg.CronInterval)
	defer tick.Stop()
	for n := 1; ; n++ {
		select {
		case <-tick.C:
			s.PostCron("", "Nightly backup #"+itoa(n)+" finished: 3 snapshots, 1.2 GiB, no errors.")
		case <-s.ctx.Done():
			return
		}
	}
}

// laneOrDefaultLocked resolves l in the directory, falling back to the
// default channel. s.mu must be held.
func (s *Server) laneOrDefaultLocked(l frame.Lane) frame.Lane {
	if e := s.dir.findLane(l); e != nil {
		return e.lane()
	}
	return frame.Lane{ChatID: s.dir.defaultChat}
}

func itoa(n int) string { return strconv.Itoa(n) }
