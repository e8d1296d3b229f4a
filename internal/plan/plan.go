package plan

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// Action is what an entry of a plan does to a promo code.
type Action string

// The actions of a plan.
const (
	ActionCreate  Action = "create"
	ActionUpdate  Action = "update"
	ActionDelete  Action = "delete"
	ActionDisable Action = "disable"
)

// Missing is what becomes of the site's codes a file does not name.
type Missing int

// What Missing may say.
const (
	Keep    Missing = iota // left alone
	Delete                 // --prune
	Disable                // --disable-missing
)

// Options say what a plan is for.
type Options struct {
	// Site is the site the file is applied to.
	Site int64
	// UserID is sent with every create, as promo create does.
	UserID  int64
	Missing Missing
}

// Entry is one write of a plan.
type Entry struct {
	Action Action
	// ID is the promo code acted on; 0 for a create.
	ID   int64
	Code string
	// Line is the file's row (0: a code the file does not name).
	Line int
	// Old and New are the promo code's fields before and after; Old is the
	// zero value for a create.
	Old, New promo.Record
	// Changed names the fields that change, in the API's order; for a
	// create, the fields the row names and those they imply.
	Changed []string
	// OldUnknown names fields whose old value the list does not show
	// (personal_limit_is_enabled when no record was read).
	OldUnknown map[string]bool
	// Body is the bulk engine's: a create's promo.CreateBody, or an
	// update's changed fields and their new values, merged into the record
	// read just before the write.
	Body json.RawMessage
}

// Plan is what applying a file to a site does.
type Plan struct {
	Site    int64
	Entries []Entry
	// Unchanged counts the file's codes that are as it says (and, with
	// Disable, the missing codes already disabled).
	Unchanged int
	// NotNamed counts the site's codes the file does not name, left alone
	// (Keep).
	NotNamed int
	// ForeignIDs counts rows whose id is not on the site (another site's,
	// or deleted), or whose site_id is another site: they were matched
	// by code.
	ForeignIDs int
	// Reads lists the promo codes whose record must be read before the
	// plan can be made: the list does not show a field their row names
	// (personal_limit_is_enabled). Make again with their records.
	Reads []int64
}

// Count returns how many entries have action a.
func (p Plan) Count(a Action) int {
	n := 0
	for _, e := range p.Entries {
		if e.Action == a {
			n++
		}
	}
	return n
}

// Renames reports whether e renames a promo code: an update of its code
// (a row matched by id whose code differs).
func (e Entry) Renames() bool {
	return e.Action == ActionUpdate && slices.Contains(e.Changed, "code")
}

// Renames returns the entries that rename a promo code: they need a
// confirmation.
func (p Plan) Renames() []Entry {
	var out []Entry
	for _, e := range p.Entries {
		if e.Renames() {
			out = append(out, e)
		}
	}
	return out
}

// ZerosLost is a file whose rows would rename promo codes to their codes
// without the leading zeros (058990 → 58990): what a spreadsheet does to a
// column of digits it reads as numbers. Such a file is refused, whatever
// the confirmation: a real rename is promo update's.
type ZerosLost struct {
	File string
	// Entries are the renames, in the file's order.
	Entries []Entry
}

func (e *ZerosLost) Error() string { return i18n.New(i18n.English).Say(e.Message()) }

// Message is the refusal as a catalog's message, to say in a language.
func (e *ZerosLost) Message() i18n.Message {
	first := e.Entries[0]
	if len(e.Entries) > 1 {
		return i18n.C("apply.zeros_many", len(e.Entries), "File", e.File, "Line", first.Line, "Old", first.Old.Code, "New", first.New.Code, "ID", first.ID)
	}
	return i18n.M("apply.zeros_one", "File", e.File, "Line", first.Line, "Old", first.Old.Code, "New", first.New.Code, "ID", first.ID)
}

// zerosLost reports whether next is old without its leading zeros (or
// some of them).
func zerosLost(old, next string) bool {
	if len(next) == 0 || len(next) >= len(old) {
		return false
	}
	cut := len(old) - len(next)
	return strings.EqualFold(old[cut:], next) && strings.Trim(old[:cut], "0") == ""
}

// Destructive reports whether the plan deletes or disables codes the file
// does not name: those need a confirmation.
func (p Plan) Destructive() bool {
	return p.Count(ActionDelete)+p.Count(ActionDisable) > 0
}

// fieldOrder is the API's order of the writable fields (promo.Registry):
// those the plan diffs. Built on first use, not before main.
var fieldOrder = sync.OnceValue(func() []string { return promo.FieldNames(func(f promo.FieldSpec) bool { return f.Writable }) })

// Defaults are the fields the API gives a promo code created with none
// named (spec 2.3).
func Defaults() promo.Record {
	return promo.Record{BonusType: promo.Goods, BonusAmount: promo.DefaultAmount}
}

// Make matches the rows to the site's codes (list, as promo list reads
// them) and returns the plan, or a *Problems naming every row whose
// result would be invalid or whose match is ambiguous.
//
// A row with an id on the site is matched by it (unless its site_id names
// another site); otherwise by its code, ignoring case as the API does. A
// matched row whose fields differ is an update (a row matched by code
// does not change the code's case; one matched by id renames it); an
// unmatched one a create. A rename that only drops the code's leading
// zeros (058990 → 58990, a spreadsheet's doing) is refused: a *ZerosLost,
// or a problem of its line beside others. records holds promo codes read one by one (GET), for rows that
// name a field the list does not show; when one is missing the plan lists
// it in Reads and the caller reads it and makes the plan again.
func Make(file string, rows []Row, list []api.Promo, records map[int64]api.Promo, o Options) (Plan, error) {
	m := newMaker(file, list, records, o)
	for _, r := range rows {
		idx, byCode := m.match(r)
		if idx < 0 {
			m.create(r)
			continue
		}
		m.update(r, idx, byCode)
	}
	if err := m.problems(); err != nil {
		return Plan{}, err
	}
	if len(m.p.Reads) > 0 {
		return m.p, nil
	}
	m.missing()
	return m.p, nil
}

// maker is one Make: its inputs, the list indexed, and the plan and
// problems so far.
type maker struct {
	file    string
	list    []api.Promo
	records map[int64]api.Promo
	o       Options
	byID    map[int64]int  // id → index in list
	byCode  map[string]int // upper-cased code → index in list (the first)
	// matchedBy is the line that matched each listed code (0: none).
	matchedBy []int
	zeros     []Entry // renames that only drop leading zeros
	p         Plan
	probs     *Problems
}

// newMaker indexes list by id and by code, ignoring case.
func newMaker(file string, list []api.Promo, records map[int64]api.Promo, o Options) *maker {
	m := &maker{file: file, list: list, records: records, o: o,
		byID: make(map[int64]int, len(list)), byCode: make(map[string]int, len(list)),
		matchedBy: make([]int, len(list)), p: Plan{Site: o.Site}, probs: &Problems{File: file}}
	for i, lp := range list {
		if lp.ID != nil {
			m.byID[int64(*lp.ID)] = i
		}
		k := strings.ToUpper(string(lp.Code))
		if _, dup := m.byCode[k]; !dup {
			m.byCode[k] = i
		}
	}
	return m
}

// match gives the index in the list of the code row r names, -1 for
// none, and whether it was found by its code: by id when the site has it
// (and the row's site_id names no other site), else by code.
func (m *maker) match(r Row) (idx int, byCode bool) {
	if r.ID != 0 {
		if i, ok := m.byID[r.ID]; ok && (r.SiteID == 0 || r.SiteID == m.o.Site) {
			return i, false
		}
		m.p.ForeignIDs++
	}
	if r.Changes.Code != nil {
		if i, ok := m.byCode[strings.ToUpper(*r.Changes.Code)]; ok {
			return i, true
		}
	}
	return -1, false
}

// create plans the create of an unmatched row.
func (m *maker) create(r Row) {
	if r.Changes.Code == nil {
		m.probs.addMsg(r.Line, i18n.M("apply.id_not_on_site", "ID", r.ID, "Site", m.o.Site))
		return
	}
	e, err := create(r, m.o)
	if err != nil {
		m.probs.addMsg(r.Line, problemMessage(err))
		return
	}
	if msg, ok := unitDisagrees(r, e.New); ok {
		m.probs.addMsg(r.Line, msg)
		return
	}
	m.p.Entries = append(m.p.Entries, e)
}

// update plans the update of the listed code idx that row r matched:
// once per code, not onto another code's, valid, and only when a field
// differs.
func (m *maker) update(r Row, idx int, byCodeMatch bool) {
	lp := m.list[idx]
	if prev := m.matchedBy[idx]; prev != 0 {
		m.probs.addMsg(r.Line, i18n.M("apply.matched_twice", "Code", string(lp.Code), "First", prev))
		return
	}
	m.matchedBy[idx] = r.Line
	id := int64(0)
	if lp.ID != nil {
		id = int64(*lp.ID)
	}
	if r.Changes.Code != nil && !strings.EqualFold(*r.Changes.Code, string(lp.Code)) {
		if j, taken := m.byCode[strings.ToUpper(*r.Changes.Code)]; taken && j != idx {
			m.probs.addMsg(r.Line, i18n.M("apply.rename_taken", "Code", *r.Changes.Code, "Other", optID(m.list[j].ID), "Site", m.o.Site, "Old", string(lp.Code)))
			return
		}
	}
	current, unknown := m.current(r, lp, id)
	changes := r.Changes
	if r.EndWritten != nil && current.DOff != nil && sameDate(current.DOff, ptr(promo.FormatAPI(*r.EndWritten))) {
		// 31.12.2026 0:00, and the code ends then: as it is, not at the
		// end of that day.
		changes.Ends = r.EndWritten
	}
	next := changes.Apply(current)
	if byCodeMatch {
		// The same code to the API whatever its case: a row found by
		// its code does not rename it (one found by id may).
		next.Code = current.Code
	}
	next = keepSameDates(current, next)
	if err := next.Validate(promo.FileNames()); err != nil {
		m.probs.addMsg(r.Line, i18n.M("apply.invalid", "Code", string(lp.Code), "Err", problemMessage(err)))
		return
	}
	if msg, ok := unitDisagrees(r, next); ok {
		m.probs.addMsg(r.Line, msg)
		return
	}
	changed := diff(current, next, unknown)
	if len(changed) == 0 {
		m.p.Unchanged++
		return
	}
	body, err := updateBody(next, changed)
	if err != nil {
		m.probs.addMsg(r.Line, problemMessage(err))
		return
	}
	e := Entry{Action: ActionUpdate, ID: id, Code: string(lp.Code), Line: r.Line,
		Old: current, New: next, Changed: changed, OldUnknown: unknown, Body: body}
	if e.Renames() && zerosLost(current.Code, next.Code) {
		m.zeros = append(m.zeros, e)
		return
	}
	m.p.Entries = append(m.p.Entries, e)
}

// current gives the fields of listed code lp (id) that row r is diffed
// against, and those unknown: a field the list does not show comes from
// its record, is to be read (the plan's Reads) or is unknown.
func (m *maker) current(r Row, lp api.Promo, id int64) (promo.Record, map[string]bool) {
	current, unknown := lp.Record(), map[string]bool{}
	if lp.PersonalLimitIsEnabled == nil && r.Changes.OncePerUser != nil {
		// The list does not show it: the record does.
		rec, read := m.records[id]
		switch {
		case read:
			current = rec.Record()
		case m.records == nil && id != 0:
			m.p.Reads = append(m.p.Reads, id)
		default:
			unknown["personal_limit_is_enabled"] = true
		}
	}
	return current, unknown
}

// problems gives the error of the rows: a *ZerosLost when the only
// problems are renames that drop leading zeros, else a *Problems naming
// every one, or nil.
func (m *maker) problems() error {
	if len(m.zeros) > 0 && len(m.probs.List) == 0 {
		return &ZerosLost{File: m.file, Entries: m.zeros}
	}
	for _, e := range m.zeros {
		m.probs.addMsg(e.Line, i18n.M("apply.zeros_row", "Old", e.Old.Code, "ID", e.ID, "New", e.New.Code))
	}
	return m.probs.err()
}

// missing plans what o.Missing says for the site's codes no row named.
func (m *maker) missing() {
	for i, lp := range m.list {
		if m.matchedBy[i] != 0 || lp.ID == nil {
			continue
		}
		cur := lp.Record()
		switch m.o.Missing {
		case Keep:
			m.p.NotNamed++
		case Delete:
			m.p.Entries = append(m.p.Entries, Entry{Action: ActionDelete, ID: int64(*lp.ID), Code: string(lp.Code), Old: cur})
		case Disable:
			if !cur.IsEnabled {
				m.p.Unchanged++
				continue
			}
			next := cur
			next.IsEnabled = false
			m.p.Entries = append(m.p.Entries, Entry{Action: ActionDisable, ID: int64(*lp.ID), Code: string(lp.Code),
				Old: cur, New: next, Changed: []string{"is_enabled"}})
		}
	}
}

func optID(id *api.Int) string {
	if id == nil {
		return "?"
	}
	return fmt.Sprint(int64(*id))
}

// create is the entry of a row the site does not have: the fields it
// names, the API's defaults for the rest.
func create(r Row, o Options) (Entry, error) {
	next := r.Changes.Apply(Defaults())
	if err := next.Validate(promo.FileNames()); err != nil {
		return Entry{}, i18n.NewError(0, "apply.invalid", "Code", *r.Changes.Code, "Err", problemMessage(err))
	}
	named := named(r.Changes)
	var changed []string
	for _, f := range fieldOrder() {
		if named[f] || next.Value(f) != Defaults().Value(f) {
			changed = append(changed, f)
		}
	}
	body, err := json.Marshal(r.Changes.CreateBody(o.Site, o.UserID))
	if err != nil {
		return Entry{}, i18n.NewError(0, "plan.create_body", "Code", *r.Changes.Code, "Err", err)
	}
	return Entry{Action: ActionCreate, Code: *r.Changes.Code, Line: r.Line, New: next, Changed: changed, Body: body}, nil
}

// named is the set of fields c names.
func named(c promo.Changes) map[string]bool {
	m := map[string]bool{}
	for _, name := range fieldOrder() {
		if f, _ := promo.Lookup(name); f.Named(c) {
			m[name] = true
		}
	}
	return m
}

// keepSameDates puts back the server's text of a date the row names as
// the same instant (2026-01-01T00:00:00Z for 2026-01-01T00:00:00.000Z), so
// that it is no change.
func keepSameDates(cur, next promo.Record) promo.Record {
	if sameDate(cur.DOn, next.DOn) {
		next.DOn = cur.DOn
	}
	if sameDate(cur.DOff, next.DOff) {
		next.DOff = cur.DOff
	}
	return next
}

// sameDate reports whether two dates are the same to the whole second: a
// file's date is as a spreadsheet shows it, without the server's
// milliseconds (23:59:59 is 23:59:59.999).
func sameDate(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if *a == *b {
		return true
	}
	ta, err1 := promo.ParseAPITime(*a)
	tb, err2 := promo.ParseAPITime(*b)
	return err1 == nil && err2 == nil && ta.Truncate(time.Second).Equal(tb.Truncate(time.Second))
}

func ptr[T any](v T) *T { return &v }

// unitDisagrees is the problem of a row whose bonus_amount says a unit
// (15 %, 500,00 ₽) that is not the kind of the code it makes, next:
// a percentage of a code that gives a sum of money, or the reverse.
func unitDisagrees(r Row, next promo.Record) (i18n.Message, bool) {
	switch {
	case r.Unit == promo.UnitPercent && !next.BonusAmountIsInPercentages:
		return i18n.M("sheet.amount_percent_for_money", "Value", r.AmountText, "Code", next.Code), true
	case r.Unit == promo.UnitMoney && next.BonusAmountIsInPercentages:
		return i18n.M("sheet.amount_money_for_percent", "Value", r.AmountText, "Code", next.Code), true
	}
	return i18n.Message{}, false
}

// diff names the fields that differ between cur and next, and those whose
// old value is unknown.
func diff(cur, next promo.Record, unknown map[string]bool) []string {
	var out []string
	for _, f := range fieldOrder() {
		if unknown[f] || cur.Value(f) != next.Value(f) {
			out = append(out, f)
		}
	}
	return out
}

// updateBody is an update's changed fields with their new values, as the
// bulk engine merges them into the record it reads before the write: the
// fields the row does not change keep whatever the server holds then.
func updateBody(next promo.Record, changed []string) (json.RawMessage, error) {
	m := make(map[string]any, len(changed))
	for _, f := range changed {
		m[f] = next.Value(f)
	}
	return json.Marshal(m)
}
