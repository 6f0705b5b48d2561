package media

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/hermes/iris/internal/termsafe"
)

// Limits and fallbacks for names.
const (
	// DisplayWidth is the default cell width DisplayName caps a name to.
	DisplayWidth = 48
	// MaxFileNameBytes caps SafeFileName's result, leaving room under the
	// usual 255-byte limit for a " (n)" collision suffix.
	MaxFileNameBytes = 200
	// FallbackFileName is what SafeFileName returns when nothing usable is left.
	FallbackFileName = "download"
	// UnnamedDisplay is what DisplayName shows for an empty name.
	UnnamedDisplay = "unnamed"
	// maxExtRunes bounds what counts as an extension worth keeping whole.
	maxExtRunes = 16
)

// unsafeRune reports characters SafeFileName drops: invalid UTF-8, C0/DEL/C1 controls, format characters (bidi embeddings,
// overrides and isolates, zero-width joiners, BOM, tags), line and paragraph
// separators, and the kitty image placeholder.
func unsafeRune(r rune) bool {
	return r == utf8.RuneError || unicode.IsControl(r) ||
		unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) || r == termsafe.KittyPlaceholder
}

// DisplayName makes a wire filename safe to show: termsafe.Line replaces
// controls, bidi and other format characters with visible placeholders (so
// "invoice\u202Egnp.exe" shows as "invoice\uFFFDgnp.exe", its real
// extension in sight, and kitty image placeholders go too), runs of
// whitespace fold into one space (padding cannot push an extension out of
// view), and the result is capped at DisplayWidth cells keeping the
// extension.
func DisplayName(name string) string {
	return DisplayNameWidth(name, DisplayWidth)
}

// DisplayNameWidth is DisplayName with an explicit cap in cells (at least 1).
func DisplayNameWidth(name string, width int) string {
	s := collapseSpaces(termsafe.Line(name))
	if s == "" {
		s = UnnamedDisplay
	}
	return truncateKeepExt(s, max(width, 1))
}

// truncateKeepExt cuts s to width cells with an ellipsis, cutting the stem
// rather than the extension when the extension fits.
func truncateKeepExt(s string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	stem, ext := splitExt(s)
	if ext == "" || ansi.StringWidth(ext)+2 > width {
		return ansi.Truncate(s, width, "…")
	}
	return ansi.Truncate(stem, width-ansi.StringWidth(ext), "…") + ext
}

// collapseSpaces trims s and folds runs of spaces into one, so padding cannot
// push an extension out of view.
func collapseSpaces(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// splitExt splits name into stem and extension (with its dot). A name that is
// only an extension (".bashrc"), an extension with spaces or one longer than
// maxExtRunes counts as no extension. ".tar.<x>" is kept together so
// collisions read "a (1).tar.gz".
func splitExt(name string) (stem, ext string) {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return name, ""
	}
	ext = name[i:]
	if strings.ContainsRune(ext, ' ') || utf8.RuneCountInString(ext) > maxExtRunes {
		return name, ""
	}
	stem = name[:i]
	if strings.HasSuffix(strings.ToLower(stem), ".tar") && len(stem) > len(".tar") {
		return stem[:len(stem)-len(".tar")], stem[len(stem)-len(".tar"):] + ext
	}
	return stem, ext
}

// SafeFileName turns a wire filename into a plain file name that is safe to
// create inside a target directory: only the last path element is kept
// (either separator), unsafe characters are dropped (dropping, unlike
// DisplayName's placeholder, reveals a bidi-hidden extension), characters
// Windows forbids become "_", leading dots, dashes, tildes and spaces (hidden
// files, option look-alikes) and trailing dots and spaces are trimmed, Windows
// device names get a "_" prefix, and the result is capped at MaxFileNameBytes
// keeping the extension. Nothing usable left gives FallbackFileName.
// SafeFileName is idempotent.
func SafeFileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsSpace(r):
			b.WriteRune(' ')
		case unsafeRune(r) || r == '/':
		case strings.ContainsRune(`<>:"|?*`, r):
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	s := strings.TrimLeft(collapseSpaces(b.String()), " .-~")
	s = strings.TrimRight(s, " .")
	if s == "" {
		return FallbackFileName
	}
	if reservedName(s) {
		s = "_" + s
	}
	return capBytesKeepExt(s, MaxFileNameBytes)
}

// FileNameFor is SafeFileName(name) with the usual extension for mimeType
// appended when the name has none, so the system opener and the user can
// tell what a "photo" from the wire is. It is what to pass as the name to
// Cache.Create and the save functions.
func FileNameFor(name, mimeType string) string {
	safe := SafeFileName(name)
	if _, ext := splitExt(safe); ext != "" {
		return safe
	}
	return SafeFileName(safe + ExtForMIME(mimeType))
}

// reservedName reports Windows device names (CON, NUL, COM1, LPT9, ...),
// which are reserved with any extension and in any case.
func reservedName(s string) bool {
	base, _, _ := strings.Cut(s, ".")
	base = strings.ToUpper(strings.TrimRight(base, " "))
	switch base {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(base) == 4 && (strings.HasPrefix(base, "COM") || strings.HasPrefix(base, "LPT")) {
		return base[3] >= '0' && base[3] <= '9'
	}
	return false
}

// capBytesKeepExt cuts s to at most n bytes on a rune boundary, shortening
// the stem so the extension survives.
func capBytesKeepExt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	stem, ext := splitExt(s)
	if len(ext) >= n/2 {
		stem, ext = s, ""
	}
	cut := n - len(ext)
	for cut > 0 && !utf8.RuneStart(stem[cut]) {
		cut--
	}
	return strings.TrimRight(stem[:cut], " .") + ext
}
