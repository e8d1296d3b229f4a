package bulk

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
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
