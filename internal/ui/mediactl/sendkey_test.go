package mediactl

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/internal/keymap/keymaptest"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/wsclient"
)

// lostClient loses the connection during every upload.
type lostClient struct{ fakeClient }

func (lostClient) Upload(context.Context, wsclient.UploadSpec, io.Reader, func(done, total int64)) (string, error) {
	return "", fmt.Errorf("%w: broken pipe", wsclient.ErrConnectionLost)
}

// A failed upload's chip names the send key as bound ([keys]
// composer.send), which sends again.
func TestFailedUploadNamesTheSendKey(t *testing.T) {
	r := newRoot(t, Options{})
	com := common.NewForTest(time.Unix(0, 0))
	com.KeyMap = keymaptest.FromConfig(t, `"composer.send" = ["ctrl+s"]`)
	r.m = New(com, Options{Client: lostClient{}, CacheDir: t.TempDir(), Getenv: func(string) string { return "" }}, nil)
	r.attach("a.txt", "aaa")
	r.update(Send{Text: "x"})
	for _, a := range r.acts {
		if s, ok := a.(common.ActionSetAttachment); ok && s.Attachment.State == common.AttachFailed {
			if !strings.HasSuffix(s.Attachment.Err, " · ctrl+s retries") {
				t.Fatalf("the failed chip says %q", s.Attachment.Err)
			}
			return
		}
	}
	t.Fatalf("no failed chip among %+v", r.acts)
}
