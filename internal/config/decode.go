package config

import (
	"bytes"
	"encoding"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// decoder decodes a config file table by table, so that one wrong value
// does not hide the next (the TOML library stops at the first): each value
// is decoded on its own, and every wrong value and every unknown key is
// collected.
type decoder struct {
	md      toml.MetaData
	path    string
	data    []byte
	errs    []*FileError
	unknown []string // warnings, one per unknown key
}

// decodeFile decodes data into f, returning every wrong value (by line)
// and a warning per unknown key. A syntax error is returned alone, as err:
// nothing after it reads reliably.
func decodeFile(path string, data []byte, f *File) (wrong []*FileError, warns []string, err error) {
	var top map[string]toml.Primitive
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&top)
	if err != nil {
		return nil, nil, parseError(path, data, err)
	}
	d := &decoder{md: md, path: path, data: data}
	d.structTable(nil, top, reflect.ValueOf(f).Elem())
	sort.SliceStable(d.errs, func(i, j int) bool { return d.errs[i].Line < d.errs[j].Line })
	sort.Strings(d.unknown)
	return d.errs, d.unknown, nil
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	tomlUnmarshaler = reflect.TypeFor[toml.Unmarshaler]()
)

// value decodes one value into rv: a table field by field, a map entry by
// entry, anything else whole. It reports false when the value itself was
// wrong (not only something inside it).
func (d *decoder) value(key toml.Key, prim toml.Primitive, rv reflect.Value) bool {
	custom := reflect.PointerTo(rv.Type())
	table := !custom.Implements(textUnmarshaler) && !custom.Implements(tomlUnmarshaler) &&
		(rv.Kind() == reflect.Struct || rv.Kind() == reflect.Map)
	if !table {
		return d.ok(d.md.PrimitiveDecode(prim, rv.Addr().Interface()))
	}
	var entries map[string]toml.Primitive
	if !d.ok(d.md.PrimitiveDecode(prim, &entries)) {
		return false
	}
	if rv.Kind() == reflect.Struct {
		d.structTable(key, entries, rv)
		return true
	}
	if rv.IsNil() {
		rv.Set(reflect.MakeMap(rv.Type()))
	}
	for _, k := range sortedKeys(entries) {
		ev := reflect.New(rv.Type().Elem()).Elem()
		if d.value(append(slices.Clone(key), k), entries[k], ev) {
			rv.SetMapIndex(reflect.ValueOf(k), ev)
		}
	}
	return true
}

// structTable decodes a table's entries into the struct rv's fields, by
// their toml tags; an entry with no field is an unknown key.
func (d *decoder) structTable(key toml.Key, entries map[string]toml.Primitive, rv reflect.Value) {
	fields := map[string]int{}
	var names []string
	for i := range rv.NumField() {
		name, _, _ := strings.Cut(rv.Type().Field(i).Tag.Get("toml"), ",")
		fields[name] = i
		names = append(names, name)
	}
	for _, k := range sortedKeys(entries) {
		sub := append(slices.Clone(key), k)
		if i, ok := fields[k]; ok {
			d.value(sub, entries[k], rv.Field(i))
			continue
		}
		d.unknown = append(d.unknown, unknownKey(d.path, sub, names))
	}
}

// ok records err, if any, and reports whether there was none.
func (d *decoder) ok(err error) bool {
	if err != nil {
		d.errs = append(d.errs, parseError(d.path, d.data, err))
	}
	return err == nil
}

func sortedKeys(m map[string]toml.Primitive) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// unknownKey is the warning for key, which the table it is in does not
// have (see Suggest).
func unknownKey(path string, key toml.Key, valid []string) string {
	msg := fmt.Sprintf("%s: unknown key %q (ignored)", path, key.String())
	if key[len(key)-1] == "token" {
		return msg + "; a token is never stored inline: use token_file or token_command"
	}
	return msg + "; " + Suggest(key[len(key)-1], valid, "valid keys here")
}

// Suggest helps with a name that is not among valid: "did you mean "x"?"
// for the nearest valid name when it is near enough to be a typo (edit
// distance at most a third of its length, at least 1), else the valid
// names listed after label.
func Suggest(name string, valid []string, label string) string {
	best, bestDist := "", max(len(name)/3, 1)+1
	for _, v := range valid {
		if d := editDistance(strings.ToLower(name), strings.ToLower(v)); d < bestDist {
			best, bestDist = v, d
		}
	}
	if best != "" {
		return fmt.Sprintf("did you mean %q?", best)
	}
	return label + ": " + strings.Join(slices.Sorted(slices.Values(valid)), ", ")
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
