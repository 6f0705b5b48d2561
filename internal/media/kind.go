package media

import (
	"mime"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/hermes/iris/frame"
)

// KindFromMIME maps a MIME type to a wire media kind: image, video, audio or
// file. Parameters and case are ignored; anything unknown or malformed is a
// file.
func KindFromMIME(mimeType string) string {
	base, _, err := mime.ParseMediaType(mimeType)
	if err != nil {
		return frame.MediaFile
	}
	top, _, _ := strings.Cut(base, "/")
	switch top {
	case "image":
		return frame.MediaImage
	case "video":
		return frame.MediaVideo
	case "audio":
		return frame.MediaAudio
	}
	return frame.MediaFile
}

// NormalizeKind returns kind if it is one of the wire kinds and file
// otherwise (PROTOCOL-NOTES: tolerate other kinds as file).
func NormalizeKind(kind string) string {
	switch kind {
	case frame.MediaImage, frame.MediaVideo, frame.MediaAudio, frame.MediaFile:
		return kind
	}
	return frame.MediaFile
}

// octetStream is the MIME type of bytes nothing more is known about.
const octetStream = "application/octet-stream"

// extTypes covers common media extensions so detection does not depend on
// the machine's mime.types; it is consulted before mime.TypeByExtension. The
// first extension listed for a type is the one ExtForMIME gives.
var extTypes = []struct{ ext, mime string }{
	{".png", "image/png"}, {".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"},
	{".gif", "image/gif"}, {".webp", "image/webp"}, {".bmp", "image/bmp"},
	{".svg", "image/svg+xml"}, {".heic", "image/heic"}, {".avif", "image/avif"},
	{".tiff", "image/tiff"}, {".tif", "image/tiff"},
	{".mp4", "video/mp4"}, {".m4v", "video/mp4"}, {".mov", "video/quicktime"},
	{".webm", "video/webm"}, {".mkv", "video/x-matroska"}, {".avi", "video/x-msvideo"},
	{".mp3", "audio/mpeg"}, {".m4a", "audio/mp4"}, {".aac", "audio/aac"},
	{".ogg", "audio/ogg"}, {".oga", "audio/ogg"}, {".opus", "audio/opus"},
	{".wav", "audio/wav"}, {".flac", "audio/flac"},
	{".pdf", "application/pdf"}, {".zip", "application/zip"},
	{".gz", "application/gzip"}, {".tar", "application/x-tar"},
	{".json", "application/json"}, {".txt", "text/plain; charset=utf-8"},
	{".md", "text/markdown; charset=utf-8"}, {".csv", "text/csv; charset=utf-8"},
	{".html", "text/html; charset=utf-8"}, {".htm", "text/html; charset=utf-8"},
}

// lookupExt is the MIME type extTypes gives ext (lower case, with its dot).
func lookupExt(ext string) string {
	for _, e := range extTypes {
		if e.ext == ext {
			return e.mime
		}
	}
	return ""
}

// ExtForMIME is the usual extension (with its dot) for a MIME type from
// extTypes, ignoring parameters and case, or "" when there is none.
func ExtForMIME(mimeType string) string {
	base, _, err := mime.ParseMediaType(mimeType)
	if err != nil {
		return ""
	}
	for _, e := range extTypes {
		if b, _, _ := strings.Cut(e.mime, ";"); b == base {
			return e.ext
		}
	}
	return ""
}

// MIMEFromExt returns the MIME type for a file name's extension, or "" when
// the extension is unknown.
func MIMEFromExt(name string) string {
	ext := strings.ToLower(filepath.Ext(name))
	if ext == "" {
		return ""
	}
	if t := lookupExt(ext); t != "" {
		return t
	}
	return mime.TypeByExtension(ext)
}

// DetectMIME picks the MIME type of an upload from its name and its first
// bytes (up to 512 are used). Content wins when it identifies a specific
// binary format (a PNG is a PNG whatever it is called); otherwise the
// extension decides, and text or octet-stream sniffing is the last resort.
func DetectMIME(name string, head []byte) string {
	sniffed := ""
	if len(head) > 0 {
		sniffed = http.DetectContentType(head)
	}
	if sniffed != "" && sniffed != octetStream && !strings.HasPrefix(sniffed, "text/") {
		return sniffed
	}
	if byExt := MIMEFromExt(name); byExt != "" {
		return byExt
	}
	if sniffed != "" {
		return sniffed
	}
	return octetStream
}
