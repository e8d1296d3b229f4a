package cmdutil

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/config"
)

// SiteFlag adds --site-id, a row of the settings table: its value is
// resolved with the other settings (flag > PROMOCTL_SITE_ID > the
// profile's site_id) into session.Settings.SiteID.
func SiteFlag(f *Factory, c *cobra.Command) {
	s, _ := config.Find(config.KeySiteID)
	c.Flags().StringP(s.Flag, s.Short, "", s.Usage)
	f.CompleteFlag(c, s.Flag, f.Completions().SiteIDs)
}
