package shared

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// ParsePromoRef reads a CODE_OR_ID argument.
func ParsePromoRef(arg string) (PromoRef, error) {
	s := strings.TrimSpace(arg)
	if s == "" {
		return PromoRef{}, i18n.NewError(cmdutil.ExitUsage, "promocmd.ref.required", "Value", termsafe.String(arg))
	}
	if isDigits(s) {
		id, err := cmdutil.ParseID(i18n.M("base.id.promo"), s)
		return PromoRef{ID: id, Text: s}, err
	}
	if promo.ValidateCode(s) != nil {
		return PromoRef{}, i18n.NewError(cmdutil.ExitUsage, "promocmd.ref.invalid", "Value", termsafe.String(arg))
	}
	return PromoRef{Code: s}, nil
}

// PromoRef is a promo code as a command line names it: an argument of
// digits only is an id; anything else is a code text, looked up in the
// list of the site.
type PromoRef struct {
	ID   int64  // the id, or 0 for a code
	Code string // the code text, when the argument was not an id
	Text string // the argument as given, for an id: 007
}

// IDHint adds to the error of a promo code named by an id that was not
// found how a code of digits only is found: the argument may have meant
// one (promo get 007 reads id 7).
func IDHint(s *cmdutil.Session, ref PromoRef, err error) error {
	var ae *api.Error
	if ref.Code != "" || ref.Text == "" || !errors.As(err, &ae) || ae.Status != http.StatusNotFound || ae.NoEndpoint() {
		return err
	}
	site := "SITE_ID" // the user knows which
	if s.Settings.SiteID != 0 {
		site = strconv.FormatInt(s.Settings.SiteID, 10)
	}
	return i18n.NewError(0, "select.error.digits_hint", "Err", err, "Arg", ref.Text,
		"Command", HintLine(s, "promo", "list", "--site-id", site, "--search", ref.Text))
}

// isDigits reports whether s is digits only.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// String names the promo code as the user did: "1001" or "SUMMER25".
func (r PromoRef) String() string {
	if r.Code != "" {
		return r.Code
	}
	return fmt.Sprintf("%d", r.ID)
}

// sitePromo is a promo code of a site's list: what a lookup or a
// selection needs of it.
type sitePromo struct {
	ID   int64
	Code string
	api.Promo
}

// scanPromos reads the promo codes of site as they stream in, calling fn
// with each one that has an id until fn returns false.
func scanPromos(ctx context.Context, client *api.Client, site int64, fn func(p *sitePromo) bool) error {
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return err
	}
	defer stream.Close()
	var d api.PromoDecoder
	var p sitePromo
	for {
		e, err := stream.Next()
		if err == io.EOF {
			return nil
		}
		if ee := (*jsonscan.ElementError)(nil); errors.As(err, &ee) {
			return i18n.NewError(0, "promocmd.list.unexpected", "Site", site, "Err", ee.Err)
		}
		if err != nil {
			return err
		}
		p.Promo = api.Promo{}
		if err := d.Decode(e, &p.Promo); err != nil {
			return i18n.NewError(0, "api.list_promos", "Site", site, "Err", err)
		}
		if p.Promo.ID == nil {
			continue
		}
		p.ID, p.Code = int64(*p.Promo.ID), string(p.Promo.Code)
		if !fn(&p) {
			return nil
		}
	}
}

// OneCode is what a verb on one promo code (get, stats, update, delete)
// acts on: the run's session, and the promo code named by its id, or by
// its code text on a site.
type OneCode struct {
	*cmdutil.Session
	ID     int64
	Code   string // the code text the promo code was named by, "" for an id
	SiteID int64  // where Code is looked up: --site-id or the configured site_id
}

// Name sets o to the promo code the argument ref names, in sess.
func (o *OneCode) Name(sess *cmdutil.Session, ref PromoRef) {
	o.Session, o.ID, o.Code, o.SiteID = sess, ref.ID, ref.Code, sess.Settings.SiteID
}

// RunOnOne is the RunE of a verb on one promo code that needs nothing
// else: it reads the argument (ParsePromoRef), starts the session, names
// the code in one and calls run, adding IDHint to its error.
func RunOnOne(f *cmdutil.Factory, one *OneCode, run func(context.Context) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		ref, err := ParsePromoRef(args[0])
		if err != nil {
			return err
		}
		sess, err := f.Start(cmd)
		if err != nil {
			return err
		}
		one.Name(sess, ref)
		return IDHint(sess, ref, run(cmd.Context()))
	}
}

// Resolve is how a verb on one promo code starts: it resolves the code
// named by its id or code text (resolvePromo), keeps the id in o.ID, and
// returns the client to act on it with.
func (o *OneCode) Resolve(ctx context.Context) (*api.Client, error) {
	resolved, err := resolvePromo(ctx, o.Session, o.ID, o.Code, o.SiteID)
	if err != nil {
		return nil, err
	}
	o.ID = resolved
	return o.Client()
}

// resolvePromo returns the id of the promo code named by its code text,
// looked up whatever its case in the list of site (a code written exactly
// as given wins over one that differs in case); with no code, id as it is.
func resolvePromo(ctx context.Context, s *cmdutil.Session, id int64, code string, site int64) (int64, error) {
	if code == "" {
		return id, nil
	}
	ref := PromoRef{Code: code}
	site, err := s.Site(site)
	if err != nil {
		return 0, err
	}
	client, err := s.Client()
	if err != nil {
		return 0, err
	}
	ctx, cancel := s.WithTimeout(ctx)
	defer cancel()
	id = 0
	err = scanPromos(ctx, client, site, func(p *sitePromo) bool {
		switch {
		case p.Code == ref.Code:
			id = p.ID
			return false
		case id == 0 && strings.EqualFold(p.Code, ref.Code):
			id = p.ID
		}
		return true
	})
	if err != nil {
		return 0, err
	}
	if id == 0 {
		return 0, notFoundError([]string{ref.Code}, nil, site)
	}
	return id, nil
}

// CheckOnSite returns a not-found error (notFoundError) unless promo code id is on
// site's list: an id names a promo code of whatever site it is on, so a
// verb that destroys checks it against the site the user named.
func CheckOnSite(ctx context.Context, s *cmdutil.Session, id, site int64) error {
	client, err := s.Client()
	if err != nil {
		return err
	}
	ctx, cancel := s.WithTimeout(ctx)
	defer cancel()
	found := false
	err = scanPromos(ctx, client, site, func(p *sitePromo) bool {
		found = p.ID == id
		return !found
	})
	if err != nil {
		return err
	}
	if !found {
		return notFoundError(nil, []int64{id}, site)
	}
	return nil
}

// CodeOrIDHelp says how a CODE_OR_ID argument is read.
const CodeOrIDHelp = `CODE_OR_ID is the promo code's id (digits only) or its code, looked up
whatever its case in the list of the site (--site-id or the configured
site_id). A code made of digits only is named by its id.`
