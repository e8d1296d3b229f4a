package shared

import (
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// PromoFilter is what promo list lets through, and in which order: the
// conditions of a selection on a code (--status, --search, --prefix,
// --expiring-within, --used/--unused), and --sort and --limit. It is
// applied to the list as it streams in, before any format sees it, so
// every format (JSON too) shows the same promo codes.
type PromoFilter struct {
	Statuses []promo.Status // --status: any of these; nil for any status
	Search   string         // --search: a part of the code, any case
	Prefix   string         // --prefix: the start of the code, any case
	// Within is --expiring-within: a time limit that ends between now and
	// now+Within; 0 for no such filter.
	Within     time.Duration
	WithinText string // Within as given
	// Use is --used or --unused: codes whose promo_used_count is above
	// 0, or 0; a code without the count is neither.
	Use   usage
	Sort  string // --sort: an API field name or "status"; "" keeps the API's order
	Desc  bool   // --sort -FIELD
	Limit int    // --limit: at most this many; 0 for all
}

// Filters reports whether f lets through only some promo codes.
func (f PromoFilter) Filters() bool {
	return len(f.Statuses) > 0 || f.Search != "" || f.Prefix != "" || f.Within > 0 || f.Use != anyUse
}

// match reports whether p passes the filters at now.
func (f PromoFilter) match(p *api.Promo, now time.Time) bool {
	if f.Search != "" && !strings.Contains(strings.ToLower(string(p.Code)), strings.ToLower(f.Search)) {
		return false
	}
	if f.Prefix != "" && !hasPrefixFold(string(p.Code), f.Prefix) {
		return false
	}
	if f.Within > 0 {
		end := p.DOff.Time
		if !bool(p.TimeLimitIsEnabled) || !p.DOff.Set() || end.Before(now) || end.After(now.Add(f.Within)) {
			return false
		}
	}
	if f.Use != anyUse && (p.PromoUsedCount == nil || (*p.PromoUsedCount > 0) != (f.Use == usedOnly)) {
		return false
	}
	if len(f.Statuses) > 0 && !slices.Contains(f.Statuses, p.StatusFields().StatusAt(now)) {
		return false
	}
	return true
}

// hasPrefixFold reports whether s starts with prefix, in any case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// parsePrefix reads --prefix: the start of a code, Latin letters and
// digits only (a code has no others, so a Cyrillic prefix is refused for
// its letters rather than matching nothing).
func parsePrefix(s string) (string, error) {
	p := strings.TrimSpace(s)
	if p == "" {
		return "", i18n.NewError(cmdutil.ExitUsage, "promocmd.prefix.empty")
	}
	if err := promo.ValidateCodeChars(p); err != nil {
		return "", i18n.NewError(cmdutil.ExitUsage, "promocmd.prefix.chars", "Value", termsafe.String(s), "Err", err)
	}
	if len(p) > promo.MaxCodeLen {
		return "", i18n.NewError(cmdutil.ExitUsage, "promocmd.prefix.long", "Value", termsafe.String(s), "Max", promo.MaxCodeLen, "N", len(p))
	}
	return p, nil
}

// Apply wraps the list src in the filters, the order and the limit of f.
// Filters and the limit take each element as it streams; only a sort
// holds the elements (their bytes, compactly, and a key each).
func (f PromoFilter) Apply(src output.Elements, now time.Time) output.Elements {
	if f.Filters() {
		src = &filteredPromos{src: src, f: f, now: now}
	}
	if f.Sort != "" {
		src = &sortedPromos{src: src, field: f.Sort, desc: f.Desc, now: now}
	}
	if f.Limit > 0 {
		src = &limitedPromos{src: src, left: f.Limit}
	}
	return src
}

// filteredPromos lets through the elements that pass the filters.
type filteredPromos struct {
	src output.Elements
	f   PromoFilter
	now time.Time
	dec api.PromoDecoder
	p   api.Promo
}

func (l *filteredPromos) Next() ([]byte, error) {
	for {
		e, err := l.src.Next()
		if err != nil {
			return nil, err
		}
		if err := l.dec.Decode(e, &l.p); err != nil {
			return nil, err
		}
		if l.f.match(&l.p, l.now) {
			return e, nil
		}
	}
}

// limitedPromos ends the list after left elements, without reading on.
type limitedPromos struct {
	src  output.Elements
	left int
}

func (l *limitedPromos) Next() ([]byte, error) {
	if l.left <= 0 {
		return nil, io.EOF
	}
	l.left--
	return l.src.Next()
}

// sortedPromos reads the whole list on the first call, then gives its
// elements in order: by the field's value (numbers as numbers, codes in
// any case, dates as times), promo codes without a value last either way,
// and in the API's order among equals.
type sortedPromos struct {
	src   output.Elements
	field string
	desc  bool
	now   time.Time

	read  bool
	buf   []byte // every element, one after the other
	items []sortItem
	next  int
}

// sortItem is an element of buf and its key.
type sortItem struct {
	start, end int
	key        sortKey
}

// sortKey is a value to order by: a number or a text; none when the
// promo code has no value there.
type sortKey struct {
	none bool
	num  float64
	text string
}

func (k sortKey) compare(o sortKey) int {
	if c := cmp.Compare(k.num, o.num); c != 0 {
		return c
	}
	return cmp.Compare(k.text, o.text)
}

func (l *sortedPromos) Next() ([]byte, error) {
	if !l.read {
		if err := l.readAll(); err != nil {
			return nil, err
		}
		l.read = true
	}
	if l.next >= len(l.items) {
		return nil, io.EOF
	}
	it := l.items[l.next]
	l.next++
	return l.buf[it.start:it.end], nil
}

func (l *sortedPromos) readAll() error {
	var dec api.PromoDecoder
	var p api.Promo
	for {
		e, err := l.src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := dec.Decode(e, &p); err != nil {
			return err
		}
		start := len(l.buf)
		l.buf = append(l.buf, e...)
		l.items = append(l.items, sortItem{start: start, end: len(l.buf), key: promoSortKey(&p, l.field, l.now)})
	}
	slices.SortStableFunc(l.items, func(a, b sortItem) int {
		switch {
		case a.key.none && b.key.none:
			return 0
		case a.key.none:
			return 1
		case b.key.none:
			return -1
		}
		c := a.key.compare(b.key)
		if l.desc {
			c = -c
		}
		return c
	})
	return nil
}

// promoSortKey is p's key for field at now: a field of promo.Registry
// (fieldSortKey, generated from it) or the status. Statuses sort in the
// order of their rules: disabled, expired, used-up, scheduled, active.
func promoSortKey(p *api.Promo, field string, now time.Time) sortKey {
	if field == "status" {
		return sortKey{num: float64(slices.Index(promo.Statuses(), p.StatusFields().StatusAt(now)))}
	}
	if k, ok := fieldSortKey(p, field); ok {
		return k
	}
	return sortKey{none: true}
}

// textKey sorts text case folded, then as written.
func textKey(s string) sortKey { return sortKey{text: strings.ToLower(s) + "\x00" + s} }

// flagKey sorts no before yes.
func flagKey(b bool) sortKey {
	if b {
		return sortKey{num: 1}
	}
	return sortKey{num: 0}
}

// optIntKey and optBoolKey sort a field p lacks after the others.
func optIntKey(v *api.Int) sortKey {
	if v == nil {
		return sortKey{none: true}
	}
	return sortKey{num: float64(*v)}
}

func optBoolKey(v *api.Bool) sortKey {
	if v == nil {
		return sortKey{none: true}
	}
	return flagKey(bool(*v))
}

// dateKey sorts dates by time, a missing one after the others.
func dateKey(t api.Time) sortKey {
	if !t.Set() {
		return sortKey{none: true}
	}
	return sortKey{num: float64(t.Unix()), text: t.Raw}
}

// ParseSort reads --sort: FIELD or -FIELD (descending).
func ParseSort(s string) (field string, desc bool, err error) {
	field = strings.ToLower(strings.TrimSpace(s))
	if rest, ok := strings.CutPrefix(field, "-"); ok {
		field, desc = rest, true
	}
	if !slices.Contains(promoSortFields(), field) {
		return "", false, i18n.NewError(cmdutil.ExitUsage, "promocmd.sort.unknown", "Field", termsafe.String(s),
			"Fields", strings.Join(promoSortFields(), ", "))
	}
	return field, desc, nil
}

// maxWithinDays bounds --expiring-within, far beyond any campaign.
const maxWithinDays = 100000

// parseWithin reads a DURATION of --expiring-within: days (7d), hours
// (36h), minutes (90m), or a sum such as 1d12h.
func parseWithin(s string) (time.Duration, error) {
	bad := func() (time.Duration, error) {
		return 0, i18n.NewError(cmdutil.ExitUsage, "promocmd.within.invalid", "Value", termsafe.String(s))
	}
	rest := strings.TrimSpace(s)
	var d time.Duration
	if i := strings.IndexByte(rest, 'd'); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n < 0 || n > maxWithinDays || rest[:i] != strconv.Itoa(n) {
			return bad()
		}
		d, rest = time.Duration(n)*24*time.Hour, rest[i+1:]
	}
	if rest != "" {
		r, err := time.ParseDuration(rest)
		if err != nil || r < 0 || strings.HasPrefix(rest, "+") {
			return bad()
		}
		d += r
	}
	if d <= 0 {
		return bad()
	}
	return d, nil
}

// Describe says what the filters let through, in msg's language, for the
// sentence of an empty table: `expired or used-up, containing "sum"`.
func (f PromoFilter) Describe(msg *i18n.Printer) string {
	var parts []string
	if len(f.Statuses) > 0 {
		names := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			names[i] = msg.T("word." + string(s))
		}
		parts = append(parts, msg.T("rest.filter.status", "Statuses", strings.Join(names, msg.T("rest.filter.or"))))
	}
	if f.Search != "" {
		parts = append(parts, msg.T("rest.filter.search", "Text", f.Search))
	}
	if f.Prefix != "" {
		parts = append(parts, msg.T("rest.filter.prefix", "Text", f.Prefix))
	}
	if f.Within > 0 {
		parts = append(parts, msg.T("rest.filter.within", "Within", f.WithinText))
	}
	switch f.Use {
	case usedOnly:
		parts = append(parts, msg.T("select.filter.used"))
	case UnusedOnly:
		parts = append(parts, msg.T("select.filter.unused"))
	}
	return strings.Join(parts, ", ")
}

// Differs reports whether o has a condition f has not.
func (f PromoFilter) Differs(o PromoFilter) bool {
	return o.Search != f.Search || o.Prefix != f.Prefix || o.Within != f.Within || o.Use != f.Use || !slices.Equal(o.Statuses, f.Statuses)
}
