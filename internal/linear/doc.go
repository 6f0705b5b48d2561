// Package linear is Iris's screen-reader front-end (iris --linear): the
// conversation as append-only plain lines, a plain input line, and
// pickers announced in one line and answered only by a typed line.
//
// Nothing it writes moves the cursor, erases or switches screens: the
// line editor echoes with backspace and carriage return only, and output
// that arrives while the user types goes on a new line, followed by the
// prompt and the draft again. Every string from the wire passes termsafe.
//
// Files, one job each: plain.go (markdown to stable plain lines),
// inline.go (inline markdown), editor.go and keys.go (the input line),
// picker.go (a picker's announcement and the reading of a typed answer),
// asking.go (which picker is asked, announcing the next), state.go (the
// connection's state as lines), printer.go (store items as lines),
// commands.go (slash commands), history.go (/more, /lane), send.go
// (messages, answers, stop), app.go (applying the connection's events),
// run.go (the loop that ties them).
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package linear
