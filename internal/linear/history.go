package linear

import (
	"context"
	"strconv"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// morePage is how many items /more prints.
const morePage = 10

// more prints the items before the oldest one printed in the focused
// lane; with none left in memory it reads the next older page (from disk,
// else from the gateway) and prints from it once it came.
func (a *app) more() {
	l := a.st.Focused()
	ln := a.st.Lane(l)
	if ln == nil {
		a.say("No channel yet.")
		return
	}
	end, ok := a.older[l]
	if !ok {
		end = ln.Len()
	}
	if end > 0 {
		a.printOlder(l, end, "Older messages in ")
		return
	}
	a.loadOlder(l, true)
}

// printOlder prints up to morePage items before index end of lane l,
// under a heading that starts with lead.
func (a *app) printOlder(l frame.Lane, end int, lead string) {
	ln := a.st.Lane(l)
	start := max(end-morePage, 0)
	lines := []string{lead + laneName(a.st, l) + ", " + strconv.Itoa(end-start) + " items:"}
	for i := start; i < end; i++ {
		lines = append(lines, a.pr.whole(ln.Item(i))...)
	}
	a.older[l] = start
	a.say(append(lines, "End of these messages. /more prints older ones.")...)
}

// loadOlder reads lane l's next older page, then (print) prints from it.
func (a *app) loadOlder(l frame.Lane, print bool) {
	chg, read, req := a.st.LoadOlder(l)
	a.apply(chg)
	before := a.st.Lane(l).Len()
	done := func(chg store.Change) {
		a.pr.skipNew(l)
		a.apply(chg)
		added := a.st.Lane(l).Len() - before
		a.older[l] += max(added, 0)
		switch {
		case !print:
		case added > 0:
			a.printOlder(l, a.older[l], "Older messages in ")
		default:
			a.say("Nothing older in " + laneName(a.st, l) + ".")
		}
	}
	switch {
	case read != nil:
		go func() {
			page := read.Read()
			a.post(func() { done(a.st.ApplyPage(page)) })
		}()
	case req != nil && a.eng.Online():
		a.history(l, req, done)
	case req != nil:
		a.say("Older messages need the gateway: Iris is offline.")
	default:
		done(store.Change{})
	}
}

// history asks the gateway for a page of lane l's history.
func (a *app) history(l frame.Lane, req *frame.HistoryRequest, done func(store.Change)) {
	f := frame.Frame{Type: frame.TypeHistory, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), Payload: req}
	go func() {
		ctx, cancel := context.WithTimeout(a.ctx, a.opts.RequestTimeout)
		defer cancel()
		resp, err := a.opts.Gateway.Request(ctx, f)
		a.post(func() {
			h, ok := resp.Payload.(*frame.History)
			if err != nil || !ok {
				msg := "the gateway sent no history"
				if err != nil {
					msg = termsafe.Line(err.Error())
				}
				a.say("Older messages not loaded: " + msg + ".")
				return
			}
			done(a.st.ApplyHistory(l, req.BeforeMessageID, *h))
		})
	}()
}

// historyPage is how many of a lane's newest messages are asked of the
// gateway when it is opened and none were loaded.
const historyPage = 50

// focus makes l the lane typed to and prints its last few items, once
// its stored items are read and, when the gateway's newest were never
// loaded, those too.
func (a *app) focus(l frame.Lane) {
	a.apply(a.st.Focus(l))
	a.apply(a.st.MarkRead(l))
	delete(a.older, l)
	a.say("You are in " + laneName(a.st, l) + ".")
	show := func() {
		n := 0
		if ln := a.st.Lane(l); ln != nil {
			n = ln.Len()
		}
		if n > 0 {
			a.printOlder(l, n, "Last messages in ")
		}
	}
	read := func(chg store.Change) {
		a.pr.skipNew(l) // what was read in is history: printed below, once
		a.apply(chg)
		show()
	}
	newest := func() {
		if ln := a.st.Lane(l); a.eng.Online() && ln != nil && !ln.HistoryLoaded {
			a.history(l, &frame.HistoryRequest{Limit: historyPage}, read)
			return
		}
		show()
	}
	if page := a.st.OpenPage(l); page != nil {
		go func() {
			p := page.Read()
			a.post(func() {
				chg := a.st.ApplyPage(p)
				a.pr.skipNew(l)
				a.apply(chg)
				newest()
			})
		}()
		return
	}
	newest()
}
