package media

import "testing"

func TestSizeLabel(t *testing.T) {
	tests := map[int64]string{
		0: "", -1: "", 1: "1 B", 1023: "1023 B", 1024: "1.0 KiB", 1536: "1.5 KiB",
		10 * 1024: "10 KiB", 10200: "10 KiB", 5 << 20: "5.0 MiB", 123 << 20: "123 MiB", 3 << 30: "3.0 GiB",
		1 << 62: "4.0 EiB",
	}
	for n, want := range tests {
		if got := SizeLabel(n); got != want {
			t.Errorf("SizeLabel(%d) = %q, want %q", n, got, want)
		}
	}
}
