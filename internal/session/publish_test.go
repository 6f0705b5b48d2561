package session

import (
	"path/filepath"
	"testing"

	"github.com/hermes/iris/internal/pickerfile"
)

// TestPublishedSnapshotsLandInOrder: the publishing commands run
// concurrently; a snapshot older than the one written is dropped.
func TestPublishedSnapshotsLandInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), pickerfile.TUIFile)
	var sink publishSink
	newer := []pickerfile.Entry{{ArrivedMS: 2, Frame: []byte(`{}`)}}
	if err := sink.write(path, 2, newer); err != nil {
		t.Fatal(err)
	}
	if err := sink.write(path, 1, []pickerfile.Entry{}); err != nil {
		t.Fatal(err)
	}
	got, err := pickerfile.Read(path)
	if err != nil || len(got) != 1 || got[0].ArrivedMS != 2 {
		t.Fatalf("file holds %+v %v", got, err)
	}
}
