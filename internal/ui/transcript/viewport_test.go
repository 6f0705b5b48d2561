package transcript

import (
	"strconv"
	"testing"
)

// fakeSource has n items of h lines each and counts renders.
type fakeSource struct {
	n, h    int
	renders int
}

func (s *fakeSource) Len() int { return s.n }

func (s *fakeSource) Lines(i int) []string {
	s.renders++
	out := make([]string, s.h)
	for j := range out {
		out[j] = strconv.Itoa(i) + ":" + strconv.Itoa(j)
	}
	return out
}

func TestViewport(t *testing.T) {
	cases := []struct {
		name            string
		n, h, height    int
		scroll          []int
		first, last     string
		follow, atTop   bool
		maxRenderFactor int
	}{
		{"follows the bottom", 100, 3, 10, nil, "96:2", "99:2", true, false, 2},
		{"short list starts at the top", 2, 3, 10, nil, "0:0", "1:2", true, true, 2},
		{"scroll up leaves follow", 100, 3, 10, []int{-4}, "95:1", "98:1", false, false, 2},
		{"scroll back down follows", 100, 3, 10, []int{-4, 4}, "96:2", "99:2", true, false, 2},
		{"scroll past the top stops", 5, 3, 10, []int{-100}, "0:0", "3:0", false, true, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := &fakeSource{n: c.n, h: c.h}
			vp := viewport{follow: true, height: c.height}
			for _, d := range c.scroll {
				vp.scroll(src, d)
			}
			src.renders = 0
			lines, _ := vp.visible(src)
			if lines[0] != c.first || lines[len(lines)-1] != c.last || vp.follow != c.follow || vp.atTop() != c.atTop {
				t.Fatalf("lines %q…%q follow %v top %v", lines[0], lines[len(lines)-1], vp.follow, vp.atTop())
			}
			if limit := c.maxRenderFactor * (c.height/c.h + 2); src.renders > limit {
				t.Fatalf("rendered %d items for one screen (virtualisation broken)", src.renders)
			}
		})
	}
}
