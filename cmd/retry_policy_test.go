package cmd

import (
	"net/http"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/bulk"
)

// TestOneRetryPolicyReachesBothLayers: the run's one retry policy, set in
// one place (cmdutil.Options.Retry), is what the API client retries a
// request by (Attempts) and what the bulk engine tries an item again by
// (RateRetries, Pause, MaxRetryAfter), its writes sent once each.
func TestOneRetryPolicyReachesBothLayers(t *testing.T) {
	policy := &api.RetryPolicy{Attempts: 2, RateRetries: 1, Pause: time.Millisecond, MaxRetryAfter: time.Millisecond}
	generate := []string{"promo", "generate", "--site-id", "7", "--count", "1", "--prefix", "X", "--amount", "5", "--enabled"}

	t.Run("a request: Attempts", func(t *testing.T) {
		t.Parallel()
		r := newRunner(t)
		r.Retry = policy
		r.API.Handle("GET /v1/promo/5", http.StatusServiceUnavailable, "")
		r.Run("promo", "get", "5").Expect(t, 1, "", "promoctl: get promo 5: server error (HTTP 503 Service Unavailable) after 2 attempts\n")
		r.ExpectRoutes(t, "GET /v1/promo/5", "GET /v1/promo/5")
	})

	t.Run("a bulk job: RateRetries, each write sent once", func(t *testing.T) {
		t.Parallel()
		r := newRunner(t)
		r.Retry = policy
		r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
		r.API.Handle("POST /v1/promo", http.StatusTooManyRequests, apitest.Error(429, 0, "too many requests"))
		res := r.Run(generate...)
		journal := onlyJournal(t, r)
		// Each round the code is sent once, then once again after the
		// 429 (RateRetries 1); the default would try it 20 times more.
		want := []string{"GET /v1/promo?site_id=7"}
		for range bulk.MaxRounds {
			want = append(want, "POST /v1/promo", "POST /v1/promo")
		}
		want = append(want, "GET /v1/promo?site_id=7")
		r.ExpectRoutes(t, want...)
		// How long the throttle took is not the test's.
		res.Stderr = regexp.MustCompile(` in \d+s \(0/s\)`).ReplaceAllString(res.Stderr, " in Ns (0/s)")
		code := regexp.MustCompile(`not created: (X\w+):`).FindStringSubmatch(res.Stderr)
		if code == nil {
			t.Fatalf("stderr names no code:\n%s", res.Stderr)
		}
		res.Expect(t, 1, "ID  CODE  STATUS  ENABLED  TYPE  AMOUNT  STARTS  ENDS  USES  VALID\n",
			"Journal: "+journal+"\n"+
				"Created 0 promo codes on site 7 in Ns (0/s); the job has 0 of 1.\n"+
				"promoctl: not created: "+code[1]+": not sent\n"+
				"promoctl: 1 of 1 promo codes could not be created (0 refused, 0 of unknown outcome, 1 not sent): finish the job with: promoctl promo generate --resume "+journal+"\n")
	})

	t.Run("a bulk job: MaxRetryAfter", func(t *testing.T) {
		t.Parallel()
		r := newRunner(t)
		r.Retry = policy
		r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
		r.API.HandleFunc("POST /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Retry-After", "3")
			w.WriteHeader(http.StatusTooManyRequests)
		})
		// 3s is more than the policy's MaxRetryAfter and --timeout: the
		// job stops at once (the default waits up to 5 minutes).
		res := r.Run(append(generate, "--timeout", "1s")...)
		journal := onlyJournal(t, r)
		res.Expect(t, 1, "", "Journal: "+journal+"\n"+
			"promoctl: stopped: the server asked to wait 3s before the next request (Retry-After), longer than the 1s promoctl waits; finish the job with: promoctl promo generate --resume "+journal+"\n")
		r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "POST /v1/promo")
	})
}

// onlyJournal is the path of the one journal in r's jobs folder.
func onlyJournal(t *testing.T, r *cmdtest.Runner) string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(r.Env["XDG_STATE_HOME"], "promoctl", "jobs", "*.jsonl"))
	if err != nil || len(paths) != 1 {
		t.Fatalf("journals %v, %v; want one", paths, err)
	}
	return paths[0]
}
