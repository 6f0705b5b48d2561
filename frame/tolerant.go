package frame

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Tolerant decoding. Decode first unmarshals a payload strictly with
// encoding/json (the fast path). Only when that fails on a value of the
// wrong type does it walk the payload field by field with tolerate: every
// field that fits is kept, a field that can be converted without guessing
// is converted (numbers as float or int, ids as number or string), and
// any other field is left at its zero value (a list element of which
// nothing is usable is left out of its list). Each such field is recorded
// as a FieldIssue on the frame (at most maxIssues, the rest counted), so
// one odd field never costs the whole frame. The walk works on any payload
// type by reflection, so new payload types need no code here; types with
// their own UnmarshalJSON keep their own reading (see walk).

// FieldIssue records one field of a received frame that Decode could not
// take as sent.
type FieldIssue struct {
	// Field is the field's path in the frame: "id", "server_caps.push",
	// "choices[1].value".
	Field string
	// Got is the JSON kind received: string, number, bool, object, array.
	Got string
	// Want is the Go type the field has.
	Want string
	// Kept is true when the value was converted (38.6 → 39, 42 → "42", a
	// string in an object field kept under the field's name), false when
	// the field was dropped to its zero value.
	Kept bool
}

// String describes the issue for a log line.
func (fi FieldIssue) String() string {
	verb := "ignored"
	if fi.Kept {
		verb = "converted"
	}
	return fmt.Sprintf("field %s: got %s, want %s; %s", fi.Field, fi.Got, fi.Want, verb)
}

// decodeTolerant fills the fresh struct p points to from the JSON object
// raw field by field (see tolerate), after a strict json.Unmarshal of raw
// failed (so it does not try that again). It fails only when raw is not an
// object.
func decodeTolerant(raw []byte, p any) ([]FieldIssue, error) {
	if k := jsonKind(raw); k != "object" {
		return nil, fmt.Errorf("payload is %s %s, not an object", article(k), k)
	}
	var issues issueLog
	walk(raw, reflect.ValueOf(p).Elem(), "", &issues)
	return issues.result(), nil
}

// maxIssues bounds the issues recorded for one frame (a hostile frame may
// hold millions of bad list elements); the rest are counted.
const maxIssues = 32

// issueLog collects a frame's issues, at most maxIssues of them.
type issueLog struct {
	list  []FieldIssue
	total int
	last  FieldIssue // the latest, recorded or not
}

func (l *issueLog) add(fi FieldIssue) {
	l.total++
	l.last = fi
	if len(l.list) < maxIssues {
		l.list = append(l.list, fi)
	}
}

// lastIs reports whether the issue numbered n (counting from 0) is the
// latest one and says that field path was ignored.
func (l *issueLog) lastIs(n int, path string) bool {
	return l.total == n+1 && l.last.Field == path && !l.last.Kept
}

// result returns the issues, with one more that counts those left out.
func (l *issueLog) result() []FieldIssue {
	if more := l.total - len(l.list); more > 0 {
		return append(l.list, FieldIssue{Field: fmt.Sprintf("(%d more fields)", more), Got: "various", Want: "various"})
	}
	return l.list
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// repair rebuilds the object raw for v's own UnmarshalJSON: each member
// that maps to a field of v's type is tolerated into that field's type and
// written back re-encoded (or left out when nothing of it was usable);
// other members stay as sent, for the type's own reading. It reports
// whether UnmarshalJSON took the result; if not, v is zero and issues are
// as they were.
func repair(raw []byte, v reflect.Value, path string, issues *issueLog) bool {
	t := v.Type()
	fields := fieldsOf(t)
	saved := *issues
	out := []byte{'{'}
	eachMember(raw, func(key, val []byte) error {
		if fi, ok := fields.lookup(string(key)); ok {
			field := joinPath(path, fi.name)
			tmp := reflect.New(t.Field(fi.index).Type).Elem()
			n := issues.total
			tolerate(val, tmp, field, issues)
			if issues.lastIs(n, field) {
				return nil
			}
			enc, err := json.Marshal(tmp.Interface())
			if err != nil {
				return nil
			}
			val = enc
		}
		name, _ := json.Marshal(string(key))
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, name...), ':'), val...)
		return nil
	})
	if v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(append(out, '}')) == nil {
		return true
	}
	v.SetZero()
	issues.list, issues.total, issues.last = saved.list[:len(saved.list):len(saved.list)], saved.total, saved.last
	return false
}

// tolerate sets v from the valid JSON raw as encoding/json would, except
// that a value of the wrong type is converted or zeroed (and recorded)
// instead of failing; composite values are walked so that only the
// offending leaves are affected.
func tolerate(raw []byte, v reflect.Value, path string, issues *issueLog) {
	if json.Unmarshal(raw, v.Addr().Interface()) == nil {
		return
	}
	v.SetZero()
	walk(raw, v, path, issues)
}

// walk is tolerate without the strict attempt at v itself: it descends
// into objects and arrays member by member (v is zero). A list element or
// pointed-to value of which nothing was usable is left out (nil), not kept
// as a zero value.
//
// A type with its own UnmarshalJSON that refused the value keeps its own
// reading where possible: for a struct with JSON-tagged fields given an
// object, the members that map to fields are tolerated one by one and the
// repaired object is handed to its UnmarshalJSON again (see repair), and
// failing that walked like a plain struct, so one bad member of a picker
// choice costs that member only. Otherwise a number is offered to it as a
// string (ids sent as numbers), and anything else leaves it zero.
func walk(raw []byte, v reflect.Value, path string, issues *issueLog) {
	t := v.Type()
	got := jsonKind(raw)
	walkable := t.Kind() == reflect.Struct && got == "object" && fieldsOf(t).tagged
	custom := reflect.PointerTo(t).Implements(unmarshalerType)
	if custom && walkable && repair(raw, v, path, issues) {
		return
	}
	if custom && !walkable {
		kept := got == "number" && v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(strconv.AppendQuote(nil, string(raw))) == nil
		if !kept {
			v.SetZero()
		}
		issues.add(FieldIssue{Field: path, Got: got, Want: t.String(), Kept: kept})
		return
	}
	switch {
	case t.Kind() == reflect.Struct && got == "object":
		fields := fieldsOf(t)
		eachMember(raw, func(key, val []byte) error {
			if fi, ok := fields.lookup(string(key)); ok {
				tolerate(val, v.Field(fi.index), joinPath(path, fi.name), issues)
			}
			return nil
		})
	case t.Kind() == reflect.Pointer:
		e := reflect.New(t.Elem())
		n := issues.total
		tolerate(raw, e.Elem(), path, issues)
		if issues.lastIs(n, path) {
			return // nothing of it was usable: leave the pointer nil
		}
		v.Set(e)
	case t.Kind() == reflect.Slice && got == "array":
		s := reflect.MakeSlice(t, 0, 4)
		i := 0
		eachElement(raw, func(val []byte) {
			s = reflect.Append(s, reflect.Zero(t.Elem()))
			elem := fmt.Sprintf("%s[%d]", path, i)
			n := issues.total
			tolerate(val, s.Index(s.Len()-1), elem, issues)
			if issues.lastIs(n, elem) {
				s = s.Slice(0, s.Len()-1) // nothing of it was usable: leave it out
			}
			i++
		})
		v.Set(s)
	default:
		kept := convert(raw, got, v, path)
		issues.add(FieldIssue{Field: path, Got: got, Want: t.String(), Kept: kept})
	}
}

// convert sets the scalar or map v from a raw value of another JSON kind
// when that needs no guessing, and reports whether it did:
//   - an integer field takes a float (rounded) or a numeric string;
//   - a float field takes a numeric string;
//   - a string field takes a number, as written (ids sent as numbers);
//   - a bool field takes "true"/"false" or the numbers 0 and 1;
//   - a map field takes any other value, kept under the field's own name
//     (tool args sent as a string stay readable).
func convert(raw []byte, got string, v reflect.Value, path string) bool {
	text := string(raw)
	if got == "string" {
		if err := json.Unmarshal(raw, &text); err != nil {
			return false
		}
		text = strings.TrimSpace(text)
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f, ok := number(text, got)
		if !ok || math.Abs(f) >= 1<<63 || v.OverflowInt(int64(f)) {
			return false
		}
		v.SetInt(int64(f))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f, ok := number(text, got)
		if !ok || f < 0 || f >= 1<<64 || v.OverflowUint(uint64(f)) {
			return false
		}
		v.SetUint(uint64(f))
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(text, 64)
		if got != "string" || err != nil || v.OverflowFloat(f) {
			return false
		}
		v.SetFloat(f)
	case reflect.String:
		if got != "number" {
			return false
		}
		v.SetString(text)
	case reflect.Bool:
		b, err := strconv.ParseBool(text)
		if (got != "string" && got != "number") || err != nil || (got == "number" && text != "0" && text != "1") {
			return false
		}
		v.SetBool(b)
	case reflect.Map:
		return keepUnderName(raw, got, v, path)
	default:
		return false
	}
	return true
}

// number reads a JSON number or a numeric string as a float rounded to an
// integer.
func number(text, got string) (float64, bool) {
	if got != "number" && got != "string" {
		return 0, false
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return math.Round(f), true
}

// keepUnderName stores a non-object value in a map[string]T field as
// {name: value}, name being the field's last path element.
func keepUnderName(raw []byte, got string, v reflect.Value, path string) bool {
	t := v.Type()
	if t.Key().Kind() != reflect.String || got == "null" {
		return false
	}
	elem := reflect.New(t.Elem())
	if json.Unmarshal(raw, elem.Interface()) != nil {
		return false
	}
	name := path[strings.LastIndexAny(path, ".]")+1:]
	m := reflect.MakeMapWithSize(t, 1)
	m.SetMapIndex(reflect.ValueOf(name).Convert(t.Key()), elem.Elem())
	v.Set(m)
	return true
}

// jsonKind names the kind of a valid JSON value.
func jsonKind(raw []byte) string {
	i := skipSpace(raw, 0)
	if i >= len(raw) {
		return "nothing"
	}
	switch raw[i] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

func article(kind string) string {
	if strings.IndexByte("aeiou", kind[0]) >= 0 {
		return "an"
	}
	return "a"
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// structFields maps a struct type's JSON member names to its fields.
type structFields struct {
	byName map[string]fieldInfo
	list   []fieldInfo
	tagged bool // some field has a json tag
}

type fieldInfo struct {
	name  string
	index int
}

// lookup finds the field for a JSON key as encoding/json does: the exact
// name first, then a case-insensitive match.
func (sf *structFields) lookup(key string) (fieldInfo, bool) {
	if fi, ok := sf.byName[key]; ok {
		return fi, true
	}
	for _, fi := range sf.list {
		if strings.EqualFold(fi.name, key) {
			return fi, true
		}
	}
	return fieldInfo{}, false
}

var fieldCache sync.Map // reflect.Type → *structFields

// fieldsOf lists the exported, non-embedded fields of t under their JSON
// names (payload types embed nothing).
func fieldsOf(t reflect.Type) *structFields {
	if sf, ok := fieldCache.Load(t); ok {
		return sf.(*structFields)
	}
	sf := &structFields{byName: map[string]fieldInfo{}}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Anonymous {
			continue
		}
		tag, hasTag := f.Tag.Lookup("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		sf.tagged = sf.tagged || hasTag
		if name == "" {
			name = f.Name
		}
		fi := fieldInfo{name: name, index: i}
		sf.byName[name] = fi
		sf.list = append(sf.list, fi)
	}
	fieldCache.Store(t, sf)
	return sf
}
