package cmd

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/view"
)

// TestOneReaderForUndocumentedRecords feeds the same site lists to the
// table and to shell completion: both read them with records.Items, so
// they see the same records. The create form's choice of site reads them
// so too, with the same cases (cmd/promocmd/wizard's
// TestSiteNamesReadEveryShape).
func TestOneReaderForUndocumentedRecords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, raw string
		ids       []string // nil: not a list, shown as one record
	}{
		{"bare array", `[{"id":1,"name":"A"},{"id":2,"name":"B"}]`, []string{"1", "2"}},
		{"result", `{"result":[{"id":1,"name":"A"},{"id":2,"name":"B"}]}`, []string{"1", "2"}},
		{"records", `{"records":[{"id":3,"name":"C"}],"total":1}`, []string{"3"}},
		{"result items", `{"result":{"items":[{"id":4,"name":"D"},{"id":5,"name":"E"}]}}`, []string{"4", "5"}},
		{"an object", `{"id":9,"name":"Only"}`, nil},
		{"result beside empty meta", `{"result":[{"id":6,"name":"F"}],"meta":[]}`, []string{"6"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			raw := json.RawMessage(c.raw)

			table := tableIDs(t, raw)
			var completion []string
			for _, cand := range complete.Records(raw, "", "name") {
				id, _, _ := strings.Cut(string(cand), "\t")
				completion = append(completion, id)
			}

			if !reflect.DeepEqual(table, c.ids) {
				t.Errorf("table ids of %s = %q, want %q", c.raw, table, c.ids)
			}
			want := c.ids
			if want == nil {
				want = []string{} // completion finds no records
			}
			if !reflect.DeepEqual(nonNil(completion), want) {
				t.Errorf("completion ids of %s = %q, want %q", c.raw, completion, want)
			}
		})
	}
}

// tableIDs are the ID column of the table of raw, or nil when the table
// shows raw as one record.
func tableIDs(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	gs, err := view.Records(raw, time.UTC).Tables()
	if err != nil {
		t.Fatalf("table of %s: %v", raw, err)
	}
	if len(gs) != 1 || gs[0].KeyValue {
		return nil
	}
	g := gs[0]
	if len(g.Header) == 0 || g.Header[0] != "ID" {
		t.Fatalf("table of %s has header %q, want ID first", raw, g.Header)
	}
	ids := []string{}
	for _, r := range g.Rows {
		ids = append(ids, r[0])
	}
	return ids
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
