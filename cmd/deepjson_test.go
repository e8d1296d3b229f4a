package cmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// deep is valid JSON nested one level more than encoding/json reads.
func deep(open, close, inner string) string {
	return strings.Repeat(open, 10001) + inner + strings.Repeat(close, 10001)
}

func TestDeeplyNestedJSONIsNotCalledTruncated(t *testing.T) {
	const why = "the JSON is nested more than 10000 levels deep"
	t.Run("record", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo/5", http.StatusOK, `{"code":"A1","x":`+deep("[", "]", "")+`}`)
		r.Run("promo", "get", "5").Expect(t, 1, "", "promoctl: get promo 5: unexpected response from the server (HTTP 200): "+why+"\n")
	})
	t.Run("list as a table", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":1,"code":"A1","x":`+deep("[", "]", "")+`}]`)
		r.Run(cmdtest.ListArgs...).Expect(t, 1, "", "promoctl: unexpected response from the server (HTTP 200): "+why+"\n")
	})
	t.Run("list as JSON", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":1,"code":"A1","x":`+deep(`{"a":`, "}", "1")+`}]`)
		r.Run(append(cmdtest.ListArgs, "-o", "json")...).Expect(t, 1, "", `{"error":{"message":"unexpected response from the server: `+why+`","exit_code":1}}`+"\n")
	})
}
