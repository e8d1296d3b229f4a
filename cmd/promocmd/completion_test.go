package promocmd

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
)

// TestCompletePromoIDsOnACompleter calls the completion of promo code ids
// with its client given directly: a client of a fake API, a configured
// site.
func TestCompletePromoIDsOnACompleter(t *testing.T) {
	e := cmdtest.NewVerbEnv(t, false, format.JSON,
		cmdtest.Answer{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[{"id":1001,"code":"SUMMER25"},{"id":2002,"code":"WINTER"}]`})
	e.Sess.Settings.SiteID = 7
	c := &core.Completer{
		Client: func(*cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
			ctx, cancel := context.WithCancel(context.Background())
			client, err := e.Sess.Client()
			return ctx, cancel, client, e.Sess.Settings, err == nil
		},
	}
	got, dir := completePromoIDs(c)(&cobra.Command{}, nil, "1")
	if want := []cobra.Completion{"1001\tSUMMER25"}; !slices.Equal(got, want) || dir != cobra.ShellCompDirectiveNoFileComp {
		t.Errorf("promo ids of the configured site: got %q (%d), want %q", got, dir, want)
	}
	e.Expect(t, nil, "", "", "", "GET /v1/promo?site_id=7")
}
