package store

import (
	"testing"

	"github.com/hermes/iris/frame"
)

// TestApplyEveryFrameType applies each server frame type to a state holding
// a directory and checks its effect and the reported change.
func TestApplyEveryFrameType(t *testing.T) {
	userMsg := `{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"hi","ts":1800000000000}}`
	cases := []struct {
		name  string
		setup []string
		frame string
		check func(t *testing.T, s *State, c Change)
	}{
		{"hello.ack", nil, helloAck, func(t *testing.T, s *State, c Change) {
			if s.Cursor() != 10 || s.Caps().Streaming == nil || len(s.Tree()) != 2 {
				t.Fatalf("cursor %d caps %+v tree %+v", s.Cursor(), s.Caps(), s.Tree())
			}
		}},
		{"message", nil, `{"type":"message","chat_id":"c7","payload":{"message_id":"m1","role":"assistant","text":"yo","model":"q","runtime":{"context_pct":38}}}`,
			func(t *testing.T, s *State, c Change) {
				want(t, s, chan7, `assistant m1 "yo"`)
				ln := s.Lane(chan7)
				if !c.Has(chan7) || !c.Directory || ln.Unread != 1 || ln.Model != "q" || *ln.Runtime.ContextPct != 38 {
					t.Fatalf("change %+v lane %+v", c, ln)
				}
			}},
		{"message in payload lane", nil, `{"type":"message","payload":{"message_id":"m1","chat_id":"c7","thread_id":"t1","text":"x"}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, thr, `assistant m1 "x"`) }},
		{"message.start", nil, `{"type":"message.start","chat_id":"d","payload":{"message_id":"m2","role":"assistant"}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, def, `assistant m2 "" streaming`) }},
		{"message.update", []string{`{"type":"message.start","chat_id":"d","payload":{"message_id":"m2"}}`},
			`{"type":"message.update","chat_id":"d","payload":{"message_id":"m2","text":"par","reasoning":"th"}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, def, `assistant m2 "par" r="th" streaming`) }},
		{"message.stop", []string{`{"type":"message.start","chat_id":"d","payload":{"message_id":"m2"}}`},
			`{"type":"message.stop","chat_id":"d","payload":{"message_id":"m2","final_text":"full","model":"q","tokens":3}}`,
			func(t *testing.T, s *State, c Change) {
				want(t, s, def, `assistant m2 "full"`)
				if m := s.Lane(def).Message("m2"); *m.Tokens != 3 || m.Model != "q" {
					t.Fatalf("%+v", m)
				}
			}},
		{"message.deleted", []string{userMsg}, `{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["u1","nope"]}}`,
			func(t *testing.T, s *State, c Change) {
				want(t, s, def)
				if !c.Has(def) {
					t.Fatal("no lane change")
				}
			}},
		{"commentary", nil, `{"type":"commentary","chat_id":"d","payload":{"message_id":"m3","text":"Let me look."}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, def, `commentary "Let me look."`) }},
		{"tool.start", nil, `{"type":"tool.start","chat_id":"d","payload":{"index":3,"name":"terminal","preview":"ls","args":{"command":"ls"}}}`,
			func(t *testing.T, s *State, c Change) {
				want(t, s, def, `tool 3 terminal running`)
				if tc := s.Lane(def).Item(0).Tool; tc.Preview != "ls" || tc.Args["command"] != "ls" {
					t.Fatalf("%+v", tc)
				}
			}},
		{"tool.progress", []string{`{"type":"tool.start","chat_id":"d","payload":{"index":3,"name":"terminal"}}`},
			`{"type":"tool.progress","chat_id":"d","payload":{"index":3,"note":"half"}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, def, `tool 3 terminal running note=half`) }},
		{"tool.end", []string{`{"type":"tool.start","chat_id":"d","payload":{"index":3,"name":"terminal"}}`},
			`{"type":"tool.end","chat_id":"d","payload":{"index":3,"ok":true,"duration":1.5,"output_preview":"done"}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, def, `tool 3 terminal ok=true out=done`) }},
		{"typing", nil, `{"type":"typing","chat_id":"d","payload":{"on":true}}`,
			func(t *testing.T, s *State, c Change) {
				if !s.Lane(def).Typing || !c.Has(def) {
					t.Fatal("not typing")
				}
			}},
		{"typing off", []string{`{"type":"typing","chat_id":"d","payload":{}}`}, `{"type":"typing","chat_id":"d","payload":{"on":false}}`,
			func(t *testing.T, s *State, c Change) {
				if s.Lane(def).Typing {
					t.Fatal("typing")
				}
			}},
		{"typing.stop", []string{`{"type":"typing","chat_id":"d","payload":{}}`}, `{"type":"typing.stop","chat_id":"d","payload":{}}`,
			func(t *testing.T, s *State, c Change) {
				if s.Lane(def).Typing || !c.Has(def) {
					t.Fatal("still typing")
				}
			}},
		{"notification", nil, `{"type":"notification","chat_id":"d","payload":{"kind":"cron","title":"T","body":"B","ts":1800000000000}}`,
			func(t *testing.T, s *State, c Change) {
				b := s.TakeBanners()
				if !c.Banners || len(b) != 1 || b[0].Kind != "cron" || b[0].Title != "T" || b[0].Lane != def || len(s.TakeBanners()) != 0 {
					t.Fatalf("%+v %+v", c, b)
				}
			}},
		{"picker.model", nil, `{"type":"picker.model","chat_id":"d","payload":{"picker_id":"pm","current_model":"q","providers":[{"id":"local","models":[{"id":"q"}]}]}}`,
			func(t *testing.T, s *State, c Change) { wantPickers(t, s, c, def, frame.TypePickerModel, "pm") }},
		{"picker.choice", nil, `{"type":"picker.choice","chat_id":"d","payload":{"picker_id":"pc","title":"Effort","choices":[{"value":"low"}]}}`,
			func(t *testing.T, s *State, c Change) { wantPickers(t, s, c, def, frame.TypePickerChoice, "pc") }},
		{"picker.clarify", nil, `{"type":"picker.clarify","chat_id":"d","payload":{"picker_id":"pq","question":"Which?"}}`,
			func(t *testing.T, s *State, c Change) { wantPickers(t, s, c, def, frame.TypePickerClarify, "pq") }},
		{"picker.approval", nil, `{"type":"picker.approval","chat_id":"d","payload":{"picker_id":"pa","command":"rm -rf build/","allow_permanent":false}}`,
			func(t *testing.T, s *State, c Change) { wantPickers(t, s, c, def, frame.TypePickerApproval, "pa") }},
		{"picker.confirm", nil, `{"type":"picker.confirm","chat_id":"d","payload":{"picker_id":"pf","title":"Sure?","message":"really"}}`,
			func(t *testing.T, s *State, c Change) { wantPickers(t, s, c, def, frame.TypePickerConfirm, "pf") }},
		{"channel.list", nil, `{"type":"channel.list","payload":{"channels":[{"chat_id":"d","kind":"default","name":"Home"},{"chat_id":"c9","name":"Nine"}]}}`,
			func(t *testing.T, s *State, c Change) {
				wantTree(t, s, "*d Home", "c9 Nine")
				if !c.Directory || len(c.Removed) != 2 {
					t.Fatalf("%+v", c)
				}
			}},
		{"channel.created", nil, `{"type":"channel.created","payload":{"chat_id":"c8","name":"Eight","kind":"channel","parent_chat_id":null}}`,
			func(t *testing.T, s *State, c Change) {
				wantTree(t, s, "*d Default", "c7 Seven", "  c7/t1 Thread", "c8 Eight")
			}},
		{"channel.created thread", nil, `{"type":"channel.created","payload":{"chat_id":"c7","thread_id":"t2","name":"T2","kind":"thread","parent_chat_id":"c7","auto":true}}`,
			func(t *testing.T, s *State, c Change) {
				wantTree(t, s, "*d Default", "c7 Seven", "  c7/t1 Thread", "  c7/t2 T2")
				if !s.Tree()[1].Threads[1].Auto {
					t.Fatal("auto lost")
				}
			}},
		{"channel.renamed", nil, `{"type":"channel.renamed","payload":{"chat_id":"c7","name":"Reports"}}`,
			func(t *testing.T, s *State, c Change) {
				wantTree(t, s, "*d Default", "c7 Reports", "  c7/t1 Thread")
				if s.Lane(chan7).Name != "Reports" {
					t.Fatal("lane name")
				}
			}},
		{"channel.deleted", []string{`{"type":"message","chat_id":"c7","thread_id":"t1","payload":{"message_id":"x","text":"x"}}`},
			`{"type":"channel.deleted","payload":{"chat_id":"c7"}}`,
			func(t *testing.T, s *State, c Change) {
				wantTree(t, s, "*d Default")
				if len(c.Removed) != 2 || s.Lane(thr).Len() != 0 {
					t.Fatalf("%+v", c)
				}
			}},
		{"history (goes to ApplyHistory)", nil, `{"type":"history","id":3,"chat_id":"d","payload":{"messages":[{"message_id":"h","text":"x"}],"has_more":true}}`,
			wantNoop},
		{"commands.catalog", nil, `{"type":"commands.catalog","id":4,"payload":{"commands":[{"name":"/new","args_hint":"[name]"}]}}`,
			func(t *testing.T, s *State, c Change) {
				if !c.Catalog || len(s.Catalog()) != 1 || s.Catalog()[0].Name != "/new" {
					t.Fatalf("%+v", s.Catalog())
				}
			}},
		{"commands.complete", nil, `{"type":"commands.complete","id":5,"payload":{"prefix":"/m","matches":[]}}`, wantNoop},
		{"agent.busy", nil, `{"type":"agent.busy","chat_id":"d","payload":{"reason":"tool"}}`,
			func(t *testing.T, s *State, c Change) {
				if ln := s.Lane(def); !ln.Busy || ln.BusyReason != "tool" || !c.Directory {
					t.Fatalf("%+v", ln)
				}
			}},
		{"agent.idle", []string{
			`{"type":"agent.busy","chat_id":"d","payload":{"reason":"tool"}}`,
			`{"type":"typing","chat_id":"d","payload":{}}`,
			`{"type":"message.start","chat_id":"d","payload":{"message_id":"m"}}`,
			`{"type":"tool.start","chat_id":"d","payload":{"index":1,"name":"t"}}`,
			`{"type":"picker.approval","chat_id":"d","payload":{"picker_id":"pa","command":"ls"}}`,
		}, `{"type":"agent.idle","chat_id":"d","payload":{}}`,
			func(t *testing.T, s *State, c Change) {
				if ln := s.Lane(def); ln.Busy || ln.Typing || len(s.Pickers(def)) != 0 || !c.Pickers {
					t.Fatalf("%+v", ln)
				}
				want(t, s, def, `assistant m ""`, `tool 1 t`, `picker-record "`+ClosedText+`: ls"`)
			}},
		{"search.results", nil, `{"type":"search.results","id":6,"payload":{"query":"q","hits":[]}}`, wantNoop},
		{"media.offer", nil, `{"type":"media.offer","chat_id":"d","payload":{"media_id":"md5","kind":"video","filename":"clip.mp4"}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, def, `assistant  "" media=md5`) }},
		{"media.upload.ack", nil, `{"type":"media.upload.ack","id":7,"payload":{"ok":true,"media_ref":"mu"}}`, wantNoop},
		{"media.pull", nil, `{"type":"media.pull","id":8,"payload":{"media_id":"md5","size":3}}`, wantNoop},
		{"media.pull.end", nil, `{"type":"media.pull.end","id":8,"payload":{"ok":true}}`, wantNoop},
		{"read.receipt", []string{userMsg}, `{"type":"read.receipt","chat_id":"d","payload":{"message_id":"u1"}}`,
			func(t *testing.T, s *State, c Change) { want(t, s, def, `user u1 "hi" read`) }},
		{"status online", nil, `{"type":"status","payload":{"state":"online"}}`,
			func(t *testing.T, s *State, c Change) {
				if s.Status() != frame.StateOnline || !c.Status || c.Banners {
					t.Fatalf("%q %+v", s.Status(), c)
				}
			}},
		{"status restarting", nil, `{"type":"status","payload":{"state":"restarting"}}`,
			func(t *testing.T, s *State, c Change) {
				want(t, s, s.Focused(), `notice "Gateway restarting"`)
				if b := s.TakeBanners(); len(b) != 1 || b[0].Kind != BannerStatus {
					t.Fatalf("%+v", b)
				}
			}},
		{"error", nil, `{"type":"error","payload":{"code":"internal","message":"boom"}}`,
			func(t *testing.T, s *State, c Change) {
				if b := s.TakeBanners(); len(b) != 1 || b[0].Kind != BannerError || b[0].Body != "boom" {
					t.Fatalf("%+v", b)
				}
			}},
		{"pong", nil, `{"type":"pong","payload":{"ts":1}}`, wantNoop},
		{"sync.done", nil, `{"type":"sync.done","id":9,"payload":{"cursor":99}}`,
			func(t *testing.T, s *State, c Change) {
				if s.Cursor() != 99 || !c.Status {
					t.Fatal(s.Cursor())
				}
			}},
		{"unknown type", nil, `{"type":"weather.report","payload":{"sunny":true}}`, wantNoop},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(newClock())
			apply(t, s, helloAck)
			focus(s, lane("elsewhere", ""))
			apply(t, s, tc.setup...)
			s.TakeBanners()
			tc.check(t, s, apply(t, s, tc.frame))
		})
	}
}

func wantNoop(t *testing.T, s *State, c Change) {
	t.Helper()
	if !c.Empty() {
		t.Fatalf("change %+v, want none", c)
	}
}

func wantPickers(t *testing.T, s *State, c Change, l frame.Lane, typ string, ids ...string) {
	t.Helper()
	ps := s.Pickers(l)
	if len(ps) != len(ids) || !c.Pickers || !c.Directory {
		t.Fatalf("pickers %+v change %+v", ps, c)
	}
	for i, id := range ids {
		if ps[i].PickerID != id || (typ != "" && ps[i].Type != typ) || ps[i].Lane != l {
			t.Fatalf("picker %d: %+v", i, ps[i])
		}
	}
}

// wantTree compares the directory with lines "[*]lane name", threads
// indented by two spaces, '*' marking the default.
func wantTree(t *testing.T, s *State, lines ...string) {
	t.Helper()
	var got []string
	line := func(n ChannelNode, indent string) string {
		mark := ""
		if n.Default {
			mark = "*"
		}
		return indent + mark + n.Lane.String() + " " + n.Name
	}
	for _, n := range s.Tree() {
		got = append(got, line(n, ""))
		for _, th := range n.Threads {
			got = append(got, line(th, "  "))
		}
	}
	if len(got) != len(lines) {
		t.Fatalf("tree %q, want %q", got, lines)
	}
	for i := range got {
		if got[i] != lines[i] {
			t.Fatalf("tree %q, want %q", got, lines)
		}
	}
}
