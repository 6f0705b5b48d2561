package headless

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/hermes/iris/internal/store"
)

// Pickers is `iris pickers`: the pending pickers across all lanes.
type Pickers struct {
	JSON bool
}

// run connects, rebuilds the pending pickers and lists them.
func (o *Pickers) run(ctx context.Context, env *Env) error {
	s, err := open(ctx, env, resume{})
	if err != nil {
		return err
	}
	defer s.close()
	now := s.now()
	s.st.Expire(now)
	views := pendingViews(s.st, now)
	if o.JSON {
		out := newNDJSON(env.Stdout)
		for _, v := range views {
			e := v.event()
			age, left := int(v.Age.Seconds()), int(v.Left.Seconds())
			e.AgeS, e.LeftS = &age, &left
			out.write(e)
		}
		return nil
	}
	if len(views) == 0 {
		fmt.Fprintln(env.Stderr, "iris: no picker is waiting")
		return nil
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tLANE\tTYPE\tQUESTION\tCHOICES\tAGE\tLEFT")
	for _, v := range views {
		left := "-"
		if v.Left > 0 {
			left = v.Left.String()
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v.ID, v.LaneName, v.Type, v.Question, strings.Join(v.Choices, "|"), v.Age.Round(time.Second), left)
	}
	return tw.Flush()
}

// pendingViews lists every pending picker, lane by lane, oldest first.
func pendingViews(st *store.State, now time.Time) []pickerView {
	var out []pickerView
	for _, l := range st.PendingLanes() {
		for _, p := range st.Pickers(l) {
			out = append(out, newPickerView(p, st, now))
		}
	}
	return out
}
