package common

import (
	"reflect"
	"testing"

	"github.com/hermes/iris/internal/store"
)

// TestStoreViewIsReadOnly: the children get an interface of reads, not
// the State: none of its methods returns a store.Change, which every
// method that changes the State does.
func TestStoreViewIsReadOnly(t *testing.T) {
	field, _ := reflect.TypeFor[Common]().FieldByName("Store")
	if field.Type.Kind() != reflect.Interface {
		t.Fatalf("Common.Store is a %v, not a read-only interface", field.Type)
	}
	change := reflect.TypeFor[store.Change]()
	for i := range field.Type.NumMethod() {
		m := field.Type.Method(i)
		for j := range m.Type.NumOut() {
			if m.Type.Out(j) == change {
				t.Errorf("Common.Store offers %s, which changes the store", m.Name)
			}
		}
	}
}
