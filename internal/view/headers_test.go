package view

import (
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/promo"
)

// The promo list table's columns are the headers promo.Registry gives
// its fields (promo apply reads a column so named as the field), but the
// STATUS it computes.
func TestPromoTableHeadersAreTheRegistrys(t *testing.T) {
	for _, h := range promoHeader() {
		id := strings.ReplaceAll(strings.ToLower(h), " ", "_")
		if id == "status" {
			continue
		}
		if !slices.ContainsFunc(promo.Registry(), func(f promo.FieldSpec) bool { return slices.Contains(f.Headers, id) }) {
			t.Errorf("the list table's column %s is no field's header in promo.Registry: add %q to the field's Headers", h, id)
		}
	}
}
