package promo_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/view"
)

// fieldSample is a field of a list item as the walk writes it: its value
// in the base item, a different value (JSON), that value as people write
// it in a file or flag (text), and as the list's CSV shows it.
type fieldSample struct {
	base, json, text, csv string
}

// fieldSamples has one sample per row of promo.Registry: a new field needs
// its sample here, and then every reader of fields must handle it.
var fieldSamples = map[string]fieldSample{
	"id":                             {"1", "7", "7", "7"},
	"code":                           {`"BASE1"`, `"NEWCODE1"`, "NEWCODE1", "NEWCODE1"},
	"pos":                            {"1", "3", "3", "3"},
	"is_enabled":                     {"false", "true", "true", "true"},
	"bonus_type":                     {"2", "3", "delivery", "3"},
	"bonus_amount":                   {"10", "25.5", "25.5", "25.5"},
	"bonus_amount_is_in_percentages": {"true", "false", "false", "false"},
	"time_limit_is_enabled":          {"true", "false", "false", "false"},
	"d_on":                           {"null", `"2026-12-01T00:00:00.000Z"`, "2026-12-01", "2026-12-01T00:00:00.000Z"},
	"d_off":                          {"null", `"2026-12-31T23:59:59.000Z"`, "2026-12-31", "2026-12-31T23:59:59.000Z"},
	"quantity_limit_is_enabled":      {"true", "false", "false", "false"},
	"quantity_limit":                 {"1", "5", "5", "5"},
	"promo_used_count":               {"0", "4", "4", "4"},
	"is_valid":                       {"false", "true", "true", "true"},
	"personal_limit_is_enabled":      {"false", "true", "true", "true"},
}

// item is a list item with every field of the registry at its base value
// but name, which has its sample value.
func item(t *testing.T, name string) string {
	t.Helper()
	var b strings.Builder
	b.WriteByte('{')
	for i, f := range promo.Registry() {
		s, ok := fieldSamples[f.Name]
		if !ok {
			t.Fatalf("field %s has no sample in fieldSamples: add one", f.Name)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		v := s.base
		if f.Name == name {
			v = s.json
		}
		b.WriteString(`"` + f.Name + `":` + v)
	}
	b.WriteByte('}')
	return b.String()
}

// elements is a list given element by element.
type elements [][]byte

func (e *elements) Next() ([]byte, error) {
	if len(*e) == 0 {
		return nil, io.EOF
	}
	x := (*e)[0]
	*e = (*e)[1:]
	return x, nil
}

// cellOf is the cell of column name in g's first row.
func cellOf(t *testing.T, what string, header []string, row []string, name string) string {
	t.Helper()
	i := slices.Index(header, name)
	if i < 0 {
		t.Errorf("%s: the %s CSV has no column %s", name, what, name)
		return ""
	}
	if len(row) != len(header) {
		t.Fatalf("%s: the %s CSV has %d cells for %d columns", name, what, len(row), len(header))
	}
	return row[i]
}

// TestRegistryWalk walks promo.Registry and fails when a field is not
// handled by the decoder (whole and streamed), the views (the list's CSV
// and workbook kinds, the record's CSV), the plan of promo apply (read,
// parsed, diffed, or read over when read-only), the -f file parser, or
// the form's rows (a flag, and a label in both catalogs). That the form
// reaches every writable field, and that the command line it prints names
// it, is checked beside the form: internal/promoform's
// TestFormReachesEveryWritableField.
func TestRegistryWalk(t *testing.T) {
	loc := time.UTC
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, loc)
	en, err := os.ReadFile("../i18n/locales/en.toml")
	if err != nil {
		t.Fatal(err)
	}
	ru, err := os.ReadFile("../i18n/locales/ru.toml")
	if err != nil {
		t.Fatal(err)
	}
	base := item(t, "")
	baseList, err := api.DecodePromos(json.RawMessage("[" + base + "]"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range promo.Registry() {
		t.Run(f.Name, func(t *testing.T) {
			s := fieldSamples[f.Name]
			obj := item(t, f.Name)

			// The decoder, whole and streamed, and the views.
			ps, err := api.DecodePromos(json.RawMessage("[" + obj + "]"))
			if err != nil || len(ps) != 1 {
				t.Fatalf("DecodePromos: %v", err)
			}
			var streamed api.Promo
			var dec api.PromoDecoder
			if err := dec.Decode([]byte(obj), &streamed); err != nil {
				t.Fatalf("PromoDecoder: %v", err)
			}
			if !f.List && !f.Record {
				t.Errorf("%s is shown neither in the list nor in a record", f.Name)
			}
			if f.List {
				g, err := view.PromoList(json.RawMessage("["+obj+"]"), loc, now).CSV()
				if err != nil {
					t.Fatal(err)
				}
				if got := cellOf(t, "list", g.Header, g.Rows[0], f.Name); got != s.csv {
					t.Errorf("list CSV (DecodePromos): %s is %q, want %q: the decoder or the view does not handle it", f.Name, got, s.csv)
				}
				if len(g.Kinds) != len(g.Header) {
					t.Errorf("list CSV: %d kinds for %d columns", len(g.Kinds), len(g.Header))
				}
				src := elements{[]byte(obj)}
				l := view.PromoListStream(&src, loc, now)
				var row []string
				if err := l.CSVRows(func(r [][]byte) error {
					for _, c := range r {
						row = append(row, string(c))
					}
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				if got := cellOf(t, "streamed list", l.CSVHeader, row, f.Name); got != s.csv {
					t.Errorf("streamed list CSV (PromoDecoder): %s is %q, want %q: the decoder or the view does not handle it", f.Name, got, s.csv)
				}
			}
			if f.Record {
				g, err := view.PromoRecord(json.RawMessage(obj), streamed, 0, loc, now).CSV()
				if err != nil {
					t.Fatal(err)
				}
				if got := cellOf(t, "record", g.Header, g.Rows[0], f.Name); got != s.csv {
					t.Errorf("record CSV: %s is %q, want %q", f.Name, got, s.csv)
				}
				if len(g.Kinds) != len(g.Header) {
					t.Errorf("record CSV: %d kinds for %d columns", len(g.Kinds), len(g.Header))
				}
				// The record's table shows it (pos, the order in the shop's
				// list, is left out): a row of its own, or one by its name.
				if f.Name != "pos" && recordTable(t, obj, loc, now) == recordTable(t, base, loc, now) {
					t.Errorf("record table: %s does not show: the same table for %s and %s", f.Name, s.base, s.json)
				}
			}

			// The -f file.
			file, err := promo.ParseFile([]byte(`{"`+f.Name+`": `+s.json+`}`), loc)
			if err != nil {
				t.Fatalf("ParseFile: %v", err)
			}
			if f.Named(file.Changes) != f.Writable {
				t.Errorf("ParseFile: %s named %v, want %v (read-only fields are read over)", f.Name, f.Named(file.Changes), f.Writable)
			}
			if !f.Writable && !file.Changes.Empty() {
				t.Errorf("ParseFile: read-only %s changed %+v", f.Name, file.Changes)
			}

			// promo apply's file and plan. Row 1 names the base code by its
			// id, and the field.
			csv := "id,code\n1,BASE1\n"
			if f.Name != "id" && f.Name != "code" {
				csv = "id,code," + f.Name + "\n1,BASE1," + s.text + "\n"
			} else if f.Name == "code" {
				csv = "id,code\n1," + s.text + "\n"
			}
			rows, err := plan.Read("codes.csv", []byte(csv), loc)
			if err != nil {
				t.Fatalf("plan.Read %q: %v", csv, err)
			}
			if f.Writable {
				if !f.Named(rows[0].Changes) {
					t.Errorf("plan.Read: %s is not read from its column", f.Name)
				}
				p, err := plan.Make("codes.csv", rows, baseList, nil, plan.Options{Site: 1})
				if err != nil {
					t.Fatalf("plan.Make: %v", err)
				}
				if len(p.Entries) != 1 || !slices.Contains(p.Entries[0].Changed, f.Name) {
					t.Errorf("plan.Make: %s is not diffed: %+v", f.Name, p.Entries)
				}
				// The value an update sends is the file's.
				if got, _ := json.Marshal(f.Value(rows[0].Changes.Apply(baseList[0].Record()))); string(got) != s.json {
					t.Errorf("Field.Value after the file's change: %s, want %s", got, s.json)
				}
				// A create sends it as the file has it.
				if body, _ := json.Marshal(rows[0].Changes.CreateBody(1, 0)); !strings.Contains(string(body), `"`+f.Name+`":`+s.json) {
					t.Errorf("CreateBody: %s, want %s as %s", body, f.Name, s.json)
				}
				// And the API's value of the decoded promo code is the sample.
				if got, _ := json.Marshal(f.Value(streamed.Record())); string(got) != s.json {
					t.Errorf("api.Promo.Fields: %s is %s, want %s", f.Name, got, s.json)
				}
			} else if c := rows[0].Changes; c.Code == nil || func() bool { c.Code = nil; return !c.Empty() }() {
				t.Errorf("plan.Read: read-only %s changed %+v", f.Name, rows[0].Changes)
			}

			// The form's and the flags' rows.
			if !f.Writable {
				if f.Label != "" || f.Flag != "" {
					t.Errorf("read-only %s has a form label or a flag", f.Name)
				}
				return
			}
			if f.Flag == "" {
				t.Errorf("%s has no flag of promo create and update", f.Name)
			}
			if f.Label == "" {
				return // set by the form through another field: internal/promoform's TestFormReachesEveryWritableField
			}
			for _, cat := range []struct {
				name string
				data []byte
			}{{"en.toml", en}, {"ru.toml", ru}} {
				if !hasMessage(cat.data, f.Label) {
					t.Errorf("form label %s of %s is not in %s", f.Label, f.Name, cat.name)
				}
			}
		})
	}
}

// recordTable is promo get's table of the record obj, as text.
func recordTable(t *testing.T, obj string, loc *time.Location, now time.Time) string {
	t.Helper()
	var p api.Promo
	if err := json.Unmarshal([]byte(obj), &p); err != nil {
		t.Fatal(err)
	}
	gs, err := view.PromoRecord(json.RawMessage(obj), p, 0, loc, now).Tables()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(gs[0].Rows)
}

// hasMessage reports whether a TOML catalog has the message id: a table
// [id] or a key of the table that is its prefix.
func hasMessage(data []byte, id string) bool {
	table := ""
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			table = strings.Trim(line, "[] ")
			if table == id {
				return true
			}
			continue
		}
		key, _, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key = strings.Trim(strings.TrimSpace(key), `"`)
		if full := table + "." + key; table == "" && key == id || full == id {
			return true
		}
	}
	return false
}

// TestRegistryIsTheSpecsOrder: the list's CSV columns are the API's list
// item fields in the spec's order (the golden files and docs show them
// so), and the writable ones are those an update sends.
func TestRegistryIsTheSpecsOrder(t *testing.T) {
	want := []string{"id", "code", "pos", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "promo_used_count", "is_valid"}
	if got := promo.FieldNames(func(f promo.FieldSpec) bool { return f.List }); !slices.Equal(got, want) {
		t.Errorf("list fields %v, want %v", got, want)
	}
	// The fields an update can send: every field of promo.Record by its
	// JSON name (an optional one only when it is known).
	m := map[string]bool{}
	rt := reflect.TypeOf(promo.Record{})
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		m[name] = true
	}
	writable := promo.FieldNames(func(f promo.FieldSpec) bool { return f.Writable })
	if len(writable) != len(m) {
		t.Errorf("writable fields %v, but an update sends %d fields", writable, len(m))
	}
	for _, name := range writable {
		if _, ok := m[name]; !ok {
			t.Errorf("writable %s is not a field of promo.Record", name)
		}
	}
}

var _ output.Elements = (*elements)(nil)

// TestAnUnreadOptionalFieldIsNotSent: a writable field that a record may
// lack (Optional) and that the record read for an update lacks goes out
// in no update, rather than as its zero value, which would reset it on
// the server; when the record has it, it goes back as it was.
func TestAnUnreadOptionalFieldIsNotSent(t *testing.T) {
	n := 0
	for _, f := range promo.Registry() {
		if !f.Optional || !f.Writable {
			continue
		}
		n++
		t.Run(f.Name, func(t *testing.T) {
			var without []string
			for _, g := range promo.Registry() {
				if g.Name != f.Name {
					without = append(without, fmt.Sprintf("%q:%s", g.Name, fieldSamples[g.Name].base))
				}
			}
			for _, c := range []struct {
				record string
				sent   bool
			}{
				{"{" + strings.Join(without, ",") + "}", false},
				{"{" + strings.Join(append(without, fmt.Sprintf("%q:%s", f.Name, fieldSamples[f.Name].json)), ",") + "}", true},
			} {
				var p api.Promo
				if err := json.Unmarshal([]byte(c.record), &p); err != nil {
					t.Fatal(err)
				}
				body, err := json.Marshal(p.Record())
				if err != nil {
					t.Fatal(err)
				}
				var m map[string]json.RawMessage
				if err := json.Unmarshal(body, &m); err != nil {
					t.Fatal(err)
				}
				if v, ok := m[f.Name]; ok != c.sent || (ok && string(v) != fieldSamples[f.Name].json) {
					t.Errorf("record %s: the update sends %s = %s (sent: %v), want sent: %v as %s", c.record, f.Name, v, ok, c.sent, fieldSamples[f.Name].json)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no optional writable field in the registry: the test reads nothing")
	}
}
