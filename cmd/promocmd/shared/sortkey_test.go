package shared

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
)

// TestSortKnowsEveryRegistryField: --sort takes every sortable field of
// promo.Registry, and orders by its value (a promo code that has every
// field, a value of its kind each, has a key for each).
func TestSortKnowsEveryRegistryField(t *testing.T) {
	sample := map[spec.Kind]string{spec.KindText: `"A1"`, spec.KindInt: "1", spec.KindAmount: "10",
		spec.KindBool: "true", spec.KindDate: `"2026-06-01T00:00:00.000Z"`, spec.KindBonusType: "2"}
	var fields []string
	for _, f := range promo.Registry() {
		fields = append(fields, fmt.Sprintf("%q:%s", f.Name, sample[f.Kind]))
	}
	var p api.Promo
	if err := json.Unmarshal([]byte("{"+strings.Join(fields, ",")+"}"), &p); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range promo.Registry() {
		if !f.Sortable {
			continue
		}
		if name, _, err := ParseSort("-" + f.Name); err != nil || name != f.Name {
			t.Errorf("--sort -%s: %q, %v", f.Name, name, err)
		}
		if k := promoSortKey(&p, f.Name, now); k.none {
			t.Errorf("--sort %s: no key for a promo code that has the field: promoSortKey does not know it", f.Name)
		}
	}
}
