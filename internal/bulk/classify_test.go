package bulk

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/promo"
)

// TestClassifyWriteNeverCallsAMaybeFailed: a create is "failed" (and may be
// sent again without a list read) only when the server certainly did not
// make it: it refused it with a 4xx, or the request never left. Any other
// answer — a 5xx whose body is too large to read, a redirect the client
// refused — leaves the outcome unknown, to be settled by the list.
func TestClassifyWriteNeverCallsAMaybeFailed(t *testing.T) {
	big := make([]byte, 9<<20) // over the 8 MiB cap of one record
	for i := range big {
		big[i] = ' '
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("case") {
		case "huge5xx":
			w.WriteHeader(http.StatusInternalServerError)
			w.Write(big)
		case "redirect":
			http.Redirect(w, r, "https://elsewhere.example/v1/promo", http.StatusTemporaryRedirect)
		case "refused":
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"title":"data is invalid","error":10,"code":400}`))
		}
	}))
	defer srv.Close()
	c, err := api.New(api.Options{BaseURL: srv.URL, Token: "tok-123456789012345678", UserID: 1, Retry: api.RetryPolicy{Attempts: 1}})
	if err != nil {
		t.Fatal(err)
	}
	post := func(kase string) error {
		_, err := c.Do(context.Background(), api.Request{Method: http.MethodPost, Path: "/v1/promo", Query: map[string][]string{"case": {kase}}, Body: []byte(`{}`)})
		return err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	nobody, err := api.New(api.Options{BaseURL: "http://" + closed, Token: "tok-123456789012345678", UserID: 1, Retry: api.RetryPolicy{Attempts: 1}})
	if err != nil {
		t.Fatal(err)
	}
	_, _, refusedConn := nobody.CreatePromo(context.Background(), promo.CreateBody{Code: "AAAA1"})
	for _, c := range []struct {
		name string
		err  error
		want Class
	}{
		{"a 5xx whose body is over the cap", post("huge5xx"), ClassUnknown},
		{"a redirect the client refused", post("redirect"), ClassUnknown},
		{"a 4xx refusal", post("refused"), ClassFailed},
		{"no connection was ever made", refusedConn, ClassFailed},
		{"a 429", &api.Error{Status: http.StatusTooManyRequests}, ClassRateLimited},
		{"an error of unknown kind", errors.New("something else"), ClassUnknown},
		{"cancelled mid-request", context.Canceled, ClassUnknown},
		{"a timeout", &api.TimeoutError{After: time.Second}, ClassUnknown},
	} {
		if c.err == nil {
			t.Errorf("%s: no error to classify", c.name)
			continue
		}
		if got, _ := ClassifyWrite(c.err); got != c.want {
			t.Errorf("%s (%v): class %v, want %v", c.name, c.err, got, c.want)
		}
	}
}

// TestJournalNeverHoldsTheToken: a server that echoes the token in its
// refusal leaves no trace of it in the journal on disk.
func TestJournalNeverHoldsTheToken(t *testing.T) {
	const token = "tok-SECRET-1234567890"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnprocessableEntity)
		w.Write([]byte(`{"title":"invalid request for key ` + token + `","error":10,"code":422}`))
	}))
	defer srv.Close()
	c, err := api.New(api.Options{BaseURL: srv.URL, Token: token, UserID: 1, Retry: api.RetryPolicy{Attempts: 1}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "job.jsonl")
	j, err := Create(path, Header{Job: "j1", Kind: "generate", SiteID: 1, Template: &promo.CreateBody{SiteID: 1, UserID: 1}}, CreateOps([]string{"AAAA1"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Execute(context.Background(), c, j, Options{Concurrency: 1}); err != nil {
		t.Logf("execute: %v", err)
	}
	j.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), token) || !strings.Contains(string(data), `"failed"`) {
		t.Errorf("journal:\n%s\nwant the failure recorded without the token", data)
	}
}
