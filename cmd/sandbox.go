package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/view"
)

func newSandboxCmd(f *factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "sandbox",
		Short: "Run the built-in API sandbox",
		Long: `The sandbox is a complete local implementation of the API with persistent
demo data: sites, pages, products, promo codes and their usage statistics.
Try any command on it with the global --sandbox flag (no account, no
network), or run it as a server with 'promoctl sandbox serve'.

Credentials: user 1 with token "sandbox" can view sites 1 and 2; user 2
with token "sandbox-2" owns site 3. --sandbox uses user 1 unless --user-id 2
is given.

--sandbox is a world apart from your account: it ignores the base_url,
token, user_id and site_id of the config file and of PROMOCTL_* variables,
so give --site-id. --token and --base-url cannot be used with it.

The data file is $XDG_STATE_HOME/promoctl/sandbox.db unless --sandbox-data
or PROMOCTL_SANDBOX_DATA names another; serve, redeem and reset take
--data. One process uses a data file at a time: while 'sandbox serve' runs,
talk to it with --base-url (sandbox redeem too), or use another file.

To rehearse bulk work under bad conditions, put on faults: a rate limit,
latency, slow creates, a lagging list, creates that go unanswered.
'sandbox serve' takes them as flags; PROMOCTL_SANDBOX_RATE_LIMIT,
PROMOCTL_SANDBOX_LATENCY, PROMOCTL_SANDBOX_CREATE_LATENCY,
PROMOCTL_SANDBOX_LIST_LAG and PROMOCTL_SANDBOX_DROP_AFTER_CREATE put them
on --sandbox too (see 'promoctl sandbox serve --help').`,
		Example: `  promoctl --sandbox promo list --site-id 1
  promoctl --sandbox --user-id 2 promo list --site-id 3
  promoctl --sandbox --sandbox-data ./demo.db promo list --site-id 1
  promoctl sandbox serve --addr 127.0.0.1:8787`,
		RunE: groupRun,
	}
	c.AddCommand(newSandboxServeCmd(f, nil), newSandboxRedeemCmd(f, nil), newSandboxResetCmd(f, nil))
	return c
}

// sandboxServeOptions are the inputs of sandbox serve: what to serve, and
// where it tells what it does.
type sandboxServeOptions struct {
	IO    *iostreams.IOStreams
	Env   config.Env // says which data file is the default, for the recovery hint
	Serve sandbox.ServeOptions
	Msg   *i18n.Printer // the run's language
}

func newSandboxServeCmd(f *factory, run func(context.Context, *sandboxServeOptions) error) *cobra.Command {
	if run == nil {
		run = runSandboxServe
	}
	opts := &sandboxServeOptions{}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the sandbox API over HTTP",
		Long: `Serve the sandbox API over HTTP until interrupted (Ctrl-C or SIGTERM).
It listens on loopback unless --addr names another address (port 0 picks a
free port, printed at start). Each request is logged to stderr.

To rehearse bulk work under bad conditions before running it on the live
shop, put on faults (the banner names them):
  --rate-limit N/s|N/m    beyond the rate, 429 with Retry-After (seconds)
  --latency DURATION      added to every request
  --create-latency DURATION
                          added to every create, which is stored even if
                          its client has left meanwhile (it lands late)
  --list-lag DURATION     the list shows a new promo code only this long
                          after it is created
  --drop-after-create P   that fraction of creates is stored, then the
                          connection is closed without an answer
PROMOCTL_SANDBOX_RATE_LIMIT, PROMOCTL_SANDBOX_LATENCY,
PROMOCTL_SANDBOX_CREATE_LATENCY, PROMOCTL_SANDBOX_LIST_LAG and
PROMOCTL_SANDBOX_DROP_AFTER_CREATE set them when the flags are not given,
and put the same faults on --sandbox.`,
		Args: noArgs,
		Example: `  promoctl sandbox serve
  promoctl sandbox serve --addr 127.0.0.1:9000 --data ./demo.db --reset
  promoctl sandbox serve --rate-limit 50/s --latency 20ms --drop-after-create 0.05
  # then, in another terminal:
  promoctl --base-url http://127.0.0.1:8787 --token sandbox --user-id 1 promo list --site-id 1`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			data, err := sandboxData(cmd, f.global.sandboxData)
			if err != nil {
				return err
			}
			if opts.Serve.Faults, err = sandboxFaults(cmd.Flags(), f.env); err != nil {
				return err
			}
			opts.IO, opts.Env, opts.Serve.DataPath, opts.Msg = f.io, f.env, sandboxDataPath(data, f.env), f.msg
			return run(cmd.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Serve.Addr, "addr", sandbox.DefaultAddr, "address to listen on")
	dataFlag(c)
	c.Flags().BoolVar(&opts.Serve.Reset, "reset", false, "discard the data and start again from the demo data")
	faultFlags(c)
	return c
}

// runSandboxServe serves the sandbox until ctx ends, logging to stderr.
func runSandboxServe(ctx context.Context, opts *sandboxServeOptions) error {
	o := opts.Serve
	o.Out, o.Log = opts.IO.ErrOut, opts.IO.ErrOut
	o.Waiting = sandboxWaiting(opts.IO.ErrOut, opts.Msg, o.DataPath)
	err := sandbox.Serve(ctx, o)
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%w; another program is listening there: choose another port with --addr (--addr 127.0.0.1:0 picks a free one)", err)
	}
	if err != nil {
		return withRecoveryHint(sandboxOpenError(err), o.DataPath, opts.Env)
	}
	// Serve returns nil once interrupted and shut down.
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("rest.sandbox.stopped"))
	return nil
}

// sandboxResetOptions are the inputs of sandbox reset.
type sandboxResetOptions struct {
	IO       *iostreams.IOStreams
	Data     string        // the data file
	LockWait time.Duration // how long to wait for another process to release it: --timeout
	Msg      *i18n.Printer // the run's language
}

func newSandboxResetCmd(f *factory, run func(context.Context, *sandboxResetOptions) error) *cobra.Command {
	if run == nil {
		run = runSandboxReset
	}
	opts := &sandboxResetOptions{}
	c := &cobra.Command{
		Use:   "reset",
		Short: "Restore the sandbox's demo data",
		Args:  noArgs,
		Example: `  promoctl sandbox reset
  promoctl sandbox reset --data ./demo.db`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			data, err := sandboxData(cmd, f.global.sandboxData)
			if err != nil {
				return err
			}
			opts.IO, opts.Data, opts.Msg = f.io, sandboxDataPath(data, f.env), f.msg
			s, err := f.Settings(cmd)
			if err != nil {
				return err
			}
			opts.LockWait = s.Timeout
			return run(cmd.Context(), opts)
		},
	}
	dataFlag(c)
	return c
}

// runSandboxReset replaces the data file's contents with the demo data.
func runSandboxReset(ctx context.Context, opts *sandboxResetOptions) error {
	// A damaged file is replaced, not read: this is the way out of one.
	store, err := sandbox.Open(ctx, opts.Data, sandbox.Options{Reset: true, Timeout: opts.LockWait, Waiting: sandboxWaiting(opts.IO.ErrOut, opts.Msg, opts.Data)})
	if errors.Is(err, sandbox.ErrInUse) {
		return fmt.Errorf("reset sandbox: %w; stop the other promoctl (such as 'promoctl sandbox serve') first", err)
	}
	if err != nil {
		return fmt.Errorf("reset sandbox: %w", err)
	}
	if err := store.Close(); err != nil {
		return fmt.Errorf("reset sandbox: %w", err)
	}
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("rest.sandbox.restored", "Path", opts.Data))
	return nil
}

// sandboxRedeemOptions are the inputs of sandbox redeem: the order, and
// the sandbox it goes to.
type sandboxRedeemOptions struct {
	*session
	Request       sandbox.RedeemRequest
	DeliveryGiven bool // --delivery-price was given, 0 or not
	// Served is true when the order goes over HTTP to a served sandbox,
	// false when to the in-process one.
	Served bool
	// Sites says who can view a site of the in-process sandbox, for the
	// hint of a refusal; nil when served.
	Sites       siteAccess
	UserIDGiven bool // --user-id was given: the hint says to use another, not add one
}

func newSandboxRedeemCmd(f *factory, run func(context.Context, *sandboxRedeemOptions) error) *cobra.Command {
	if run == nil {
		run = runSandboxRedeem
	}
	opts := &sandboxRedeemOptions{}
	var orderPrice, delivery, cus string
	c := &cobra.Command{
		Use:   "redeem",
		Short: "Apply a promo code to a sandbox order, as the shop would",
		Long: `Apply a promo code to an order in the sandbox the way the shop does at
checkout. The code is refused, with the reason, when it is disabled, not
started, expired, used up, or already used by the customer of a
once-per-customer code. Otherwise the discount is computed (on the goods or
on delivery, percentage or fixed, never more than the price) and the use is
recorded, so 'promo stats' and promo_used_count show it.

It runs in-process on the sandbox's data file (as --sandbox does: as user 1
unless --user-id 2 is given, with no default site) unless a base URL is set
(--base-url, PROMOCTL_BASE_URL or the profile's base_url, other than the
real service's): then it sends the order to that served sandbox ('promoctl
sandbox serve') with the usual settings, site_id included. --sandbox or
--data makes it run in-process whatever the base URL.`,
		Args: noArgs,
		Example: `  promoctl sandbox redeem --site-id 1 --code WELCOME10 --order-price 2500
  promoctl sandbox redeem --site-id 1 --code FREESHIP --order-price 900 --delivery-price 300 --customer 42
  promoctl sandbox redeem --data ./demo.db --site-id 1 --code WELCOME10 --order-price 100
  promoctl --sandbox promo stats 1001
  # on a running 'promoctl sandbox serve':
  promoctl --base-url http://127.0.0.1:8787 --token sandbox --user-id 1 sandbox redeem --site-id 1 --code WELCOME10 --order-price 2500`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r := &opts.Request
			var err error
			if r.Code == "" {
				return usagef("--code is required")
			}
			if orderPrice == "" {
				return usagef("--order-price is required")
			}
			if r.OrderPrice, err = parseMoney("--order-price", orderPrice); err != nil {
				return err
			}
			if delivery != "" {
				if r.DeliveryPrice, err = parseMoney("--delivery-price", delivery); err != nil {
					return err
				}
			}
			if cus != "" {
				if r.CustomerID, err = parseID("--customer", cus); err != nil {
					return err
				}
			}
			// Where the order goes: a served sandbox when a base URL other
			// than the real service's is set (flag, environment or
			// profile) and neither --sandbox nor a data file is given;
			// else the in-process sandbox, with the settings --sandbox
			// has: no configured base URL, token, user or site.
			data, err := sandboxData(cmd, f.global.sandboxData)
			if err != nil {
				return err
			}
			var s *config.Settings
			served := false
			if !f.global.sandbox {
				if data != "" {
					if cmd.Flags().Changed("base-url") {
						return usagef("--data names the data file of the in-process sandbox and --base-url a served one: give one")
					}
				} else {
					if s, err = f.Settings(cmd); err != nil {
						return err
					}
					served = servedSandbox(s)
				}
				if !served && cmd.Flags().Changed("token") {
					return usagef("--token is for a served sandbox: give its --base-url too, or drop --token to redeem in-process")
				}
			}
			opts.Sites = nil
			if !served {
				local, err := f.inProcessSandbox(cmd)
				if err != nil {
					return err
				}
				if s, err = f.Settings(cmd); err != nil {
					return err
				}
				opts.Sites = local
			}
			if r.SiteID = s.SiteID; r.SiteID == 0 {
				if served {
					return usagef("--site-id is required (or set a default: promoctl config set site_id N)")
				}
				return usagef("--site-id is required: the in-process sandbox ignores your configured site_id (%s)", sandboxUsers)
			}
			// No spinner: one quick request.
			sess, err := f.startWith(cmd, s, false)
			if err != nil {
				return err
			}
			opts.session, opts.Served = sess, served
			opts.DeliveryGiven, opts.UserIDGiven = delivery != "", cmd.Flags().Changed("user-id")
			return run(cmd.Context(), opts)
		},
	}
	c.Flags().String("site-id", "", "the shop's site (over HTTP, default: the configured site_id)")
	c.Flags().StringVar(&opts.Request.Code, "code", "", "the promo code the customer entered")
	c.Flags().StringVar(&orderPrice, "order-price", "", "cost of the goods in the order")
	c.Flags().StringVar(&delivery, "delivery-price", "", "cost of delivery")
	c.Flags().StringVar(&cus, "customer", "", "the customer's id (needed for once-per-customer codes)")
	c.Flags().StringVar(&opts.Request.Currency, "currency", "", "currency of the prices (default: the site's)")
	dataFlag(c)
	return c
}

// runSandboxRedeem applies the code to the order (POST /sandbox/redeem)
// and prints the redemption, or explains the refusal.
func runSandboxRedeem(ctx context.Context, opts *sandboxRedeemOptions) error {
	r := opts.Request
	client, err := opts.Client()
	if err != nil {
		return err
	}
	body, err := json.Marshal(r)
	if err != nil {
		return err
	}
	rctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	resp, err := client.Do(rctx, api.Request{Method: http.MethodPost, Path: sandbox.RedeemPath, Body: body})
	if err != nil {
		return opts.explain(ctx, err)
	}
	var red sandbox.Redemption
	if err := json.Unmarshal(resp.Body, &red); err != nil {
		return fmt.Errorf("redeem %s on site %d: the answer is not a redemption: %w", r.Code, r.SiteID, err)
	}
	req, res, err := red.Parts()
	if err != nil {
		return fmt.Errorf("redeem %s on site %d: %w", r.Code, r.SiteID, err)
	}
	raw, err := json.Marshal(sandbox.NewRedemption(req, res))
	if err != nil {
		return err
	}
	return opts.print(view.Redemption(raw, view.Redeemed{
		PromoID: res.PromoID, LeadID: res.LeadID, BonusType: promo.BonusType(res.BonusType),
		OrderPrice: req.OrderPrice, DeliveryPrice: req.DeliveryPrice, Discount: res.Discount, Total: res.Total,
		Currency: res.Currency, UsedAt: res.UsedAt,
	}, opts.Loc))
}

// sandboxUsers says which sandbox user can view which site.
const sandboxUsers = "user 1 can view sites 1 and 2, user 2 site 3"

// servedSandbox reports whether the settings point at a server that may be
// a sandbox: a base URL was set, and it is not the real service's.
func servedSandbox(s *config.Settings) bool {
	if src, ok := s.Sources[config.KeyBaseURL]; !ok || src.Kind == "default" {
		return false
	}
	u, err := baseurl.Parse(s.BaseURL)
	service, serviceErr := baseurl.Parse(baseurl.Default)
	return err == nil && serviceErr == nil && !strings.EqualFold(u.Hostname(), service.Hostname())
}

// explain says why a redemption failed: a refused code with what to add
// when the code has nothing to discount, a server that is no sandbox, and
// in-process, which sandbox user can view the site.
func (opts *sandboxRedeemOptions) explain(ctx context.Context, err error) error {
	r, s := opts.Request, opts.Settings
	var ae *api.Error
	if !errors.As(err, &ae) {
		return fmt.Errorf("redeem %s on site %d: %w", r.Code, r.SiteID, err)
	}
	kind := -1
	if ae.Kind != nil {
		kind = *ae.Kind
	}
	if reason, ok := sandbox.RefusalOfKind(kind); ok && ae.Status == http.StatusUnprocessableEntity {
		msg := ae.Title
		if reason == sandbox.RefusalNotApplicable {
			msg += "; " + nothingToDiscountHint(r, opts.DeliveryGiven)
		}
		return &explainedError{msg: msg, err: ae}
	}
	if opts.Served && ae.Status == http.StatusNotFound && kind != sandbox.KindUserNotFound {
		return &explainedError{err: ae, msg: fmt.Sprintf("redeem %s on site %d: %s is not a promoctl sandbox: POST %s answered 404 (base URL from %s); "+
			"start one with `promoctl sandbox serve`, or give --sandbox to redeem in the local data file", r.Code, r.SiteID, s.BaseURL, sandbox.RedeemPath, s.Sources[config.KeyBaseURL])}
	}
	if ae.Subject == "" {
		ae.Subject = fmt.Sprintf("site %d", r.SiteID)
	}
	err = fmt.Errorf("redeem %s on site %d: %w", r.Code, r.SiteID, ae)
	if !opts.Served && ae.Status == http.StatusForbidden && kind == sandbox.KindCantViewSite {
		if hint := sandboxSiteHint(ctx, opts.Sites, r.SiteID, s.UserID, opts.UserIDGiven); hint != "" {
			err = fmt.Errorf("%w; %s", err, hint)
		}
	}
	return err
}

// nothingToDiscountHint says what a code refused for having nothing to
// discount needs: the price it discounts is 0, and which price that is
// follows from the order.
func nothingToDiscountHint(r sandbox.RedeemRequest, deliveryGiven bool) string {
	switch {
	case r.OrderPrice > 0 && !deliveryGiven:
		return r.Code + " discounts delivery: add --delivery-price"
	case r.OrderPrice > 0:
		return r.Code + " discounts delivery: give a --delivery-price above 0"
	case r.DeliveryPrice > 0:
		return r.Code + " discounts the goods: give an --order-price above 0"
	}
	return "the order costs nothing: give an --order-price above 0, and a --delivery-price for a delivery code"
}

// siteAccess tells who may view a site of the sandbox.
type siteAccess interface {
	SiteAccess(ctx context.Context, site int64) (sandbox.SiteAccess, error)
}

// sandboxSiteHint names the sandbox user who can view a site the current
// one cannot, or says there is no such site; sites (nil: none) says who
// can view which. The hint says to use --user-id when it was given
// (userIDGiven), to add it otherwise.
func sandboxSiteHint(ctx context.Context, sites siteAccess, site, user int64, userIDGiven bool) string {
	if sites == nil {
		return ""
	}
	acc, err := sites.SiteAccess(ctx, site)
	if err != nil {
		return ""
	}
	if !acc.Exists {
		return fmt.Sprintf("the sandbox has no site %d (%s)", site, sandboxUsers)
	}
	verb := "add"
	if userIDGiven {
		verb = "use"
	}
	for _, c := range sandbox.Credentials() {
		switch {
		case c.UserID == user:
		case c.UserID == acc.OwnerID:
			return fmt.Sprintf("site %d belongs to sandbox user %d: %s --user-id %d", site, c.UserID, verb, c.UserID)
		case slices.Contains(acc.ViewerIDs, c.UserID):
			return fmt.Sprintf("sandbox user %d can view site %d: %s --user-id %d", c.UserID, site, verb, c.UserID)
		}
	}
	return ""
}

// explainedError is err told in other words: its exit code and, with -o
// json, its status and kind are err's.
type explainedError struct {
	msg string
	err error
}

func (e *explainedError) Error() string { return e.msg }
func (e *explainedError) Unwrap() error { return e.err }

// isSandboxToken reports whether t is one of the sandbox's public tokens.
func isSandboxToken(t string) bool {
	for _, c := range sandbox.Credentials() {
		if c.Token == t {
			return true
		}
	}
	return false
}

func parseMoney(flag, s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || v < 0 || v != v {
		return 0, usagef("%s: %q is not an amount of money", flag, s)
	}
	return v, nil
}

// dataFlag adds --data, the data file of a sandbox command: the same as
// the global --sandbox-data.
func dataFlag(c *cobra.Command) {
	c.Flags().String("data", "", "data file (default $PROMOCTL_SANDBOX_DATA, else $XDG_STATE_HOME/promoctl/sandbox.db)")
}

// sandboxData is the data file the command line names: the --data of a
// sandbox command or the global --sandbox-data (given), "" when neither
// does. Both, naming different files, is an error.
func sandboxData(cmd *cobra.Command, given string) (string, error) {
	fl := cmd.Flags().Lookup("data")
	if fl == nil || !fl.Changed {
		return given, nil
	}
	if given != "" && given != fl.Value.String() {
		return "", usagef("--data and --sandbox-data name different files: give one")
	}
	return fl.Value.String(), nil
}

// sandboxDataPath is the sandbox's data file: the one the command line
// names (given), else PROMOCTL_SANDBOX_DATA, else the default under
// $XDG_STATE_HOME.
func sandboxDataPath(given string, env config.Env) string {
	if given != "" {
		return given
	}
	if v := env.Getenv("PROMOCTL_SANDBOX_DATA"); v != "" {
		return v
	}
	return sandbox.DefaultDataPath(env.Getenv)
}

// sandboxWaiting tells the person at the terminal, on w, why nothing
// happens while another process holds the data file.
func sandboxWaiting(w io.Writer, msg *i18n.Printer, path string) func() {
	return func() {
		fmt.Fprintf(w, "promoctl: %s\n", msg.T("rest.sandbox.waiting", "Path", path))
	}
}

// sandboxOpenError adds to a failure to open the data file what to do
// about it.
func sandboxOpenError(err error) error {
	switch {
	case errors.Is(err, sandbox.ErrInUse):
		return fmt.Errorf("%w; while 'promoctl sandbox serve' runs, talk to it at the address it printed: --base-url http://ADDR --token sandbox --user-id 1", err)
	case errors.Is(err, sandbox.ErrDamaged), errors.Is(err, context.Canceled):
		return err
	}
	return fmt.Errorf("open the sandbox: %w", err)
}

// withRecoveryHint tells how to replace a damaged data file at path; env
// says which file is the default.
func withRecoveryHint(err error, path string, env config.Env) error {
	if !errors.Is(err, sandbox.ErrDamaged) {
		return err
	}
	reset := "promoctl sandbox reset"
	if path != sandbox.DefaultDataPath(env.Getenv) {
		reset += " --data " + path
	}
	return fmt.Errorf("%w; run `%s` to start again from the demo data", err, reset)
}

// localSandbox is an in-process sandbox: its data file, opened on first
// use, and one handler (one rate limit), with the faults the environment
// puts on. The factory holds the run's (inProcessSandbox); a completion
// builds a quiet one of its own.
type localSandbox struct {
	path     string
	env      config.Env
	notices  io.Writer     // why nothing happens while another process holds the file; the faults put on
	msg      *i18n.Printer // the language of the notices; nil is English
	lockWait time.Duration // how long to wait for that process; 0: the settings' --timeout
	store    *sandbox.Store
	handler  http.Handler
}

func newLocalSandbox(path string, env config.Env, notices io.Writer) *localSandbox {
	return &localSandbox{path: path, env: env, notices: notices}
}

// open opens the data file once, waiting for another process to release
// it up to wait.
func (l *localSandbox) open(ctx context.Context, wait time.Duration) (*sandbox.Store, error) {
	if l.store != nil {
		return l.store, nil
	}
	if l.lockWait > 0 {
		wait = l.lockWait
	}
	store, err := sandbox.Open(ctx, l.path, sandbox.Options{Timeout: wait, Waiting: sandboxWaiting(l.notices, l.msg, l.path)})
	if err != nil {
		return nil, withRecoveryHint(sandboxOpenError(err), l.path, l.env)
	}
	l.store = store
	return store, nil
}

// close closes the data file, if it was opened.
func (l *localSandbox) close() {
	if l.store != nil {
		l.store.Close()
	}
}

// connect points the settings at the sandbox, with the credentials of the
// chosen user (1 unless --user-id says otherwise), and returns the
// transport to it.
func (l *localSandbox) connect(ctx context.Context, s *config.Settings) (http.RoundTripper, error) {
	user := int64(1)
	if src := s.Sources[config.KeyUserID]; src.Kind == "flag" {
		user = s.UserID
	}
	var token string
	for _, c := range sandbox.Credentials() {
		if c.UserID == user {
			token = c.Token
		}
	}
	if token == "" {
		return nil, usagef("--user-id %d: the sandbox has users 1 and 2", user)
	}
	store, err := l.open(ctx, s.Timeout)
	if err != nil {
		return nil, err
	}
	s.BaseURL, s.Token, s.UserID = "http://sandbox.localhost", token, user
	s.Sources[config.KeyBaseURL] = config.Source{Kind: "flag", Name: "--sandbox"}
	s.Sources[config.KeyToken] = config.Source{Kind: "flag", Name: "--sandbox"}
	if src := s.Sources[config.KeyUserID]; src.Kind != "flag" {
		s.Sources[config.KeyUserID] = config.Source{Kind: "flag", Name: "--sandbox"}
	}
	if l.handler == nil {
		faults, err := sandboxFaults(nil, l.env)
		if err != nil {
			return nil, err
		}
		if faults.Active() {
			fmt.Fprintf(l.notices, "promoctl: %s\n", l.msg.T("rest.sandbox.faults", "Faults", strings.Join(faults.Describe(), "; ")))
		}
		l.handler = sandbox.NewHandler(store, sandbox.HandlerOptions{Faults: faults})
	}
	return sandbox.Transport(l.handler), nil
}

// SiteAccess tells who may view a site of the sandbox, once its data file
// is open.
func (l *localSandbox) SiteAccess(ctx context.Context, site int64) (sandbox.SiteAccess, error) {
	if l.store == nil {
		return sandbox.SiteAccess{}, errors.New("the sandbox data file is not open")
	}
	return l.store.SiteAccess(ctx, site)
}

// The sandbox's faults: flags of sandbox serve, and the environment
// variables that put them on everywhere the sandbox runs (--sandbox,
// sandbox redeem in-process, and sandbox serve without the flags).
const (
	envRateLimit       = "PROMOCTL_SANDBOX_RATE_LIMIT"
	envLatency         = "PROMOCTL_SANDBOX_LATENCY"
	envDropAfterCreate = "PROMOCTL_SANDBOX_DROP_AFTER_CREATE"
	envCreateLatency   = "PROMOCTL_SANDBOX_CREATE_LATENCY"
	envListLag         = "PROMOCTL_SANDBOX_LIST_LAG"
)

// faultFlags adds the fault flags of sandbox serve.
func faultFlags(c *cobra.Command) {
	c.Flags().String("rate-limit", "", "answer 429 with Retry-After beyond this rate: N/s or N/m, such as 50/s (default $"+envRateLimit+")")
	c.Flags().Duration("latency", 0, "add this delay to every request, such as 20ms (default $"+envLatency+")")
	c.Flags().Float64("drop-after-create", 0, "fraction of creates to store and then leave unanswered, closing the connection, such as 0.05 (default $"+envDropAfterCreate+")")
	c.Flags().Duration("create-latency", 0, "make every create this much slower, storing it even if the client has left, such as 300ms (default $"+envCreateLatency+")")
	c.Flags().Duration("list-lag", 0, "show a new promo code on the list only this long after it is created, such as 1s (default $"+envListLag+")")
}

// sandboxFaults reads the faults to put on the sandbox: each from its flag
// of sandbox serve when flags (nil for none) has it and it was given, else
// from its environment variable. A malformed value is a usage error naming
// where it came from.
func sandboxFaults(flags *pflag.FlagSet, env config.Env) (sandbox.Faults, error) {
	var fs sandbox.Faults
	value := func(flag, name string) (string, string) {
		if flags != nil {
			if fl := flags.Lookup(flag); fl != nil && fl.Changed {
				return fl.Value.String(), "--" + flag
			}
		}
		return strings.TrimSpace(env.Getenv(name)), name
	}
	if v, from := value("rate-limit", envRateLimit); v != "" {
		r, err := sandbox.ParseRate(v)
		if err != nil {
			return fs, usagef("%s: %v", from, err)
		}
		fs.RateLimit = r
	}
	if v, from := value("latency", envLatency); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > sandbox.MaxLatency {
			return fs, usagef("%s: %q is not a latency between 0 and %s, such as 20ms", from, v, sandbox.MaxLatency)
		}
		fs.Latency = d
	}
	if v, from := value("create-latency", envCreateLatency); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > sandbox.MaxLatency {
			return fs, usagef("%s: %q is not a latency between 0 and %s, such as 20ms", from, v, sandbox.MaxLatency)
		}
		fs.CreateLatency = d
	}
	if v, from := value("list-lag", envListLag); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > sandbox.MaxListLag {
			return fs, usagef("%s: %q is not a lag between 0 and %s, such as 1s", from, v, sandbox.MaxListLag)
		}
		fs.ListLag = d
	}
	if v, from := value("drop-after-create", envDropAfterCreate); v != "" {
		p, err := strconv.ParseFloat(v, 64)
		if err != nil || p != p || p < 0 || p > 1 {
			return fs, usagef("%s: %q is not a fraction between 0 and 1, such as 0.05", from, v)
		}
		fs.DropAfterCreate = p
	}
	return fs, nil
}
