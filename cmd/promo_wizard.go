package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/prompt"
)

// promoWizard asks for a promo code's fields and for a last go-ahead.
type promoWizard interface {
	Promo(ctx context.Context, form prompt.PromoForm) (prompt.PromoAnswers, error)
	Proceed(ctx context.Context, title string, def bool) error
}

// promoWizard is the prompter of the options when it can run the wizard
// (tests), else the huh prompter.
func (f *factory) promoWizard() promoWizard {
	if p, ok := f.prompter().(promoWizard); ok {
		return p
	}
	return &prompt.Huh{In: f.io.In, Out: f.io.ErrOut, Accessible: f.accessible()}
}

// wantWizard decides whether create or update runs the form: -i asks for
// it, and create starts it by itself on a terminal when the code is
// missing. Without a terminal, -i is a usage error and a missing code is
// the contract's error.
func (f *factory) wantWizard(interactive, missingCode bool, file string) (bool, error) {
	if !interactive && !missingCode {
		return false, nil
	}
	if !f.io.CanPrompt() {
		if interactive {
			return false, usagef("--interactive needs a terminal: give the fields as flags instead (see --help)")
		}
		return false, usagef("--code is required when not running interactively")
	}
	if file == "-" {
		return false, usagef("-f - reads the fields from stdin, which the form needs: name a file, or give --code")
	}
	return true, nil
}

// promoCreateWizard runs the create form, starting from the fields given
// as flags or in a file, offers a choice of the user's sites when none is
// given or configured, prints a summary and the equivalent command line on
// stderr, and asks for a go-ahead (Yes by default; --dry-run asks none). It
// returns the changes to create and the site.
func (f *factory) promoCreateWizard(cmd *cobra.Command, sess *session, given promo.Changes, site int64, dryRun bool) (promo.Changes, int64, error) {
	ctx := cmd.Context()
	var sites []prompt.Site
	if site == 0 {
		var err error
		if sites, err = f.siteChoice(ctx, sess); err != nil {
			return promo.Changes{}, 0, err
		}
	}
	w := f.promoWizard()
	a, err := w.Promo(ctx, prompt.PromoForm{
		Title:  "New promo code",
		Values: prompt.DefaultPromoValues().With(given, sess.loc),
		Sites:  sites, Loc: sess.loc,
	})
	if err != nil {
		return promo.Changes{}, 0, err
	}
	siteName := ""
	if len(sites) > 0 {
		site = a.Site
		for _, s := range sites {
			if s.ID == site {
				siteName = s.Name
			}
		}
	}
	changes, err := a.Values.Changes(sess.loc)
	if err != nil {
		return promo.Changes{}, 0, usageErr(err)
	}
	e := f.io.ErrOut
	fmt.Fprintln(e, "\nAbout to create:")
	writeSummary(e, createSummary(a.Values, site, siteName, sess.loc))
	args := append([]string{"promo", "create", "--site-id", strconv.FormatInt(site, 10)}, changeFlags(changes, sess.loc)...)
	if dryRun {
		args = append(args, "--dry-run")
	}
	fmt.Fprintf(e, "\nThe same without the form:\n  %s\n\n", f.commandLine(args...))
	if dryRun {
		return changes, site, nil
	}
	if err := w.Proceed(ctx, fmt.Sprintf("Create promo code %s on site %d?", a.Values.Code, site), true); err != nil {
		return promo.Changes{}, 0, err
	}
	return changes, site, nil
}

// promoUpdateWizard runs the form filled in with the promo code's current
// fields (and any given as flags), and returns only what the user changed.
// ok is false when nothing was.
func (f *factory) promoUpdateWizard(cmd *cobra.Command, sess *session, id int64, current promo.Fields, given promo.Changes, dryRun bool) (promo.Changes, bool, error) {
	ctx := cmd.Context()
	before := prompt.ValuesOf(current, sess.loc)
	w := f.promoWizard()
	a, err := w.Promo(ctx, prompt.PromoForm{
		Title:    fmt.Sprintf("Change promo code %d", id),
		Values:   before.With(given, sess.loc),
		Loc:      sess.loc,
		Existing: true,
	})
	if err != nil {
		return promo.Changes{}, false, err
	}
	changes, err := a.Values.ChangesFrom(before, sess.loc)
	if err != nil {
		return promo.Changes{}, false, usageErr(err)
	}
	e := f.io.ErrOut
	if changes.Empty() {
		fmt.Fprintf(e, "Nothing changed: promo code %d is left as it is.\n", id)
		return changes, false, nil
	}
	fmt.Fprintf(e, "\nChanges to promo code %d:\n", id)
	writeSummary(e, changeSummary(before, a.Values, sess.loc))
	if !changes.ClearStarts && !changes.ClearEnds { // no flag removes just one date
		args := append([]string{"promo", "update", strconv.FormatInt(id, 10)}, changeFlags(changes, sess.loc)...)
		if dryRun {
			args = append(args, "--dry-run")
		}
		fmt.Fprintf(e, "\nThe same without the form:\n  %s\n\n", f.commandLine(args...))
	} else {
		fmt.Fprintln(e)
	}
	if dryRun {
		return changes, true, nil
	}
	if err := w.Proceed(ctx, fmt.Sprintf("Save the changes to promo code %d?", id), true); err != nil {
		return promo.Changes{}, false, err
	}
	return changes, true, nil
}

// siteChoice lists the user's sites for the form (GET /v3/public/site).
func (f *factory) siteChoice(ctx context.Context, sess *session) ([]prompt.Site, error) {
	client, err := sess.client()
	if err != nil {
		return nil, err
	}
	ctx, cancel := sess.withTimeout(ctx)
	defer cancel()
	raw, err := client.ListSites(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w (no site is given: pass --site-id, or set a default with promoctl config set site_id N)", err)
	}
	names, err := api.SiteNames(raw)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, usagef("--site-id is required: the site list is empty (or set a default: promoctl config set site_id N)")
	}
	sites := make([]prompt.Site, len(names))
	for i, n := range names {
		sites[i] = prompt.Site{ID: n.ID, Name: n.Name}
	}
	return sites, nil
}

// summaryRow is one line of a summary: a label and a value.
type summaryRow struct{ label, value string }

func writeSummary(w io.Writer, rows []summaryRow) {
	width := 0
	for _, r := range rows {
		width = max(width, len(r.label))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %s\n", width+1, r.label+":", r.value)
	}
}

// createSummary describes the promo code the create form will make.
func createSummary(v prompt.PromoValues, site int64, siteName string, loc *time.Location) []summaryRow {
	s := strconv.FormatInt(site, 10)
	if siteName != "" {
		s = siteName + " (" + s + ")"
	}
	return []summaryRow{
		{"Code", v.Code},
		{"Site", s},
		{"Discount", discountText(v)},
		{"Enabled", output.YesNo(v.Enabled)},
		{"Valid", validityText(v, loc)},
		{"Maximum uses", usesText(v)},
		{"Once per customer", output.YesNo(v.OncePerUser)},
	}
}

// changeSummary lists the fields the update form changed, before → after.
func changeSummary(before, after prompt.PromoValues, loc *time.Location) []summaryRow {
	var rows []summaryRow
	add := func(label, b, a string) {
		if b != a {
			rows = append(rows, summaryRow{label, b + " → " + a})
		}
	}
	add("Code", output.Text(before.Code), after.Code)
	add("Discount", discountText(before), discountText(after))
	add("Enabled", output.YesNo(before.Enabled), output.YesNo(after.Enabled))
	add("Valid", validityText(before, loc), validityText(after, loc))
	add("Maximum uses", usesText(before), usesText(after))
	add("Once per customer", output.YesNo(before.OncePerUser), output.YesNo(after.OncePerUser))
	return rows
}

func discountText(v prompt.PromoValues) string {
	amount, err := strconv.ParseFloat(strings.ReplaceAll(v.Amount, ",", "."), 64)
	if err != nil {
		return v.Amount
	}
	return output.Amount(amount, v.Percent) + " off " + map[promo.BonusType]string{promo.Goods: "the goods", promo.Delivery: "delivery"}[v.BonusType]
}

func validityText(v prompt.PromoValues, loc *time.Location) string {
	zone := " (" + time.Now().In(loc).Format("MST") + ")"
	switch {
	case v.Starts == "" && v.Ends == "":
		return "always"
	case v.Ends == "":
		return "from " + localDate(v.Starts, loc) + zone
	case v.Starts == "":
		return "until " + localDate(v.Ends, loc) + zone
	}
	return "from " + localDate(v.Starts, loc) + " until " + localDate(v.Ends, loc) + zone
}

// localDate is a date of the form as the summary shows it.
func localDate(s string, loc *time.Location) string {
	t, err := promo.ParseDate(s, loc)
	if err != nil {
		return s
	}
	return t.In(loc).Format(prompt.DateLayout)
}

func usesText(v prompt.PromoValues) string {
	if v.MaxUses == "" {
		return "unlimited"
	}
	return v.MaxUses
}

// changeFlags are the field flags that name the changes, in the order of
// --help. A boolean that is named is always written, --enabled=false too,
// so the line means the same whatever the server's defaults; dates are RFC 3339 with the offset, so
// it means the same in any time zone.
func changeFlags(c promo.Changes, loc *time.Location) []string {
	var a []string
	boolFlag := func(name string, v *bool) {
		switch {
		case v == nil:
		case *v:
			a = append(a, "--"+name)
		default:
			a = append(a, "--"+name+"=false")
		}
	}
	if c.Code != nil {
		a = append(a, "--code", *c.Code)
	}
	if c.BonusType != nil {
		a = append(a, "--bonus-type", c.BonusType.String())
	}
	if c.Amount != nil {
		a = append(a, "--amount", prompt.FormatAmount(*c.Amount))
	}
	boolFlag("percent", c.Percent)
	boolFlag("enabled", c.Enabled)
	if c.Starts != nil {
		a = append(a, "--starts", c.Starts.In(loc).Format(time.RFC3339))
	}
	if c.Ends != nil {
		a = append(a, "--ends", c.Ends.In(loc).Format(time.RFC3339))
	}
	if c.TimeLimit != nil && !*c.TimeLimit {
		a = append(a, "--no-time-limit")
	}
	if c.MaxUses != nil {
		a = append(a, "--max-uses", strconv.FormatInt(*c.MaxUses, 10))
	}
	if c.QuantityLimit != nil && !*c.QuantityLimit {
		a = append(a, "--no-max-uses")
	}
	boolFlag("once-per-user", c.OncePerUser)
	return a
}

// commandLine is a promoctl command line, shell-quoted, with the global
// flags of this run that say where it goes (never the token).
func (f *factory) commandLine(args ...string) string {
	g := f.global
	line := []string{"promoctl"}
	if g.sandbox {
		line = append(line, "--sandbox")
	}
	for _, fl := range []struct{ name, v string }{
		{"--config", g.configPath}, {"--profile", g.profile}, {"--base-url", g.baseURL}, {"--user-id", g.userID}, {"--output", g.output},
	} {
		if fl.v != "" {
			line = append(line, fl.name, fl.v)
		}
	}
	line = append(line, args...)
	for i, s := range line {
		line[i] = shellQuote(s)
	}
	return strings.Join(line, " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_=+:,./@%", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// deleteQuestion names the promo code about to go: its code and id, its
// site when the record says it (the API's record usually does not), and
// where it lives when that is not the default profile of the public
// service.
func (f *factory) deleteQuestion(sess *session, id int64, raw json.RawMessage, p api.Promo) string {
	s := "Delete promo code "
	var facts []string
	if code := output.Text(string(p.Code)); code != "" {
		s += code
		facts = append(facts, fmt.Sprintf("id %d", id))
	} else {
		s += strconv.FormatInt(id, 10)
	}
	var rec struct {
		SiteID *api.Int `json:"site_id"`
	}
	if json.Unmarshal(raw, &rec) == nil && rec.SiteID != nil && *rec.SiteID > 0 {
		facts = append(facts, fmt.Sprintf("site %d", *rec.SiteID))
	}
	if len(facts) > 0 {
		s += " (" + strings.Join(facts, ", ") + ")"
	}
	st := sess.settings
	switch {
	case f.global.sandbox:
		s += " from the sandbox"
	default:
		if st.Profile != "" && st.Profile != config.DefaultProfile {
			s += " in profile " + output.Text(st.Profile)
		}
		if st.BaseURL != "" && strings.TrimRight(st.BaseURL, "/") != api.DefaultBaseURL {
			s += " at " + output.Text(st.BaseURL)
		}
	}
	return s + "?"
}
