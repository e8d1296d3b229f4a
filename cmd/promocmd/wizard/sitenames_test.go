package wizard

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
)

// TestSiteNamesReadEveryShape: the form's choice of site reads a site
// list in every shape the API has sent, as the table and completion do
// (cmd's TestOneReaderForUndocumentedRecords, the same cases): with
// records.Items.
func TestSiteNamesReadEveryShape(t *testing.T) {
	for _, c := range []struct {
		name, raw string
		ids       []string
	}{
		{"bare array", `[{"id":1,"name":"A"},{"id":2,"name":"B"}]`, []string{"1", "2"}},
		{"result", `{"result":[{"id":1,"name":"A"},{"id":2,"name":"B"}]}`, []string{"1", "2"}},
		{"records", `{"records":[{"id":3,"name":"C"}],"total":1}`, []string{"3"}},
		{"result items", `{"result":{"items":[{"id":4,"name":"D"},{"id":5,"name":"E"}]}}`, []string{"4", "5"}},
		{"an object", `{"id":9,"name":"Only"}`, []string{}},
		{"result beside empty meta", `{"result":[{"id":6,"name":"F"}],"meta":[]}`, []string{"6"}},
	} {
		sites, err := siteNames(json.RawMessage(c.raw))
		if err != nil {
			t.Fatalf("%s: siteNames(%s): %v", c.name, c.raw, err)
		}
		ids := []string{}
		for _, s := range sites {
			ids = append(ids, strconv.FormatInt(s.ID, 10))
		}
		if !reflect.DeepEqual(ids, c.ids) {
			t.Errorf("%s: ids of %s = %q, want %q", c.name, c.raw, ids, c.ids)
		}
	}
}
