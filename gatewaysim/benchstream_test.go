package gatewaysim

import (
	"strings"
	"testing"
)

func TestBenchAnswerShape(t *testing.T) {
	a := BenchAnswer(24 << 10)
	if len(a) < 24<<10-100 || len(a) > 25<<10 {
		t.Errorf("answer is %d bytes, want about 24 KiB", len(a))
	}
	for _, want := range []string{"```go\n", "```python\n", "```json\n", "| name | value |", "\n- first point", "## Part ", BenchEnd + "\n"} {
		if !strings.Contains(a, want) {
			t.Errorf("answer lacks %q", want)
		}
	}
	if !strings.HasSuffix(a, BenchEnd+"\n") {
		t.Error("answer does not end with BenchEnd")
	}
}
