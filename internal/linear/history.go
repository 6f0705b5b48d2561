package linear

import (
	"context"
	"strconv"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
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
		a.printOlder(l, end)
		return
	}
	a.loadOlder(l, true)
}

// printOlder prints up to morePage items before index end of lane l.
func (a *app) printOlder(l frame.Lane, end int) {
	ln := a.st.Lane(l)
	start := max(end-morePage, 0)
	lines := []string{"Older messages in " + laneName(a.st, l) + ", " + strconv.Itoa(end-start) + " items:"}
	for i := start; i < end; i++ {
		lines = append(lines, a.pr.whole(ln.Item(i))...)
	}
	a.older[l] = start
	a.say(append(lines, "End of older messages. /more goes on.")...)
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
			a.printOlder(l, a.older[l])
		default:
			a.say("Nothing older in " + laneName(a.st, l) + ".")
		}
	}
	switch {
	case read != nil:
		go func() {
			page := read.Read()
			a.results <- func() { done(a.st.ApplyPage(page)) }
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
		a.results <- func() {
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
		}
	}()
}

// focus makes l the lane typed to, reads its items when they were never
// read, and prints its last few.
func (a *app) focus(l frame.Lane) {
	a.apply(a.st.Focus(l))
	a.apply(a.st.MarkRead(l))
	delete(a.older, l)
	show := func() {
		ln := a.st.Lane(l)
		n := 0
		if ln != nil {
			n = ln.Len()
		}
		a.older[l] = n
		a.say("You are in " + laneName(a.st, l) + ".")
		if n > 0 {
			a.printOlder(l, n)
		}
	}
	if read := a.st.OpenPage(l); read != nil {
		go func() {
			page := read.Read()
			a.results <- func() {
				chg := a.st.ApplyPage(page)
				a.pr.skipNew(l)
				a.apply(chg)
				show()
			}
		}()
		return
	}
	show()
}
