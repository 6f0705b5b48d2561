package media

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// OpenCheck is the verdict on handing a file to the system opener.
type OpenCheck struct {
	// Direct is true for a known document or media type, which is opened
	// without asking.
	Direct bool
	// Kind names what the file is ("a PDF document", "a desktop launcher
	// (.desktop)", "an ELF executable", "an unknown type (.xyz)"), for the
	// question asked instead.
	Kind string
}

// CheckOpen decides whether the file at path may go straight to the system
// opener (xdg-open hands a .desktop file, a script or a program to whatever
// runs it). It may when its extension is on an allow-list of document and
// media types (images, PDF, plain text, audio, video, office documents),
// its first bytes agree with that extension, and nothing marks it as
// executable: no exec permission bit, no ELF, PE or Mach-O header, no #!
// line, no desktop entry. Anything else is not Direct, and Kind names it.
func CheckOpen(path string) (OpenCheck, error) {
	f, err := os.Open(path)
	if err != nil {
		return OpenCheck{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return OpenCheck{}, err
	}
	if !st.Mode().IsRegular() {
		return OpenCheck{Kind: "not a regular file"}, nil
	}
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return OpenCheck{}, err
	}
	return classify(filepath.Ext(path), st.Mode().Perm(), head[:n]), nil
}

// classify is CheckOpen on a file's extension, permission bits and first
// bytes.
func classify(ext string, perm os.FileMode, head []byte) OpenCheck {
	ext = strings.ToLower(ext)
	if kind := executableContent(head); kind != "" {
		return OpenCheck{Kind: kind}
	}
	if perm&0o111 != 0 {
		return OpenCheck{Kind: fmt.Sprintf("an executable file (mode %04o)", perm)}
	}
	t, ok := openableTypes[ext]
	switch {
	case ok && t.content(head):
		return OpenCheck{Direct: true, Kind: t.name}
	case ok:
		return OpenCheck{Kind: fmt.Sprintf("a %s file whose content is not %s", ext, t.name)}
	case riskyExt[ext] != "":
		return OpenCheck{Kind: riskyExt[ext] + " (" + ext + ")"}
	case ext == "" || ext == ".":
		return OpenCheck{Kind: "a file without an extension"}
	}
	return OpenCheck{Kind: "an unknown type (" + ext + ")"}
}

// executableContent names content that runs rather than shows, or "".
func executableContent(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return "an ELF executable"
	case bytes.HasPrefix(head, []byte("MZ")):
		return "a Windows executable"
	case hasAnyPrefix(head, "\xfe\xed\xfa\xce", "\xfe\xed\xfa\xcf", "\xce\xfa\xed\xfe", "\xcf\xfa\xed\xfe", "\xca\xfe\xba\xbe"):
		return "a Mach-O executable or Java class"
	case bytes.HasPrefix(head, []byte("#!")):
		return "a script (#!)"
	case bytes.Contains(head, []byte("[Desktop Entry]")):
		return "a desktop launcher"
	}
	return ""
}

// docType is one family of openable files: its name and what its content
// must look like.
type docType struct {
	name    string
	content func(head []byte) bool
}

var (
	imageType  = docType{"an image", isImage}
	pdfType    = docType{"a PDF document", func(h []byte) bool { return bytes.HasPrefix(h, []byte("%PDF-")) }}
	textType   = docType{"plain text", isPlainText}
	audioType  = docType{"audio", isAudioVideo}
	videoType  = docType{"a video", isAudioVideo}
	officeType = docType{"an office document", isOffice}
)

// openableTypes is the allow-list: extensions opened without asking when
// the content agrees. Web pages and SVG are left out (a browser runs their
// scripts), and so are archives and macro-enabled office formats.
var openableTypes = map[string]docType{
	".png": imageType, ".jpg": imageType, ".jpeg": imageType, ".gif": imageType,
	".webp": imageType, ".bmp": imageType, ".tif": imageType, ".tiff": imageType,
	".heic": imageType, ".avif": imageType, ".ico": imageType,
	".pdf": pdfType,
	".txt": textType, ".md": textType, ".csv": textType, ".log": textType, ".json": textType,
	".mp3": audioType, ".m4a": audioType, ".aac": audioType, ".ogg": audioType, ".oga": audioType,
	".opus": audioType, ".wav": audioType, ".flac": audioType,
	".mp4": videoType, ".m4v": videoType, ".mov": videoType, ".webm": videoType,
	".mkv": videoType, ".avi": videoType,
	".doc": officeType, ".docx": officeType, ".xls": officeType, ".xlsx": officeType,
	".ppt": officeType, ".pptx": officeType, ".odt": officeType, ".ods": officeType,
	".odp": officeType, ".rtf": officeType,
}

// riskyExt names extensions that launch, install or run something, for the
// question.
var riskyExt = map[string]string{
	".desktop": "a desktop launcher",
	".sh":      "a shell script", ".bash": "a shell script", ".zsh": "a shell script",
	".command": "a shell script", ".py": "a script", ".pl": "a script", ".rb": "a script",
	".js": "a script", ".ps1": "a script", ".vbs": "a script",
	".exe": "a Windows program", ".msi": "a Windows program", ".bat": "a Windows program",
	".cmd": "a Windows program", ".com": "a Windows program", ".scr": "a Windows program",
	".jar": "a Java program", ".appimage": "an AppImage program", ".app": "an application",
	".deb": "an installer package", ".rpm": "an installer package", ".pkg": "an installer package",
	".dmg": "a disk image", ".apk": "an installer package", ".flatpakref": "an installer package",
	".html": "a web page", ".htm": "a web page",
	".svg": "an SVG image",
}

func isImage(h []byte) bool {
	sniffed := http.DetectContentType(h)
	return strings.HasPrefix(sniffed, "image/") ||
		hasAnyPrefix(h, "II*\x00", "MM\x00*") || isISOMedia(h)
}

func isPlainText(h []byte) bool {
	return strings.HasPrefix(http.DetectContentType(h), "text/plain")
}

func isAudioVideo(h []byte) bool {
	sniffed := http.DetectContentType(h)
	return strings.HasPrefix(sniffed, "audio/") || strings.HasPrefix(sniffed, "video/") ||
		sniffed == "application/ogg" || isISOMedia(h) || hasAnyPrefix(h, "fLaC", "\x1a\x45\xdf\xa3") ||
		len(h) >= 2 && h[0] == 0xff && h[1]&0xe0 == 0xe0 // an MPEG audio frame (MP3, AAC)
}

func isOffice(h []byte) bool {
	// ZIP (OOXML, OpenDocument), OLE2 (the old binary formats), RTF.
	return hasAnyPrefix(h, "PK\x03\x04", "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "{\\rtf")
}

// isISOMedia reports an ISO base media file (MP4, MOV, M4A, HEIC, AVIF).
func isISOMedia(h []byte) bool { return len(h) >= 12 && string(h[4:8]) == "ftyp" }

func hasAnyPrefix(h []byte, prefixes ...string) bool {
	for _, p := range prefixes {
		if bytes.HasPrefix(h, []byte(p)) {
			return true
		}
	}
	return false
}
