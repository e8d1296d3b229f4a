package api

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/promo"
)

// TestPromoStatusFromTheList decodes list items as the API sends them,
// type drift included, and computes their status.
func TestPromoStatusFromTheList(t *testing.T) {
	now := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		item string
		want promo.Status
	}{
		{`{"id":1,"code":"A1","is_enabled":true,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false}`, promo.StatusActive},
		{`{"id":2,"code":"A2","is_enabled":0,"time_limit_is_enabled":true,"d_off":"2026-01-01T00:00:00.000Z"}`, promo.StatusDisabled},
		{`{"id":3,"code":"A3","is_enabled":1,"time_limit_is_enabled":1,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-07-01T12:00:00.000Z"}`, promo.StatusExpired},
		{`{"id":4,"code":"A4","is_enabled":true,"quantity_limit_is_enabled":true,"quantity_limit":"5","promo_used_count":5}`, promo.StatusUsedUp},
		{`{"id":5,"code":"A5","is_enabled":true,"time_limit_is_enabled":true,"d_on":"2026-07-01T12:00:00.001Z","d_off":null}`, promo.StatusScheduled},
		{`{"id":6,"code":"A6","is_enabled":true,"quantity_limit_is_enabled":true,"quantity_limit":5}`, promo.StatusActive},
	} {
		var p Promo
		if err := json.Unmarshal([]byte(c.item), &p); err != nil {
			t.Fatalf("decode %s: %v", c.item, err)
		}
		if got := p.StatusFields().StatusAt(now); got != c.want {
			t.Errorf("status of %s = %s, want %s", c.item, got, c.want)
		}
	}
}
