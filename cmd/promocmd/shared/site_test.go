package shared

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
)

// TestSiteOver holds the one rule of an input that names its site (a -f
// file's site_id, a job's): --site-id wins and is told apart when it
// differs; else the input's site; else the configured one.
func TestSiteOver(t *testing.T) {
	seven, nine := int64(7), int64(9)
	for _, c := range []struct {
		name        string
		site        int64
		kind        config.SourceKind
		named       *int64
		want        int64
		wantFlagged bool
	}{
		{"nothing named: the configured site", 5, config.FromProfile, nil, 5, false},
		{"named over the profile", 5, config.FromProfile, &seven, 7, false},
		{"named over the environment", 5, config.FromEnv, &seven, 7, false},
		{"named, no site set", 0, "", &seven, 7, false},
		{"--site-id over named", 9, config.FromFlag, &seven, 9, true},
		{"--site-id the same as named", 9, config.FromFlag, &nine, 9, false},
		{"--site-id, nothing named", 9, config.FromFlag, nil, 9, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &cmdutil.Session{Settings: &config.Settings{SiteID: c.site, Sources: map[string]config.Source{}}}
			if c.kind != "" {
				s.Settings.Sources[config.KeySiteID] = config.Source{Kind: c.kind}
			}
			site, flagged := SiteOver(s, c.named)
			if site != c.want || flagged != c.wantFlagged {
				t.Errorf("siteOver = %d, %v; want %d, %v", site, flagged, c.want, c.wantFlagged)
			}
		})
	}
}
