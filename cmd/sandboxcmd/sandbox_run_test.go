package sandboxcmd

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
)

// Table-driven tests of the sandbox verbs' run functions; see verb_test.go.

// useLocalSandbox points e's session at an in-process sandbox on a data
// file of its own, as the given sandbox user (1 or 2; givenUser says
// whether --user-id chose them), and returns it. The fake API gets no
// request.
func useLocalSandbox(t *testing.T, e *cmdtest.VerbEnv, user int64, givenUser bool) *inprocess.Sandbox {
	t.Helper()
	env := func(string) (string, bool) { return "", false }
	local := inprocess.New(filepath.Join(t.TempDir(), "sandbox.db"), env, e.Stderr, nil, 0)
	t.Cleanup(local.Close)
	s := e.Sess.Settings
	if givenUser {
		s.UserID, s.Sources[config.KeyUserID] = user, config.Source{Kind: "flag", Name: "--user-id"}
	}
	transport, err := local.Connect(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	e.Sess.Client = func() (*api.Client, error) {
		return api.New(api.Options{BaseURL: s.BaseURL, Token: s.Token, PublicToken: true, UserID: s.UserID, Transport: transport, Timeout: s.Timeout})
	}
	return local
}

func TestRunSandboxRedeem(t *testing.T) {
	const (
		redemption = `{"promo_id":1001,"code":"WELCOME10","site_id":1,"statistics_id":7,"lead_id":90001,"bonus_type":2,` +
			`"order_price":2500,"delivery_price":0,"discount_amount":250,"total":2250,"currency":"RUB","used_at":"2026-07-01T09:30:00.000Z"}`
	)
	welcome := sandbox.RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 2500}
	for _, c := range []struct {
		name      string
		inProcess bool  // the in-process sandbox, else the fake API as a served one
		user      int64 // the in-process sandbox's user given with --user-id; 0: none given (user 1)
		tty       bool
		format    format.Format
		jq        string
		opts      sandboxRedeemOptions
		answers   []cmdtest.Answer
		err       string
		exit      int
		stdout    string
		routes    []string
	}{
		{name: "in-process: the discount is recorded", inProcess: true, format: format.JSON,
			jq:     "[.site_id, .code, .discount_amount, .total]",
			opts:   sandboxRedeemOptions{Request: welcome},
			stdout: `[1,"WELCOME10",250,2250]` + "\n"},
		{name: "in-process: a refusal says which price to add", inProcess: true, format: format.Table,
			opts: sandboxRedeemOptions{Request: sandbox.RedeemRequest{SiteID: 1, Code: "FREESHIP", OrderPrice: 900}},
			err:  "promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: add --delivery-price",
			exit: cmdutil.ExitFailure},
		{name: "in-process: a refusal with a delivery price of 0", inProcess: true, format: format.Table,
			opts: sandboxRedeemOptions{Request: sandbox.RedeemRequest{SiteID: 1, Code: "FREESHIP", OrderPrice: 900}, DeliveryGiven: true},
			err:  "promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: give a --delivery-price above 0",
			exit: cmdutil.ExitFailure},
		{name: "in-process: another user's site names the user to add", inProcess: true, format: format.Table,
			opts: sandboxRedeemOptions{Request: sandbox.RedeemRequest{SiteID: 3, Code: "COFFEE10", OrderPrice: 10}},
			err: "redeem COFFEE10 on site 3: you cannot view site 3 (API error 30: user cant view site); " +
				"site 3 belongs to sandbox user 2: add --user-id 2",
			exit: cmdutil.ExitAuth},
		{name: "in-process: with --user-id, the user to use instead", inProcess: true, user: 2, format: format.Table,
			opts: sandboxRedeemOptions{Request: sandbox.RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 10}, UserIDGiven: true},
			err: "redeem WELCOME10 on site 1: you cannot view site 1 (API error 30: user cant view site); " +
				"site 1 belongs to sandbox user 1: use --user-id 1",
			exit: cmdutil.ExitAuth},
		{name: "in-process: a site that does not exist", inProcess: true, format: format.Table,
			opts: sandboxRedeemOptions{Request: sandbox.RedeemRequest{SiteID: 99, Code: "WELCOME10", OrderPrice: 10}},
			err: "redeem WELCOME10 on site 99: you cannot view site 99 (API error 30: user cant view site); " +
				"the sandbox has no site 99 (user 1 can view sites 1 and 2, user 2 site 3)",
			exit: cmdutil.ExitAuth},
		{name: "over HTTP: the redemption, in the local time zone", tty: true, format: format.Table,
			opts:    sandboxRedeemOptions{Request: welcome, Served: true},
			answers: []cmdtest.Answer{{Route: "POST /sandbox/redeem", Status: http.StatusOK, Body: redemption}},
			stdout: "Promo code id:   1001\nOrder:           90001\nDiscount on:     goods\nOrder price:     2500.00 RUB\n" +
				"Delivery price:  0.00 RUB\nDiscount:        250.00 RUB\nTo pay:          2250.00 RUB\nUsed at:         2026-07-01 12:30\n",
			routes: []string{"POST /sandbox/redeem"}},
		{name: "over HTTP: a refusal with its hint", format: format.JSON,
			opts: sandboxRedeemOptions{Request: sandbox.RedeemRequest{SiteID: 1, Code: "FREESHIP", OrderPrice: 900}, Served: true},
			answers: []cmdtest.Answer{{Route: "POST /sandbox/redeem", Status: http.StatusUnprocessableEntity,
				Body: apitest.Error(422, 78, "promo code FREESHIP refused: the order has nothing the promo code discounts")}},
			err:  "promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: add --delivery-price",
			exit: cmdutil.ExitFailure, routes: []string{"POST /sandbox/redeem"}},
		{name: "over HTTP: another user's site, without a hint", format: format.JSON,
			opts:    sandboxRedeemOptions{Request: sandbox.RedeemRequest{SiteID: 3, Code: "COFFEE10", OrderPrice: 10}, Served: true},
			answers: []cmdtest.Answer{{Route: "POST /sandbox/redeem", Status: http.StatusForbidden, Body: apitest.Error(403, 30, "user cant view site")}},
			err:     "redeem COFFEE10 on site 3: you cannot view site 3 (API error 30: user cant view site)",
			exit:    cmdutil.ExitAuth, routes: []string{"POST /sandbox/redeem"}},
		{name: "over HTTP: a server that is no sandbox", format: format.JSON,
			opts:    sandboxRedeemOptions{Request: welcome, Served: true},
			answers: []cmdtest.Answer{{Route: "POST /sandbox/redeem", Status: http.StatusNotFound, Body: apitest.Error(404, 0, "not found")}},
			err: "redeem WELCOME10 on site 1: {base} is not a promoctl sandbox: POST /sandbox/redeem answered 404 (base URL from env PROMOCTL_BASE_URL); " +
				"start one with `promoctl sandbox serve`, or give --sandbox to redeem in the local data file",
			exit: cmdutil.ExitNotFound, routes: []string{"POST /sandbox/redeem"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, c.format, c.answers...)
			e.Sess.Settings.Sources[config.KeyBaseURL] = config.Source{Kind: "env", Name: "PROMOCTL_BASE_URL"}
			opts := c.opts
			if c.inProcess {
				user := c.user
				opts.Sites = useLocalSandbox(t, e, user, user != 0)
			}
			if c.jq != "" {
				code, err := output.CompileJQ(c.jq)
				if err != nil {
					t.Fatal(err)
				}
				e.Sess.Out.JQ = code
			}
			opts.Session = e.Sess
			err := runSandboxRedeem(context.Background(), &opts)
			e.Expect(t, err, strings.ReplaceAll(c.err, "{base}", e.API.URL), c.stdout, "", c.routes...)
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code %d, want %d", got, c.exit)
			}
		})
	}
}

// TestRunSandboxRedeemRecordsTheUse: a redemption in-process is in the
// data file afterwards: the next use has the next statistics record.
func TestRunSandboxRedeemRecordsTheUse(t *testing.T) {
	e := cmdtest.NewVerbEnv(t, false, format.JSON)
	local := useLocalSandbox(t, e, 0, false)
	code, err := output.CompileJQ(".statistics_id")
	if err != nil {
		t.Fatal(err)
	}
	e.Sess.Out.JQ = code
	opts := sandboxRedeemOptions{Session: e.Sess, Sites: local, Request: sandbox.RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 100}}
	if err := runSandboxRedeem(context.Background(), &opts); err != nil {
		t.Fatal(err)
	}
	res, err := local.Store.Redeem(context.Background(), 1, opts.Request)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Stdout.String(), strconv.FormatInt(res.StatID-1, 10)+"\n"; got != want {
		t.Errorf("statistics id %q, then %d: want the use recorded", got, res.StatID)
	}
}

func TestRunSandboxReset(t *testing.T) {
	ctx := context.Background()
	// used redeems a code in the data file at path and returns the id of
	// the statistics record of that use.
	used := func(t *testing.T, path string) int64 {
		t.Helper()
		store, err := sandbox.Open(ctx, path, sandbox.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		res, err := store.Redeem(ctx, 1, sandbox.RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 100})
		if err != nil {
			t.Fatal(err)
		}
		return res.StatID
	}
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, path string) (check func(t *testing.T))
		hold  bool // another process holds the data file
		err   string
		ok    bool
	}{
		{name: "the uses recorded are discarded", ok: true,
			setup: func(t *testing.T, path string) func(t *testing.T) {
				first := used(t, path)
				used(t, path)
				return func(t *testing.T) {
					if got := used(t, path); got != first {
						t.Errorf("after reset, a use is statistics record %d, want %d as on the demo data", got, first)
					}
				}
			}},
		{name: "a file that is not there is created", ok: true,
			setup: func(t *testing.T, path string) func(t *testing.T) {
				return func(t *testing.T) { used(t, path) }
			}},
		{name: "a damaged file is replaced", ok: true,
			setup: func(t *testing.T, path string) func(t *testing.T) {
				if err := os.WriteFile(path, make([]byte, 8192), 0o600); err != nil {
					t.Fatal(err)
				}
				return func(t *testing.T) { used(t, path) }
			}},
		{name: "a file that is no data file is left alone",
			setup: func(t *testing.T, path string) func(t *testing.T) {
				if err := os.WriteFile(path, []byte("my notes"), 0o600); err != nil {
					t.Fatal(err)
				}
				return func(t *testing.T) {
					if b, err := os.ReadFile(path); err != nil || string(b) != "my notes" {
						t.Errorf("the file holds %q (%v), want it unchanged", b, err)
					}
				}
			},
			err: "reset sandbox: open sandbox PATH: it is not a sandbox data file"},
		{name: "a file another process holds is left alone", hold: true,
			err: "reset sandbox: sandbox data file PATH is in use by another process (gave up after waiting 50ms for its lock); " +
				"stop the other promoctl (such as 'promoctl sandbox serve') first"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, false, format.Table)
			path := filepath.Join(t.TempDir(), "sandbox.db")
			var check func(t *testing.T)
			if c.setup != nil {
				check = c.setup(t, path)
			}
			if c.hold {
				store, err := sandbox.Open(ctx, path, sandbox.Options{})
				if err != nil {
					t.Fatal(err)
				}
				defer store.Close()
			}
			err := runSandboxReset(ctx, &sandboxResetOptions{IO: e.Sess.IO, Data: path, LockWait: 50 * time.Millisecond})
			stderr := ""
			if c.ok {
				stderr = "Restored the demo data in " + path + ".\n"
			}
			e.Expect(t, err, replacePath(c.err, path), "", stderr)
			if c.hold && !errors.Is(err, sandbox.ErrInUse) {
				t.Errorf("error %v does not match sandbox.ErrInUse", err)
			}
			if check != nil {
				check(t)
			}
		})
	}
}

// replacePath puts path for PATH in want.
func replacePath(want, path string) string { return strings.ReplaceAll(want, "PATH", path) }
