package cmd

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
)

// TestSandboxFaultDropAfterCreate: with PROMOCTL_SANDBOX_DROP_AFTER_CREATE
// the in-process sandbox stores the create and answers nothing; the client
// reports an unknown outcome, and the code is there afterwards.
func TestSandboxFaultDropAfterCreate(t *testing.T) {
	r := newSandboxRunner(t)
	r.Env[inprocess.EnvDropAfterCreate] = "1"
	res := r.Run("--sandbox", "promo", "create", "--site-id", "1", "--code", "DROPME")
	if res.Code != 1 || res.Stdout != "" {
		t.Fatalf("dropped create: exit %d, stdout %q, stderr %q; want exit 1 and no output", res.Code, res.Stdout, res.Stderr)
	}
	for _, want := range []string{
		"promoctl: sandbox faults from the environment: 100% of creates stored, then dropped without an answer\n",
		"the outcome is unknown",
		"promo code DROPME may have been created",
	} {
		if !strings.Contains(res.Stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res.Stderr)
		}
	}
	delete(r.Env, inprocess.EnvDropAfterCreate)
	r.Run("--sandbox", "promo", "list", "--site-id", "1", "-o", "json", "--jq", `.[] | select(.code == "DROPME") | .code`).
		Expect(t, 0, "DROPME\n", "")
}

// TestSandboxFaultRateLimit: with PROMOCTL_SANDBOX_RATE_LIMIT the
// in-process sandbox answers 429 beyond the rate; it counts the requests of
// the whole run (promo update reads, then writes).
func TestSandboxFaultRateLimit(t *testing.T) {
	r := newSandboxRunner(t)
	r.Env[inprocess.EnvRateLimit] = "1/m"
	res := r.Run("--sandbox", "promo", "update", "1001", "--amount", "11")
	if res.Code != 1 || !strings.Contains(res.Stderr, "429") || !strings.Contains(res.Stderr, "too many requests") {
		t.Errorf("update beyond the rate: exit %d, stderr %q; want exit 1 and the 429", res.Code, res.Stderr)
	}
	// Each run starts with a full bucket.
	r.Run("--sandbox", "promo", "get", "1001", "-o", "json", "--jq", ".bonus_amount").Expect(t, 0, "10\n",
		"promoctl: sandbox faults from the environment: rate limit 1/m (429 with Retry-After beyond it)\n")
}

// TestSandboxFaultLatency: with PROMOCTL_SANDBOX_LATENCY every in-process
// request waits.
func TestSandboxFaultLatency(t *testing.T) {
	r := newSandboxRunner(t)
	r.Env[inprocess.EnvLatency] = "150ms"
	start := time.Now()
	r.Run("--sandbox", "promo", "get", "1001", "-o", "json", "--jq", ".code").Expect(t, 0, "WELCOME10\n",
		"promoctl: sandbox faults from the environment: latency 150ms on every request\n")
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("promo get took %s with a latency of 150ms", d)
	}
}

func TestSandboxFaultBadValues(t *testing.T) {
	for _, tc := range []struct {
		env, value, stderr string
	}{
		{inprocess.EnvRateLimit, "50", "promoctl: PROMOCTL_SANDBOX_RATE_LIMIT: rate limit \"50\" is not N/s or N/m, such as 50/s\n"},
		{inprocess.EnvLatency, "fast", "promoctl: PROMOCTL_SANDBOX_LATENCY: \"fast\" is not a latency between 0 and 10s, such as 20ms\n"},
		{inprocess.EnvDropAfterCreate, "5%", "promoctl: PROMOCTL_SANDBOX_DROP_AFTER_CREATE: \"5%\" is not a fraction between 0 and 1, such as 0.05\n"},
		{inprocess.EnvCreateLatency, "11s", "promoctl: PROMOCTL_SANDBOX_CREATE_LATENCY: \"11s\" is not a latency between 0 and 10s, such as 20ms\n"},
		{inprocess.EnvListLag, "-1s", "promoctl: PROMOCTL_SANDBOX_LIST_LAG: \"-1s\" is not a lag between 0 and 1m, such as 1s\n"},
	} {
		r := newSandboxRunner(t)
		r.Env[tc.env] = tc.value
		r.Run("--sandbox", "promo", "list", "--site-id", "1").Expect(t, 2, "", tc.stderr)
		// Without --sandbox the variables are not read.
		r.Run("config", "path").Expect(t, 0, filepath.Join(r.Env["XDG_CONFIG_HOME"], "promoctl", "config.yaml")+"\n", "")
	}
	r := newSandboxRunner(t)
	r.Run("sandbox", "serve", "--drop-after-create", "1.5").Expect(t, 2, "",
		"promoctl: --drop-after-create: \"1.5\" is not a fraction between 0 and 1, such as 0.05\n")
	r.Run("sandbox", "serve", "--rate-limit", "fast").Expect(t, 2, "",
		"promoctl: --rate-limit: rate limit \"fast\" is not N/s or N/m, such as 50/s\n")
	r.Run("sandbox", "serve", "--list-lag", "2m").Expect(t, 2, "",
		"promoctl: --list-lag: \"2m0s\" is not a lag between 0 and 1m, such as 1s\n")
}

// TestSandboxFaultCreateLatencyAndListLag: the variables put slow creates
// and a lagging list on --sandbox: within one command, a code just
// created is not on the list yet.
func TestSandboxFaultCreateLatencyAndListLag(t *testing.T) {
	r := newSandboxRunner(t)
	r.Env[inprocess.EnvCreateLatency] = "150ms"
	r.Env[inprocess.EnvListLag] = "1m"
	start := time.Now()
	r.Run("--sandbox", "promo", "create", "--site-id", "1", "--code", "SLOWLAG", "--amount", "5", "--enabled", "-o", "json", "--jq", ".code").
		Expect(t, 0, "SLOWLAG\n", "promoctl: sandbox faults from the environment: creates take 150ms more, and are stored even if the client has left; "+
			"the list shows a new promo code 1m after it is created\n")
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("promo create took %s with a create latency of 150ms", d)
	}
	// promo generate lists what it created: the list lags longer than
	// promoctl waits for it (--timeout), so the code is listed as its
	// create was answered, and said to be not on the list yet.
	res := r.Run("--sandbox", "promo", "generate", "--site-id", "1", "--count", "1", "--amount", "5", "--enabled", "--timeout", "500ms", "-o", "json")
	if res.Code != 0 || !strings.Contains(res.Stdout, `"bonus_amount":5`) ||
		!strings.Contains(res.Stderr, "promoctl: warning: 1 of the 1 promo codes the job created is not on the list of site 1 (yet: a list may lag behind the creates): it is shown as the server answered its create\n") {
		t.Errorf("generate under a list lag: exit %d, stdout %q, stderr:\n%s", res.Code, res.Stdout, res.Stderr)
	}
}

// TestSandboxServeFaults: sandbox serve puts on the faults of its flags,
// else of the environment, and its banner names them.
func TestSandboxServeFaults(t *testing.T) {
	addr := cmdtest.FreeAddr(t)
	r := newRunner(t)
	r.Env[inprocess.EnvLatency] = "5ms"         // overridden by the flag
	r.Env[inprocess.EnvDropAfterCreate] = "0.5" // taken from the environment
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Ctx = ctx
	r.OnStderr = func([]byte) { cancel() } // Ctrl-C once the banner says it listens
	data := filepath.Join(t.TempDir(), "sandbox.db")
	banner := cmdtest.SandboxBanner(addr, data)
	banner = strings.Replace(banner, "try: ", "faults (for rehearsing bulk work):\n"+
		"  rate limit 50/s (429 with Retry-After beyond it)\n"+
		"  latency 20ms on every request\n"+
		"  50% of creates stored, then dropped without an answer\n"+
		"try: ", 1)
	r.Run("sandbox", "serve", "--addr", addr, "--data", data, "--rate-limit", "50/s", "--latency", "20ms").
		Expect(t, 0, "", banner+"promoctl sandbox stopped\n")
}
