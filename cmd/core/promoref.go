package core

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/jsonscan"
)

// PromoRef is a promo code as a command line names it: an argument of
// digits only is an id; anything else is a code text, looked up in the
// list of the site.
type PromoRef struct {
	ID   int64  // the id, or 0 for a code
	Code string // the code text, when the argument was not an id
}

// IsDigits reports whether s is digits only.
func IsDigits(s string) bool {
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

// PromoNotFoundError is a code text, or an id given with a site, that the
// site's list does not have: a 404 of promoctl's own (exit 4), which says
// where it looked.
type PromoNotFoundError struct {
	Codes []string
	IDs   []int64
	Site  int64
}

func (e *PromoNotFoundError) Error() string {
	ids := make([]string, len(e.IDs))
	for i, id := range e.IDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	idWhy := "an id given with a site (--site-id or the configured site_id) must be on that site's list"
	if len(e.Codes) == 0 {
		what := "promo code " + ids[0] + " is"
		if len(ids) > 1 {
			what = "promo codes " + strings.Join(ids, ", ") + " are"
		}
		return fmt.Sprintf("%s not on site %d, and nothing was sent: %s", what, e.Site, idWhy)
	}
	if len(ids) > 0 {
		return fmt.Sprintf("promo codes %q and ids %s not found on site %d, and nothing was sent: a code is looked up in the list of --site-id or the configured site_id, and %s",
			strings.Join(e.Codes, ", "), strings.Join(ids, ", "), e.Site, idWhy)
	}
	what := fmt.Sprintf("promo code %q", e.Codes[0])
	if len(e.Codes) > 1 {
		what = fmt.Sprintf("promo codes %q", strings.Join(e.Codes, ", "))
	}
	return fmt.Sprintf("%s not found on site %d (a code is looked up in the list of --site-id or the configured site_id; an argument of digits only is an id)",
		what, e.Site)
}

// SitePromo is a promo code of a site's list: what a lookup or a
// selection needs of it.
type SitePromo struct {
	ID   int64
	Code string
	api.Promo
}

// ScanPromos reads the promo codes of site as they stream in, calling fn
// with each one that has an id until fn returns false.
func ScanPromos(ctx context.Context, client *api.Client, site int64, fn func(p *SitePromo) bool) error {
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return err
	}
	defer stream.Close()
	var d api.PromoDecoder
	var p SitePromo
	for {
		e, err := stream.Next()
		if err == io.EOF {
			return nil
		}
		if ee := (*jsonscan.ElementError)(nil); errors.As(err, &ee) {
			return fmt.Errorf("list promo codes of site %d: unexpected response from the server: %w", site, ee.Err)
		}
		if err != nil {
			return err
		}
		p.Promo = api.Promo{}
		if err := d.Decode(e, &p.Promo); err != nil {
			return fmt.Errorf("list promo codes of site %d: %w", site, err)
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

// PromoClient is how a verb on one promo code starts: it resolves the code
// named by *id or code (resolvePromo), stores its id in *id, and returns the
// client to act on it with.
func (s *Session) PromoClient(ctx context.Context, id *int64, code string, site int64) (*api.Client, error) {
	resolved, err := s.resolvePromo(ctx, *id, code, site)
	if err != nil {
		return nil, err
	}
	*id = resolved
	return s.Client()
}

// resolvePromo returns the id of the promo code named by its code text,
// looked up whatever its case in the list of site (a code written exactly
// as given wins over one that differs in case); with no code, id as it is.
func (s *Session) resolvePromo(ctx context.Context, id int64, code string, site int64) (int64, error) {
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
	err = ScanPromos(ctx, client, site, func(p *SitePromo) bool {
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
		return 0, &PromoNotFoundError{Codes: []string{ref.Code}, Site: site}
	}
	return id, nil
}

// CheckOnSite returns a *promoNotFoundError unless promo code id is on
// site's list: an id names a promo code of whatever site it is on, so a
// verb that destroys checks it against the site the user named.
func (s *Session) CheckOnSite(ctx context.Context, id, site int64) error {
	client, err := s.Client()
	if err != nil {
		return err
	}
	ctx, cancel := s.WithTimeout(ctx)
	defer cancel()
	found := false
	err = ScanPromos(ctx, client, site, func(p *SitePromo) bool {
		found = p.ID == id
		return !found
	})
	if err != nil {
		return err
	}
	if !found {
		return &PromoNotFoundError{IDs: []int64{id}, Site: site}
	}
	return nil
}
