// Package wizard is what the forms of promo create and promo update share:
// when a form is wanted (Wanted), the prompter it asks through (Form), the
// codes a site already has for the form's check (Codes), the site choice
// and its currencies, the summary before the go-ahead (CreateSummary,
// ChangeSummary) and the edit offered after a refusal (OfferEdit). The
// form's layout is internal/promo's; create and update run it.
package wizard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/records"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Form asks for a promo code's fields and for a last go-ahead.
type Form interface {
	Promo(ctx context.Context, form prompt.PromoForm) (prompt.PromoAnswers, error)
	Proceed(ctx context.Context, title string, def bool) error
}

// Wanted decides whether create or update runs the form: -i asks for
// it, and create starts it by itself on a terminal when the code is
// missing. Without a terminal, -i is a usage error and a missing code is
// the contract's error.
func Wanted(ios *iostreams.IOStreams, interactive, missingCode bool, file string) (bool, error) {
	if !interactive && !missingCode {
		return false, nil
	}
	if !ios.CanPrompt() {
		if interactive {
			return false, i18n.NewError(cmdutil.ExitUsage, "wizard.error.needs_terminal")
		}
		return false, i18n.NewError(cmdutil.ExitUsage, "wizard.error.code_required")
	}
	if file == "-" {
		return false, i18n.NewError(cmdutil.ExitUsage, "wizard.error.stdin_form")
	}
	return true, nil
}

// MustChanges are the changes of answers that confirmCreate has checked.
func MustChanges(v promoform.Values, loc *time.Location) promo.Changes {
	c, _ := v.Changes(loc)
	return c
}

// IsRefusal reports whether err refuses what the form's answers say, so
// that editing them can help: a code in use, or the server's answer that
// the data is invalid or conflicts (400, 409, 422).
func IsRefusal(err error) bool {
	var ce *i18n.Error
	if errors.As(err, &ce) && ce.Msg.ID == codeInUseID {
		return true
	}
	var ae *api.Error
	return errors.As(err, &ae) && (ae.Status == http.StatusBadRequest || ae.Status == http.StatusConflict || ae.Status == http.StatusUnprocessableEntity)
}

// OfferEdit says why the answers were refused and asks whether to edit
// them; No (or Ctrl-C) cancels.
func OfferEdit(ctx context.Context, w Form, sess *cmdutil.Session, refusal error) error {
	fmt.Fprintf(sess.IO.ErrOut, "promoctl: %s\n", sess.Warnings.Clean(errtext.Say(sess.Msg, refusal)))
	return w.Proceed(ctx, sess.Msg.T("wizard.edit_again"), true)
}

// codeInUseID is the message of a code the site has already: a refusal
// that editing the answers can help (isRefusal).
const codeInUseID = "wizard.error.code_in_use"

// CodeInUse is the error of a code the site has already.
func CodeInUse(code string, site int64) error {
	return i18n.NewError(0, codeInUseID, "Code", code, "Site", site)
}

// Codes are the codes of the promo codes of sites, read once per
// site, so that a form can refuse a code in use before the server does.
// Codes are compared without regard to case, as the service keeps them.
// A nil *existingCodes knows no codes.
type Codes struct {
	sess   *cmdutil.Session
	except int64                      // the id of the promo code being changed
	sites  map[int64]map[string]int64 // site → upper-cased code → id; nil: could not be read
}

// CodesOf reads the codes of site for the create form. Without
// credentials it fails as the create would, but a dry run goes on without
// the codes. Otherwise it fails only when ctx ends: a list that cannot be
// read leaves the check to the server, with a warning.
func CodesOf(ctx context.Context, sess *cmdutil.Session, site int64, dryRun bool) (*Codes, error) {
	if _, err := sess.Client(); err != nil {
		if dryRun {
			return nil, nil
		}
		return nil, err
	}
	c := &Codes{sess: sess, sites: map[int64]map[string]int64{}}
	if err := c.load(ctx, site); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		sess.Warnings.WarnMsg(i18n.M("wizard.warn.codes_unread", "Site", site, "Err", err))
	}
	return c, nil
}

// SiteCodesOf finds the site of promo code id and its codes, for the
// update form: the site the record names, else the configured site when
// its list holds the promo code. The site is 0 when neither is known.
func SiteCodesOf(ctx context.Context, sess *cmdutil.Session, id int64, raw json.RawMessage) (int64, *Codes) {
	var rec struct {
		SiteID *api.Int `json:"site_id"`
	}
	site, named := sess.Settings.SiteID, false
	if json.Unmarshal(raw, &rec) == nil && rec.SiteID != nil && *rec.SiteID > 0 {
		site, named = int64(*rec.SiteID), true
	}
	c := &Codes{sess: sess, except: id, sites: map[int64]map[string]int64{}}
	if site == 0 || c.load(ctx, site) != nil {
		return 0, nil
	}
	if !named && !c.holds(site, id) {
		return 0, nil
	}
	return site, c
}

func (c *Codes) load(ctx context.Context, site int64) error {
	c.sites[site] = nil
	client, err := c.sess.Client()
	if err != nil {
		return err
	}
	ctx, cancel := c.sess.WithTimeout(ctx)
	defer cancel()
	raw, err := client.ListPromos(ctx, site)
	if err != nil {
		return err
	}
	list, err := api.DecodePromos(raw)
	if err != nil {
		return err
	}
	codes := make(map[string]int64, len(list))
	for _, p := range list {
		var id int64
		if p.ID != nil {
			id = int64(*p.ID)
		}
		codes[strings.ToUpper(string(p.Code))] = id
	}
	c.sites[site] = codes
	return nil
}

// Reload reads the codes of site again, after the server refused a code
// the list did not have.
func (c *Codes) Reload(ctx context.Context, site int64) {
	if c != nil && site != 0 {
		_ = c.load(ctx, site) // a list that cannot be read leaves the check to the server
	}
}

func (c *Codes) holds(site, id int64) bool {
	for _, got := range c.sites[site] {
		if got == id {
			return true
		}
	}
	return false
}

// Taken reports whether code is the code of another promo code of site.
// A site not read yet is read now, once.
func (c *Codes) Taken(ctx context.Context, site int64, code string) bool {
	if c == nil || site == 0 {
		return false
	}
	if _, read := c.sites[site]; !read {
		_ = c.load(ctx, site) // as above
	}
	id, ok := c.sites[site][strings.ToUpper(strings.TrimSpace(code))]
	return ok && (c.except == 0 || id != c.except)
}

// TakenFunc is taken for a form; nil when no codes are known.
func (c *Codes) TakenFunc(ctx context.Context) func(site int64, code string) bool {
	if c == nil {
		return nil
	}
	return func(site int64, code string) bool { return c.Taken(ctx, site, code) }
}

// SiteChoice lists the user's sites for the form (GET /v3/public/site).
func SiteChoice(ctx context.Context, sess *cmdutil.Session) ([]prompt.Site, error) {
	client, err := sess.Client()
	if err != nil {
		return nil, err
	}
	ctx, cancel := sess.WithTimeout(ctx)
	defer cancel()
	raw, err := client.ListSites(ctx)
	if err != nil {
		return nil, i18n.NewError(0, "wizard.error.sites_unread", "Err", err)
	}
	sites, err := siteNames(raw)
	if err != nil {
		return nil, err
	}
	if len(sites) == 0 {
		return nil, i18n.NewError(cmdutil.ExitUsage, "wizard.error.no_sites")
	}
	return sites, nil
}

// siteNames reads the sites of a ListSites answer for the form's choice,
// as records.Refs reads them for the site table and completion: each
// record's id, named by the first of name, title and domain it has. A
// record without a positive id is left out; an answer that is not a list
// is an error.
func siteNames(raw json.RawMessage) ([]prompt.Site, error) {
	refs, ok, err := records.Refs(raw, "name", "title", "domain")
	if err == nil && !ok && records.Kind(raw) != '{' {
		return nil, i18n.NewError(0, "wizard.error.sites_not_a_list")
	}
	if err != nil {
		return nil, i18n.NewError(0, "wizard.error.sites_read", "Err", err)
	}
	sites := make([]prompt.Site, 0, len(refs))
	for _, r := range refs {
		if id := r.Int(); id > 0 {
			sites = append(sites, prompt.Site{ID: id, Name: termsafe.String(r.Name)})
		}
	}
	return sites, nil
}

// Currencies names the sites' currencies for the wizard's title and hint
// of an amount of money, each read once. The form asks from huh's
// goroutines, the title and the hint at once: one asks while the other
// waits for its answer.
type Currencies struct {
	Sess *cmdutil.Session
	mu   sync.Mutex
	read map[int64]string
}

// Of is the form's Currency: site's currency from its record, read the
// first time the form asks (once money is chosen).
func (c *Currencies) Of(ctx context.Context) func(int64) string {
	return func(site int64) string {
		c.mu.Lock()
		defer c.mu.Unlock()
		if cur, ok := c.read[site]; ok {
			return cur
		}
		if c.read == nil {
			c.read = map[int64]string{}
		}
		c.read[site] = siteCurrency(ctx, c.Sess, site)
		return c.read[site]
	}
}

// siteCurrency is site's currency, an ISO code ("RUB"), from its record
// (GET /v3/public/site/ID); "" when the record cannot be read or names
// none: the form then says "the shop's currency" alone.
func siteCurrency(ctx context.Context, sess *cmdutil.Session, site int64) string {
	client, err := sess.Client()
	if err != nil {
		return ""
	}
	ctx, cancel := sess.WithTimeout(ctx)
	defer cancel()
	raw, err := client.GetSite(ctx, site)
	if err != nil {
		return ""
	}
	return termsafe.String(sitecurrency.Code(raw))
}

// summaryRow is one line of the wizard's summary, said in the run's
// language: a label and a value.
type summaryRow struct{ Label, Value string }

func WriteSummary(w io.Writer, rows []summaryRow) {
	width := 0
	for _, r := range rows {
		width = max(width, utf8.RuneCountInString(r.Label))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %s\n", width+1, r.Label+":", r.Value)
	}
}

// CreateSummary describes, in p's language, the promo code the create
// form will make.
func CreateSummary(p *i18n.Printer, v promoform.Values, site int64, siteName string, loc *time.Location, now time.Time) []summaryRow {
	s := strconv.FormatInt(site, 10)
	if siteName != "" {
		s = siteName + " (" + s + ")"
	}
	rows := []summaryRow{
		{p.T("wizard.summary.code"), v.Code},
		{p.T("wizard.summary.site"), s},
		{p.T("wizard.summary.discount"), p.Say(discountText(v))},
		{p.T("wizard.summary.enabled"), p.Say(yesNo(v.Enabled))},
		{p.T("wizard.summary.valid"), p.Say(validityText(v, loc, now))},
		{p.T("wizard.summary.maximum_uses"), p.Say(usesText(v))},
		{p.T("wizard.summary.once_per_customer"), p.Say(yesNo(v.OncePerUser))},
	}
	for _, f := range promoform.More() {
		rows = append(rows, summaryRow{p.T(f.Label), v.More[f.Name]})
	}
	return rows
}

// ChangeSummary lists, in p's language, the fields the update form
// changed, before → after.
func ChangeSummary(p *i18n.Printer, before, after promoform.Values, loc *time.Location, now time.Time) []summaryRow {
	var rows []summaryRow
	add := func(label, b, a string) {
		if b != a {
			rows = append(rows, summaryRow{p.T(label), b + " → " + a})
		}
	}
	add("wizard.summary.code", termsafe.String(before.Code), after.Code)
	add("wizard.summary.discount", p.Say(discountText(before)), p.Say(discountText(after)))
	add("wizard.summary.enabled", p.Say(yesNo(before.Enabled)), p.Say(yesNo(after.Enabled)))
	add("wizard.summary.valid", p.Say(validityText(before, loc, now)), p.Say(validityText(after, loc, now)))
	add("wizard.summary.maximum_uses", p.Say(usesText(before)), p.Say(usesText(after)))
	add("wizard.summary.once_per_customer", p.Say(yesNo(before.OncePerUser)), p.Say(yesNo(after.OncePerUser)))
	for _, f := range promoform.More() {
		add(f.Label, before.More[f.Name], after.More[f.Name])
	}
	return rows
}

// discountText is the form's discount: its amount as typed when it is not
// one (the summary shows what was typed), in the language's number form
// when it is (1 500,50).
func discountText(v promoform.Values) i18n.Message {
	var amount any = strings.TrimSpace(v.Amount)
	if a, err := promo.ParseAmount(v.Amount); err == nil {
		amount = i18n.Amount{Value: a, Percent: v.Percent}
	}
	switch v.BonusType {
	case promo.Goods:
		return i18n.M("wizard.discount.goods", "Amount", amount)
	case promo.Delivery:
		return i18n.M("wizard.discount.delivery", "Amount", amount)
	}
	return i18n.M("wizard.discount.other", "Amount", amount, "Type", v.BonusType.String())
}

func validityText(v promoform.Values, loc *time.Location, now time.Time) i18n.Message {
	zone := now.In(loc).Format("MST")
	switch {
	case v.Starts == "" && v.Ends == "":
		return i18n.M("wizard.valid.always")
	case v.Ends == "":
		return i18n.M("wizard.valid.from", "Start", localDate(v.Starts, loc, promo.ParseStart), "Zone", zone)
	case v.Starts == "":
		return i18n.M("wizard.valid.until", "End", localDate(v.Ends, loc, promo.ParseEnd), "Zone", zone)
	}
	return i18n.M("wizard.valid.from_until", "Start", localDate(v.Starts, loc, promo.ParseStart),
		"End", localDate(v.Ends, loc, promo.ParseEnd), "Zone", zone)
}

// localDate is a date of the form as the summary shows it: the local time
// it stands for, so that a date alone shows as the start or the end of
// that day; the text as typed when it is not a date.
func localDate(s string, loc *time.Location, parse func(string, *time.Location) (time.Time, error)) any {
	t, err := parse(s, loc)
	if err != nil {
		return s
	}
	return i18n.DateTime{Time: t, Loc: loc}
}

func usesText(v promoform.Values) i18n.Message {
	if v.MaxUses == "" {
		return i18n.M("wizard.uses.unlimited")
	}
	var n any = v.MaxUses
	if u, err := strconv.ParseInt(v.MaxUses, 10, 64); err == nil {
		n = i18n.Number(u)
	}
	return i18n.M("wizard.uses.max", "N", n)
}

func yesNo(b bool) i18n.Message {
	if b {
		return i18n.M("word.yes")
	}
	return i18n.M("word.no")
}
