package shared

import (
	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
)

// SiteOver is the site of a command whose input names one (a -f file's
// site_id, a job's site): --site-id when the command line gives it, else
// named, else the run's site (the configured site_id). flagged reports
// that --site-id was given and is not named: a verb for which the input's
// site is binding refuses that.
func SiteOver(s *cmdutil.Session, named *int64) (site int64, flagged bool) {
	site = s.Settings.SiteID
	if s.Settings.Sources[config.KeySiteID].Kind == config.FromFlag {
		return site, named != nil && *named != site
	}
	if named != nil {
		site = *named
	}
	return site, false
}
