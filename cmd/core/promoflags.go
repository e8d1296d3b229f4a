package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/view"
	"github.com/spf13/cobra"
)

// SiteFlag adds --site-id, a row of the settings table: its value is
// resolved with the other settings (flag > PROMOCTL_SITE_ID > the
// profile's site_id) into session.Settings.SiteID.
func SiteFlag(f *Factory, c *cobra.Command) {
	s, _ := config.Find(config.KeySiteID)
	c.Flags().StringP(s.Flag, s.Short, "", s.Usage)
	f.CompleteFlag(c, s.Flag, f.Completions().CompleteSiteIDs)
}

// StatusNames are the statuses of promo codes, for help and completion.
func StatusNames() []string {
	var out []string
	for _, s := range promo.Statuses() {
		out = append(out, string(s))
	}
	return out
}

// EnableCommand is the command that enables a new promo code; without its
// id (the server did not name it), it says where to find the id.
func (s *Session) EnableCommand(id *api.Int, site int64) string {
	if id == nil {
		return fmt.Sprintf("%s (%s shows the ID)", s.hintLine("promo", "update", "ID", "--enabled"),
			s.hintLine("promo", "list", "--site-id", strconv.FormatInt(site, 10)))
	}
	return s.hintLine("promo", "update", strconv.FormatInt(int64(*id), 10), "--enabled")
}

// DryRun prints the request that would be sent: as JSON (piped, -o json,
// --jq), or on a terminal in the default format, a summary of the promo
// code request in local units and then the JSON. defaults says the body
// is a create's, which the API completes with its defaults.
func (sess *Session) DryRun(method, path string, body any, defaults bool) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	d, err := view.Request(method, sess.Settings.BaseURL+path, b)
	if err != nil {
		return err
	}
	if !sess.IO.IsStdoutTTY() || !sess.Out.Format.IsTable() || sess.Out.JQ != nil {
		return sess.Print(d)
	}
	sum, err := view.PromoRequest(method, path, b, defaults, sess.Loc)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := output.Write(&buf, sum, sess.Out); err != nil {
		return err
	}
	buf.WriteByte('\n')
	asJSON := sess.Out
	asJSON.Format = format.JSON
	if err := output.Write(&buf, d, asJSON); err != nil {
		return err
	}
	_, err = sess.IO.Out.Write(buf.Bytes())
	return err
}
