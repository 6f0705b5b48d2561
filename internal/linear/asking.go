package linear

import (
	"slices"

	"github.com/hermes/iris/internal/store"
)

// syncPickers announces each new picker at once (a bell, then its line),
// and makes it the one the input line answers; when that one ends (its
// record says how), the next one waiting is announced again.
func (a *app) syncPickers() {
	pending := a.st.AllPickers()
	ids := make([]string, len(pending))
	for i, p := range pending {
		ids[i] = p.PickerID
	}
	if a.ask != nil && !slices.Contains(ids, a.ask.p.PickerID) {
		a.ask = nil
	}
	for _, p := range pending {
		if !a.announced[p.PickerID] {
			a.announced[p.PickerID] = true
			a.announce(p, "")
		}
	}
	for id := range a.announced {
		if !slices.Contains(ids, id) { // one that comes back (a refused answer) is announced again
			delete(a.announced, id)
		}
	}
	for id := range a.aside {
		if !slices.Contains(ids, id) {
			delete(a.aside, id)
		}
	}
	if a.ask != nil {
		return
	}
	for _, p := range pending {
		if !a.aside[p.PickerID] {
			a.announce(p, "Still waiting: ")
			return
		}
	}
}

// later puts the question asked aside: lines go to the chat again until
// /answer takes it up (a new question is still announced and asked).
func (a *app) later() {
	if a.ask == nil {
		a.say("No question is asked.")
		return
	}
	a.aside[a.ask.p.PickerID] = true
	a.ask = nil
	a.say("The question waits: /pickers lists it, /answer N takes it up again. Lines go to the chat.")
}

// announce rings the bell and says picker p's line; the input line
// answers it from the next key on.
func (a *app) announce(p store.Picker, lead string) {
	delete(a.aside, p.PickerID)
	a.show() // the bell rings with the announcement, after what came before it
	a.ask = newAsking(p, laneName(a.st, p.Lane), a.ed.Keys())
	a.ed.Bell()
	a.say(lead + a.ask.announcement(a.opts.Now()))
	a.show()
}

// takeAnswer gives a typed line to the picker asked; it reports whether
// the line was for the picker (every line that is not a command is, while
// one is asked).
func (a *app) takeAnswer(in Input) bool {
	if a.ask == nil {
		return false
	}
	v := a.ask.take(in.Line, in.Started)
	if v.say != "" {
		a.say(v.say)
	}
	if v.rearm {
		a.ask.armedAt = a.ed.Keys()
	}
	if v.answer != nil {
		a.answerPicker(a.ask, *v.answer)
	}
	return true
}
