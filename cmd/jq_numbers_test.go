package cmd

import (
	"net/http"
	"testing"
)

// TestJQKeepsLargeNumbers: --jq sees numbers as the server wrote them, not
// rounded to float64 (2^53+1 used to print as 2^53, and integers beyond
// int64 as 1e+23).
func TestJQKeepsLargeNumbers(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5", http.StatusOK, `{"id":9007199254740993,"site_id":1,"code":"BIG"}`)
	r.Run("promo", "get", "5", "--jq", ".id").Expect(t, 0, "9007199254740993\n", "")

	r = newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK,
		`[{"id":9007199254740993,"site_id":1,"code":"A1"},{"id":9223372036854775807,"site_id":1,"code":"A2"}]`)
	r.Run("promo", "list", "--site-id", "1", "--jq", ".[].id").Expect(t, 0, "9007199254740993\n9223372036854775807\n", "")

	r = newRunner(t)
	r.API.Handle("GET /v1/thing", http.StatusOK,
		`{"big":100000000000000000000001,"neg":-100000000000000000000001,"list":[9007199254740993,18446744073709551617],"half":0.5,"exp":1e2,"small":-3}`)
	r.Run("api", "GET", "/v1/thing", "--jq", ".big, .neg, .list[], .list, .half, .exp, .small").Expect(t, 0,
		"100000000000000000000001\n-100000000000000000000001\n9007199254740993\n18446744073709551617\n"+
			"[9007199254740993,18446744073709551617]\n0.5\n100\n-3\n", "")

	// Arithmetic on them is exact too, as in jq 1.7 for integers.
	r = newRunner(t)
	r.API.Handle("GET /v1/thing", http.StatusOK, `{"big":100000000000000000000001}`)
	r.Run("api", "GET", "/v1/thing", "--jq", ".big + 1, (.big | tostring), ([.big] | tojson)").Expect(t, 0,
		"100000000000000000000002\n100000000000000000000001\n[100000000000000000000001]\n", "")
}
