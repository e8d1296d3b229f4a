package sandboxcmd

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/view"
)

// sandboxRedeemOptions are the inputs of sandbox redeem: the order, and
// the sandbox it goes to.
type sandboxRedeemOptions struct {
	*cmdutil.Session
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

func newSandboxRedeemCmd(f *cmdutil.Factory, run func(context.Context, *sandboxRedeemOptions) error) *cobra.Command {
	if run == nil {
		run = runSandboxRedeem
	}
	opts := &sandboxRedeemOptions{}
	rf := &redeemFlags{}
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
		Args: cmdutil.NoArgs,
		Example: `  promoctl sandbox redeem --site-id 1 --code WELCOME10 --order-price 2500
  promoctl sandbox redeem --site-id 1 --code FREESHIP --order-price 900 --delivery-price 300 --customer 42
  promoctl sandbox redeem --data ./demo.db --site-id 1 --code WELCOME10 --order-price 100
  promoctl --sandbox promo stats 1001
  # on a running 'promoctl sandbox serve':
  promoctl --base-url http://127.0.0.1:8787 --token sandbox --user-id 1 sandbox redeem --site-id 1 --code WELCOME10 --order-price 2500`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := rf.validate(opts); err != nil {
				return err
			}
			if err := rf.complete(cmd, opts); err != nil {
				return err
			}
			s, err := rf.target(cmd, f, opts)
			if err != nil {
				return err
			}
			if err := rf.start(cmd, f, s, opts); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	c.Flags().String("site-id", "", "the shop's site (over HTTP, default: the configured site_id)")
	f.CompleteFlag(c, "site-id", f.Completions().SiteIDs)
	c.Flags().StringVar(&opts.Request.Code, "code", "", "the promo code the customer entered")
	c.Flags().StringVar(&rf.orderPrice, "order-price", "", "cost of the goods in the order")
	c.Flags().StringVar(&rf.delivery, "delivery-price", "", "cost of delivery")
	c.Flags().StringVar(&rf.customer, "customer", "", "the customer's id (needed for once-per-customer codes)")
	c.Flags().StringVar(&opts.Request.Currency, "currency", "", "currency of the prices (default: the site's)")
	dataFlag(c)
	return c
}

// redeemFlags are the flags of sandbox redeem kept as text, before
// complete parses them into the request.
type redeemFlags struct {
	orderPrice, delivery, customer string
}

// validate checks that the required flags are given.
func (rf *redeemFlags) validate(opts *sandboxRedeemOptions) error {
	if opts.Request.Code == "" {
		return i18n.NewError(cmdutil.ExitUsage, "sandbox.redeem.code_required")
	}
	if rf.orderPrice == "" {
		return i18n.NewError(cmdutil.ExitUsage, "sandbox.redeem.order_price_required")
	}
	return nil
}

// complete parses the prices and the customer into the request.
func (rf *redeemFlags) complete(cmd *cobra.Command, opts *sandboxRedeemOptions) error {
	r := &opts.Request
	var err error
	if r.OrderPrice, err = parseMoney("--order-price", rf.orderPrice); err != nil {
		return err
	}
	if rf.delivery != "" {
		if r.DeliveryPrice, err = parseMoney("--delivery-price", rf.delivery); err != nil {
			return err
		}
	}
	if rf.customer != "" {
		if r.CustomerID, err = cmdutil.ParseID(i18n.M("base.id.customer"), rf.customer); err != nil {
			return err
		}
	}
	opts.DeliveryGiven, opts.UserIDGiven = rf.delivery != "", cmd.Flags().Changed("user-id")
	return nil
}

// target chooses where the order goes: a served sandbox when a base URL
// other than the real service's is set (flag, environment or profile) and
// neither --sandbox nor a data file is given; else the in-process sandbox,
// with the settings --sandbox has: no configured base URL, token, user or
// site. It sets opts.Served and opts.Sites and gives the settings.
func (rf *redeemFlags) target(cmd *cobra.Command, f *cmdutil.Factory, opts *sandboxRedeemOptions) (*config.Settings, error) {
	data, err := cmdutil.SandboxData(cmd, f.Global.SandboxData)
	if err != nil {
		return nil, err
	}
	var s *config.Settings
	served := false
	if !f.Global.Sandbox {
		if data != "" {
			if cmd.Flags().Changed("base-url") {
				return nil, i18n.NewError(cmdutil.ExitUsage, "sandbox.redeem.data_and_base_url")
			}
		} else {
			if s, err = f.Settings(cmd); err != nil {
				return nil, err
			}
			served = servedSandbox(s)
		}
		if !served && cmd.Flags().Changed("token") {
			return nil, i18n.NewError(cmdutil.ExitUsage, "sandbox.redeem.token_served")
		}
	}
	opts.Sites, opts.Served = nil, served
	if !served {
		local, err := f.InProcessSandbox(cmd)
		if err != nil {
			return nil, err
		}
		if s, err = f.Settings(cmd); err != nil {
			return nil, err
		}
		opts.Sites = local
	}
	return s, nil
}

// start checks the site and starts the session on the settings target
// chose.
func (rf *redeemFlags) start(cmd *cobra.Command, f *cmdutil.Factory, s *config.Settings, opts *sandboxRedeemOptions) error {
	r := &opts.Request
	if r.SiteID = s.SiteID; r.SiteID == 0 {
		if opts.Served {
			return i18n.NewError(cmdutil.ExitUsage, "sandbox.redeem.site_required")
		}
		return i18n.NewError(cmdutil.ExitUsage, "sandbox.redeem.site_required_in_process")
	}
	// No spinner: one quick request.
	sess, err := f.StartWith(cmd, s, false)
	if err != nil {
		return err
	}
	opts.Session = sess
	return nil
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
	rctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	resp, err := client.Do(rctx, api.Request{Method: http.MethodPost, Path: sandbox.RedeemPath, Body: body})
	if err != nil {
		return opts.explain(ctx, err)
	}
	var red sandbox.Redemption
	if err := json.Unmarshal(resp.Body, &red); err != nil {
		return i18n.NewError(0, "sandbox.redeem.not_redemption", "Code", r.Code, "Site", r.SiteID, "Err", err)
	}
	req, res, err := red.Parts()
	if err != nil {
		return i18n.NewError(0, "sandbox.err.redeem", "Code", r.Code, "Site", r.SiteID, "Err", err)
	}
	raw, err := json.Marshal(sandbox.NewRedemption(req, res))
	if err != nil {
		return err
	}
	return opts.Print(view.Redemption(raw, view.Redeemed{
		PromoID: res.PromoID, LeadID: res.LeadID, BonusType: promo.BonusType(res.BonusType),
		OrderPrice: req.OrderPrice, DeliveryPrice: req.DeliveryPrice, Discount: res.Discount, Total: res.Total,
		Currency: res.Currency, UsedAt: res.UsedAt,
	}, opts.Loc))
}

// servedSandbox reports whether the settings point at a server that may be
// a sandbox: a base URL was set, and it is not the real service's.
func servedSandbox(s *config.Settings) bool {
	if src, ok := s.Sources[config.KeyBaseURL]; !ok || src.Kind == config.FromDefault {
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
		return i18n.NewError(0, "sandbox.err.redeem", "Code", r.Code, "Site", r.SiteID, "Err", err)
	}
	kind := -1
	if ae.Kind != nil {
		kind = *ae.Kind
	}
	if reason, ok := sandbox.RefusalOfKind(kind); ok && ae.Status == http.StatusUnprocessableEntity {
		return refusal(r, reason, ae, opts.DeliveryGiven)
	}
	if opts.Served && ae.Status == http.StatusNotFound && kind != sandbox.KindUserNotFound {
		return i18n.NewError(0, "sandbox.redeem.not_sandbox", "Code", r.Code, "Site", r.SiteID, "URL", s.BaseURL,
			"Path", sandbox.RedeemPath, "Source", sourceOf(s.Sources[config.KeyBaseURL]), "Err", ae)
	}
	if ae.Subject.Kind == "" {
		ae.Subject = api.SiteSubject(r.SiteID)
	}
	err = i18n.NewError(0, "sandbox.err.redeem", "Code", r.Code, "Site", r.SiteID, "Err", ae)
	if !opts.Served && ae.Status == http.StatusForbidden && kind == sandbox.KindCantViewSite {
		if hint, ok := sandboxSiteHint(ctx, opts.Sites, r.SiteID, s.UserID, opts.UserIDGiven); ok {
			return i18n.NewError(0, "sandbox.redeem.with_hint", "Err", err, "Hint", hint)
		}
	}
	return err
}

// sourceOf says where a setting came from: "env PROMOCTL_BASE_URL",
// "flag --base-url", in the run's language.
func sourceOf(src config.Source) i18n.Message {
	return i18n.M("sandbox.redeem.source", "Kind", i18n.M("word.source."+string(src.Kind)), "Name", src.Name)
}

// refusal says why the sandbox refused the code of r (reason, answered
// as ae): the code as the sandbox names it, why, and for a code with
// nothing to discount, what the order needs. Its exit code and, with -o
// json, its status and kind are ae's.
func refusal(r sandbox.RedeemRequest, reason sandbox.Refusal, ae *api.Error, deliveryGiven bool) error {
	code, ok := sandbox.RefusedCode(ae.Title)
	if !ok {
		code = r.Code
	}
	why := i18n.M("sandbox.refusal." + string(reason))
	if reason == sandbox.RefusalNotApplicable {
		return i18n.NewError(0, "sandbox.redeem.refused_hint", "Code", code, "Why", why,
			"Hint", nothingToDiscountHint(r, deliveryGiven), "Err", ae)
	}
	return i18n.NewError(0, "sandbox.redeem.refused", "Code", code, "Why", why, "Err", ae)
}

// nothingToDiscountHint says what a code refused for having nothing to
// discount needs: the price it discounts is 0, and which price that is
// follows from the order.
func nothingToDiscountHint(r sandbox.RedeemRequest, deliveryGiven bool) i18n.Message {
	switch {
	case r.OrderPrice > 0 && !deliveryGiven:
		return i18n.M("sandbox.redeem.hint.add_delivery", "Code", r.Code)
	case r.OrderPrice > 0:
		return i18n.M("sandbox.redeem.hint.delivery_above_zero", "Code", r.Code)
	case r.DeliveryPrice > 0:
		return i18n.M("sandbox.redeem.hint.order_above_zero", "Code", r.Code)
	}
	return i18n.M("sandbox.redeem.hint.free_order")
}

// siteAccess tells who may view a site of the sandbox.
type siteAccess interface {
	SiteAccess(ctx context.Context, site int64) (sandbox.SiteAccess, error)
}

// sandboxSiteHint names the sandbox user who can view a site the current
// one cannot, or says there is no such site; sites (nil: none) says who
// can view which; false when there is nothing to say. The hint says to use
// --user-id when it was given (userIDGiven), to add it otherwise.
func sandboxSiteHint(ctx context.Context, sites siteAccess, site, user int64, userIDGiven bool) (i18n.Message, bool) {
	if sites == nil {
		return i18n.Message{}, false
	}
	acc, err := sites.SiteAccess(ctx, site)
	if err != nil {
		return i18n.Message{}, false
	}
	if !acc.Exists {
		return i18n.M("sandbox.hint.no_site", "Site", site), true
	}
	verb := "add"
	if userIDGiven {
		verb = "use"
	}
	for _, c := range sandbox.Credentials() {
		switch {
		case c.UserID == user:
		case c.UserID == acc.OwnerID:
			return i18n.M("sandbox.hint.owner_"+verb, "Site", site, "User", c.UserID), true
		case slices.Contains(acc.ViewerIDs, c.UserID):
			return i18n.M("sandbox.hint.viewer_"+verb, "Site", site, "User", c.UserID), true
		}
	}
	return i18n.Message{}, false
}

func parseMoney(flag, s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || v < 0 || v != v {
		return 0, i18n.NewError(cmdutil.ExitUsage, "sandbox.redeem.not_money", "Flag", flag, "Value", s)
	}
	return v, nil
}
