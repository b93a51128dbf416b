package report

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fillAll sets every exported field reachable from v to a non-zero value
// (one element per slice, every pointer allocated), so that marshalling it
// writes every key the type can emit, omitempty ones included.
func fillAll(v reflect.Value, depth int) {
	if depth > 12 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fillAll(v.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				continue
			}
			fillAll(v.Field(i), depth+1)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Interface {
			return
		}
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillAll(s.Index(0), depth+1)
		v.Set(s)
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	}
}

// jsonKeys collects every object key of a decoded JSON value.
func jsonKeys(v any, into map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			into[k] = true
			jsonKeys(e, into)
		}
	case []any:
		for _, e := range x {
			jsonKeys(e, into)
		}
	}
}

// emittedKeys are the keys a report with every field set writes.
func emittedKeys(t *testing.T, rep any) map[string]bool {
	t.Helper()
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	jsonKeys(v, keys)
	return keys
}

// documentedKeys are the keys of the JSON schema docs/REPORT.md shows: every
// `"key":` in the code blocks of its "JSON schema" section.
func documentedKeys(t *testing.T, doc string) map[string]bool {
	t.Helper()
	_, sec, ok := strings.Cut(doc, "## JSON schema")
	if !ok {
		t.Fatal("docs/REPORT.md has no JSON schema section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	keys := map[string]bool{}
	blocks := strings.Split(sec, "```")
	for i := 1; i < len(blocks); i += 2 {
		for _, m := range regexp.MustCompile(`"([A-Za-z_]+)"\s*:`).FindAllStringSubmatch(blocks[i], -1) {
			keys[m[1]] = true
		}
	}
	return keys
}

// schemaDiff lists the keys emitted but not documented, and documented but
// never emitted.
func schemaDiff(emitted, documented map[string]bool) (undocumented, unemitted []string) {
	for k := range emitted {
		if !documented[k] {
			undocumented = append(undocumented, k)
		}
	}
	for k := range documented {
		if !emitted[k] {
			unemitted = append(unemitted, k)
		}
	}
	slices.Sort(undocumented)
	slices.Sort(unemitted)
	return undocumented, unemitted
}

// Every JSON key the claims report can write (every field of Report set,
// omitempty ones included) is in the schema docs/REPORT.md documents, and
// every documented key is one the report writes.
func TestReportSchemaDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/REPORT.md")
	if err != nil {
		t.Fatal(err)
	}
	var rep Report
	fillAll(reflect.ValueOf(&rep), 0)
	undocumented, unemitted := schemaDiff(emittedKeys(t, &rep), documentedKeys(t, string(doc)))
	if len(undocumented) > 0 {
		t.Errorf("report.json keys not documented in docs/REPORT.md's JSON schema: %v", undocumented)
	}
	if len(unemitted) > 0 {
		t.Errorf("keys documented in docs/REPORT.md's JSON schema that the report never writes: %v", unemitted)
	}
}

// The schema test can fail: a report type with a key the doc does not
// show (the Name/Why of an untagged struct), and a doc key no type
// writes, are both caught.
func TestReportSchemaCanFail(t *testing.T) {
	type untagged struct{ Name, Why string }
	var rep struct {
		Report
		Extra []untagged `json:"unchecked_extra"`
	}
	fillAll(reflect.ValueOf(&rep), 0)
	doc, err := os.ReadFile("../../docs/REPORT.md")
	if err != nil {
		t.Fatal(err)
	}
	undocumented, _ := schemaDiff(emittedKeys(t, &rep), documentedKeys(t, string(doc)))
	for _, want := range []string{"Name", "Why", "unchecked_extra"} {
		if !slices.Contains(undocumented, want) {
			t.Errorf("undocumented key %q not caught (caught: %v)", want, undocumented)
		}
	}
	_, unemitted := schemaDiff(emittedKeys(t, &rep), documentedKeys(t, strings.Replace(string(doc), "## JSON schema", "## JSON schema\n```\n{\"no_such_key\": 1}\n```\n", 1)))
	if !slices.Contains(unemitted, "no_such_key") {
		t.Errorf("a documented key no type writes is not caught (caught: %v)", unemitted)
	}
}

// The randomized elections section's keys (Report.Randomized, an optional
// key within schema 2) are written by a full report and documented.
func TestReportSchemaRandomized(t *testing.T) {
	doc, err := os.ReadFile("../../docs/REPORT.md")
	if err != nil {
		t.Fatal(err)
	}
	var rep Report
	fillAll(reflect.ValueOf(&rep), 0)
	emitted, documented := emittedKeys(t, &rep), documentedKeys(t, string(doc))
	for _, k := range []string{"randomized", "queries", "relation", "formula", "min", "max", "exact", "decimal", "agrees",
		"prism", "prism_states", "from", "why", "expected"} {
		if !emitted[k] || !documented[k] {
			t.Errorf("key %q: written %v, documented %v", k, emitted[k], documented[k])
		}
	}
	// Without the section the key is absent (omitempty).
	rep.Randomized = nil
	if emittedKeys(t, &rep)["randomized"] {
		t.Errorf("a report without the section writes \"randomized\"")
	}
}
