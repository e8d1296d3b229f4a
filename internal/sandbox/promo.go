package sandbox

import (
	"context"
	"errors"
	"math"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	bolt "go.etcd.io/bbolt"
)

// Bonus types of a promo code.
const (
	BonusGoods    = 2 // discount on the cost of the main goods (order price)
	BonusDelivery = 3 // discount on the cost of delivery
)

// Defaults of the writable fields (spec 2.3).
const (
	defaultBonusType   = BonusGoods
	defaultBonusAmount = 0.01
	maxQuantityLimit   = 1_000_000_000
)

// refusal returns why the promo code cannot be applied now, or "" when it is
// valid: enabled, inside its validity window when time-limited
// (d_on <= now <= d_off, a null end open), and with uses left when
// quantity-limited (used < quantity_limit).
func (p *promoRec) refusal(used int64, now time.Time) Refusal {
	switch {
	case !p.IsEnabled:
		return RefusalDisabled
	case p.TimeLimit && p.DOn != nil && now.Before(*p.DOn):
		return RefusalNotStarted
	case p.TimeLimit && p.DOff != nil && now.After(*p.DOff):
		return RefusalExpired
	case p.QuantityLimitOn && used >= p.QuantityLimit:
		return RefusalUsedUp
	}
	return ""
}

// validatePromo checks the rules that span fields of a complete record.
func validatePromo(p *promoRec) *apiError {
	if !validCode(p.Code) {
		return invalidf("code must be 2 to 15 Latin letters or digits, got %q", p.Code)
	}
	if p.BonusType != BonusGoods && p.BonusType != BonusDelivery {
		return invalidf("bonus_type must be 2 (goods) or 3 (delivery), got %d", p.BonusType)
	}
	if math.IsNaN(p.BonusAmount) || math.IsInf(p.BonusAmount, 0) || p.BonusAmount <= 0 {
		return invalidf("bonus_amount must be greater than 0")
	}
	if p.IsPercent && p.BonusAmount > 100 {
		return invalidf("bonus_amount must not exceed 100 when bonus_amount_is_in_percentages is true")
	}
	if p.BonusAmount > 1e12 {
		return invalidf("bonus_amount is too large")
	}
	if p.QuantityLimit < 0 || p.QuantityLimit > maxQuantityLimit {
		return invalidf("quantity_limit must be between 0 and %d", maxQuantityLimit)
	}
	if p.DOn != nil && p.DOff != nil && p.DOff.Before(*p.DOn) {
		return invalidf("d_off must not be before d_on")
	}
	return nil
}

// validCode reports whether code is 2 to 15 ASCII Latin letters or digits.
// unicode.IsLetter is deliberately not used: Cyrillic, accented and
// full-width letters are refused.
func validCode(code string) bool {
	if len(code) < 2 || len(code) > 15 {
		return false
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// codeKey is the key of the per-site code index. Codes are unique per site
// regardless of letter case, as shoppers type them either way.
func codeKey(siteID int64, code string) []byte {
	return append(itob(siteID), strings.ToUpper(code)...)
}

// posKey is the key of the position index: site, position, promo id.
func posKey(siteID, pos, promoID int64) []byte {
	return append(pairKey(siteID, pos), itob(promoID)...)
}

// highestPos is the highest position of a promo code of the site, 0 for a
// site without any, read from the position index rather than by reading
// every promo code: creating many stays cheap.
func highestPos(tx *bolt.Tx, siteID int64) int64 {
	c := tx.Bucket([]byte(bucketPos)).Cursor()
	k, _ := c.Seek(itob(siteID + 1))
	if k == nil {
		k, _ = c.Last()
	} else {
		k, _ = c.Prev()
	}
	if len(k) != 24 || !hasPrefix(k, itob(siteID)) {
		return 0
	}
	return btoi(k[8:16])
}

// putPromo writes a promo code and keeps the code and position indexes in
// step; oldCode is the code it had before ("" for a new one). A code taken
// by another promo code of the same site answers 409. A promo code keeps
// its site and position for life.
func putPromo(tx *bolt.Tx, p *promoRec, oldCode string) error {
	codes := tx.Bucket([]byte(bucketCodes))
	key := codeKey(p.SiteID, p.Code)
	if owner := codes.Get(key); owner != nil && btoi(owner) != p.ID {
		return newAPIError(http.StatusConflict, KindInvalid, "%spromo code %s already exists on site %d", titleInvalidPrefix, p.Code, p.SiteID)
	}
	if oldCode != "" && !strings.EqualFold(oldCode, p.Code) {
		if err := codes.Delete(codeKey(p.SiteID, oldCode)); err != nil {
			return i18n.NewError(0, "sandbox.err.unindex_code", "Code", oldCode, "Err", err)
		}
	}
	if err := codes.Put(key, itob(p.ID)); err != nil {
		return i18n.NewError(0, "sandbox.err.index_code", "Code", p.Code, "Err", err)
	}
	if oldCode == "" {
		if err := tx.Bucket([]byte(bucketPos)).Put(posKey(p.SiteID, p.Pos, p.ID), []byte{}); err != nil {
			return i18n.NewError(0, "sandbox.err.index_position", "ID", p.ID, "Err", err)
		}
	}
	return putJSON(tx, bucketPromos, itob(p.ID), p)
}

// viewableSite returns the site with the given id if the user may view it;
// a site the user cannot view answers 403 kind 30 whether it exists or not.
func viewableSite(tx *bolt.Tx, userID, siteID int64) (*siteRec, error) {
	var s siteRec
	ok, err := getJSON(tx, bucketSites, itob(siteID), &s)
	if err != nil {
		return nil, err
	}
	if !ok || !s.canView(userID) {
		return nil, errCantViewSite()
	}
	return &s, nil
}

// viewablePromo returns a promo code the user may view: 404 when there is
// none, 403 with the given forbidden error when its site is not viewable.
func viewablePromo(tx *bolt.Tx, userID, promoID int64, forbidden func() *apiError) (*promoRec, error) {
	var p promoRec
	ok, err := getJSON(tx, bucketPromos, itob(promoID), &p)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errPromoNotFound(promoID)
	}
	if _, err := viewableSite(tx, userID, p.SiteID); err != nil {
		var ae *apiError
		if errors.As(err, &ae) {
			return nil, forbidden()
		}
		return nil, err
	}
	return &p, nil
}

// usedCount is the number of recorded uses of a promo code.
func usedCount(tx *bolt.Tx, promoID int64) int64 {
	var n int64
	prefix := itob(promoID)
	c := tx.Bucket([]byte(bucketStats)).Cursor()
	for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
		n++
	}
	return n
}

// listPromos returns the promo codes of a site in pos order (then id).
func (s *Store) listPromos(ctx context.Context, userID, siteID int64) ([]promoItemOut, error) {
	now := s.now()
	out := []promoItemOut{}
	err := s.view(ctx, func(tx *bolt.Tx) error {
		if _, err := viewableSite(tx, userID, siteID); err != nil {
			return err
		}
		var recs []*promoRec
		err := forEachJSON(tx, bucketPromos, nil, func(p *promoRec) error {
			if p.SiteID == siteID {
				recs = append(recs, p)
			}
			return nil
		})
		if err != nil {
			return err
		}
		sort.Slice(recs, func(i, j int) bool {
			if recs[i].Pos != recs[j].Pos {
				return recs[i].Pos < recs[j].Pos
			}
			return recs[i].ID < recs[j].ID
		})
		for _, p := range recs {
			out = append(out, p.itemOut(usedCount(tx, p.ID), now))
		}
		return nil
	})
	return out, err
}

// createPromo stores a new promo code with the defaults of spec 2.3 for the
// omitted fields and pos one past the site's highest.
func (s *Store) createPromo(ctx context.Context, userID int64, in *promoInput) (int64, promoOut, error) {
	if in.siteID == nil {
		return 0, promoOut{}, invalidf("site_id is required")
	}
	if in.code == nil {
		return 0, promoOut{}, invalidf("code is required")
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	p := promoRec{
		SiteID:      *in.siteID,
		BonusType:   defaultBonusType,
		BonusAmount: defaultBonusAmount,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	in.apply(&p)
	var created promoRec
	err := s.update(ctx, func(tx *bolt.Tx) error {
		// A fresh copy on each run: the run may be repeated.
		p := p
		if _, err := viewableSite(tx, userID, p.SiteID); err != nil {
			return err
		}
		if err := validatePromo(&p); err != nil {
			return err
		}
		p.Pos = highestPos(tx, p.SiteID) + 1
		seq, err := tx.Bucket([]byte(bucketPromos)).NextSequence()
		if err != nil {
			return i18n.NewError(0, "sandbox.err.next_promo_id", "Err", err)
		}
		p.ID = int64(seq)
		if err := putPromo(tx, &p, ""); err != nil {
			return err
		}
		created = p
		return nil
	})
	if err != nil {
		return 0, promoOut{}, err
	}
	return created.ID, created.out(), nil
}

// getPromo returns one promo code.
func (s *Store) getPromo(ctx context.Context, userID, promoID int64) (promoOut, error) {
	var out promoOut
	err := s.view(ctx, func(tx *bolt.Tx) error {
		p, err := viewablePromo(tx, userID, promoID, errCantViewPromo)
		if err != nil {
			return err
		}
		out = p.out()
		return nil
	})
	return out, err
}

// updatePromo changes the fields present in the request; omitted fields
// keep their values. site_id cannot be changed.
func (s *Store) updatePromo(ctx context.Context, userID, promoID int64, in *promoInput) (promoOut, error) {
	var out promoOut
	err := s.update(ctx, func(tx *bolt.Tx) error {
		p, err := viewablePromo(tx, userID, promoID, errCantViewPromo)
		if err != nil {
			return err
		}
		oldCode := p.Code
		in.apply(p)
		if err := validatePromo(p); err != nil {
			return err
		}
		p.UpdatedAt = s.now().UTC().Truncate(time.Millisecond)
		if err := putPromo(tx, p, oldCode); err != nil {
			return err
		}
		out = p.out()
		return nil
	})
	return out, err
}

// deletePromo removes a promo code with its code index entry and its usage
// statistics.
func (s *Store) deletePromo(ctx context.Context, userID, promoID int64) error {
	return s.update(ctx, func(tx *bolt.Tx) error {
		p, err := viewablePromo(tx, userID, promoID, errCantViewPromo)
		if err != nil {
			return err
		}
		if err := tx.Bucket([]byte(bucketCodes)).Delete(codeKey(p.SiteID, p.Code)); err != nil {
			return i18n.NewError(0, "sandbox.err.unindex_code", "Code", p.Code, "Err", err)
		}
		if err := tx.Bucket([]byte(bucketPos)).Delete(posKey(p.SiteID, p.Pos, p.ID)); err != nil {
			return i18n.NewError(0, "sandbox.err.unindex_position", "ID", p.ID, "Err", err)
		}
		if err := tx.Bucket([]byte(bucketPromos)).Delete(itob(p.ID)); err != nil {
			return i18n.NewError(0, "sandbox.err.delete_promo", "ID", p.ID, "Err", err)
		}
		prefix := itob(p.ID)
		stats := tx.Bucket([]byte(bucketStats))
		var keys [][]byte
		c := stats.Cursor()
		for k, _ := c.Seek(prefix); k != nil && hasPrefix(k, prefix); k, _ = c.Next() {
			keys = append(keys, append([]byte(nil), k...))
		}
		for _, k := range keys {
			if err := stats.Delete(k); err != nil {
				return i18n.NewError(0, "sandbox.err.delete_stats", "ID", p.ID, "Err", err)
			}
		}
		return nil
	})
}

// promoStats returns the recorded uses of a promo code, oldest first. A
// promo code on a site the user cannot view answers 403 kind 30, as the
// specification documents for this endpoint.
func (s *Store) promoStats(ctx context.Context, userID, promoID int64) ([]statOut, error) {
	out := []statOut{}
	err := s.view(ctx, func(tx *bolt.Tx) error {
		if _, err := viewablePromo(tx, userID, promoID, errCantViewSite); err != nil {
			return err
		}
		return forEachJSON(tx, bucketStats, itob(promoID), func(r *statRec) error {
			out = append(out, r.out())
			return nil
		})
	})
	return out, err
}
