package sandbox

import (
	"net/http"
	"sort"
	"strings"
	"testing"
)

// TestSpecCoversHandler checks that docs/openapi.yaml and the handler know
// the same 15 operations: the 14 of the API and the sandbox's own redeem.
func TestSpecCoversHandler(t *testing.T) {
	doc, err := loadSpec()
	if err != nil {
		t.Fatalf("load docs/openapi.yaml: %v", err)
	}
	var inSpec, inHandler []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			inSpec = append(inSpec, method+" "+path)
		}
	}
	h := &handler{}
	for _, rt := range h.table() {
		inHandler = append(inHandler, rt.method+" "+rt.pattern)
	}
	sort.Strings(inSpec)
	sort.Strings(inHandler)
	if strings.Join(inSpec, "\n") != strings.Join(inHandler, "\n") {
		t.Errorf("operations differ:\nspec:\n%s\nhandler:\n%s", strings.Join(inSpec, "\n"), strings.Join(inHandler, "\n"))
	}
	if len(inHandler) != 15 {
		t.Errorf("handler has %d operations, want 15", len(inHandler))
	}
	// The sandbox's own endpoint is marked as such and says so.
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			_, marked := op.Extensions["x-sandbox-only"]
			if want := path == RedeemPath; marked != want {
				t.Errorf("%s %s: x-sandbox-only is %v, want %v", method, path, marked, want)
			}
			if marked && !strings.Contains(op.Description, "sandbox") {
				t.Errorf("%s %s: the description does not say it is the sandbox's own: %q", method, path, op.Description)
			}
		}
	}
	// The undocumented parts are marked as such.
	for _, name := range []string{"Site", "Page", "SiteV1", "PageV1", "Variant", "ModifierExtra"} {
		if _, ok := doc.Components.Schemas[name].Value.Extensions["x-undocumented"]; !ok {
			t.Errorf("schema %s is not marked x-undocumented", name)
		}
	}
}

// TestValidationIsStrict makes sure the checks used by every test catch
// departures from the description.
func TestValidationIsStrict(t *testing.T) {
	router := specRouter(t)
	req := func(method, path string) *http.Request {
		r, _ := http.NewRequest(method, "http://sandbox.test"+path, nil)
		return r
	}
	jsonHdr := http.Header{"Content-Type": {"application/json"}}
	okRecord := `{"code":"A1","is_enabled":true,"bonus_type":2,"bonus_amount":1,"bonus_amount_is_in_percentages":false,` +
		`"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`
	if errs := checkExchange(router, req("GET", "/v1/promo/1"), response{200, jsonHdr, []byte(okRecord)}, false); len(errs) != 0 {
		t.Fatalf("a good record fails validation: %v", errs)
	}
	for name, c := range map[string]struct {
		req *http.Request
		res response
	}{
		"extra id in a record":      {req("GET", "/v1/promo/1"), response{200, jsonHdr, []byte(strings.Replace(okRecord, "{", `{"id":1,`, 1))}},
		"date without milliseconds": {req("GET", "/v1/promo/1"), response{200, jsonHdr, []byte(strings.Replace(okRecord, `"d_on":null`, `"d_on":"2026-01-01T00:00:00Z"`, 1))}},
		"undocumented status":       {req("GET", "/v1/promo/1"), response{418, jsonHdr, []byte(`{"title":"x","error":0,"code":418}`)}},
		"wrong 403 kind":            {req("GET", "/v1/promo/1"), response{403, jsonHdr, []byte(`{"title":"user cant view site","error":30,"code":403}`)}},
		"error body with extra":     {req("GET", "/v1/promo/1"), response{404, jsonHdr, []byte(`{"title":"x","error":41,"code":404,"detail":"y"}`)}},
		"v1 without Deprecation":    {req("GET", "/v1/site"), response{200, jsonHdr, []byte(`[]`)}},
		"unknown route with 200":    {req("GET", "/v9/x"), response{200, jsonHdr, []byte(`{}`)}},
		"statistics boolean flag": {req("GET", "/v1/promo/1/statistics"), response{200, jsonHdr, []byte(`[{"id":1,"promo_id":1,"lead_id":1,"bonus_type_id":2,` +
			`"bonus_amount":1,"bonus_amount_is_in_percentages":true,"order_price":1,"order_quantity":1,"discount_amount":1,` +
			`"promo":{"code":"A1"},"d_lead_created":"2026-01-01T00:00:00.000Z","currency":"RUB"}]`)}},
	} {
		if errs := checkExchange(router, c.req, c.res, false); len(errs) == 0 {
			t.Errorf("%s: passed validation", name)
		}
	}
}
