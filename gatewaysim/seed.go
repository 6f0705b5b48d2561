package gatewaysim

import (
	"fmt"
	"time"

	"github.com/hermes/iris/frame"
)

// seedExchanges are user/assistant pairs the demo history cycles through.
var seedExchanges = [][2]string{
	{"How do I list open ports on this box?", "Use `ss -tlnp`:\n\n```sh\nss -tlnp | head\n```\n\nIt shows **listening** TCP sockets with their processes."},
	{"Summarise yesterday's deploy", "## Deploy summary\n\n- `api` rolled out to **3/3** nodes\n- one retry on node 2\n- p95 latency unchanged"},
	{"What's the disk usage?", "| mount | used | free |\n| --- | --- | --- |\n| / | 41% | 58 GiB |\n| /data | 77% | 112 GiB |"},
	{"Remind me what the staging URL is", "Staging lives at `https://staging.example.internal`; the **deploy** token is in the vault."},
	{"Any failing tests?", "No. `go test ./...` passed: 12 packages, 0 failures."},
}

// seed fills the directory and history so that --demo looks alive: the
// default channel gets 60 messages (more than one history page), Ops gets a
// thread and a cron report, Research a short exchange.
func (s *Server) seed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	ops := &entry{chatID: "iris:" + s.nextID("chan"), name: "Ops"}
	research := &entry{chatID: "iris:" + s.nextID("chan"), name: "Research"}
	checklist := &entry{chatID: ops.chatID, threadID: s.nextID("t"), name: "Deploy checklist"}
	for _, e := range []*entry{ops, research, checklist} {
		s.dir.add(e)
	}
	start := s.cfg.Now().Add(-48 * time.Hour)
	at := func(i int) int64 { return start.Add(time.Duration(i) * 10 * time.Minute).UnixMilli() }
	def := frame.Lane{ChatID: DefaultChatID}
	for i := range 30 {
		ex := seedExchanges[i%len(seedExchanges)]
		s.seedPair(def, fmt.Sprintf("%s (#%d)", ex[0], i+1), ex[1], at(2*i))
	}
	s.seedPair(ops.lane(), "Is the backup job healthy?", "Yes: the last **5** runs succeeded.", at(70))
	s.store.add(ops.lane(), frame.Message{MessageID: s.nextID("m"), Role: frame.RoleCron, Text: "Nightly backup finished: 3 snapshots, 1.2 GiB.", TS: at(71)})
	s.seedPair(checklist.lane(), "What's left before the deploy?", "1. Bump the version\n2. Run the migrations\n3. **Announce** in #ops", at(72))
	s.seedPair(research.lane(), "Find papers on speculative decoding", "Here are three starting points:\n\n- *Fast Inference from Transformers via Speculative Decoding*\n- *Medusa*\n- *EAGLE*", at(73))
}

// seedPair stores one user message and its assistant answer. s.mu must be
// held.
func (s *Server) seedPair(l frame.Lane, question, answer string, ts int64) {
	s.store.add(l, frame.Message{MessageID: s.nextID("m"), Role: frame.RoleUser, Text: question, TS: ts})
	s.store.add(l, frame.Message{
		MessageID: s.nextID("m"), Role: frame.RoleAssistant, Text: answer, Model: defaultModel.model,
		Tokens: frame.Ptr(len(answer) / 4), TS: ts + 4000,
	})
}
