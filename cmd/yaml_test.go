package cmd

import (
	"net/http"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestYAMLDuplicateKeys: a response with a key twice in an object (valid
// JSON, if unwise) gives valid YAML with the key once, holding the last
// value, as encoding/json and --jq read it; the key stays where it first
// appeared.
func TestYAMLDuplicateKeys(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5", http.StatusOK,
		`{"id":5,"code":"FIRST","site_id":1,"code":"LAST","promo":{"a":1,"a":2,"a":3},"list":[{"k":"x","k":"y"}]}`)
	res := r.Run("promo", "get", "5", "-o", "yaml")
	res.Expect(t, 0, "id: 5\ncode: LAST\nsite_id: 1\npromo:\n  a: 3\nlist:\n  - k: y\n", "")
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(res.Stdout), &doc); err != nil {
		t.Fatalf("-o yaml is not YAML: %v\n%s", err, res.Stdout)
	}
	var m map[string]any
	if err := yaml.Unmarshal([]byte(res.Stdout), &m); err != nil {
		t.Fatalf("-o yaml: %v", err)
	}
	if m["code"] != "LAST" || len(m) != 5 {
		t.Errorf("-o yaml read back as %v", m)
	}
	if n := strings.Count(res.Stdout, "code:"); n != 1 {
		t.Errorf("code: appears %d times in\n%s", n, res.Stdout)
	}

	// The same through promo list and api.
	r = newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":1,"id":2,"code":"A1","site_id":1}]`)
	r.Run("promo", "list", "--site-id", "1", "-o", "yaml").Expect(t, 0, "- id: 2\n  code: A1\n  site_id: 1\n", "")
	r = newRunner(t)
	r.API.Handle("GET /v1/thing", http.StatusOK, `{"a":1,"b":2,"a":{"c":3}}`)
	r.Run("api", "GET", "/v1/thing", "-o", "yaml").Expect(t, 0, "a:\n  c: 3\nb: 2\n", "")
}
