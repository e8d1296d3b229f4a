package generate

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

// A Cyrillic --prefix is refused for its letters, not measured in bytes,
// by promo generate as by the list filters.
func TestPromoGenerateCyrillicPrefix(t *testing.T) {
	r := newRunner(t)
	r.Run("promo", "generate", "--count", "2", "--site-id", "1", "--prefix", "ПРОМОКОДЫ").Expect(t, cmdutil.ExitUsage, "",
		`promoctl: prefix "ПРОМОКОДЫ": a code may contain only Latin letters A-Z, a-z and digits 0-9, found 'П' at position 1`+"\n")
	r.ExpectNoRequests(t)
}
