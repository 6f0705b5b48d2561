package logs

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// frameLine logs data through FrameLogger and returns the "frame" attribute
// as written (or the whole record when there is none).
func frameLine(t *testing.T, data string, outgoing, content bool) string {
	t.Helper()
	var buf bytes.Buffer
	lg := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	FrameLogger(lg, content)(outgoing, []byte(data))
	return buf.String()
}

func TestFrameRedaction(t *testing.T) {
	tests := []struct {
		name, frame string
		content     bool
		outgoing    bool
		want        []string // substrings of the record
		absent      []string
	}{
		{
			name:     "hello token always redacted",
			frame:    `{"v":1,"type":"hello","payload":{"token":"sk-SECRET-1","device_id":"dev_1","caps":{"min_protocol":1}}}`,
			outgoing: true,
			want:     []string{`"dir":"out"`, `"type":"hello"`, `\"token\":\"[redacted]\"`, `\"device_id\":\"dev_1\"`},
			absent:   []string{"sk-SECRET-1"},
		},
		{
			name:    "token redacted even with content, any case and depth",
			frame:   `{"type":"x","payload":{"a":[{"Token":"sk-SECRET-2"}],"fcm_token":"f-SECRET","ntfy_topic":"n-SECRET"}}`,
			content: true,
			absent:  []string{"sk-SECRET-2", "f-SECRET", "n-SECRET"},
		},
		{
			name:   "content redacted by default",
			frame:  `{"type":"message.stop","payload":{"message_id":"m1","final_text":"héllo wörld","reasoning":"think","tokens":42}}`,
			want:   []string{`\"final_text\":\"[11 chars]\"`, `\"reasoning\":\"[5 chars]\"`, `\"tokens\":42`, `\"message_id\":\"m1\"`},
			absent: []string{"wörld", "think"},
		},
		{
			name:   "nested history messages and tool args",
			frame:  `{"type":"history","payload":{"messages":[{"text":"private one"},{"text":"private two"}]}}`,
			want:   []string{`\"text\":\"[11 chars]\"`},
			absent: []string{"private"},
		},
		{
			name:   "args object, body, snippet, output_preview",
			frame:  `{"type":"tool.start","payload":{"args":{"path":"/secret/file"},"body":"b0dy","snippet":"sn1p","output_preview":"0ut","preview":"pr3v","note":"n0te","question":"qu3s","query":"qu3ry"}}`,
			want:   []string{`\"args\":\"[redacted]\"`},
			absent: []string{"/secret/file", "b0dy", "sn1p", "0ut", "pr3v", "n0te", "qu3s", "qu3ry"},
		},
		{
			name:    "content kept with --debug-content",
			frame:   `{"type":"message.update","payload":{"text":"visible <b>&</b>","ts":1.5e3}}`,
			content: true,
			want:    []string{`visible <b>&</b>`, `\"ts\":1.5e3`, `"dir":"in"`},
		},
		{
			name:   "invalid JSON logs only the length",
			frame:  `{"type":"hello","payload":{"token":"sk-SECRET-3"`,
			want:   []string{`"len":48`, `"invalid":true`},
			absent: []string{"sk-SECRET-3", "hello"},
		},
		{
			name:   "trailing data is invalid",
			frame:  `{"type":"a"} {"token":"sk-SECRET-4"}`,
			want:   []string{`"invalid":true`},
			absent: []string{"sk-SECRET-4"},
		},
		{
			name:  "non-object frame",
			frame: `["text", 1]`,
			want:  []string{`"type":""`, `"frame":"[\"text\",1]"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := frameLine(t, tt.frame, tt.outgoing, tt.content)
			for _, w := range tt.want {
				if !strings.Contains(rec, w) {
					t.Errorf("record lacks %s:\n%s", w, rec)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(rec, a) {
					t.Errorf("record contains %s:\n%s", a, rec)
				}
			}
		})
	}
}
