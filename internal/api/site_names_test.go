package api

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestSiteNames(t *testing.T) {
	for _, c := range []struct {
		name, raw string
		want      []SiteName
	}{
		{"array", `[{"id":1,"name":"Shop"},{"id":"2","title":"Landing"},{"id":3,"domain":"three.example"},{"id":4}]`,
			[]SiteName{{1, "Shop"}, {2, "Landing"}, {3, "three.example"}, {4, ""}}},
		{"first non-empty name", `[{"id":1,"name":"","title":"Title","domain":"d.example"},{"id":2,"name":{"ru":"x"},"domain":"two.example"}]`,
			[]SiteName{{1, "Title"}, {2, "two.example"}}},
		{"wrapped", `{"data":[{"id":1,"name":"Shop"}],"total":1}`, []SiteName{{1, "Shop"}}},
		{"the only array", `{"count":1,"list_of_sites":[{"id":7}]}`, []SiteName{{7, ""}}},
		{"no id, bad id", `[{"name":"no id"},{"id":0},{"id":-1},{"id":null},"text",5]`, []SiteName{}},
		{"terminal-safe", `[{"id":1,"name":"\u001b[31mRed\u001b[0m"}]`, []SiteName{{1, "Red"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := SiteNames(json.RawMessage(c.raw))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("SiteNames = %#v, want %#v", got, c.want)
			}
		})
	}
	if _, err := SiteNames(json.RawMessage(`"nope"`)); err == nil {
		t.Error("SiteNames(a string) = nil error, want one")
	}
}
