package shared

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// A selection is the promo codes a command that works on several codes
// takes: promo list, report, enable, disable, delete, jobs show, print
// and browse. It is defined here once: its flags (SelectionFlags), their
// one parser and help text (SelectionHelp), its completions, and how a
// site's list is matched against it (Selection.Match, Selection.Pick).
// Every form given must hold (AND).
type Selection struct {
	// Refs are the codes named as arguments: by id (digits only) or by
	// code text.
	Refs []PromoRef
	// Filter holds the conditions on a code: --status, --search,
	// --prefix, --expiring-within, --used/--unused.
	Filter PromoFilter
	// Job is --job as given: a job id or a journal's path; "" for none.
	Job string
	// Campaign is the job of Job once read (Start).
	Campaign *Campaign
}

// SelectionHelp is the help of the selection, in every command that takes
// one.
const SelectionHelp = `The codes are a selection; every form given must hold:
  CODE_OR_ID...          those codes: an argument of digits only is an id,
                         anything else a code, looked up in the site's list
  --status S[,S...]      codes with any of these statuses (active,
                         scheduled, expired, used-up, disabled; or in
                         Russian: активен, запланирован, истёк, исчерпан,
                         выключен)
  --search TEXT          codes that contain TEXT, in any case
  --prefix P             codes that start with P, in any case (a campaign)
  --job ID_OR_FILE       codes a promo generate or promo apply job created
                         (its id as promo jobs shows it, or its journal);
                         a code is the job's when both its id and its code
                         match the journal. The job's site, API and user
                         are used unless flags name others
  --used, --unused       codes used at least once / never (promo_used_count)
  --expiring-within D    codes with the time limit on whose end (d_off) is
                         between now and now+D: 7d, 36h, 90m, 1d12h`

// usage is --used or --unused.
type usage int

const (
	anyUse usage = iota
	usedOnly
	UnusedOnly
)

// SelectionFlags are the flags of a selection as given, before parse
// turns them into a selection.
type SelectionFlags struct {
	status, search, prefix, within, job string
	used, unused                        bool
	// NoJob leaves --job out: promo jobs show names its job as its
	// argument.
	NoJob bool
}

// AddFlags registers the selection's flags on c, with their completions,
// and completes the arguments as promo code ids.
func (sf *SelectionFlags) AddFlags(f *cmdutil.Factory, c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&sf.status, "status", "", "only codes with these statuses: "+strings.Join(statusNames(), ", ")+" (comma-separated; or the words the tables write for them)")
	fs.StringVar(&sf.search, "search", "", "only codes that contain this text, in any case")
	fs.StringVar(&sf.prefix, "prefix", "", "only codes that start with this text, in any case")
	fs.StringVar(&sf.within, "expiring-within", "", "only codes whose time limit ends between now and now+DURATION (7d, 36h, 90m)")
	fs.BoolVar(&sf.used, "used", false, "only codes used at least once (promo_used_count above 0)")
	fs.BoolVar(&sf.unused, "unused", false, "only codes never used (promo_used_count 0)")
	f.CompleteFlag(c, "status", completeStatuses(f.Msg))
	if !sf.NoJob {
		fs.StringVar(&sf.job, "job", "", "only the codes that this promo generate or promo apply job created: its id, or its journal's path")
		f.CompleteFlag(c, "job", completeJobIDs(f))
		c.ValidArgsFunction = CompletePromoIDs(f.Completions())
	}
}

// Parse checks the arguments and flags of a selection, before anything
// is read or sent, and gives the selection.
func (sf *SelectionFlags) Parse(cmd *cobra.Command, args []string) (Selection, error) {
	var sel Selection
	fs := cmd.Flags()
	for _, a := range args {
		ref, err := ParsePromoRef(a)
		if err != nil {
			return sel, err
		}
		sel.Refs = append(sel.Refs, ref)
	}
	f := &sel.Filter
	if fs.Changed("status") {
		st, err := parseStatuses(sf.status)
		if err != nil {
			return sel, err
		}
		f.Statuses = st
	}
	if fs.Changed("search") {
		if strings.TrimSpace(sf.search) == "" {
			return sel, i18n.NewError(cmdutil.ExitUsage, "promocmd.search.empty")
		}
		f.Search = strings.TrimSpace(sf.search)
	}
	if fs.Changed("prefix") {
		p, err := parsePrefix(sf.prefix)
		if err != nil {
			return sel, err
		}
		f.Prefix = p
	}
	if fs.Changed("expiring-within") {
		d, err := parseWithin(sf.within)
		if err != nil {
			return sel, err
		}
		f.Within, f.WithinText = d, strings.TrimSpace(sf.within)
	}
	switch {
	case sf.used && sf.unused:
		return sel, i18n.NewError(cmdutil.ExitUsage, "select.error.used_and_unused")
	case sf.used:
		f.Use = usedOnly
	case sf.unused:
		f.Use = UnusedOnly
	}
	if fs.Changed("job") {
		if strings.TrimSpace(sf.job) == "" {
			return sel, i18n.NewError(cmdutil.ExitUsage, "promocmd.job.needed")
		}
		sel.Job = strings.TrimSpace(sf.job)
	}
	return sel, nil
}

// parseStatuses reads --status: status names, or the words the tables of
// any language promoctl speaks write for them (истёк or истек, выключен,
// …), comma-separated.
func parseStatuses(s string) ([]promo.Status, error) {
	var langs []*i18n.Printer
	for _, l := range i18n.Langs() {
		if l != i18n.English {
			langs = append(langs, i18n.New(l))
		}
	}
	var out []promo.Status
	for _, part := range strings.Split(s, ",") {
		w := strings.ToLower(strings.TrimSpace(part))
		var st promo.Status
		for _, k := range promo.Statuses() {
			if w == string(k) || i18n.Written(w, "word."+string(k)) {
				st = k
			}
		}
		if st == "" {
			names, words := statusNames(), make([]string, 0, len(promo.Statuses())*len(langs))
			for _, p := range langs {
				for _, k := range promo.Statuses() {
					words = append(words, p.T("word."+string(k)))
				}
			}
			return nil, i18n.NewError(cmdutil.ExitUsage, "select.error.status", "Word", termsafe.String(strings.TrimSpace(part)),
				"Names", strings.Join(names, ", "), "Words", strings.Join(words, ", "))
		}
		if !slices.Contains(out, st) {
			out = append(out, st)
		}
	}
	return out, nil
}

// Filters reports whether the selection has a condition beyond the codes
// named: a filter or a job.
func (sel *Selection) Filters() bool { return sel.Filter.Filters() || sel.Job != "" }

// Empty reports whether nothing was selected: no code named, no filter,
// no job (every code of the site).
func (sel *Selection) Empty() bool { return len(sel.Refs) == 0 && !sel.Filters() }

// named is the index of the first of the codes named that the promo
// code id with code is (by its id, or its code in any case); -1 for none.
func (sel *Selection) named(id int64, code string) int {
	for i, r := range sel.Refs {
		if r.names(id, code) {
			return i
		}
	}
	return -1
}

// names reports whether r names the promo code id with code: by its id,
// or by its code in any case.
func (r PromoRef) names(id int64, code string) bool {
	return (r.Code == "" && r.ID == id) || (r.Code != "" && strings.EqualFold(r.Code, code))
}

// Match reports whether the selection takes p at now.
func (sel *Selection) Match(p *api.Promo, now time.Time) bool {
	if p.ID == nil {
		return false
	}
	id, code := int64(*p.ID), string(p.Code)
	if sel.Campaign != nil && !sel.Campaign.has(id, code) {
		return false
	}
	if len(sel.Refs) > 0 && sel.named(id, code) < 0 {
		return false
	}
	return sel.Filter.match(p, now)
}

// Pick wraps a site's list: the elements the selection takes, as they
// stream in. Its missing, once the list is read, names the codes named
// that the list did not have.
func (sel *Selection) Pick(src output.Elements, now time.Time) *SelectedPromos {
	return &SelectedPromos{src: src, sel: sel, now: now, found: make([]bool, len(sel.Refs))}
}

// SelectedPromos lets through the elements of a list that the selection
// takes, noting which named codes it saw and how many of a job's codes.
type SelectedPromos struct {
	src     output.Elements
	sel     *Selection
	now     time.Time
	dec     api.PromoDecoder
	Current api.Promo
	found   []bool // per Ref: the list has it
	// JobFound counts the job's codes the list has, whatever the other
	// conditions; done says the list was read to its end.
	JobFound int
	Done     bool
	NoID     int // elements without an id, which no selection takes
}

func (l *SelectedPromos) Next() ([]byte, error) {
	for {
		e, err := l.src.Next()
		if err != nil {
			l.Done = err == io.EOF
			return nil, err
		}
		l.Current = api.Promo{}
		if err := l.dec.Decode(e, &l.Current); err != nil {
			return nil, err
		}
		if l.Current.ID == nil {
			l.NoID++
			continue
		}
		id, code := int64(*l.Current.ID), string(l.Current.Code)
		for i, r := range l.sel.Refs {
			if r.names(id, code) {
				l.found[i] = true
			}
		}
		if l.sel.Campaign != nil && l.sel.Campaign.has(id, code) {
			l.JobFound++
		}
		if l.sel.Match(&l.Current, l.now) {
			return e, nil
		}
	}
}

// Missing is the error of named codes the list did not have (exit 4),
// nil when it had them all.
func (l *SelectedPromos) Missing(site int64) error {
	var codes []string
	var ids []int64
	for i, r := range l.sel.Refs {
		if l.found[i] {
			continue
		}
		if r.Code != "" {
			codes = append(codes, r.Code)
		} else if !slices.Contains(ids, r.ID) {
			ids = append(ids, r.ID)
		}
	}
	if len(codes) == 0 && len(ids) == 0 {
		return nil
	}
	return notFoundError(codes, ids, site)
}

// Campaign is the job of --job: its journal and the codes it created,
// each by id and code text.
type Campaign struct {
	Info  bulk.JobInfo
	Codes map[int64]string // id → the code text it was created with
}

// has reports whether the promo code id with code is one the job
// created: an id that a later code reused (after sandbox reset, say) is
// not.
func (c *Campaign) has(id int64, code string) bool {
	want, ok := c.Codes[id]
	return ok && strings.EqualFold(want, code)
}

// newCampaign is the campaign of a journal read.
func newCampaign(info bulk.JobInfo) *Campaign {
	c := &Campaign{Info: info, Codes: make(map[int64]string, len(info.Created))}
	for i, id := range info.Created {
		if i < len(info.CreatedCodes) {
			c.Codes[id] = info.CreatedCodes[i]
		}
	}
	return c
}

// Describe says what the selection's conditions let through, in msg's
// language, for the sentence of an empty list.
func (sel *Selection) Describe(msg *i18n.Printer) string {
	d := sel.Filter.Describe(msg)
	if sel.Campaign == nil {
		return d
	}
	j := msg.T("select.filter.job", "Job", sel.Campaign.Info.ID)
	if d == "" {
		return j
	}
	return j + ", " + d
}

// Start starts the session of a command with the selection. With --job
// it reads the job's journal first: the run goes to the API, sandbox
// and user the job ran on unless flags name others (startInJobWorld).
func (sel *Selection) Start(f *cmdutil.Factory, cmd *cobra.Command) (*cmdutil.Session, error) {
	if sel.Job == "" {
		return f.Start(cmd)
	}
	info, err := findJob(JobsFolder(f.Env), sel.Job)
	if err != nil {
		return nil, err
	}
	if k := info.Header.Kind; k != bulk.JobGenerate && k != bulk.JobApply {
		return nil, i18n.NewError(cmdutil.ExitUsage, "promocmd.job.creates_none", "Job", termsafe.String(sel.Job), "Kind", termsafe.String(string(k)))
	}
	sel.Campaign = newCampaign(info)
	return startInJobWorld(f, cmd, info)
}

// StartShow is start for promo jobs show, whose job may be of any kind:
// one that created no codes shows none.
func (sel *Selection) StartShow(f *cmdutil.Factory, cmd *cobra.Command) (*cmdutil.Session, error) {
	info, err := findJob(JobsFolder(f.Env), sel.Job)
	if err != nil {
		return nil, err
	}
	sel.Campaign = newCampaign(info)
	return startInJobWorld(f, cmd, info)
}

// Site is the site the selection is read on: the job's with --job (where
// a --site-id given must be the job's), else site (--site-id or the
// configured site_id).
func (sel *Selection) Site(s *cmdutil.Session, site int64) (int64, error) {
	if sel.Campaign == nil {
		return site, nil
	}
	js := sel.Campaign.Info.Header.SiteID
	if flag, other := SiteOver(s, &js); other {
		return 0, i18n.NewError(cmdutil.ExitUsage, "promocmd.job.other_site", "Job", termsafe.String(sel.Job), "JobSite", js, "Site", flag)
	}
	return js, nil
}

// startInJobWorld starts the session of a command that reads a job's
// codes: on the API (or the in-process sandbox) and as the user the
// journal records, unless --sandbox, --base-url, --profile, --token or
// --user-id say otherwise. A journal of another API or user than the
// run's is refused: its ids are not this account's promo codes.
func startInJobWorld(f *cmdutil.Factory, cmd *cobra.Command, info bulk.JobInfo) (*cmdutil.Session, error) {
	h := info.Header
	fs := cmd.Flags()
	given := func(name string) bool {
		fl := fs.Lookup(name)
		return fl != nil && fl.Changed
	}
	if h.BaseURL != "" && !given("sandbox") && !given("base-url") && !given("profile") && !given("token") {
		if h.BaseURL == inprocess.BaseURL {
			if _, err := f.InProcessSandbox(cmd); err != nil {
				return nil, err
			}
		} else if err := fs.Set("base-url", h.BaseURL); err != nil {
			return nil, err
		}
		if h.UserID != 0 && !given("user-id") {
			if err := fs.Set("user-id", strconv.FormatInt(h.UserID, 10)); err != nil {
				return nil, err
			}
		}
	}
	sess, err := f.Start(cmd)
	if err != nil {
		return nil, err
	}
	st := sess.Settings
	if h.BaseURL != "" && (strings.TrimRight(st.BaseURL, "/") != strings.TrimRight(h.BaseURL, "/") || (h.UserID != 0 && st.UserID != h.UserID)) {
		return nil, i18n.NewError(cmdutil.ExitUsage, "select.error.job_world", "Job", info.ID, "Where", whereMsg(h.BaseURL),
			"User", h.UserID, "Here", whereMsg(st.BaseURL), "RunUser", st.UserID)
	}
	return sess, nil
}

// whereMsg names where an API is: on the sandbox, or at its URL.
func whereMsg(baseURL string) i18n.Message {
	if baseURL == inprocess.BaseURL {
		return i18n.M("select.where.sandbox")
	}
	return i18n.M("select.where.url", "URL", termsafe.String(baseURL))
}
