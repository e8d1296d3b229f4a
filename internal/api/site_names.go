package api

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/promoctl/promoctl/internal/termsafe"
)

// SiteName is a site as a chooser lists it.
type SiteName struct {
	ID   int64
	Name string // terminal-safe; "" when the record has no name
}

// SiteNames reads the sites of a ListSites answer. The records are not
// documented (spec 2.6): each gives its id and the first of name, title and
// domain it has; a record without an id is left out. The list is a JSON
// array, or an object whose only array field (or "data", "items", "sites",
// "result", "results") holds it.
func SiteNames(raw json.RawMessage) ([]SiteName, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil, fmt.Errorf("read the list of sites: %w", err)
		}
		items = wrappedItems(obj)
	}
	out := make([]SiteName, 0, len(items))
	for _, it := range items {
		var rec map[string]json.RawMessage
		var id Int
		if json.Unmarshal(it, &rec) != nil || json.Unmarshal(rec["id"], &id) != nil || id <= 0 {
			continue
		}
		var name String
		for _, k := range []string{"name", "title", "domain"} {
			if v, ok := rec[k]; ok && json.Unmarshal(v, &name) == nil && name != "" {
				break
			}
			name = ""
		}
		out = append(out, SiteName{ID: int64(id), Name: termsafe.String(string(name))})
	}
	return out, nil
}

// wrappedItems finds the array an object wraps.
func wrappedItems(obj map[string]json.RawMessage) []json.RawMessage {
	var items []json.RawMessage
	for _, k := range []string{"data", "items", "sites", "result", "results"} {
		if v, ok := obj[k]; ok && isArray(v) && json.Unmarshal(v, &items) == nil {
			return items
		}
	}
	var only []json.RawMessage
	n := 0
	for _, v := range obj {
		if isArray(v) && json.Unmarshal(v, &items) == nil {
			only, n = items, n+1
		}
	}
	if n == 1 {
		return only
	}
	return nil
}

func isArray(v json.RawMessage) bool {
	v = bytes.TrimSpace(v)
	return len(v) > 0 && v[0] == '['
}
