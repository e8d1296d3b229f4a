package cmd

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/output"
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
so give --site-id. --token and --base-url cannot be used with it.`,
		Example: `  promoctl --sandbox promo list --site-id 1
  promoctl --sandbox --user-id 2 promo list --site-id 3
  promoctl sandbox serve --addr 127.0.0.1:8787`,
		RunE: groupRun,
	}
	c.AddCommand(newSandboxServeCmd(f), newSandboxRedeemCmd(f), newSandboxResetCmd(f))
	return c
}

func newSandboxServeCmd(f *factory) *cobra.Command {
	var o sandbox.ServeOptions
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the sandbox API over HTTP",
		Long: `Serve the sandbox API over HTTP until interrupted (Ctrl-C or SIGTERM).
It listens on loopback unless --addr names another address (port 0 picks a
free port, printed at start). Each request is logged to stderr.`,
		Args: noArgs,
		Example: `  promoctl sandbox serve
  promoctl sandbox serve --addr 127.0.0.1:9000 --data ./demo.db --reset
  # then, in another terminal:
  promoctl --base-url http://127.0.0.1:8787 --token sandbox --user-id 1 promo list --site-id 1`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.DataPath == "" {
				o.DataPath = sandbox.DefaultDataPath(f.env.Getenv)
			}
			o.Out, o.Log = f.io.ErrOut, f.io.ErrOut
			o.Waiting = f.sandboxWaiting(o.DataPath)
			err := sandbox.Serve(cmd.Context(), o)
			if errors.Is(err, syscall.EADDRINUSE) {
				return fmt.Errorf("%w; another program is listening there: choose another port with --addr (--addr 127.0.0.1:0 picks a free one)", err)
			}
			if err != nil {
				return f.withRecoveryHint(sandboxOpenError(err), o.DataPath)
			}
			// Serve returns nil once interrupted and shut down.
			fmt.Fprintln(f.io.ErrOut, "promoctl sandbox stopped")
			return nil
		},
	}
	c.Flags().StringVar(&o.Addr, "addr", sandbox.DefaultAddr, "address to listen on")
	c.Flags().StringVar(&o.DataPath, "data", "", "data file (default $XDG_STATE_HOME/promoctl/sandbox.db)")
	c.Flags().BoolVar(&o.Reset, "reset", false, "discard the data and start again from the demo data")
	return c
}

func newSandboxResetCmd(f *factory) *cobra.Command {
	var data string
	c := &cobra.Command{
		Use:   "reset",
		Short: "Restore the sandbox's demo data",
		Args:  noArgs,
		Example: `  promoctl sandbox reset
  promoctl sandbox reset --data ./demo.db`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if data == "" {
				data = sandbox.DefaultDataPath(f.env.Getenv)
			}
			s, err := f.Settings(cmd)
			if err != nil {
				return err
			}
			// A damaged file is replaced, not read: this is the way out
			// of one.
			store, err := sandbox.Open(cmd.Context(), data, sandbox.Options{Reset: true, Timeout: s.Timeout, Waiting: f.sandboxWaiting(data)})
			if errors.Is(err, sandbox.ErrInUse) {
				return fmt.Errorf("reset sandbox: %w; stop the other promoctl (such as 'promoctl sandbox serve') first", err)
			}
			if err != nil {
				return fmt.Errorf("reset sandbox: %w", err)
			}
			if err := store.Close(); err != nil {
				return fmt.Errorf("reset sandbox: %w", err)
			}
			fmt.Fprintf(f.io.ErrOut, "Restored the demo data in %s.\n", data)
			return nil
		},
	}
	c.Flags().StringVar(&data, "data", "", "data file (default $XDG_STATE_HOME/promoctl/sandbox.db)")
	return c
}

func newSandboxRedeemCmd(f *factory) *cobra.Command {
	var (
		r                            sandbox.RedeemRequest
		siteID, orderPrice, delivery string
		customer                     string
	)
	c := &cobra.Command{
		Use:   "redeem",
		Short: "Apply a promo code to a sandbox order, as the shop would",
		Long: `Apply a promo code to an order in the sandbox the way the shop does at
checkout. The code is refused, with the reason, when it is disabled, not
started, expired, used up, or already used by the customer of a
once-per-customer code. Otherwise the discount is computed (on the goods or
on delivery, percentage or fixed, never more than the price) and the use is
recorded, so 'promo stats' and promo_used_count show it.`,
		Args: noArgs,
		Example: `  promoctl sandbox redeem --site-id 1 --code WELCOME10 --order-price 2500
  promoctl sandbox redeem --site-id 1 --code FREESHIP --order-price 900 --delivery-price 300 --customer 42
  promoctl --sandbox promo stats 1001`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if r.SiteID, err = parseID("--site-id", siteID); err != nil {
				return err
			}
			if r.Code == "" {
				return usagef("--code is required")
			}
			if r.OrderPrice, err = parseMoney("--order-price", orderPrice); err != nil {
				return err
			}
			if delivery != "" {
				if r.DeliveryPrice, err = parseMoney("--delivery-price", delivery); err != nil {
					return err
				}
			}
			if customer != "" {
				if r.CustomerID, err = parseID("--customer", customer); err != nil {
					return err
				}
			}
			user := int64(1)
			if v, _ := f.resolver(cmd).FlagValue(config.KeyUserID); v != "" {
				if user, err = parseID("--user-id", v); err != nil {
					return err
				}
			}
			s, err := f.Settings(cmd)
			if err != nil {
				return err
			}
			out, err := f.outputOptions(s)
			if err != nil {
				return err
			}
			store, err := f.sandboxStore(cmd.Context(), s.Timeout)
			if err != nil {
				return err
			}
			res, err := store.Redeem(cmd.Context(), user, r)
			if err != nil {
				var refused *sandbox.RefusedError
				if errors.As(err, &refused) {
					return refused
				}
				return fmt.Errorf("redeem %s on site %d: %w", r.Code, r.SiteID, err)
			}
			d, err := view.Redemption(r, res, f.location())
			if err != nil {
				return err
			}
			return output.Write(f.io.Out, d, out)
		},
	}
	c.Flags().StringVar(&siteID, "site-id", "", "the shop's site")
	c.Flags().StringVar(&r.Code, "code", "", "the promo code the customer entered")
	c.Flags().StringVar(&orderPrice, "order-price", "", "cost of the goods in the order")
	c.Flags().StringVar(&delivery, "delivery-price", "", "cost of delivery")
	c.Flags().StringVar(&customer, "customer", "", "the customer's id (needed for once-per-customer codes)")
	c.Flags().StringVar(&r.Currency, "currency", "", "currency of the prices (default: the site's)")
	return c
}

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

// sandboxStore opens the sandbox's data file once per run, waiting for
// another process to release it up to timeout (the command's --timeout);
// it is closed when the command ends.
func (f *factory) sandboxStore(ctx context.Context, timeout time.Duration) (*sandbox.Store, error) {
	if f.sandbox != nil {
		return f.sandbox, nil
	}
	path := sandbox.DefaultDataPath(f.env.Getenv)
	store, err := sandbox.Open(ctx, path, sandbox.Options{Timeout: timeout, Waiting: f.sandboxWaiting(path)})
	if err != nil {
		return nil, f.withRecoveryHint(sandboxOpenError(err), path)
	}
	f.sandbox = store
	f.cleanups = append(f.cleanups, func() { store.Close() })
	return store, nil
}

// sandboxWaiting tells the person at the terminal why nothing happens
// while another process holds the data file.
func (f *factory) sandboxWaiting(path string) func() {
	return func() {
		fmt.Fprintf(f.io.ErrOut, "promoctl: waiting for the sandbox data file %s (held by another promoctl); press Ctrl-C to give up\n", path)
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

// withRecoveryHint tells how to replace a damaged data file.
func (f *factory) withRecoveryHint(err error, path string) error {
	if !errors.Is(err, sandbox.ErrDamaged) {
		return err
	}
	reset := "promoctl sandbox reset"
	if path != sandbox.DefaultDataPath(f.env.Getenv) {
		reset += " --data " + path
	}
	return fmt.Errorf("%w; run `%s` to start again from the demo data", err, reset)
}

// sandboxSettings points the settings at the in-process sandbox: its
// transport and the credentials of the chosen user (1 unless --user-id
// says otherwise).
func (f *factory) sandboxSettings(ctx context.Context, s *config.Settings) (http.RoundTripper, error) {
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
	store, err := f.sandboxStore(ctx, s.Timeout)
	if err != nil {
		return nil, err
	}
	s.BaseURL, s.Token, s.UserID = "http://sandbox.localhost", token, user
	s.Sources[config.KeyBaseURL] = config.Source{Kind: "flag", Name: "--sandbox"}
	s.Sources[config.KeyToken] = config.Source{Kind: "flag", Name: "--sandbox"}
	if src := s.Sources[config.KeyUserID]; src.Kind != "flag" {
		s.Sources[config.KeyUserID] = config.Source{Kind: "flag", Name: "--sandbox"}
	}
	return sandbox.Transport(sandbox.NewHandler(store, sandbox.HandlerOptions{})), nil
}
