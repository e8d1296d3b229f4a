package promocmd

import (
	"fmt"
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
// and browse. It is defined here once: its flags (selectionFlags), their
// one parser and help text (selectionHelp), its completions, and how a
// site's list is matched against it (selection.match, selection.filter).
// Every form given must hold (AND).
type selection struct {
	// Refs are the codes named as arguments: by id (digits only) or by
	// code text.
	Refs []promoRef
	// Filter holds the conditions on a code: --status, --search,
	// --prefix, --expiring-within, --used/--unused.
	Filter PromoFilter
	// Job is --job as given: a job id or a journal's path; "" for none.
	Job string
	// job is the job of Job once read (readJob).
	job *campaign
}

// selectionHelp is the help of the selection, in every command that takes
// one.
const selectionHelp = `The codes are a selection; every form given must hold:
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
	unusedOnly
)

// selectionFlags are the flags of a selection as given, before parse
// turns them into a selection.
type selectionFlags struct {
	status, search, prefix, within, job string
	used, unused                        bool
	// noJob leaves --job out: promo jobs show names its job as its
	// argument.
	noJob bool
}

// addFlags registers the selection's flags on c, with their completions,
// and completes the arguments as promo code ids.
func (sf *selectionFlags) addFlags(f *cmdutil.Factory, c *cobra.Command) {
	fs := c.Flags()
	fs.StringVar(&sf.status, "status", "", "only codes with these statuses: "+strings.Join(statusNames(), ", ")+" (comma-separated; Russian words too)")
	fs.StringVar(&sf.search, "search", "", "only codes that contain this text, in any case")
	fs.StringVar(&sf.prefix, "prefix", "", "only codes that start with this text, in any case")
	fs.StringVar(&sf.within, "expiring-within", "", "only codes whose time limit ends between now and now+DURATION (7d, 36h, 90m)")
	fs.BoolVar(&sf.used, "used", false, "only codes used at least once (promo_used_count above 0)")
	fs.BoolVar(&sf.unused, "unused", false, "only codes never used (promo_used_count 0)")
	f.CompleteFlag(c, "status", completeStatuses)
	if !sf.noJob {
		fs.StringVar(&sf.job, "job", "", "only the codes that this promo generate or promo apply job created: its id, or its journal's path")
		f.CompleteFlag(c, "job", completeJobIDs(f))
		c.ValidArgsFunction = completePromoIDs(f.Completions())
	}
}

// parse checks the arguments and flags of a selection, before anything
// is read or sent, and gives the selection.
func (sf *selectionFlags) parse(cmd *cobra.Command, args []string) (selection, error) {
	var sel selection
	fs := cmd.Flags()
	for _, a := range args {
		ref, err := parsePromoRef(a)
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
			return sel, cmdutil.Usagef("--search needs a text to look for in the codes")
		}
		f.Search = strings.TrimSpace(sf.search)
	}
	if fs.Changed("prefix") {
		p, err := ParsePrefix(sf.prefix)
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
		f.Use = unusedOnly
	}
	if fs.Changed("job") {
		if strings.TrimSpace(sf.job) == "" {
			return sel, cmdutil.Usagef("--job needs the journal of a promo generate or promo apply job (promo jobs lists them)")
		}
		sel.Job = strings.TrimSpace(sf.job)
	}
	return sel, nil
}

// parseStatuses reads --status: status names in English or Russian
// (the words of the tables: истёк or истек, выключен, …), comma-separated.
func parseStatuses(s string) ([]promo.Status, error) {
	ru := i18n.New(i18n.Russian)
	fold := func(w string) string { return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(w)), "ё", "е") }
	var out []promo.Status
	for _, part := range strings.Split(s, ",") {
		w := fold(part)
		var st promo.Status
		for _, k := range promo.Statuses() {
			if w == string(k) || w == fold(ru.T("word."+string(k))) {
				st = k
			}
		}
		if st == "" {
			names, words := statusNames(), make([]string, 0, len(promo.Statuses()))
			for _, k := range promo.Statuses() {
				words = append(words, ru.T("word."+string(k)))
			}
			return nil, i18n.NewError(cmdutil.ExitUsage, "select.error.status", "Word", fmt.Sprintf("%q", strings.TrimSpace(part)),
				"Names", strings.Join(names, ", "), "Words", strings.Join(words, ", "))
		}
		if !slices.Contains(out, st) {
			out = append(out, st)
		}
	}
	return out, nil
}

// filters reports whether the selection has a condition beyond the codes
// named: a filter or a job.
func (sel *selection) filters() bool { return sel.Filter.filters() || sel.Job != "" }

// empty reports whether nothing was selected: no code named, no filter,
// no job (every code of the site).
func (sel *selection) empty() bool { return len(sel.Refs) == 0 && !sel.filters() }

// named is the index of the first of the codes named that the promo
// code id with code is (by its id, or its code in any case); -1 for none.
func (sel *selection) named(id int64, code string) int {
	for i, r := range sel.Refs {
		if r.names(id, code) {
			return i
		}
	}
	return -1
}

// names reports whether r names the promo code id with code: by its id,
// or by its code in any case.
func (r promoRef) names(id int64, code string) bool {
	return (r.Code == "" && r.ID == id) || (r.Code != "" && strings.EqualFold(r.Code, code))
}

// match reports whether the selection takes p at now.
func (sel *selection) match(p *api.Promo, now time.Time) bool {
	if p.ID == nil {
		return false
	}
	id, code := int64(*p.ID), string(p.Code)
	if sel.job != nil && !sel.job.has(id, code) {
		return false
	}
	if len(sel.Refs) > 0 && sel.named(id, code) < 0 {
		return false
	}
	return sel.Filter.match(p, now)
}

// filter wraps a site's list: the elements the selection takes, as they
// stream in. Its missing, once the list is read, names the codes named
// that the list did not have.
func (sel *selection) filter(src output.Elements, now time.Time) *selectedPromos {
	return &selectedPromos{src: src, sel: sel, now: now, found: make([]bool, len(sel.Refs))}
}

// selectedPromos lets through the elements of a list that the selection
// takes, noting which named codes it saw and how many of a job's codes.
type selectedPromos struct {
	src   output.Elements
	sel   *selection
	now   time.Time
	dec   api.PromoDecoder
	p     api.Promo
	found []bool // per Ref: the list has it
	// jobFound counts the job's codes the list has, whatever the other
	// conditions; done says the list was read to its end.
	jobFound int
	done     bool
	noID     int // elements without an id, which no selection takes
}

func (l *selectedPromos) Next() ([]byte, error) {
	for {
		e, err := l.src.Next()
		if err != nil {
			l.done = err == io.EOF
			return nil, err
		}
		l.p = api.Promo{}
		if err := l.dec.Decode(e, &l.p); err != nil {
			return nil, err
		}
		if l.p.ID == nil {
			l.noID++
			continue
		}
		id, code := int64(*l.p.ID), string(l.p.Code)
		for i, r := range l.sel.Refs {
			if r.names(id, code) {
				l.found[i] = true
			}
		}
		if l.sel.job != nil && l.sel.job.has(id, code) {
			l.jobFound++
		}
		if l.sel.match(&l.p, l.now) {
			return e, nil
		}
	}
}

// missing is the error of named codes the list did not have (exit 4),
// nil when it had them all.
func (l *selectedPromos) missing(site int64) error {
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
	return &cmdutil.PromoNotFoundError{Codes: codes, IDs: ids, Site: site}
}

// campaign is the job of --job: its journal and the codes it created,
// each by id and code text.
type campaign struct {
	info  bulk.JobInfo
	codes map[int64]string // id → the code text it was created with
}

// has reports whether the promo code id with code is one the job
// created: an id that a later code reused (after sandbox reset, say) is
// not.
func (c *campaign) has(id int64, code string) bool {
	want, ok := c.codes[id]
	return ok && strings.EqualFold(want, code)
}

// newCampaign is the campaign of a journal read.
func newCampaign(info bulk.JobInfo) *campaign {
	c := &campaign{info: info, codes: make(map[int64]string, len(info.Created))}
	for i, id := range info.Created {
		if i < len(info.CreatedCodes) {
			c.codes[id] = info.CreatedCodes[i]
		}
	}
	return c
}

// describe says what the selection's conditions let through, in msg's
// language, for the sentence of an empty list.
func (sel *selection) describe(msg *i18n.Printer) string {
	d := sel.Filter.Describe(msg)
	if sel.job == nil {
		return d
	}
	j := msg.T("select.filter.job", "Job", sel.job.info.ID)
	if d == "" {
		return j
	}
	return j + ", " + d
}

// start starts the session of a command with the selection. With --job
// it reads the job's journal first: the run goes to the API, sandbox
// and user the job ran on unless flags name others (startInJobWorld).
func (sel *selection) start(f *cmdutil.Factory, cmd *cobra.Command) (*cmdutil.Session, error) {
	if sel.Job == "" {
		return f.Start(cmd)
	}
	info, err := findJob(jobsFolder(f.Env), sel.Job)
	if err != nil {
		return nil, err
	}
	if k := info.Header.Kind; k != "generate" && k != "apply" {
		return nil, cmdutil.Usagef("--job %s: the job is promo %s, which creates no promo codes; give a promo generate or promo apply job", sel.Job, k)
	}
	sel.job = newCampaign(info)
	return startInJobWorld(f, cmd, info)
}

// startShow is start for promo jobs show, whose job may be of any kind:
// one that created no codes shows none.
func (sel *selection) startShow(f *cmdutil.Factory, cmd *cobra.Command) (*cmdutil.Session, error) {
	info, err := findJob(jobsFolder(f.Env), sel.Job)
	if err != nil {
		return nil, err
	}
	sel.job = newCampaign(info)
	return startInJobWorld(f, cmd, info)
}

// site is the site the selection is read on: the job's with --job (where
// a --site-id given must be the job's), else site (--site-id or the
// configured site_id).
func (sel *selection) site(s *cmdutil.Session, site int64) (int64, error) {
	if sel.job == nil {
		return site, nil
	}
	js := sel.job.info.Header.SiteID
	if flag, other := siteOver(s, &js); other {
		return 0, cmdutil.Usagef("--job %s: the job is of site %d, not of --site-id %d", sel.Job, js, flag)
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
