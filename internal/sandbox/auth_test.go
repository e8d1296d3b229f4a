package sandbox

import (
	"net/http"
	"testing"
)

// everyEndpoint is one request per API endpoint, valid for user 1.
var everyEndpoint = []struct {
	method, path string
	body         any
}{
	{"GET", "/v1/promo?site_id=1", nil},
	{"POST", "/v1/promo", map[string]any{"site_id": 1, "code": "AUTH1"}},
	{"GET", "/v1/promo/1001", nil},
	{"PUT", "/v1/promo/1001", map[string]any{"code": "AUTH2"}},
	{"DELETE", "/v1/promo/1002", nil},
	{"GET", "/v1/promo/1003/statistics", nil},
	{"GET", "/v1/shop/product/101", nil},
	{"GET", "/v3/public/site", nil},
	{"GET", "/v3/public/site/1", nil},
	{"GET", "/v3/public/site/1/page", nil},
	{"GET", "/v3/public/site/page/11", nil},
	{"GET", "/v1/site", nil},
	{"GET", "/v1/site/1", nil},
	{"GET", "/v1/site/1/page", nil},
}

func TestAuthRequiredOnEveryEndpoint(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		name   string
		a      auth
		status int
		kind   int
		title  string
	}{
		{"no headers", noAuth, 401, KindUnauthorized, "authorization required"},
		{"no Authorization", auth{userID: "1"}, 401, KindUnauthorized, "Authorization"},
		{"no X-Api-User-Id", auth{token: "sandbox"}, 401, KindUnauthorized, "X-Api-User-Id"},
		{"wrong token", auth{userID: "1", token: "guess"}, 401, KindUnauthorized, "invalid token"},
		{"token of another user", auth{userID: "1", token: "sandbox-2"}, 401, KindUnauthorized, "invalid token"},
		{"token of another user (2)", auth{userID: "2", token: "sandbox"}, 401, KindUnauthorized, "invalid token"},
		{"malformed user id", auth{userID: "one", token: "sandbox"}, 401, KindUnauthorized, "X-Api-User-Id"},
		{"unknown user", auth{userID: "99", token: "sandbox"}, 404, KindUserNotFound, "user not found"},
	} {
		for _, ep := range everyEndpoint {
			r := e.do(c.a, ep.method, ep.path, ep.body)
			wantError(t, r, c.status, c.kind, c.title)
			if c.status == 401 && r.header.Get("WWW-Authenticate") == "" {
				t.Errorf("%s: %s %s: 401 without WWW-Authenticate", c.name, ep.method, ep.path)
			}
		}
	}
	// Nothing was changed by the refused requests.
	items := e.list(user1, 1)
	if len(items) != 12 || items[1001].Code != "WELCOME10" {
		t.Errorf("refused requests changed data: %d promo codes, 1001 = %+v", len(items), items[1001])
	}
}

func TestAuthHeaderForms(t *testing.T) {
	e := newEnv(t)
	for _, a := range []struct {
		name string
		hdr  map[string]string
		ok   bool
	}{
		{"standard", map[string]string{"Authorization": "Bearer sandbox", "X-Api-User-Id": "1"}, true},
		{"lower-case scheme", map[string]string{"Authorization": "bearer sandbox", "X-Api-User-Id": "1"}, true},
		{"padded id", map[string]string{"Authorization": "Bearer sandbox", "X-Api-User-Id": " 1 "}, true},
		{"user 2", map[string]string{"Authorization": "Bearer sandbox-2", "X-Api-User-Id": "2"}, true},
		{"Basic scheme", map[string]string{"Authorization": "Basic c2FuZGJveA==", "X-Api-User-Id": "1"}, false},
		{"bare token", map[string]string{"Authorization": "sandbox", "X-Api-User-Id": "1"}, false},
		{"empty bearer", map[string]string{"Authorization": "Bearer ", "X-Api-User-Id": "1"}, false},
		{"negative id", map[string]string{"Authorization": "Bearer sandbox", "X-Api-User-Id": "-1"}, false},
	} {
		req, _ := http.NewRequest("GET", e.srv.URL+"/v3/public/site", nil)
		for k, v := range a.hdr {
			req.Header.Set(k, v)
		}
		res, err := e.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.StatusCode == 200; got != a.ok {
			t.Errorf("%s: status %d, want ok=%v", a.name, res.StatusCode, a.ok)
		}
		if !a.ok && res.StatusCode != 401 {
			t.Errorf("%s: status %d, want 401", a.name, res.StatusCode)
		}
	}
}
