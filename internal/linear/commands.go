package linear

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// helpLines list the commands.
var helpLines = []string{
	"Commands:",
	"/lanes lists the channels and threads, with unread counts.",
	"/lane NAME goes to a channel or thread.",
	"/unread lists the lanes with unread messages.",
	"/pickers lists the questions waiting for an answer; /answer N asks question N again, to answer it.",
	"/later puts the question asked aside, so that lines go to the chat; it stays in /pickers.",
	"/search TEXT finds messages held here that contain TEXT.",
	"/more prints older messages of this lane.",
	"/reasoning turns the assistant's reasoning on or off; /footer the runtime footer.",
	"/stop stops the agent in this lane.",
	"/quit quits. Ctrl+D on an empty line quits too.",
	"Other commands starting with / go to the gateway, as in the TUI.",
	"Editing: Left, Right, Ctrl+A, Ctrl+E, Alt+B, Alt+F, Ctrl+W, Ctrl+K, Ctrl+U, Ctrl+Y; Up and Down recall earlier lines.",
}

// offHere are the TUI's commands that belong to its screen.
var offHere = map[string]bool{"/theme": true, "/keys": true, "/settings": true, "/view": true, "/attach": true, "/channel": true, "/thread": true}

// input handles one thing the user did on the input line.
func (a *app) input(in Input) {
	switch in.Kind {
	case InputEnd:
		a.quit = true
		return
	case InputCancel:
		if in.Line == "" {
			a.say("Ctrl+C drops the line being typed; /quit, or Ctrl+D on an empty line, quits.")
		}
		return
	}
	line := strings.TrimSpace(in.Line)
	if strings.HasPrefix(line, "/") && a.command(line) {
		return
	}
	if a.takeAnswer(in) || line == "" {
		return
	}
	a.send(in.Line)
}

// command runs a slash command; it reports false for one that is not
// Iris's (it goes to the gateway as typed, as in the TUI).
func (a *app) command(line string) bool {
	name, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch name {
	case "/help":
		a.say(helpLines...)
	case "/quit":
		a.quit = true
	case "/lanes":
		a.lanes(false)
	case "/unread":
		a.lanes(true)
	case "/lane":
		a.goLane(arg)
	case "/pickers":
		a.listPickers()
	case "/answer":
		a.reask(arg)
	case "/later":
		a.later()
	case "/search":
		a.search(arg)
	case "/more":
		a.more()
	case "/stop":
		a.stop()
	case "/reasoning":
		a.pr.reasoning = !a.pr.reasoning
		a.say("Reasoning " + onOff(a.pr.reasoning) + ".")
	case "/footer":
		a.pr.footer = !a.pr.footer
		a.say("Runtime footer " + onOff(a.pr.footer) + ".")
	default:
		if offHere[name] {
			a.say(name + " is not available in linear mode; /help lists what is.")
			return true
		}
		return false
	}
	return true
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// lanes lists the lanes (only those with unread messages).
func (a *app) lanes(unreadOnly bool) {
	counts := a.st.UnreadCounts()
	var lines []string
	for _, l := range laneKeys(a.st) {
		n := counts[l]
		if unreadOnly && n == 0 {
			continue
		}
		line := laneName(a.st, l)
		if ln := a.st.Lane(l); ln != nil && ln.Busy {
			line += ", agent working"
		}
		if n > 0 {
			line += ", " + strconv.Itoa(n) + " unread"
		}
		if l == a.st.Focused() {
			line += ", you are here"
		}
		lines = append(lines, line)
	}
	switch {
	case len(lines) == 0 && unreadOnly:
		a.say("No unread messages.")
	case len(lines) == 0:
		a.say("No channels yet.")
	default:
		a.say(lines...)
	}
}

// goLane focuses the lane named name: an exact name first (any case),
// else the only one it starts.
func (a *app) goLane(name string) {
	if name == "" {
		a.say("Type /lane and a name; /lanes lists them.")
		return
	}
	var prefix []frame.Lane
	for _, l := range laneKeys(a.st) {
		n := strings.ToLower(laneName(a.st, l))
		if n == strings.ToLower(name) {
			a.focus(l)
			return
		}
		if strings.HasPrefix(n, strings.ToLower(name)) {
			prefix = append(prefix, l)
		}
	}
	if len(prefix) == 1 {
		a.focus(prefix[0])
		return
	}
	a.say("No single lane is called “" + termsafe.Line(name) + "”; /lanes lists them.")
}

// listPickers lists the pickers waiting, numbered for /answer.
func (a *app) listPickers() {
	ps := a.st.AllPickers()
	if len(ps) == 0 {
		a.say("No question is waiting.")
		return
	}
	lines := []string{fmt.Sprintf("%d waiting:", len(ps))}
	for i, p := range ps {
		ask := newAsking(p, laneName(a.st, p.Lane), 0)
		lines = append(lines, strconv.Itoa(i+1)+". "+ask.summary(a.opts.Now()))
	}
	a.say(append(lines, "/answer N asks one again, to answer it.")...)
}

// reask announces picker n of /pickers again: lines typed after it
// answer it.
func (a *app) reask(arg string) {
	ps := a.st.AllPickers()
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 || n > len(ps) {
		a.say(fmt.Sprintf("Type /answer and a number from 1 to %d; /pickers lists them.", len(ps)))
		return
	}
	a.announce(ps[n-1], "")
}

// search prints the messages held here that contain text, in every lane.
func (a *app) search(text string) {
	if text == "" {
		a.say("Type /search and the words to find.")
		return
	}
	want := strings.ToLower(text)
	var lines []string
	for _, l := range laneKeys(a.st) {
		ln := a.st.Lane(l)
		if ln == nil {
			continue
		}
		for i := range ln.Len() {
			it := ln.Item(i)
			if it.Kind == store.KindMessage && it.Msg != nil && strings.Contains(strings.ToLower(it.Msg.Text), want) {
				lines = append(lines, "In "+laneName(a.st, l)+", "+roleName(it.Msg.Role)+": "+termsafe.Line(firstLine(it.Msg.Text)))
			}
		}
	}
	if len(lines) == 0 {
		a.say("Nothing held here contains “" + termsafe.Line(text) + "”.")
		return
	}
	a.say(append([]string{fmt.Sprintf("%d found:", len(lines))}, lines...)...)
}
