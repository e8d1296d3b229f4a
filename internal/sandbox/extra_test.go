package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/internal/promo/spec"
)

// kindSample is a value of each kind as a request sends it, and as the
// sandbox returns it.
var kindSample = map[spec.Kind]struct{ sent, back string }{
	spec.KindText:      {`"Note 1"`, `"Note 1"`},
	spec.KindInt:       {`5`, `5`},
	spec.KindAmount:    {`"150.5"`, `150.5`},
	spec.KindBool:      {`1`, `true`},
	spec.KindDate:      {`"2026-12-31T23:59:59+03:00"`, `"2026-12-31T20:59:59.000Z"`},
	spec.KindBonusType: {`3`, `3`},
}

// TestSandboxKeepsEveryField: every writable field of promoctl's table of
// fields that a create sends is kept and returned by the shapes its row
// names (the record when Record, the list item when List), whether the
// sandbox models it or not (extra.go): a field added to the table works
// on the sandbox with no change to it (the field trial of fieldgen runs
// this with a new row).
func TestSandboxKeepsEveryField(t *testing.T) {
	e := newEnv(t)
	for i, f := range spec.Rows() {
		if !f.Writable || f.Required {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			s := kindSample[f.Kind]
			code := fmt.Sprintf("KEEP%d", i)
			body := fmt.Sprintf(`{"site_id":1,"code":%q,%q:%s}`, code, f.Name, s.sent)
			created := e.raw(user1, "POST", "/v1/promo", body)
			item := listedItem(t, e.raw(user1, "GET", "/v1/promo?site_id=1", ""), code)
			var pid int64
			if err := json.Unmarshal(item["id"], &pid); err != nil || pid == 0 {
				t.Fatalf("create %s: %s is not listed with an id: %s", body, code, created)
			}
			shapes := []struct {
				name string
				has  bool
				obj  map[string]json.RawMessage
			}{
				{"record", f.Record, object(t, e.raw(user1, "GET", fmt.Sprintf("/v1/promo/%d", pid), ""))},
				{"list item", f.List, item},
			}
			for _, sh := range shapes {
				v, ok := sh.obj[f.Name]
				if ok != sh.has {
					t.Errorf("the %s has %s: %v, want %v", sh.name, f.Name, ok, sh.has)
				}
				if ok && !modelled(f.Name) && string(v) != s.back {
					t.Errorf("the %s's %s = %s, want %s", sh.name, f.Name, v, s.back)
				}
			}
		})
	}
}

// TestSandboxChecksAFieldItDoesNotModelByItsKind: a value of an extra
// field is refused like a modelled field's when its kind does not take it.
func TestSandboxChecksAFieldItDoesNotModelByItsKind(t *testing.T) {
	for kind, bad := range map[spec.Kind]string{spec.KindText: `5`, spec.KindInt: `"x"`, spec.KindAmount: `true`,
		spec.KindBool: `"yes"`, spec.KindDate: `"31.12.2026"`, spec.KindBonusType: `1.5`} {
		obj := map[string]json.RawMessage{"extra_field": json.RawMessage(bad)}
		if _, err := parseField(obj, spec.Row{Name: "extra_field", Kind: kind}); err == nil {
			t.Errorf("kind %d: %s was taken", kind, bad)
		}
		good := map[string]json.RawMessage{"extra_field": json.RawMessage(kindSample[kind].sent)}
		v, err := parseField(good, spec.Row{Name: "extra_field", Kind: kind})
		if err != nil || string(v) != kindSample[kind].back {
			t.Errorf("kind %d: %s read as %s, %v; want %s", kind, kindSample[kind].sent, v, err, kindSample[kind].back)
		}
	}
}

// raw sends a request as a and returns the answer's body, failing on a
// status other than 2xx; the answer is not checked against the OpenAPI
// description, which names only the fields the sandbox models.
func (e *testEnv) raw(a auth, method, path, body string) []byte {
	e.t.Helper()
	var r io.Reader
	if body != "" {
		r = bytes.NewReader([]byte(body))
	}
	req, err := http.NewRequest(method, e.srv.URL+path, r)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("X-Api-User-Id", a.userID)
	res, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode/100 != 2 {
		e.t.Fatalf("%s %s: %d %v: %s", method, path, res.StatusCode, err, got)
	}
	return got
}

func object(t *testing.T, b []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return m
}

func listedItem(t *testing.T, b []byte, code string) map[string]json.RawMessage {
	t.Helper()
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(b, &items); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	for _, it := range items {
		if string(it["code"]) == fmt.Sprintf("%q", code) {
			return it
		}
	}
	t.Fatalf("%s is not in the list", code)
	return nil
}
