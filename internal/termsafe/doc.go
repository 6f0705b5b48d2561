// Package termsafe is the terminal safety pipeline: every string that came
// from the gateway passes through it before it can reach the terminal.
//
//  1. Text (multi-line content, before markdown rendering) and Line
//     (single-line labels) replace control characters, DEL, C1 controls,
//     Unicode format and bidi controls and invalid UTF-8 with visible
//     placeholders, and neutralise HTML character references that decode to
//     such characters (glamour decodes "&#27;" even inside code spans).
//  2. Output (after glamour) keeps only SGR sequences and OSC 8 hyperlinks to
//     http, https and mailto targets; every other sequence or control is
//     dropped.
//  3. Notify (window titles, OSC 9/777 notifications, bells) is Line plus a
//     length cap.
//
// Verify reports the first escape sequence or control in a string that
// Output would not have let through; tests use it to check rendered views.
//
// All functions are pure and safe for concurrent use.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package termsafe
