// Package preview decodes received images (PNG, JPEG, GIF first frame, WebP)
// within size limits and renders them for the terminal: Unicode half blocks
// everywhere, the kitty graphics protocol or iTerm2 inline images where the
// terminal supports them (Detect). Every escape sequence made here comes from
// decoded pixels and numbers the client chose; no wire string is ever put
// into one.
//
// # Showing images under bubbletea v2
//
// Findings from reading charm.land/bubbletea/v2 v2.1.1 and its renderer
// (github.com/charmbracelet/ultraviolet, styled.go printString):
//
//   - View content is parsed into a cell buffer and diffed. Only SGR and OSC 8
//     are interpreted. APC, DCS, SOS and PM strings that end in ESC \ are
//     passed through glued to the next cell's content (so they are re-sent
//     whenever that cell is repainted); every other sequence, including
//     OSC 1337 and cursor movement, is dropped. An iTerm2 image cannot be
//     part of a View.
//   - tea.Raw(s) returns a RawMsg; the program appends s to an output buffer
//     that is written on the next frame tick just before the renderer's own
//     frame (Program.flush, then renderer.flush). The renderer is not told:
//     the cursor is wherever the last frame left it, and anything drawn this
//     way is overwritten when the renderer repaints those cells.
//   - Colours in cells are downsampled to the terminal's colour profile by
//     the renderer, so the 24-bit half-block colours degrade gracefully. The
//     same would corrupt the image id that kitty placeholders carry as a
//     colour: use Kitty only where the profile is TrueColor (kitty and
//     Ghostty report it), else fall back to HalfBlocks.
//
// How the UI should integrate each protocol (Render does the work):
//
//   - HalfBlocks: put Preview.Cells in the view like any styled text.
//   - Kitty: use Unicode placeholders. Send Preview.Raw once with tea.Raw
//     (a=T,U=1 transmits the image and makes a virtual placement; q=2
//     suppresses the terminal's reply, which would otherwise arrive as
//     input), then put Preview.Cells in the view: placeholder characters
//     (U+10EEEE with row/column diacritics, the image id as foreground
//     colour) that the cell renderer treats as ordinary width-1 text, so
//     scrolling, clipping and partial repaints just work and the terminal
//     draws the image wherever those cells are. Free it with
//     tea.Raw(KittyDelete(id)) when the item is dropped. Works in kitty
//     (0.28+) and Ghostty; TestKittyPlaceholdersSurviveTheRenderer runs a
//     real tea.Program to show both parts reach the output intact. Placing a=T images at the cursor via tea.Raw
//     instead breaks as soon as the transcript scrolls.
//   - ITerm2: put Preview.Cells (blank cells reserving the space) in the
//     view; after a frame showing them has been drawn, send
//     tea.Raw(AtCell(x, y, Preview.Raw)) with their screen position (alt
//     screen). The renderer leaves unchanged cells alone, so the image stays
//     until those cells change; re-send after scrolling, resizing or any
//     layout change that moves or repaints them.
//
// Inside tmux, screen or zellij Detect answers HalfBlocks: images would need
// passthrough that cannot be confirmed from the environment.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package preview
