package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// sentMessages lists the message.send requests the gateway got.
func sentMessages(h *harness) []*frame.MessageSend {
	req, _ := h.gw.calls()
	var out []*frame.MessageSend
	for _, f := range req {
		if f.Type == frame.TypeMessageSend {
			out = append(out, f.Payload.(*frame.MessageSend))
		}
	}
	return out
}

func TestAttachRemoveAndSendWithRefs(t *testing.T) {
	e := newMediaEnv(t, 100, 30)
	img := writeFile(t, "cat.png", testPNG(t, 4, 4))
	txt := writeFile(t, "notes.txt", []byte("hello notes"))
	doc := writeFile(t, "draft.md", []byte("# draft"))
	e.attach(img)
	e.attach(txt)
	e.attach(doc)
	e.mustShow("▣ image · cat.png · ", "▤ file · notes.txt · 11 B", "▸ ▤ file · draft.md")
	if e.m.Composer() != "" {
		t.Fatalf("the /attach command stayed in the composer: %q", e.m.Composer())
	}

	e.alt(',') // select notes.txt, then remove it
	e.mustShow("▸ ▤ file · notes.txt")
	e.alt('x')
	e.mustNotShow("notes.txt")
	e.mustShow("cat.png", "draft.md")

	e.typeText("look at these")
	e.key(tea.KeyEnter, 0)
	ups, _ := e.fm.counts()
	if len(ups) != 2 || ups[0].Filename != "cat.png" || ups[0].Kind != "image" || ups[0].Mime != "image/png" || ups[1].Filename != "draft.md" {
		t.Fatalf("uploads = %+v", ups)
	}
	sends := sentMessages(e.harness)
	if len(sends) != 1 || sends[0].Text != "look at these" || strings.Join(sends[0].MediaRefs, ",") != "mu_1,mu_2" {
		t.Fatalf("message.send = %+v", sends)
	}
	if e.m.Composer() != "" || len(e.m.composer.Attachments()) != 0 {
		t.Fatalf("composer after sending: %q, %d chips", e.m.Composer(), len(e.m.composer.Attachments()))
	}
	e.mustNotShow("file · draft.md")
}

func TestAttachRefusesDirectoryAndMissingFile(t *testing.T) {
	e := newMediaEnv(t, 100, 30)
	e.attach(t.TempDir())
	e.mustShow("attach:")
	e.attach(filepath.Join(t.TempDir(), "nope.bin"))
	e.mustShow("attach:")
	if len(e.m.composer.Attachments()) != 0 {
		t.Fatal("a refused path became a chip")
	}
}

func TestUploadErrorShowsOnChipAndKeepsText(t *testing.T) {
	e := newMediaEnv(t, 140, 30)
	e.fm.uploadErr = &frame.Error{Code: frame.CodeMediaTooLarge, Message: "upload larger than 20971520 bytes"}
	e.attach(writeFile(t, "big.bin", make([]byte, 4096)))
	e.typeText("the big one")
	e.key(tea.KeyEnter, 0)
	e.mustShow("✗ too large for the gateway (upload larger than 20 MiB)")
	if e.m.Composer() != "the big one" {
		t.Fatalf("text after a failed upload = %q", e.m.Composer())
	}
	if n := len(sentMessages(e.harness)); n != 0 {
		t.Fatalf("%d messages sent despite the failed upload", n)
	}
	at := e.m.composer.Attachments()
	if len(at) != 1 || at[0].State != common.AttachFailed {
		t.Fatalf("chips = %+v", at)
	}

	// Enter again retries, and succeeds now.
	e.fm.mu.Lock()
	e.fm.uploadErr = nil
	e.fm.mu.Unlock()
	e.key(tea.KeyEnter, 0)
	if s := sentMessages(e.harness); len(s) != 1 || s[0].Text != "the big one" || len(s[0].MediaRefs) != 1 {
		t.Fatalf("retry sent %+v", s)
	}
	if e.m.Composer() != "" {
		t.Fatalf("composer after the retry: %q", e.m.Composer())
	}
}

func TestReceivedMediaChipOpenSave(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	data := []byte("%PDF-1.4 report")
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "file", Mime: "application/pdf", Filename: "../../etc/passwd\u202Etxt.pdf", Size: int64(len(data))}, data)
	e.mustShow("▤ file · ../../etc/passwd\uFFFDtxt.pdf · 15 B") // the bidi override is shown, not obeyed
	if strings.Contains(e.view(), "\u202E") {
		t.Fatal("the bidi override reached the screen")
	}

	e.focusTranscript()
	e.press('[')
	e.mustShow("▸ ▤ file")
	e.press('o')
	opened := e.openedPaths()
	if len(opened) != 1 || !strings.HasPrefix(opened[0], e.cacheDir) {
		t.Fatalf("opened %v, want a file in the cache %s", opened, e.cacheDir)
	}
	if got, _ := os.ReadFile(opened[0]); string(got) != string(data) {
		t.Fatalf("cached content %q", got)
	}

	e.press('s')
	e.press('s')
	_, pulls := e.fm.counts()
	if len(pulls) != 1 {
		t.Fatalf("pulled %d times; the cache should serve the rest", len(pulls))
	}
	entries, _ := os.ReadDir(e.downloads)
	var names []string
	for _, de := range entries {
		names = append(names, de.Name())
	}
	if strings.Join(names, ",") != "passwdtxt (1).pdf,passwdtxt.pdf" {
		t.Fatalf("download dir holds %v", names)
	}
	e.mustShow("saved to " + e.downloads)
}

func TestMediaOfferRendersAsChip(t *testing.T) {
	e := newMediaEnv(t, 100, 30)
	e.frame(on(frame.TypeMediaOffer, &frame.Media{MediaID: "md_9", Kind: "audio", Mime: "audio/mpeg", Filename: "memo\x1b[31m.mp3", Size: 2048}))
	e.mustShow("♪ audio · memo")
	if err := termsafe.Verify(e.view()); err != nil {
		t.Fatalf("unsafe output: %v", err)
	}
}

func TestPreviewHalfBlocksToggle(t *testing.T) {
	e := newMediaEnv(t, 80, 30)
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "image", Mime: "image/png", Filename: "chart.png"}, testPNG(t, 16, 8))
	e.focusTranscript()
	e.press(']')
	e.press('p')
	if !strings.Contains(e.plain(), "▀▀▀▀") {
		t.Fatalf("no half-block preview:\n%s", e.plain())
	}
	e.press('p')
	e.mustNotShow("▀▀▀▀")
}

func TestPreviewKittyUsesRawAndPlaceholders(t *testing.T) {
	e := newMediaEnv(t, 80, 30, withProtocol("kitty"))
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "image", Mime: "image/png", Filename: "chart.png"}, testPNG(t, 16, 8))
	e.focusTranscript()
	e.press(']')
	e.raws = nil
	e.press('p') // the cache lookup, the pull, the decode and render, the transmission
	if len(e.raws) != 1 || !strings.HasPrefix(strings.TrimSpace(strings.ReplaceAll(e.raws[0], "\n", "")), "\x1b_G") {
		t.Fatalf("kitty transmission missing, got %q", e.raws)
	}
	if !strings.Contains(e.view(), "\U0010EEEE") {
		t.Fatal("no kitty placeholder cells in the view")
	}
}

// rawString is the text of a tea.Raw message.
func rawString(msg tea.Msg) string {
	if r, ok := msg.(tea.RawMsg); ok {
		if s, ok := r.Msg.(string); ok {
			return s
		}
	}
	return ""
}

func TestTransferQueueAndCancel(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	e.fm.hold = make(chan struct{})
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "file", Filename: "first.bin", Size: 10}, make([]byte, 10))
	e.offer("a2", frame.Media{MediaID: "md_2", Kind: "file", Filename: "second.bin", Size: 10}, make([]byte, 10))
	e.focusTranscript()
	p := newPump(e.harness)
	p.key('[', 0) // second.bin (newest)
	p.key('[', 0) // first.bin
	p.key('o', 0)
	p.until("first.bin running", func() bool { return strings.Contains(e.plain(), "⇅ first.bin 50%") })
	p.key(']', 0)
	p.key('s', 0)
	p.until("second.bin queued", func() bool { return strings.Contains(e.plain(), "+1 queued") })
	e.mustShow("second.bin · 10 B · queued")

	p.key('x', 0) // drops the queued one at once
	p.until("second.bin dropped", func() bool { return strings.Contains(e.plain(), "second.bin · 10 B · cancelled") })
	e.mustNotShow("+1 queued")
	p.key('[', 0)
	p.key('x', 0) // cancels the running one
	p.until("first.bin cancelled", func() bool { return strings.Contains(e.plain(), "first.bin · 10 B · ✗ cancelled") })
	e.mustNotShow("⇅")
	if len(e.m.status.Transfers()) != 0 || len(e.openedPaths()) != 0 {
		t.Fatalf("after cancelling: %d transfers, opened %v", len(e.m.status.Transfers()), e.openedPaths())
	}

	// A retry goes through; a .bin file is asked about first.
	close(e.fm.hold)
	p.key('o', 0)
	p.until("the question", func() bool { return e.m.DialogOpen() == dialog.OpenAskID })
	p.send(tea.KeyPressMsg{Code: 'O', Text: "O"}) // open anyway
	p.until("first.bin opened", func() bool { return len(e.openedPaths()) == 1 })
}

func TestCancelUploadKeepsDraft(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	e.fm.hold = make(chan struct{})
	e.attach(writeFile(t, "a.bin", make([]byte, 100)))
	e.attach(writeFile(t, "b.bin", make([]byte, 100)))
	p := newPump(e.harness)
	for _, r := range "hi" {
		p.key(r, 0)
	}
	p.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	p.until("a.bin uploading", func() bool { return strings.Contains(e.plain(), "a.bin · 100 B ▕") })
	e.mustShow("b.bin · 100 B · queued", "⇅ a.bin")
	p.key(',', tea.ModAlt)
	p.key('x', tea.ModAlt)
	p.until("upload cancelled", func() bool { return strings.Contains(e.plain(), "a.bin · 100 B · ✗ cancelled") })
	e.mustShow("b.bin · 100 B")
	e.mustNotShow("queued", "⇅")
	if e.m.Composer() != "hi" || len(sentMessages(e.harness)) != 0 {
		t.Fatalf("draft %q, %d sent", e.m.Composer(), len(sentMessages(e.harness)))
	}
}

// TestMediaGolden pins a message with media chips and a half-block preview.
// Regenerate with: go test ./ui -run TestMediaGolden -update
func TestMediaGolden(t *testing.T) {
	e := newMediaEnv(t, 80, 24)
	e.frame(msgFrame("u1", frame.RoleUser, "show me the chart", ms(4, 0)))
	e.fm.content["md_2"] = []byte("a,b\n1,2\n")
	e.frame(on(frame.TypeMessage, &frame.Message{MessageID: "a1", Role: frame.RoleAssistant, Text: "Here it is.", TS: ms(5, 0),
		Media: []frame.Media{
			{MediaID: "md_1", Kind: "image", Mime: "image/png", Filename: "chart.png", Size: 2300},
			{MediaID: "md_2", Kind: "file", Mime: "text/csv", Filename: "data.csv", Size: 8},
		}}))
	e.fm.content["md_1"] = testPNG(t, 24, 12)
	e.focusTranscript()
	e.press('[')
	e.press('[')
	e.press('p')
	v := e.view()
	if err := termsafe.Verify(v); err != nil {
		t.Fatalf("unsafe output: %v", err)
	}
	golden.RequireEqual(t, v)
}

func TestFilePickerAttaches(t *testing.T) {
	e := newMediaEnv(t, 100, 30)
	if err := os.WriteFile(filepath.Join(e.pickerDir, "zz.txt"), []byte("picked"), 0o600); err != nil {
		t.Fatal(err)
	}
	e.alt('a')
	if e.m.DialogOpen() != "filepicker" {
		t.Fatalf("alt+a opened %q", e.m.DialogOpen())
	}
	e.mustShow("Attach a file", "zz.txt")
	e.key(tea.KeyEnter, 0)
	if e.m.DialogOpen() != "" {
		t.Fatalf("picker still open: %q", e.m.DialogOpen())
	}
	e.mustShow("▤ file · zz.txt · 6 B")
}

func TestUploadLostConnectionThenRetry(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	e.fm.uploadErr = fmt.Errorf("%w: broken pipe", wsclient.ErrConnectionLost)
	e.attach(writeFile(t, "a.bin", make([]byte, 10)))
	e.typeText("retry me")
	e.key(tea.KeyEnter, 0)
	e.mustShow("a.bin · 10 B · ✗ connection lost · enter retries")
	e.fm.mu.Lock()
	e.fm.uploadErr = nil
	e.fm.mu.Unlock()
	e.key(tea.KeyEnter, 0)
	if s := sentMessages(e.harness); len(s) != 1 || s[0].Text != "retry me" {
		t.Fatalf("after the retry: %+v", s)
	}
}

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	e := newMediaEnv(t, 120, 30, func(o *MediaOptions) { o.CacheMax = 100 }) // room for one of the two items
	// Plain text, which o opens without asking.
	text := []byte(strings.Repeat("x", 60))
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "file", Filename: "one.txt", Size: 60}, text)
	e.offer("a2", frame.Media{MediaID: "md_2", Kind: "file", Filename: "two.txt", Size: 60}, text)
	e.focusTranscript()
	e.press('[')
	e.press('[')
	e.press('o') // one.txt: pulled
	e.press('o') // cached
	e.press(']')
	e.press('o') // two.txt: pulled, evicts one.txt
	e.press('[')
	e.press('o') // one.txt: pulled again
	if _, pulls := e.fm.counts(); strings.Join(pulls, ",") != "md_1,md_2,md_1" {
		t.Fatalf("pulls = %v", pulls)
	}
	if n := len(e.openedPaths()); n != 4 {
		t.Fatalf("opened %d times, want 4", n)
	}
}

func TestPreviewITerm2DrawsAtItsCells(t *testing.T) {
	e := newMediaEnv(t, 80, 30, withProtocol("iterm2"))
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "image", Mime: "image/png", Filename: "chart.png"}, testPNG(t, 16, 8))
	e.focusTranscript()
	e.press(']')
	e.press('p')
	e.view() // a frame showing the reserved cells
	raw := e.drawITerm2()
	if !strings.Contains(raw, "\x1b]1337;File=inline=1") || !strings.HasPrefix(raw, "\x1b7\x1b[") {
		t.Fatalf("no iTerm2 image drawn at a cell: %q", raw)
	}
	if again := e.drawITerm2(); again != "" {
		t.Fatalf("an image that did not move was drawn again: %q", again)
	}
	e.press('p')
	if e.m.transcript.HasPreview("md_1") {
		t.Fatal("the hidden preview is still shown")
	}
}

// rawOfCmd is the text the tea.Raw commands in cmd print.
func rawOfCmd(cmd tea.Cmd) string {
	if cmd == nil {
		return ""
	}
	return rawOf(runCmd(cmd))
}

// rawOf is the text of a tea.Raw message, possibly inside a batch.
func rawOf(msg tea.Msg) string {
	if b, ok := msg.(tea.BatchMsg); ok {
		out := ""
		for _, c := range b {
			out += rawOfCmd(c)
		}
		return out
	}
	return rawString(msg)
}

func TestAttachCompletionRefusesBidiNames(t *testing.T) {
	e := newMediaEnv(t, 160, 30)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "evil\u202Etxt.exe"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	typed := "/attach " + dir + "/evi"
	e.typeText(typed)
	e.mustShow("/attach " + dir + "/evil\uFFFDtxt.exe") // offered, shown sanitised
	e.key(tea.KeyTab, 0)
	if e.m.Composer() != typed {
		t.Fatalf("Tab completed to %q", e.m.Composer())
	}
	e.mustShow("cannot complete")
	if strings.Contains(e.view(), "\u202E") {
		t.Fatal("the bidi override reached the screen")
	}
}

func TestAttachPathCompletionInTheDrawer(t *testing.T) {
	e := newMediaEnv(t, 100, 30)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "report.pdf"), []byte("%PDF"), 0o600); err != nil {
		t.Fatal(err)
	}
	e.typeText("/attach " + dir + "/rep")
	e.mustShow("/attach " + dir + "/report.pdf")
	e.key(tea.KeyTab, 0)
	if e.m.Composer() != "/attach "+dir+"/report.pdf" {
		t.Fatalf("Tab completed to %q", e.m.Composer())
	}
	e.key(tea.KeyEnter, 0)
	e.mustShow("▤ file · report.pdf · 4 B")
}
